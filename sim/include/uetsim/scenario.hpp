// A fabric simulation scenario: topology, switches, NICs, workload, failures (JSON, keys as documented in
// docs/fabric.md). Bad values are refused with the key, the value and what is allowed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "uetlb/config.hpp"
#include "uetsim/chakra.hpp"
#include "uetsim/hash.hpp"

namespace uetsim {

using uetlb::TimeNs;

/// Bytes on the wire of an ACK, a NACK and a trimmed data packet's header.
inline constexpr std::uint32_t kHeaderBytes = 64;
/// The largest AckCoalescingBytes (1 GiB).
inline constexpr std::uint32_t kMaxAckCoalescingBytes = 1U << 30;

struct Message {
  TimeNs start = 0;
  unsigned src = 0;
  unsigned dst = 0;
  std::uint64_t bytes = 0;
  std::int64_t after = -1;  ///< index of a message that must complete first (-1: none); then start is ignored
};

/// A link between two switches, by name ("leaf0", "spine1"; "edge0.1", "agg0.1", "core3"), failing at `at`:
/// down (both directions drop everything; routing moves off it after the reconvergence time), or degraded
/// (slowed to `rate_factor` of its rate and/or losing each packet with probability `loss`; routing does
/// not notice). With `until` > `at` the failure is transient: the link is whole again from `until` on.
struct LinkFailure {
  std::string a, b;
  TimeNs at = 0;
  double rate_factor = 1.0;  ///< degraded: the link's rate times this, in (0, 1]
  double loss = 0.0;         ///< degraded: the probability that a packet sent on the link is lost, [0, 1)
  bool degraded = false;     ///< rate_factor or loss given: degraded, not down
  TimeNs until = 0;          ///< 0: for ever; else the time the link is whole again (> at)
  bool one_way = false;      ///< degraded: only the a -> b direction (htsim's -failed slows one direction)
};

struct Scenario {
  std::string name = "default";
  /// "" (the product's NIC and this fabric's switches), or "htsim": uet-htsim's defaults where the fabric
  /// has them (docs/fabric.md, "Profiles"); keys given in the file override the profile's.
  std::string profile;
  // Topology: two-tier leaf-spine, or three-tier k-ary fat tree.
  std::string topology = "leaf-spine";  ///< "leaf-spine" or "fat-tree"
  unsigned k = 4;                       ///< fat tree: k pods, k/2 edge and k/2 aggregation switches each
  unsigned leaves = 4;
  unsigned spines = 4;
  unsigned hosts_per_leaf = 4;
  std::uint64_t link_rate_bps = 400'000'000'000ULL;  ///< host links
  double oversubscription = 1.0;                     ///< host bandwidth / uplink bandwidth at a leaf
  TimeNs link_delay_ns = 500;                        ///< propagation delay of every link
  // Switches.
  HashMethod hash_method = HashMethod::Crc32WithSalt;
  bool flowlet = false;  ///< LoadBalancingMethod flowlet
  TimeNs flowlet_gap_ns = 2'000;
  std::uint64_t queue_bytes = 1'000'000;  ///< per output port: drop-tail beyond this
  std::uint64_t ecn_bytes = 100'000;      ///< ECN mark above this queue depth
  std::uint64_t ecn_max_bytes = 0;        ///< 0: mark every packet above ecn_bytes; else the probability rises
                                          ///< linearly from 0 at ecn_bytes to 1 at this depth (RED-like)
  std::uint64_t trim_bytes = 400'000;     ///< trim data packets above this queue depth
  bool trim_either = false;               ///< trim the arriving or (half the time) the last queued data packet
  bool ecn_on_dequeue = false;            ///< EcnAt "dequeue": mark as a packet leaves, at the depth behind it
  bool priority_control = true;           ///< ports send ACKs, NACKs and trimmed headers before data
  std::uint64_t control_queue_bytes = 0;  ///< ControlQueueBytes: the control queue's limit per switch port;
                                          ///< 0: from QueueBytes (control_queue_limit)
  bool scale_degraded_queues = false;     ///< a degraded link's queue, trim and ECN depths times its RateFactor
  TimeNs reconvergence_ns = 200'000;      ///< routing drops a failed link after this
  std::vector<LinkFailure> failures;
  // NICs.
  uetlb::Config lb;        ///< the load balancer's attributes
  TimeNs rto_ns = 60'000;  ///< retransmission timeout
  // The NIC as the product documents it by default (SPEC section 10); the options below change it.
  bool retransmit_on_efd = false;      ///< option: a packet the load balancer declares failed (EFD) goes again
  bool base_rtt_from_path = false;     ///< option: InitialBaseRTT is the fabric's path RTT (else the Nic's, 6 us)
  bool feedback_every_packet = false;  ///< option: REPS also reads feedback for packets no longer outstanding,
                                       ///< and a finished PDC's into its old group number
  bool nic_pacing = true;              ///< a NIC sends only when its port has room (no NIC queue)
  /// AckCoalescingBytes. 0: the receiver ACKs every data packet (the product's NIC). Else it ACKs once it
  /// has taken this many bytes since its last ACK, and at once for an ECN mark, an ACK request, a duplicate
  /// or a PDC's first packet; an ACK then acknowledges everything below its cumulative PSN and what its
  /// 64-bit bitmap names, and gives the load balancer one value (as uet-htsim's receiver; its 16 KB under
  /// the htsim profile).
  std::uint32_t ack_coalescing_bytes = 0;
  double window_bdp = 1.0;                   ///< congestion window, in bandwidth-delay products
  std::string congestion_control = "fixed";  ///< "fixed" window, "dctcp" (ECN-driven) or "nscc" (delay and ECN)
  TimeNs nscc_target_delay_ns = 2'000;       ///< NSCC: the queueing delay it aims at
  double nscc_max_window_bdp = 1.25;         ///< NSCC: the largest window, in bandwidth-delay products
  /// VERIFICATION ONLY (not a SPEC attribute, not in the hardware): the NICs' REPS never freezes, to
  /// measure what freezing is worth. Model engine only.
  bool verification_freezing_off = false;
  // Workload.
  std::string workload = "permutation";  ///< permutation, incast, all-to-all, ring, list, chakra
  std::uint64_t message_bytes = 1 << 20;
  unsigned incast_senders = 8;
  std::string message_list;   ///< CSV start_ns,src,dst,bytes (workload "list")
  std::string chakra_traces;  ///< workload "chakra": the rank files' prefix (prefix.R.et; relative: to the
                              ///< scenario file's folder)
  std::shared_ptr<const ChakraTrace> chakra;  ///< workload "chakra": the traces, read and checked by finalize()
  bool chakra_data_deps = false;       ///< ChakraDeps "data": dependencies are data_deps only (ASTRA-sim's reading)
  std::vector<unsigned> chakra_hosts;  ///< workload "chakra": the host of each rank (empty: rank r on host r)
  std::string base_dir;                ///< the scenario file's folder ("" for the default scenario)
  std::vector<Message> messages;       ///< built from the workload (empty for "chakra": the trace makes them)
  std::uint32_t seed = 1;
  TimeNs max_time_ns = 50'000'000;  ///< stop here even if messages remain

  /// The control queue's limit per switch port (bytes): ControlQueueBytes when given, else QueueBytes (a
  /// trimming switch's header queue as large as its data queue), twice it under the htsim profile (htsim's
  /// CompositeQueue).
  std::uint64_t control_queue_limit() const {
    return control_queue_bytes != 0 ? control_queue_bytes : (profile == "htsim" ? 2 : 1) * queue_bytes;
  }
  unsigned hosts() const { return topology == "fat-tree" ? k * k * k / 4 : leaves * hosts_per_leaf; }
  /// The unloaded round trip of the longest host-to-host path: a full-size data packet out (propagation
  /// and serialization on every link, the switch links at the host rate over Oversubscription) and a
  /// 64-byte ACK back. The bandwidth-delay product's delay (the congestion window), and the NICs'
  /// InitialBaseRTT with BaseRttFromPath.
  TimeNs path_rtt_ns() const;
  /// Validates and builds `messages` from the workload.
  void finalize();
  /// Warnings for combinations that run but deserve a word (REPS with flowlet switches).
  std::vector<std::string> warnings() const;

  /// Parses a scenario file; missing keys take the defaults above. Throws uetlb::ConfigError.
  /// `base_dir`: the folder relative file names in it are read from (ChakraTraces).
  static Scenario from_json(const std::string& text, const std::string& source, const std::string& base_dir = "");
  static Scenario from_file(const std::string& path);
  /// from_json's work; from_json puts the file's name in front of the errors that lack it.
  static Scenario parse(const std::string& text, const std::string& source, const std::string& base_dir);
  /// The folder of a file name ("." for a bare name).
  static std::string folder_of(const std::string& path);
  /// The default scenario: a 16-host permutation of 1 MiB messages on 4 leaves x 4 spines at 400 Gbps, with
  /// the leaf0-spine1 link failing at 5 us (routing reconverges 200 us later).
  static Scenario default_scenario();
};

}  // namespace uetsim
