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

/// A binary heap of events, earliest first; equal times in the order they were pushed.
class EventQueue {
 public:
  void push(TimeNs at, EventBody body) {
    heap_.push_back(Event{at, seq_++, std::move(body)});
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  const Event& top() const { return heap_.front(); }
  /// Removes and returns the earliest event.
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    Event e = std::move(heap_.back());
    heap_.pop_back();
    return e;
  }

 private:
  static bool later(const Event& a, const Event& b) { return a.time != b.time ? a.time > b.time : a.seq > b.seq; }
  std::vector<Event> heap_;
  std::uint64_t seq_ = 0;
};

}  // namespace uetsim
