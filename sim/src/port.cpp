#include "uetsim/port.hpp"

#include <cmath>

namespace uetsim {

QueueRules QueueRules::of(const Scenario& sc) {
  QueueRules r;
  r.trim_bytes = sc.trim_bytes;
  r.queue_bytes = sc.queue_bytes;
  r.ecn_bytes = sc.ecn_bytes;
  r.ecn_max_bytes = sc.ecn_max_bytes;
  r.control_bytes = sc.control_queue_limit();
  r.trim_either = sc.trim_either;
  r.ecn_on_dequeue = sc.ecn_on_dequeue;
  r.priority_control = sc.priority_control;
  return r;
}

bool Port::admit(Packet p, bool switch_port, const QueueRules& rules, UnitRng& rng, QueueCounters& counters) {
  if (!switch_port) {  // (a NIC's port: no limit)
    if (rules.priority_control && is_control(p)) return to_control(std::move(p), ~0ULL, counters);
    queued_bytes += p.size;
    queue.push_back(std::move(p));
    return true;
  }
  // (A degraded port's thresholds scale with its rate under ScaleDegradedQueues.)
  const auto th = [this](std::uint64_t b) {
    return scale == 1.0 ? b : static_cast<std::uint64_t>(static_cast<double>(b) * scale);
  };
  const std::uint64_t trim_at = th(rules.trim_bytes), drop_at = th(rules.queue_bytes);
  const std::uint64_t control_at = th(rules.control_bytes);
  if (p.kind == Kind::Data && !p.trimmed && queued_bytes + p.size > trim_at) {
    // TrimVictim "either": half the time the last queued data packet is trimmed instead (not the one on
    // the wire), and the arriving one is trimmed too only if it still does not fit.
    if (rules.trim_either && rng.next() < 0.5 && queue.size() > (busy && !tx_control ? 1U : 0U) &&
        !queue.back().trimmed) {
      Packet v = std::move(queue.back());
      queue.pop_back();
      queued_bytes -= v.size;
      trim(v, counters);
      if (rules.priority_control) {
        to_control(std::move(v), control_at, counters);  // (its header is dropped when the control queue is full)
      } else {
        queued_bytes += v.size;
        queue.push_back(std::move(v));
      }
    }
    if (queued_bytes + p.size > trim_at) trim(p, counters);
  }
  // Control packets wait in their own queue under their own limit (PriorityControl), else with data.
  const bool to_control_queue = rules.priority_control && is_control(p);
  if (to_control_queue ? control_bytes + p.size > control_at : queued_bytes + p.size > drop_at) {
    ++(is_control(p) ? counters.drops_control : counters.drops_queue);
    return false;
  }
  if (!rules.ecn_on_dequeue) mark(p, rules, rng, counters);
  if (to_control_queue) return to_control(std::move(p), ~0ULL, counters);
  queued_bytes += p.size;
  queue.push_back(std::move(p));
  return true;
}

bool Port::to_control(Packet&& p, std::uint64_t limit, QueueCounters& counters) {
  if (control_bytes + p.size > limit) {
    ++counters.drops_control;
    return false;
  }
  control_bytes += p.size;
  control.push_back(std::move(p));
  return true;
}

// The payload is cut; the header goes on and the receiver NACKs it.
void Port::trim(Packet& p, QueueCounters& counters) const {
  p.trimmed = true;
  p.last_hop = last_hop;
  p.size = kHeaderBytes;
  ++counters.trims;
}

// A data packet not yet marked is marked when the queue's depth says so (counted).
void Port::mark(Packet& p, const QueueRules& rules, UnitRng& rng, QueueCounters& counters) const {
  if (p.kind == Kind::Data && !p.ecn && ecn_marks(rules, rng)) {
    p.ecn = true;
    ++counters.ecn_marks;
  }
}

// ECN at the queue's depth: above EcnBytes, or with EcnMaxBytes set, with a probability rising linearly from
// EcnBytes to EcnMaxBytes.
bool Port::ecn_marks(const QueueRules& rules, UnitRng& rng) const {
  const double lo = static_cast<double>(rules.ecn_bytes) * scale, hi = static_cast<double>(rules.ecn_max_bytes) * scale;
  const auto d = static_cast<double>(queued_bytes);
  if (d <= lo) return false;
  if (rules.ecn_max_bytes == 0 || d >= hi) return true;
  return rng.next() < (d - lo) / (hi - lo);
}

TimeNs Port::serialization(std::uint32_t b) const {
  return static_cast<TimeNs>(std::ceil(static_cast<double>(b) * 8e9 / static_cast<double>(rate_bps)));
}

TimeNs Port::start_tx() {
  busy = true;
  tx_control = !control.empty();
  return serialization(tx_control ? control.front().size : queue.front().size);
}

// The packet start_tx chose, out of its queue and counted as sent.
Packet Port::take() {
  uetlb::Fifo<Packet>& from = tx_control ? control : queue;
  Packet p = std::move(from.front());
  from.pop_front();
  ++packets;
  bytes += p.size;
  return p;
}

Packet Port::launch(TimeNs now) {
  busy_until = now + start_tx();
  Packet p = take();
  launched = true;
  wire_bytes = p.size;
  return p;
}

bool Port::settle(TimeNs now, bool at_end) {
  if (busy && launched && (busy_until < now || (at_end && busy_until == now))) {
    (tx_control ? control_bytes : queued_bytes) -= wire_bytes;
    wire_bytes = 0;
    busy = false;
    launched = false;
  }
  return !busy;
}

Packet Port::finish_tx(bool switch_port, const QueueRules& rules, UnitRng& rng, QueueCounters& counters) {
  Packet p = take();
  (tx_control ? control_bytes : queued_bytes) -= p.size;
  if (switch_port && rules.ecn_on_dequeue && !p.trimmed) mark(p, rules, rng, counters);
  busy = false;
  return p;
}

}  // namespace uetsim
