// Early failure detection: packets awaiting acknowledgement with a deadline (SPEC section 6).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "uetlb/types.hpp"

namespace uetlb {

/// One tracked request: (group, psn, ev, deadline) and its send order.
struct TrackedPacket {
  GroupId group = 0;
  Psn psn = 0;
  EntropyValue ev = 0;
  TimeNs deadline = 0;
  std::uint64_t send_order = 0;
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

/// The set of tracked packets. Expired packets leave in (deadline, send order) order.
class EarlyFailureDetector {
 public:
  /// `capacity` bounds the number of tracked packets (as the RTL's tracker does); 0 = unbounded.
  explicit EarlyFailureDetector(std::size_t capacity = 0) : capacity_(capacity) {}

  /// Tracks a packet sent at `now` with deadline now + delay. Returns false, tracking nothing,
  /// when the tracker is full.
  bool track(GroupId group, Psn psn, EntropyValue ev, TimeNs now, TimeNs delay);
  /// Clears every tracked packet of (group, psn): an ACK or NACK proves the path delivers.
  void clear(GroupId group, Psn psn);
  /// Drops every tracked packet of a group (the group was opened anew).
  void drop_group(GroupId group);
  /// Removes and returns the next expired packet with deadline < `before`, if any.
  std::optional<TrackedPacket> pop_due(TimeNs before);
  /// Removes and returns the next tracked packet whatever its deadline (end of run).
  std::optional<TrackedPacket> pop_next();

  std::size_t size() const { return live_; }
  std::size_t capacity() const { return capacity_; }
  /// Tracked packets whose deadline is before `before` (they would leave at the next pop_due(before)).
  std::size_t count_due(TimeNs before) const;
  /// The earliest deadline of a tracked packet, if any.
  std::optional<TimeNs> next_deadline() const;

 private:
  static constexpr std::uint32_t kNone = 0xffffffffU;
  struct Entry {
    TrackedPacket packet;
    bool alive = false;
    std::uint32_t next_same_key = kNone;  // other entries of the same (group, psn)
  };
  // Packets tracked with the same delay expire in send order: one FIFO per delay in use.
  struct Run {
    TimeNs delay = 0;
    std::deque<std::uint32_t> fifo;
  };
  static std::uint64_t key(GroupId g, Psn p) { return (static_cast<std::uint64_t>(g) << 32) | p; }
  void unlink(std::uint32_t id);
  void release_dead_heads(Run& run);
  void release_dead();
  std::optional<TrackedPacket> pop_earliest(bool any, TimeNs before);

  std::size_t capacity_;
  std::size_t live_ = 0;
  std::uint64_t next_order_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> free_;
  std::deque<Run> runs_;
  FlatIndex by_key_;     // (group, psn) -> newest entry of that key
  TimeNs earliest_ = 0;  // no live entry has a deadline before this (a lower bound)
};

}  // namespace uetlb
