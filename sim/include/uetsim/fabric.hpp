// The fabric simulator: NICs with the entropy load balancer on a two-tier leaf-spine network of ECMP
// switches. Deterministic discrete-event simulation: one event queue ordered by (time, sequence).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "uetlb/engine.hpp"
#include "uetsim/scenario.hpp"

namespace uetsim {

/// Makes the load balancer of NIC `nic` (0 .. hosts-1, each once, in order) from its configuration.
using EngineFactory = std::function<std::unique_ptr<uetlb::Engine>(const uetlb::Config&, std::uint32_t nic)>;

struct RunSummary {
  std::string spraying;
  std::size_t messages = 0, completed = 0;
  TimeNs end_time = 0;
  bool stopped_at_max_time = false;  ///< the run ended because its next event was past MaxTime
  double fct_mean_us = 0, fct_p50_us = 0, fct_p99_us = 0, fct_max_us = 0;
  std::uint64_t data_packets = 0, retransmissions = 0, timeouts = 0, nacks = 0, ecn_marks = 0;
  std::uint64_t drops_queue = 0, drops_failed_link = 0, drops_lossy_link = 0, trims = 0, ooo_events = 0;
  std::uint64_t drops_control = 0;           ///< ACKs, NACKs and trimmed headers a switch's full control queue dropped
  std::uint64_t drops_failed_link_data = 0;  ///< the data packets (whole or trimmed) among drops_failed_link
  std::uint64_t packet_hops = 0, events = 0;
  /// The load balancers' early-failure counters, summed over the NICs.
  std::uint64_t efd_tracked = 0, efd_untracked = 0, efd_fired = 0;
  /// Early failures whose packet was delivered after all: the ACK that completed it echoed the entropy
  /// value of the copy the early failure named (M x base RTT was shorter than that packet's round trip).
  std::uint64_t efd_spurious = 0;
  /// The workload's completion time: when its last message completed (a Chakra workload: its last node),
  /// 0 while any is unfinished.
  TimeNs done_at_ns = 0;
  std::uint64_t lb_feedback = 0;      ///< ACKs, NACKs and timeouts the load balancers read (all NICs)
  std::uint64_t efd_retransmits = 0;  ///< packets sent again because an early failure named them
  double ecmp_imbalance = 0;          ///< max member bytes / mean member bytes over the leaf uplink sets
  /// Workload "chakra": the time the last node finished, the nodes done of all, and (when not all finished)
  /// the stuck nodes, a few per rank with what each waits for.
  TimeNs workload_end_ns = 0;
  std::size_t workload_nodes = 0, workload_nodes_done = 0;
  std::string workload_stuck;
  double wall_seconds = 0;
};

class Fabric {
 public:
  Fabric(const Scenario& scenario, EngineFactory factory);
  ~Fabric();
  /// Runs to completion (or MaxTime). `progress`, when given, gets a progress line every second on long
  /// runs (rewritten in place with a carriage return: the fraction of data packets acknowledged, messages
  /// done, simulated time, wall time and the time left at the rate so far), ended with a newline.
  RunSummary run(std::ostream* progress = nullptr);
  /// Writes messages.csv into `dir` as the run goes: a PDC's row once it and every PDC before it are done
  /// (without it, the rows wait in memory for write_records: about 48 bytes a message, gigabytes for a
  /// Chakra run of hundreds of millions). Call before run(), with the folder write_records is then given;
  /// the file takes its name only in write_records. Throws uetlb::output::OutputError for a path that
  /// cannot be written.
  void stream_messages(const std::string& dir);
  /// Writes uet-monitor.csv, uet-transport-stats.csv, scala-switch-load-balancing-stats.csv, messages.csv,
  /// and with a Chakra workload collectives.csv and chakra-nodes.csv. After stream_messages(dir), only
  /// once and into that `dir`.
  void write_records(const std::string& dir);
  /// Keeps the uet-monitor rows (off by default for benchmarks).
  void set_monitor(bool on);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// What a run of `scenario` holds in memory at least (bytes, saturating): every NIC's per-peer counters,
/// and per packet its sender state, its receive bit and (with `monitor`) its uet-monitor row. The fabric
/// refuses a scenario whose estimate exceeds the machine's memory before it starts.
std::uint64_t memory_estimate(const Scenario& scenario, bool monitor);

/// The most load-balancer groups one NIC may hold at once in a run of `scenario` (what an RTL build's
/// NumGroups must hold), and which NIC. With PDCGroupsEnabled (`per_peer`) a NIC holds one group per peer
/// it sends to, so the count of its peers bounds it exactly (a Chakra trace's: the peers of its sends and
/// collectives); without, one group per message in flight, bounded by the messages it sends (messages
/// that wait for others counted too: an upper bound, not what a run reaches).
struct GroupNeed {
  std::uint64_t groups = 0;
  std::uint32_t nic = 0;
  bool per_peer = true;
};
GroupNeed groups_needed(const Scenario& scenario);

void print_summary_header(std::ostream& out);
void print_summary_row(std::ostream& out, const RunSummary& s);
/// One line under the table: what each column means.
void print_summary_legend(std::ostream& out);
/// Every field of a run's summary as CSV, a header row and one row (summary.csv, for scripts).
void write_summary_csv(std::ostream& out, const RunSummary& s);

}  // namespace uetsim
