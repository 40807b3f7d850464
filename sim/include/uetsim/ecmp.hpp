// A switch: down ports by destination host, and an ECMP set of up ports it hashes each packet's flow
// identity over (EcmpHashMethod, with the switch's salt), optionally keeping a flow on its member while it
// sends in bursts closer than the flowlet gap. It counts what each member carried.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "uetsim/hash.hpp"
#include "uetsim/scenario.hpp"

namespace uetsim {

inline constexpr std::uint32_t kNoPort = 0xffffffffU;

struct EcmpRules {
  HashMethod method = HashMethod::Crc32WithSalt;
  bool flowlet = false;  ///< LoadBalancingMethod flowlet
  TimeNs flowlet_gap_ns = 2'000;
  static EcmpRules of(const Scenario& sc) { return {sc.hash_method, sc.flowlet, sc.flowlet_gap_ns}; }
};

class Switch {
 public:
  std::string name;
  std::vector<std::uint32_t> up;  ///< up ports: the ECMP set's members, in order
  /// Down routes: hosts [lo, hi) leave by `port`. Builders number hosts so that the hosts below a port
  /// are contiguous: a switch has one range per down port (not one entry per host of the fabric, which
  /// took 1.3 GB at 65,536 hosts).
  struct DownRange {
    std::uint32_t lo, hi, port;
  };
  std::vector<DownRange> down;  ///< sorted by lo, not overlapping
  std::uint32_t salt = 0;
  std::vector<std::uint64_t> member_packets, member_bytes;  ///< by member

  /// Routes hosts [lo, hi) down by `port` (ranges are added in increasing order of hosts).
  void add_down(std::uint32_t lo, std::uint32_t hi, std::uint32_t port) {
    if (!down.empty() && down.back().port == port && down.back().hi == lo) {
      down.back().hi = hi;
    } else {
      down.push_back(DownRange{lo, hi, port});
    }
  }
  /// The port towards `host`, or kNoPort when the host is not below this switch.
  std::uint32_t down_port(std::uint32_t host) const {
    std::size_t a = 0, b = down.size();  // binary search for the last range with lo <= host
    while (a < b) {
      const std::size_t m = (a + b) / 2;
      if (down[m].lo <= host) {
        a = m + 1;
      } else {
        b = m;
      }
    }
    return a > 0 && host < down[a - 1].hi ? down[a - 1].port : kNoPort;
  }
  bool has_down_port(std::uint32_t port) const {
    for (const DownRange& r : down) {
      if (r.port == port) return true;
    }
    return false;
  }

  /// The switch's salt: deterministic from its number and the run's seed.
  static std::uint32_t salt_of(std::uint32_t id, std::uint32_t seed);

  /// The member (an index into `up`) that carries a packet of flow `t` and `bytes` bytes at `now`, chosen
  /// among `members` (the usable ones, in order; not empty), and counted. `dpr_down(member)` says whether
  /// that member's link or its next link towards the destination is down (dprWithFallback then hashes
  /// with crc32WithSalt instead).
  template <class DprDown>
  std::uint32_t choose(const std::vector<std::uint32_t>& members, const FlowTuple& t, std::uint32_t bytes, TimeNs now,
                       const EcmpRules& rules, DprDown&& dpr_down) {
    std::uint32_t member = 0;
    if (rules.method == HashMethod::DprWithFallback) {
      const std::uint32_t d = members[flow_hash(HashMethod::Dpr, t, salt) % members.size()];
      member = dpr_down(d) ? members[flow_hash(HashMethod::Crc32WithSalt, t, salt) % members.size()] : d;
    } else {
      member = members[flow_hash(rules.method, t, salt) % members.size()];
    }
    if (rules.flowlet) member = flowlet(members, t, now, rules, member);
    ++member_packets[member];
    member_bytes[member] += bytes;
    return member;
  }

 private:
  struct FlowletEntry {
    std::uint32_t member;
    TimeNs last;
  };
  std::unordered_map<std::uint64_t, FlowletEntry> flowlets_;
  /// A flow keeps its member until it pauses longer than the flowlet gap (or the member leaves the set);
  /// then it is hashed again with a per-flowlet change so that it can move.
  std::uint32_t flowlet(const std::vector<std::uint32_t>& members, const FlowTuple& t, TimeNs now,
                        const EcmpRules& rules, std::uint32_t hashed);
};

}  // namespace uetsim
