// An output port: the link it drives (rate, delay, where it ends, whether it is failed or degraded) and its
// queues. A switch's port applies the scenario's queue rules to each arriving packet: trimming above
// TrimBytes, drop-tail above QueueBytes, ECN marks above EcnBytes (or along a ramp to EcnMaxBytes). A host's
// port (the NIC's) only queues. With PriorityControl, ACKs, NACKs and trimmed headers wait in a queue of
// their own that is served first, as a trimming switch's header queue: a switch's port drops one beyond
// ControlQueueBytes of them (counted apart from data drops), whatever the data queue holds. Without it they
// queue with data, under QueueBytes.
//
// A packet leaves a port in one of two ways. Sent (start_tx, then finish_tx when its last bit is out): the
// fabric schedules an end-of-transmission event and decides there what happens to it. Launched (launch):
// nothing needs deciding at the end (a switch's port, a link that loses nothing, marks made on arrival), so
// the fabric schedules its arrival at once and the port settles the end lazily, when it is next used
// (settle) or, with packets waiting behind it, with an end-of-transmission event then. A launched packet
// that a link failure catches on the wire is dropped on arrival (the fabric keeps the list).
#pragma once

#include <cstdint>

#include "uetlb/fifo.hpp"
#include "uetsim/packet.hpp"
#include "uetsim/scenario.hpp"

namespace uetsim {

/// The queue rules of the scenario's switches.
struct QueueRules {
  std::uint64_t trim_bytes = 0, queue_bytes = 0, ecn_bytes = 0, ecn_max_bytes = 0;
  std::uint64_t control_bytes = 0;  ///< the control queue's limit (Scenario::control_queue_limit)
  bool trim_either = false;         ///< TrimVictim "either": half the time the last queued data packet is trimmed
  bool ecn_on_dequeue = false;      ///< EcnAt "dequeue": marks decided as a data packet leaves (finish_tx)
  bool priority_control = true;     ///< control packets in their own queue, served first
  static QueueRules of(const Scenario& sc);
};

/// What the queue rules did, summed over the ports.
struct QueueCounters {
  std::uint64_t drops_queue = 0;    ///< data packets dropped (beyond QueueBytes)
  std::uint64_t drops_control = 0;  ///< ACKs, NACKs and trimmed headers dropped (a full control queue)
  std::uint64_t trims = 0, ecn_marks = 0;
};

/// An ACK, a NACK or a trimmed header: what is not a whole data packet.
inline bool is_control(const Packet& p) {
  return p.kind != Kind::Data || p.trimmed;
}

struct Port {
  std::uint64_t rate_bps = 0;
  TimeNs delay = 0;
  NodeKind to_kind = NodeKind::Host;
  std::uint32_t to_id = 0;
  bool last_hop = false;               ///< a switch's port to a host
  bool failed = false;                 ///< the link is down (drops silently)
  std::uint64_t nominal_rate_bps = 0;  ///< the rate when whole (rate_bps is lower while degraded)
  double loss = 0.0;                   ///< degraded: probability that a packet sent on the link is lost
  double scale = 1.0;                  ///< degraded with ScaleDegradedQueues: the queue's thresholds times this
  bool routed = true;                  ///< routing still uses the link (false once it reconverged around a failure)
  uetlb::Fifo<Packet> queue;           ///< data packets (what ECN, trimming and drops look at)
  uetlb::Fifo<Packet> control;         ///< ACKs, NACKs and trimmed headers (PriorityControl)
  std::uint64_t queued_bytes = 0;      ///< bytes in `queue` (and its packet on the wire)
  std::uint64_t control_bytes = 0;     ///< bytes in `control` (and its packet on the wire)
  bool tx_control = false;             ///< the packet on the wire came from `control`
  bool busy = false;                   ///< a packet is on the wire (its end not yet settled)
  bool launched = false;               ///< that packet was launched (its arrival already scheduled)
  bool wake = false;                   ///< launched, and an end-of-transmission event is scheduled (packets wait)
  TimeNs busy_until = 0;               ///< launched: when its last bit is out
  std::uint32_t wire_bytes = 0;        ///< launched: its bytes still counted in `queued_bytes` or `control_bytes`
  std::uint64_t packets = 0, bytes = 0;

  /// Offers an arriving packet. A switch's port applies `rules` (random draws from `rng`, counted in
  /// `counters`); a host's port queues everything. False when the packet is dropped.
  bool admit(Packet p, bool switch_port, const QueueRules& rules, UnitRng& rng, QueueCounters& counters);
  /// Starts sending the next packet (control first); returns its serialization time. Needs a queued packet.
  TimeNs start_tx();
  /// The packet on the wire has left: removes and returns it. A switch's port under EcnAt "dequeue" marks
  /// a data packet here, at the depth of the queue behind it (`rules`, `rng`, `counters` as admit's).
  Packet finish_tx(bool switch_port, const QueueRules& rules, UnitRng& rng, QueueCounters& counters);
  /// Launches the next packet (control first) at `now`: removes and returns it, busy until its last bit is
  /// out. Its bytes stay in `queued_bytes` (`control_bytes`) until then. Needs a queued packet and the port not busy.
  Packet launch(TimeNs now);
  /// Ends a launched packet's transmission if its last bit is out before `now` (or at `now`, with
  /// `at_end`: the end-of-transmission event itself). True when the port is free.
  bool settle(TimeNs now, bool at_end);
  /// A launched packet is on the wire at `now` (its last bit not out before it).
  bool launched_on_wire(TimeNs now) const { return busy && launched && busy_until >= now; }
  bool has_queued() const { return !queue.empty() || !control.empty(); }
  TimeNs serialization(std::uint32_t bytes) const;

 private:
  Packet take();
  /// Into the control queue (PriorityControl) unless `limit` is given and it would hold more: false,
  /// counted, then.
  bool to_control(Packet&& p, std::uint64_t limit, QueueCounters& counters);
  void trim(Packet& p, QueueCounters& counters) const;
  bool ecn_marks(const QueueRules& rules, UnitRng& rng) const;
  void mark(Packet& p, const QueueRules& rules, UnitRng& rng, QueueCounters& counters) const;
};

}  // namespace uetsim
