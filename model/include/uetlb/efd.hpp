// Early failure detection: packets awaiting acknowledgement with a deadline (SPEC section 6).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "uetlb/fifo.hpp"
#include "uetlb/types.hpp"

namespace uetlb {

/// One tracked request: (group, psn, ev, deadline) and its send order.
struct TrackedPacket {
  GroupId group = 0;
  Psn psn = 0;
  EntropyValue ev = 0;
  TimeNs deadline = 0;
  std::uint64_t send_order = 0;
  std::uint64_t generation = 0;  ///< the group's open count when the packet was sent (ModelOptions)
};

/// Open-addressing map from a 64-bit key to a 32-bit value (linear probing, backward-shift deletion):
/// the tracker's (group, psn) index, on the per-packet path, without a node allocation per packet.
class FlatIndex {
 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffU;
  std::uint32_t find(std::uint64_t key) const;
  /// Sets key -> value; returns the previous value or kAbsent.
  std::uint32_t exchange(std::uint64_t key, std::uint32_t value);
  void erase(std::uint64_t key);
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t value = kAbsent;  // kAbsent marks an empty slot
  };
  std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & (slots_.size() - 1);
  }
  void grow();
  std::vector<Slot> slots_ = std::vector<Slot>(64);
  std::size_t size_ = 0;
};

/// The hardware tracker's limits (rtl/tracker/uet_lb_tracker.sv), which the model mirrors so that the requests
/// it cannot track are the same (SPEC section 6 leaves the bound to the hardware):
/// - a packet takes one of `ways` places in the set its (group, psn) hashes to (hardware_set), and holds
///   it until it is cleared or fires; a packet whose group was reopened holds it until its deadline;
/// - packets are kept in `runs` deadline-ordered runs: one goes to the run it was last added to when its
///   deadline is not below that run's last deadline, else to the lowest-numbered run where it is not, else
///   it is not tracked;
/// - a run holds `run_depth` packets from its oldest one still holding a place on; a packet that would
///   make its run hold more is not tracked.
/// entries 0: no limit at all.
struct TrackerGeometry {
  std::size_t entries = 0;  ///< places in all (sets x ways), a power of 2; 0 = unbounded
  std::size_t ways = 4;     ///< places per set: 1, 2 or 4
  std::size_t runs = 2;     ///< deadline-ordered runs, 1..kMaxRuns
  static constexpr std::size_t kMaxRuns = 4;
  std::size_t run_depth = 0;  ///< packets a run holds; 0: the core's default, 2 x entries (64 at least)
};

/// The set of tracked packets. Expired packets leave in (deadline, send order) order.
class EarlyFailureDetector {
 public:
  /// Throws std::invalid_argument for a bounded geometry with runs outside 1..kMaxRuns or ways above the
  /// entries (validate(ModelOptions) refuses them first, naming the option).
  explicit EarlyFailureDetector(TrackerGeometry geometry = {});

  /// The hardware tracker's set of (group, psn) for 2^set_bits sets: the PSN's low bits XOR each
  /// set_bits-wide chunk of the group number with its bits reversed.
  static std::uint32_t hardware_set(GroupId group, Psn psn, unsigned set_bits);

  /// Tracks a packet sent at `now` with deadline now + delay. Returns false, tracking nothing,
  /// when the tracker has no room for it (TrackerGeometry).
  bool track(GroupId group, Psn psn, EntropyValue ev, TimeNs now, TimeNs delay, std::uint64_t generation = 0);
  /// Clears every tracked packet of (group, psn): an ACK or NACK proves the path delivers.
  void clear(GroupId group, Psn psn);
  /// Drops every tracked packet of a group (the group was opened anew): none of them fires.
  void drop_group(GroupId group);
  /// Empties the tracker (the hardware's CTRL clear, which also closes every group).
  void reset();
  /// Removes and returns the next expired packet with deadline < `before`, if any.
  std::optional<TrackedPacket> pop_due(TimeNs before);
  /// Removes and returns the next tracked packet whatever its deadline (end of run).
  std::optional<TrackedPacket> pop_next();

  std::size_t size() const { return live_; }
  const TrackerGeometry& geometry() const { return geo_; }
  /// Tracked packets whose deadline is before `before` (they would leave at the next pop_due(before)).
  std::size_t count_due(TimeNs before) const;
  /// The earliest deadline of a tracked packet, if any.
  std::optional<TimeNs> next_deadline() const;

 private:
  static constexpr std::uint32_t kNone = 0xffffffffU;
  struct Entry {
    TrackedPacket packet;
    bool alive = false;  // will fire at its deadline
    bool holds = false;  // holds a place in its set (alive, or dropped until its deadline)
    std::uint32_t set = 0;
    std::uint32_t next_same_key = kNone;  // other entries of the same (group, psn)
  };
  // Packets tracked with the same delay expire in send order: one FIFO per delay in use.
  struct Run {
    TimeNs delay = 0;
    Fifo<std::uint32_t> fifo;
  };
  static std::uint64_t key(GroupId g, Psn p) { return (static_cast<std::uint64_t>(g) << 32) | p; }
  void unlink(std::uint32_t id);
  void release(std::uint32_t id);
  void release_dead_heads(Run& run);
  void release_dead();
  std::size_t forget_exhausted();  // returns how many it forgot
  std::optional<TrackedPacket> pop_earliest(bool any, TimeNs before);
  bool bounded() const { return geo_.entries != 0; }

  TrackerGeometry geo_;
  unsigned set_bits_ = 0;
  // (The per-packet state sits in the object or one load from it: a fabric has one tracker per NIC, and at
  // thousands of NICs each call finds its tracker out of the caches.)
  std::vector<std::uint8_t> set_used_;                                       // places held per set
  std::array<std::optional<TimeNs>, TrackerGeometry::kMaxRuns> run_tail_{};  // the hardware runs' last deadlines
  // The hardware runs' packets in the order they were added (entry id, send order), from the oldest that
  // may still hold a place; fronts that no longer do are dropped when a run's size is needed.
  std::array<Fifo<std::pair<std::uint32_t, std::uint64_t>>, TrackerGeometry::kMaxRuns> run_fifo_;
  std::size_t run_depth_ = 0;
  std::size_t run_size(std::size_t r);
  std::size_t run_cur_ = 0;
  std::size_t live_ = 0;          // alive: will fire
  std::size_t held_dropped_ = 0;  // dropped, still holding a place until the deadline
  std::uint64_t next_order_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> free_;
  std::vector<Run> runs_;  // oldest delay first
  FlatIndex by_key_;       // (group, psn) -> newest entry of that key
  TimeNs earliest_ = 0;    // no live entry has a deadline before this (a lower bound)
};

}  // namespace uetlb
