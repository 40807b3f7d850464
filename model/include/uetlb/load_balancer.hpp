// The golden model of the multi-group entropy load balancer (SPEC sections 3-9).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "uetlb/config.hpp"
#include "uetlb/efd.hpp"
#include "uetlb/prng.hpp"
#include "uetlb/reps.hpp"
#include "uetlb/types.hpp"

namespace uetlb {

/// Raised for a call the model refuses: time going backwards, a request for a group that is not open.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Options that describe the hardware the model mirrors (not configuration attributes).
struct ModelOptions {
  /// The early-failure tracker's places (TrackerGeometry::entries); 0 = unbounded. The RTL's tracker is
  /// bounded (SPEC section 6).
  std::size_t efd_tracker_entries = 0;
  std::size_t efd_tracker_ways = 4;       ///< TrackerGeometry::ways
  std::size_t efd_tracker_runs = 2;       ///< TrackerGeometry::runs
  std::size_t efd_tracker_run_depth = 0;  ///< TrackerGeometry::run_depth (0: the core's default)
  /// VERIFICATION ONLY, not a SPEC attribute and not in the hardware: REPS never freezes (a path failure
  /// leaves the cache as it is). For measuring what freezing is worth (docs/fabric.md); false in products.
  bool verification_freezing_off = false;
  /// How an open treats its group's tracked packets. 0 (SPEC section 6): it drops them. n > 0: as the
  /// hardware does with an n-bit open generation (rtl/core/uet_lb.sv, GenW 8): every packet stays tracked to its
  /// deadline and then applies only if its group's open count then equals the one it was sent with,
  /// modulo 2^n; so a packet whose group was reopened a multiple of 2^n times meanwhile still applies.
  unsigned open_generation_bits = 0;
};

/// The tracker of the product core at its default parameters (rtl/core/uet_lb.sv: TrackerEntries 1024,
/// TrackerWays 4, TrackerRuns 2): what the runner and the fabric simulator mirror unless told otherwise.
inline constexpr ModelOptions kProductTracker{1024, 4, 2, 0, false, 8};

/// Refuses options no hardware tracker has (ConfigError naming the option): entries not a power of 2
/// or fewer than the ways, ways other than 1, 2 or 4, runs outside 1..4, open generation bits above 63.
void validate(const ModelOptions& options);

/// What the load balancer counts besides the trace.
struct Counters {
  std::uint64_t requests = 0;
  std::uint64_t feedback = 0;
  std::uint64_t feedback_unopened = 0;  ///< feedback for a group that is not open: ignored (SPEC section 7)
  std::uint64_t efd_tracked = 0;
  std::uint64_t efd_untracked = 0;  ///< requests that found the tracker full (SPEC section 6)
  std::uint64_t efd_fired = 0;
  std::uint64_t decisions[5] = {0, 0, 0, 0, 0};  ///< by Decision
};

/// Largest group number the model accepts (groups live in a vector indexed by number).
inline constexpr GroupId kMaxModelGroup = (1U << 24) - 1;

/// One load balancer serving any number of PDC groups. Events are applied in the order of the calls;
/// every call carries its time, which must not decrease.
class LoadBalancer {
 public:
  using TraceSink = std::function<void(const TraceRow&)>;

  explicit LoadBalancer(const Config& config, ModelOptions options = {});

  /// Receives every applied event, in applied order (the LB trace, SPEC section 11).
  void set_trace_sink(TraceSink sink) { trace_ = std::move(sink); }

  /// Opens (or reopens) a group: all of its state starts fresh (SPEC section 7).
  void open(TimeNs now, GroupId group, EntropyValue local_port);
  /// One data packet or retransmission: returns its entropy value and how it was chosen.
  Choice request(TimeNs now, GroupId group, Psn psn, bool retransmission);
  /// Feedback carrying one entropy value for (group, psn).
  void feedback(TimeNs now, GroupId group, FeedbackKind kind, EntropyValue ev, Psn psn);
  /// New base RTT from congestion control; used for packets sent from now on (SPEC section 6).
  void set_base_rtt(TimeNs now, TimeNs base_rtt);
  /// Applies every early-failure deadline that falls before `now`.
  void advance_to(TimeNs now);
  /// Applies every remaining early-failure deadline (end of a run).
  void finish();
  /// Closes every group and empties the early-failure tracker, as the hardware's CTRL clear does (not a
  /// SPEC operation: testbenches use it to follow the core).
  void close_all();

  bool is_open(GroupId group) const { return group < groups_.size() && groups_[group].open; }
  /// The REPS state of an open group under REPS, else nullptr.
  const RepsGroup* reps(GroupId group) const;
  const Counters& counters() const { return counters_; }
  const Config& config() const { return config_; }
  TimeNs base_rtt() const { return base_rtt_; }
  std::size_t efd_tracked_now() const { return efd_.size(); }
  /// Tracked packets with a deadline before `before`; the earliest tracked deadline. Testbenches use these
  /// to drive time so that a cycle-based implementation sees the same deadline order.
  std::size_t efd_due_before(TimeNs before) const { return efd_.count_due(before); }
  std::optional<TimeNs> efd_next_deadline() const { return efd_.next_deadline(); }

 private:
  struct Group {
    bool open = false;
    EntropyValue local_port = 0;    // None (SPEC section 3)
    std::uint64_t step = 0;         // Default Packet Spraying step counter (SPEC section 4)
    std::optional<RepsGroup> reps;  // REPS (SPEC section 5)
    std::uint64_t opens = 0;        // opens since the last close_all (ModelOptions::open_generation_bits)
  };

  void check_time(TimeNs now);
  void apply_early_failure(const TrackedPacket& p);
  void emit(TimeNs time, GroupId group, EventKind event, EntropyValue ev, std::optional<Psn> psn,
            std::optional<Decision> decision);
  Choice choose_default(Group& g) const;

  Config config_;
  RepsSettings reps_settings_;
  Xorshift32 prng_;
  EarlyFailureDetector efd_;
  std::uint64_t gen_mask_ = 0;  // 2^open_generation_bits - 1; 0: an open drops the group's packets
  TimeNs base_rtt_;
  TimeNs last_time_ = 0;
  std::uint64_t seq_ = 0;
  std::vector<Group> groups_;
  Counters counters_;
  TraceSink trace_;
};

}  // namespace uetlb
