// The network a scenario describes: its ports and switches (a two-tier leaf-spine or a k-ary fat tree),
// routing (from each switch, which hosts it can still deliver to), and the state of failed and degraded
// links. Ports are numbered hosts' first (port h is host h's NIC port), then as the builder adds them.
#pragma once

#include <cstdint>
#include <vector>

#include "uetsim/ecmp.hpp"
#include "uetsim/port.hpp"
#include "uetsim/scenario.hpp"

namespace uetsim {

class Network {
 public:
  std::vector<Port> ports;
  std::vector<Switch> switches;
  std::vector<std::uint32_t> host_up;  ///< by host: its NIC's port to its first switch

  /// Builds the scenario's topology and routing; refuses a LinkFailures entry that names no link.
  explicit Network(const Scenario& sc);

  /// What the builders make for a scenario, without building it (the memory estimate reads it).
  struct Counts {
    std::uint64_t ports, switches, last_switches;  ///< last switches: those with hosts below them
  };
  static Counts counts(const Scenario& sc);

  bool host_port(std::uint32_t port) const { return port < host_up.size(); }
  /// A switch's number by name; a ConfigError naming LinkFailures when there is none.
  std::uint32_t switch_id(const std::string& name) const;
  /// The ports of the link a failure names: both directions, or a -> b only when it is one-way.
  std::vector<std::uint32_t> link_ports(const LinkFailure& f) const;
  /// The members of switch `sw`'s up set (indices into its `up`) that routing uses and that can deliver
  /// to `dst`, in order; every member when none can (the switch keeps hashing). `out` is overwritten.
  void members_towards(std::uint32_t sw, std::uint32_t dst, std::vector<std::uint32_t>& out) const;
  /// Whether routing can deliver from switch `sw` to `host`.
  bool reaches(std::uint32_t sw, std::uint32_t host) const { return reach_[sw][last_index_[host]] != 0; }

  // Link state.
  /// A degraded link: slowed to `f.rate_factor`, losing `f.loss` (routing does not notice).
  void degrade(const LinkFailure& f, bool scale_queues);
  /// A failed link: drops everything from now on (routing still uses it until reroute()).
  void fail(const LinkFailure& f);
  /// Routing stops using a failed link.
  void reroute(const LinkFailure& f);
  /// The link is whole again and routing uses it at once.
  void restore(const LinkFailure& f);

 private:
  const Scenario& sc_;
  std::vector<std::uint32_t> last_index_;  ///< by host: its last switch's index into reach_'s rows
  std::vector<std::uint32_t> last_host_;   ///< by that index: the first host below the switch
  std::vector<std::vector<char>> reach_;   ///< [switch][last switch index]: routing can deliver from here
  std::vector<char> whole_;                ///< by switch: every up member routed and reaching every host
  std::uint32_t add_port(std::uint64_t rate, NodeKind to_kind, std::uint32_t to_id, bool last_hop);
  std::uint32_t add_switch(const std::string& name);
  void add_up(std::uint32_t from, std::uint32_t to, std::uint64_t rate);
  void build_leaf_spine();
  void build_fat_tree();
  bool can_reach(std::uint32_t sw, std::uint32_t host, std::vector<std::vector<char>>& memo) const;
  void compute_reach();
};

}  // namespace uetsim
