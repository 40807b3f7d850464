// The fabric's events, one type per kind with its own fields, and the queue that orders them: by time,
// then by the order they were scheduled (so a run is the same every time).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

#include "uetsim/packet.hpp"

namespace uetsim {

namespace ev {
struct TxDone {  ///< a port finished sending its packet
  std::uint32_t port;
};
struct Arrive {        ///< a packet reaches the node at the far end of a port's link
  std::uint32_t to;    ///< the node: its number, with kSwitch set for a switch (the port's far end, carried so
                       ///< that an arrival reads nothing of the port: a cache miss a hop at scale)
  std::uint32_t port;  ///< the port that sent it
  Packet pkt;
  static constexpr std::uint32_t kSwitch = 0x80000000U;
};
struct MessageStart {  ///< a message starts (its PDC opens): its number, ends, size and the workload's token
  std::uint32_t message, src, dst;
  std::uint64_t bytes, token;
};
struct Rto {  ///< a packet's retransmission timer, valid while its generation is the packet's latest send
  std::uint32_t pdc, psn, generation;
};
struct LinkFail {  ///< a scenario failure (index into Scenario::failures) begins
  std::uint32_t failure;
};
struct Reconverge {  ///< routing notices a failed link and stops using it
  std::uint32_t failure;
};
struct LinkRestore {  ///< a transient failure ends
  std::uint32_t failure;
};
struct EfdRetx {  ///< RetransmitOnEfd: an early failure the load balancer applied names this packet
  std::uint32_t host, group, psn;
  std::uint16_t ev;
};
struct LbTick {  ///< time reaches a NIC's load balancer if nothing else did after `deadline`
  std::uint32_t host;
  TimeNs deadline;  ///< kInLine: the NIC's first waiting tick (Nic::ticks)
  static constexpr TimeNs kInLine = ~TimeNs{0};
};
struct Compute {  ///< a Chakra compute node's time is over (the workload's token)
  std::uint64_t token;
};
}  // namespace ev

using EventBody = std::variant<ev::TxDone, ev::Arrive, ev::MessageStart, ev::Rto, ev::LinkFail, ev::Reconverge,
                               ev::LinkRestore, ev::EfdRetx, ev::LbTick, ev::Compute>;

struct Event {
  TimeNs time = 0;
  std::uint64_t seq = 0;  ///< the order scheduled: ties in time leave in this order
  EventBody body;
};

/// The events waiting, earliest first; equal times leave in the order they were pushed.
///
/// Most events fall due within a few microseconds (a packet's time on the wire, a link's delay), so the
/// near future is a calendar: one bucket per nanosecond over the next `kWheelNs`, each bucket a list in
/// push order, and a bitmap of the buckets in use to find the next one. Events further out (timers) wait
/// in a binary heap ordered by (time, order pushed); each pop takes the earlier of the calendar's first
/// event and the heap's top, so the order is exactly that of one heap. The bodies (a packet among them)
/// sit in a pool of slots and are moved once in and once out. A 1,024-host run spent half its time
/// sifting a heap of every event; docs/fabric.md gives the figures.
///
/// Timers of one fixed length (each data packet's retransmission timer) fall due in the order they were
/// set: push_in_line() keeps them in a line of their own, in push order, 32 bytes each, whose first is
/// the third candidate of each pop. In the calendar they would sit tens of microseconds among the short-lived
/// events and most of them for nothing (the packet is acknowledged long before): a Chakra ring over
/// 1,024 ranks spent a fifth of its time on them, most of it waiting for memory.
class EventQueue {
 public:
  static constexpr std::uint32_t kWheelBits = 16;
  static constexpr TimeNs kWheelNs = TimeNs{1} << kWheelBits;  ///< the calendar's span in nanoseconds

  EventQueue() : head_(kWheelNs, kNone), tail_(kWheelNs, kNone), used_(kWheelNs / 64, 0) {}

  void push(TimeNs at, EventBody body) {
    std::uint32_t slot;
    if (free_.empty()) {
      slot = static_cast<std::uint32_t>(slots_.size());
      slots_.push_back(Slot{std::move(body), at, seq_, kNone});
    } else {
      slot = free_.back();
      free_.pop_back();
      slots_[slot] = Slot{std::move(body), at, seq_, kNone};
    }
    ++seq_;
    ++size_;
    if (at >= now_ && at - now_ < kWheelNs) {
      const std::size_t b = static_cast<std::size_t>(at & (kWheelNs - 1));
      if (head_[b] == kNone) {
        head_[b] = slot;
        used_[b / 64] |= std::uint64_t{1} << (b % 64);
      } else {
        slots_[tail_[b]].next = slot;
      }
      tail_[b] = slot;
      ++in_wheel_;
    } else {
      far_.push_back(Far{at, slots_[slot].seq, slot});
      std::push_heap(far_.begin(), far_.end(), later);
    }
  }
  /// As push(), for a retransmission timer due no earlier than any pushed by this call before (every
  /// timer has one length; the same order of pops).
  void push_in_line(TimeNs at, const ev::Rto& timer) {
    assert(line_.empty() || at >= line_.back().time);
    line_.push_back(Timer{at, seq_++, timer});
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  /// The earliest event's time (the queue must not be empty).
  TimeNs top_time() {
    const std::uint32_t b = first_bucket();
    TimeNs t = ~TimeNs{0};
    if (b != kNone) t = slots_[head_[b]].time;
    if (!far_.empty()) t = std::min(t, far_.front().time);
    if (!line_.empty()) t = std::min(t, line_.front().time);
    return t;
  }
  /// The body of the event that pop() returns next when it comes from the calendar or the heap; nullptr when
  /// it is a line timer or the queue is empty. For fetching the state it will touch ahead of time.
  const EventBody* peek() const {
    const std::uint32_t b = first_bucket();
    switch (earliest(b)) {
      case Source::Wheel: return &slots_[head_[b]].body;
      case Source::Heap: return &slots_[far_.front().slot].body;
      default: return nullptr;
    }
  }
  /// Removes and returns the earliest event (the queue must not be empty).
  Event pop() {
    const std::uint32_t b = first_bucket();
    const Source from = earliest(b);
    if (from == Source::Line) {
      const Timer t = line_.pop_front();
      --size_;
      now_ = std::max(now_, t.time);
      return Event{t.time, t.seq, t.rto};
    }
    std::uint32_t slot;
    if (from == Source::Wheel) {
      slot = head_[b];
      head_[b] = slots_[slot].next;
      if (head_[b] == kNone) used_[b / 64] &= ~(std::uint64_t{1} << (b % 64));
      --in_wheel_;
    } else {
      std::pop_heap(far_.begin(), far_.end(), later);
      slot = far_.back().slot;
      far_.pop_back();
    }
    --size_;
    free_.push_back(slot);
    Slot& s = slots_[slot];
    now_ = std::max(now_, s.time);
    return Event{s.time, s.seq, std::move(s.body)};
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Slot {
    EventBody body;
    TimeNs time;
    std::uint64_t seq;
    std::uint32_t next;  ///< the next slot in the same calendar bucket
  };
  struct Far {
    TimeNs time;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  static bool later(const Far& a, const Far& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }

  /// Which of the three holds the earliest event, given the calendar's first bucket in use `b`: the least
  /// (time, order pushed) of the calendar's first, the heap's top and the line's first (orders are unique).
  enum class Source { None, Wheel, Heap, Line };
  Source earliest(std::uint32_t b) const {
    Source from = Source::None;
    Far best{};
    const auto consider = [&](Source s, const Far& f) {
      if (from == Source::None || later(best, f)) {
        from = s;
        best = f;
      }
    };
    if (b != kNone) consider(Source::Wheel, Far{slots_[head_[b]].time, slots_[head_[b]].seq, 0});
    if (!far_.empty()) consider(Source::Heap, far_.front());
    if (!line_.empty()) consider(Source::Line, Far{line_.front().time, line_.front().seq, 0});
    return from;
  }

  struct Timer {  ///< a line entry: 32 bytes, where an event with its body is 72
    TimeNs time;
    std::uint64_t seq;
    ev::Rto rto;
  };
  /// The timers in push order, a ring doubled when full: it holds at most twice its longest length (a
  /// vector drained from the front, as Fifo, holds up to four times it, and moves what is left each time
  /// it reclaims: a line of millions of timers made a 65,536-host run 0.9 GB larger and slower).
  class Line {
   public:
    bool empty() const { return size_ == 0; }
    const Timer& front() const { return items_[head_]; }
    const Timer& back() const { return items_[(head_ + size_ - 1) & (items_.size() - 1)]; }
    void push_back(const Timer& t) {
      if (size_ == items_.size()) grow();
      items_[(head_ + size_) & (items_.size() - 1)] = t;
      ++size_;
    }
    Timer pop_front() {
      const Timer t = items_[head_];
      head_ = (head_ + 1) & (items_.size() - 1);
      --size_;
      return t;
    }

   private:
    void grow() {
      std::vector<Timer> bigger(std::max<std::size_t>(64, 2 * items_.size()));  // (a power of two)
      for (std::size_t i = 0; i < size_; ++i) bigger[i] = items_[(head_ + i) & (items_.size() - 1)];
      items_.swap(bigger);
      head_ = 0;
    }
    std::vector<Timer> items_;
    std::size_t head_ = 0, size_ = 0;
  };

  /// The calendar's first bucket in use, counting from the bucket of `now_` (every event in the calendar
  /// falls in [now_, now_ + kWheelNs), so the first in circular order is the earliest); kNone if empty.
  std::uint32_t first_bucket() const {
    if (in_wheel_ == 0) return kNone;
    const std::size_t words = used_.size();
    const std::size_t start = static_cast<std::size_t>(now_ & (kWheelNs - 1));
    std::size_t w = start / 64;
    std::uint64_t bits = used_[w] & (~std::uint64_t{0} << (start % 64));
    for (std::size_t n = 0; n <= words; ++n) {
      if (bits) return static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
      w = (w + 1) % words;
      bits = used_[w];
    }
    return kNone;  // not reached: in_wheel_ counts the events in the buckets
  }

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> free_;
  std::vector<std::uint32_t> head_, tail_;  ///< per bucket: first and last slot, kNone when empty
  std::vector<std::uint64_t> used_;         ///< per bucket: one bit, set while the bucket holds an event
  std::vector<Far> far_;                    ///< events beyond the calendar, a heap
  Line line_;                               ///< push_in_line()'s events, in push order
  TimeNs now_ = 0;                          ///< the latest time popped: the calendar starts here
  std::uint64_t seq_ = 0;
  std::size_t size_ = 0, in_wheel_ = 0;
};

}  // namespace uetsim
