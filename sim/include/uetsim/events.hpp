// The fabric's events, one type per kind with its own fields, and the queue that orders them: by time,
// then by the order they were scheduled (so a run is the same every time).
#pragma once

#include <algorithm>
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
struct Arrive {  ///< a packet reaches a node at the far end of a link
  NodeKind kind;
  std::uint32_t node;
  Packet pkt;
};
struct MessageStart {
  std::uint32_t message;
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
  TimeNs deadline;
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

/// A binary heap of events, earliest first; equal times in the order they were pushed. The heap holds
/// small entries (time, order, slot); the events' bodies (a packet among them) wait in a pool of slots
/// and are moved once in and once out, not at every step of the heap's sifting (which took a quarter of
/// a large run's time with the bodies in the heap).
class EventQueue {
 public:
  void push(TimeNs at, EventBody body) {
    std::uint32_t slot;
    if (free_.empty()) {
      slot = static_cast<std::uint32_t>(bodies_.size());
      bodies_.push_back(std::move(body));
    } else {
      slot = free_.back();
      free_.pop_back();
      bodies_[slot] = std::move(body);
    }
    heap_.push_back(Entry{at, seq_++, slot});
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  /// The earliest event's time.
  TimeNs top_time() const { return heap_.front().time; }
  /// Removes and returns the earliest event.
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Entry e = heap_.back();
    heap_.pop_back();
    free_.push_back(e.slot);
    return Event{e.time, e.seq, std::move(bodies_[e.slot])};
  }

 private:
  struct Entry {
    TimeNs time;
    std::uint64_t seq;
    std::uint32_t slot;
  };
  static bool later(const Entry& a, const Entry& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  std::vector<Entry> heap_;
  std::vector<EventBody> bodies_;
  std::vector<std::uint32_t> free_;
  std::uint64_t seq_ = 0;
};

}  // namespace uetsim
