// The NICs: PDC groups, sending under the congestion window, acknowledgements and NACKs, timeouts, and
// every call into a NIC's load balancer.
#include <algorithm>

#include "fabric_impl.hpp"

namespace uetsim {

using uetlb::Choice;
using uetlb::FeedbackKind;

void Fabric::Impl::build_nics() {
  const unsigned n = sc.hosts();
  nics.resize(n);
  for (std::uint32_t h = 0; h < n; ++h) {
    Nic& nic = nics[h];
    uetlb::Config cfg = sc.lb;
    cfg.seed = nic_seed(sc.seed, sc.lb.seed, h);
    nic.lb = factory(cfg, h);
    // An early failure the load balancer applies (a packet unacknowledged past M x base RTT) marks the
    // copy it names, so that its ACK, if one comes after all, counts the early failure as spurious. With
    // RetransmitOnEfd it also makes the transport send that packet again, as a timeout would, sooner: an
    // event of its own, after the load balancer's call has returned.
    if (track_groups) {
      nic.lb->set_trace_sink([this, h](const uetlb::TraceRow& r) {
        if (r.event == uetlb::EventKind::Efd && r.psn) {
          efd_named(r.time, h, static_cast<std::uint32_t>(r.group), *r.psn, r.ev);
          if (sc.retransmit_on_efd) schedule(now, ev::EfdRetx{h, static_cast<std::uint32_t>(r.group), *r.psn, r.ev});
        }
      });
    }
    nic.base_rtt = sc.lb.initial_base_rtt_ns;
  }
}

std::uint32_t Fabric::Impl::take_group(Nic& nic) {
  if (!nic.free_groups.empty()) {
    const auto it = std::min_element(nic.free_groups.begin(), nic.free_groups.end());
    const std::uint32_t g = *it;
    nic.free_groups.erase(it);
    return g;
  }
  return nic.next_group++;
}

void Fabric::Impl::message_start(const ev::MessageStart& msg) {
  const std::uint32_t pdc_id = pdc_count();
  PdcRecord rec;
  rec.msg = msg.message;
  rec.src = msg.src;
  rec.dst = msg.dst;
  rec.bytes = msg.bytes;
  rec.start = now;
  if (free_slots.empty()) {
    rec.slot = static_cast<std::uint32_t>(slots.size());
    slots.emplace_back();
  } else {
    rec.slot = free_slots.back();
    free_slots.pop_back();
  }
  Pdc& pdc = slots[rec.slot];
  {  // a fresh PDC that keeps the slot's packet vector's storage
    std::vector<PacketState> far = std::move(pdc.far_pkt);
    pdc = Pdc{};
    pdc.far_pkt = std::move(far);
  }
  pdc.src = msg.src;
  pdc.dst = msg.dst;
  pdc.bytes = msg.bytes;
  pdc.token = msg.token;
  pdc.packets = static_cast<std::uint32_t>((msg.bytes + mss - 1) / mss);
  if (pdc.packets > Pdc::kNear) pdc.far_pkt.assign(pdc.packets, PacketState{});
  pdc.win.cwnd = window_bytes;
  // The application's local UDP port of this PDC (the EV under None).
  pdc.local_port = static_cast<std::uint16_t>(1024 + (pdc_id * 7919U) % 60000U);
  Nic& nic = nics[msg.src];
  Peer& peer = nic.peers.at(msg.dst);
  if (sc.lb.pdc_groups_enabled) {
    // A message to a peer with no message in flight in either direction opens a new group.
    const bool quiet = peer.in_flight == 0 && nics[msg.dst].in_flight(msg.src) == 0;
    if (quiet || !peer.has_group) {
      if (peer.has_group && peer.group_messages == 0) nic.free_groups.push_back(peer.group);
      peer.group = take_group(nic);
      peer.group_messages = 0;
      peer.has_group = true;
      lb_of(nic).open(now, peer.group, pdc.local_port);
    }
    peer.group_messages++;
    pdc.group = peer.group;
  } else {
    pdc.group = take_group(nic);
    lb_of(nic).open(now, pdc.group, pdc.local_port);
  }
  peer.in_flight++;
  if (track_groups) {
    if (nic.pdcs_of_group.size() <= pdc.group) nic.pdcs_of_group.resize(pdc.group + 1);
    nic.pdcs_of_group[pdc.group].push_back(pdc_id);
  }
  rec.group = pdc.group;
  pdcs.push_back(rec);
  try_send(pdc_id);
}

void Fabric::Impl::try_send(std::uint32_t pdc_id) {
  if (finished(pdc_id)) return;
  Pdc& pdc = live(pdc_id);
  for (;;) {
    std::uint32_t psn = 0;
    bool retx = false;
    if (!pdc.retx.empty()) {
      psn = pdc.retx.front();
      retx = true;
    } else if (pdc.next_new < pdc.packets) {
      psn = pdc.next_new;
    } else {
      return;
    }
    const std::uint32_t size = data_size(pdc, psn);
    if (pdc.win.in_flight > 0 && static_cast<double>(pdc.win.in_flight + size) > pdc.win.cwnd) return;
    // The NIC sends when its port has room (a packet on the wire and one waiting): the load balancer
    // chooses the entropy value as the packet leaves, not while it would sit in a NIC queue.
    if (sc.nic_pacing && !port_has_room(pdc.src, size)) {
      if (!pdc.waiting_port) {
        pdc.waiting_port = true;
        nics[pdc.src].waiting.push_back(pdc_id);
      }
      const std::uint32_t up = net.host_up[pdc.src];
      if (net.ports[up].launched) wake_at_end(up);  // its end wakes the senders
      return;
    }
    if (retx) {
      pdc.retx.pop_front();
      if (pdc.pkt(psn).acked) continue;  // acknowledged meanwhile
    } else {
      ++pdc.next_new;
    }
    send_data(pdc_id, psn, size, retx ? pdc.pkt(psn).resend_cause : SendCause::New);
  }
}

void Fabric::Impl::send_data(std::uint32_t pdc_id, std::uint32_t psn, std::uint32_t size, SendCause cause) {
  const bool retx = cause != SendCause::New;
  Pdc& pdc = live(pdc_id);
  Nic& nic = nics[pdc.src];
  const Choice c = lb_of(nic).request(now, pdc.group, psn, retx);
  PacketState& st = pdc.pkt(psn);
  st.ev = c.ev;
  st.sent_at = now;
  st.in_flight = true;
  ++st.rto_gen;
  pdc.win.in_flight += size;
  ++nic.sent;
  ++sum.data_packets;
  if (retx) {
    ++nic.retx;
    ++sum.retransmissions;
  }
  if (monitor_on) monitor.push_back({now, pdc.src, pdc.group, psn, pdc.dst, pdc_id, cause, c.ev, c.decision, size});
  Packet p;
  p.kind = Kind::Data;
  p.src = pdc.src;
  p.dst = pdc.dst;
  p.size = size;
  p.pdc = pdc_id;
  p.psn = psn;
  p.ev = c.ev;
  p.retx = retx;
  p.sent_at = now;
  // With AckCoalescingBytes the sender asks for an ACK at once on a retransmission, on its message's last
  // new packet and on a packet that leaves its window no room for another (as htsim's sender does), so
  // that no ACK waits for bytes that will not come.
  if (sc.ack_coalescing_bytes != 0) {
    p.ack_req = retx || psn + 1 == pdc.packets || static_cast<double>(pdc.win.in_flight + size) >= pdc.win.cwnd;
  }
  enqueue(net.host_up[pdc.src], std::move(p));
  events.push_in_line(now + sc.rto_ns, ev::Rto{pdc_id, psn, st.rto_gen});  // (RTOs are one length)
  // The load balancer's early-failure timer of this packet: if no event reaches the NIC's load balancer
  // within half a base RTT after the deadline (M x base RTT), time does (a call after the deadline has
  // applied it already: most ticks find one and cost nothing). The ticks wait in the NIC's line in the
  // order due, one event for the first; a tick due before the line's last (the base RTT fell) is an event
  // of its own.
  if (efd_on) {
    const TimeNs deadline = now + sc.lb.failure_detection_rtt_multiplier * nic.base_rtt;
    const TimeNs due = deadline + nic.base_rtt / 2 + 1;
    if (!nic.ticks.empty() && due < nic.ticks.back().due) {
      schedule(due, ev::LbTick{pdc.src, deadline});
    } else {
      nic.ticks.push_back(Nic::Tick{due, deadline});
      if (!nic.tick_waits) {
        nic.tick_waits = true;
        schedule(due, ev::LbTick{pdc.src, ev::LbTick::kInLine});
      }
    }
  }
}

void Fabric::Impl::lb_tick(const ev::LbTick& e) {
  Nic& nic = nics[e.host];
  if (e.deadline != ev::LbTick::kInLine) {
    if (nic.lb_time <= e.deadline) lb_of(nic).advance_to(now);  // nothing reached it after
    return;
  }
  // The line's ticks due now, each as its own event would have been; then those whose deadline a call has
  // passed since (no later tick of theirs could find the load balancer behind it), and an event for the
  // next.
  nic.tick_waits = false;
  while (!nic.ticks.empty() && nic.ticks.front().due <= now) {
    if (nic.lb_time <= nic.ticks.front().deadline) lb_of(nic).advance_to(now);
    nic.ticks.pop_front();
  }
  while (!nic.ticks.empty() && nic.ticks.front().deadline < nic.lb_time) nic.ticks.pop_front();
  if (!nic.ticks.empty()) {
    nic.tick_waits = true;
    schedule(nic.ticks.front().due, ev::LbTick{e.host, ev::LbTick::kInLine});
  }
}

// Whether a host's port takes `size` more bytes: a packet on the wire and one waiting. (A launched packet
// counts until its last bit is out, a tie with its end included: it leaves at its end-of-transmission event.)
bool Fabric::Impl::port_has_room(std::uint32_t host, std::uint32_t size) {
  Port& port = net.ports[net.host_up[host]];
  port.settle(now, false);
  return port.queued_bytes + size <= 2u * (mss + uetlb::kPacketOverheadBytes);
}

std::uint32_t Fabric::Impl::data_size(const Pdc& pdc, std::uint32_t psn) const {
  const std::uint32_t payload =
      psn + 1 == pdc.packets ? static_cast<std::uint32_t>(pdc.bytes - std::uint64_t{psn} * mss) : mss;
  return payload + uetlb::kPacketOverheadBytes;
}

void Fabric::Impl::leave_flight(Pdc& pdc, std::uint32_t psn) {
  PacketState& st = pdc.pkt(psn);
  if (st.in_flight) {
    st.in_flight = false;
    pdc.win.in_flight -= data_size(pdc, psn);
  }
}

// A NIC's load balancer, for a call at `now` (recorded: an early-failure tick after it has nothing to do).
uetlb::Engine& Fabric::Impl::lb_of(Nic& nic) {
  nic.lb_time = now;
  return *nic.lb;
}

// Sends a packet of a PDC again: out of flight, to the back of its retransmission queue.
void Fabric::Impl::resend(std::uint32_t pdc_id, std::uint32_t psn, SendCause cause) {
  leave_flight(live(pdc_id), psn);
  live(pdc_id).pkt(psn).resend_cause = cause;
  live(pdc_id).retx.push_back(psn);
  try_send(pdc_id);
}

// PDCs of NIC `host` waiting for room on its port, in turn, while there is room.
void Fabric::Impl::wake_senders(std::uint32_t host) {
  Nic& nic = nics[host];
  for (std::size_t n = nic.waiting.size(); n > 0 && !nic.waiting.empty(); --n) {
    const std::uint32_t id = nic.waiting.front();
    nic.waiting.pop_front();
    if (finished(id)) continue;  // (it finished while waiting; its slot may be another PDC's by now)
    live(id).waiting_port = false;
    try_send(id);
    if (!finished(id) && live(id).waiting_port) break;  // the port is full again
  }
}

// The packet an early failure named: if still in flight unacknowledged with that entropy value, it goes
// again (the load balancer has already taken the path failure).
void Fabric::Impl::efd_retransmit(const ev::EfdRetx& e) {
  const auto& of_group = nics[e.host].pdcs_of_group;
  if (e.group >= of_group.size()) return;
  for (std::uint32_t id : of_group[e.group]) {  // (the running PDCs of the group)
    Pdc& pdc = live(id);
    if (e.psn >= pdc.packets) continue;
    PacketState& st = pdc.pkt(e.psn);
    if (st.acked || !st.in_flight || st.ev != e.ev) continue;
    ++sum.efd_retransmits;
    resend(id, e.psn, SendCause::Efd);
  }
}

// An early failure named packet `psn` sent with `ev` on `group`, applied at `at` (its deadline; recorded in
// early-failures.csv with the monitor): the unacknowledged packet of that number
// in the group's running PDCs remembers the copy. (Several PDCs of a group number their packets from 0
// each; the one whose copy carried `ev` is meant, the first such.)
void Fabric::Impl::efd_named(TimeNs at, std::uint32_t host, std::uint32_t group, std::uint32_t psn, std::uint16_t ev) {
  if (monitor_on) efd_rows.push_back({at, host, group, psn, ev});
  const auto& of_group = nics[host].pdcs_of_group;
  if (group >= of_group.size()) return;
  for (std::uint32_t id : of_group[group]) {
    Pdc& pdc = live(id);
    if (psn >= pdc.packets) continue;
    PacketState& st = pdc.pkt(psn);
    if (st.acked || (st.ev != ev && !(st.efd_named && st.efd_ev == ev))) continue;
    st.efd_named = true;
    st.efd_ev = ev;
    return;
  }
}

void Fabric::Impl::rto(const ev::Rto& e) {
  if (finished(e.pdc)) return;
  Pdc& pdc = live(e.pdc);
  PacketState& st = pdc.pkt(e.psn);
  if (st.acked || st.rto_gen != e.generation || !st.in_flight) return;
  Nic& nic = nics[pdc.src];
  ++nic.timeouts;
  ++sum.timeouts;
  lb_of(nic).feedback(now, pdc.group, FeedbackKind::Rto, st.ev, e.psn);
  resend(e.pdc, e.psn, SendCause::Rto);
}

// Whether the load balancer reads feedback for packet `psn` of `pdc`: while the packet is outstanding (sent,
// not yet acknowledged, its PDC not finished), as the product's NIC does; with FeedbackForEveryPacket,
// always (a finished PDC's feedback then goes to its old group number, which another peer may use by now).
bool Fabric::Impl::outstanding(std::uint32_t pdc_id, std::uint32_t psn) {
  return sc.feedback_every_packet || (!finished(pdc_id) && !live(pdc_id).pkt(psn).acked);
}

void Fabric::Impl::host_receive(std::uint32_t host, Packet p) {
  switch (p.kind) {
    case Kind::Data: receive_data(host, p); break;
    case Kind::Nack: receive_nack(nics[host], p); break;
    case Kind::Ack: receive_ack(nics[host], p); break;
  }
}

void Fabric::Impl::receive_nack(Nic& nic, const Packet& p) {
  ++nic.nacks;
  ++sum.nacks;
  if (outstanding(p.pdc, p.psn)) {
    lb_of(nic).feedback(now, group_of(p.pdc), p.last_hop ? FeedbackKind::NackTrimLastHop : FeedbackKind::NackTrim,
                        p.echo_ev, p.psn);
  }
  if (finished(p.pdc)) return;
  Pdc& pdc = live(p.pdc);
  cc->on_nack(pdc.win, nic.base_rtt, now);
  if (!pdc.pkt(p.psn).acked && pdc.pkt(p.psn).in_flight && pdc.pkt(p.psn).ev == p.echo_ev)
    resend(p.pdc, p.psn, SendCause::Nack);
}

void Fabric::Impl::receive_ack(Nic& nic, const Packet& p) {
  if (sc.ack_coalescing_bytes != 0) {
    receive_coalesced_ack(nic, p);
    return;
  }
  ++nic.acks;
  if (p.ecn) ++nic.ecn;
  if (outstanding(p.pdc, p.psn)) {
    lb_of(nic).feedback(now, group_of(p.pdc), p.ecn ? FeedbackKind::AckEcn : FeedbackKind::Ack, p.echo_ev, p.psn);
  }
  const TimeNs rtt = now - p.sent_at;
  if (rtt > 0 && rtt < nic.base_rtt) {  // congestion control adopts a lower measured RTT
    nic.base_rtt = rtt;
    lb_of(nic).set_base_rtt(now, rtt);
  }
  if (finished(p.pdc)) return;
  Pdc& pdc = live(p.pdc);
  if (pdc.pkt(p.psn).acked) return;
  // The copy an early failure named was delivered after all: the early failure was spurious.
  if (pdc.pkt(p.psn).efd_named && pdc.pkt(p.psn).efd_ev == p.echo_ev) ++sum.efd_spurious;
  cc->on_ack(pdc.win, data_size(pdc, p.psn), p.ecn, rtt, nic.base_rtt, now);
  leave_flight(pdc, p.psn);
  pdc.pkt(p.psn).acked = true;
  ++acked_packets;
  if (++pdc.acked == pdc.packets) {
    pdc_done(p.pdc);
    return;
  }
  try_send(p.pdc);
}

// A coalesced ACK (AckCoalescingBytes) acknowledges the packet that made the receiver send it, every PSN
// below its cumulative PSN and those its bitmap names. The load balancer reads the value the ACK carries,
// as a per-packet ACK's (one value recycled per ACK, as htsim's sender recycles); each other packet it
// acknowledges reaches the load balancer as `ack_ecn` with that packet's own value: SPEC's one event that
// clears a packet's early-failure entry and recycles nothing (else the entry would fire as a path failure
// three base RTTs on). Congestion control sees the ACK once, with every byte it acknowledges.
void Fabric::Impl::receive_coalesced_ack(Nic& nic, const Packet& p) {
  ++nic.acks;
  if (p.ecn) ++nic.ecn;
  if (outstanding(p.pdc, p.psn)) {
    lb_of(nic).feedback(now, group_of(p.pdc), p.ecn ? FeedbackKind::AckEcn : FeedbackKind::Ack, p.echo_ev, p.psn);
  }
  const TimeNs rtt = now - p.sent_at;
  if (rtt > 0 && rtt < nic.base_rtt) {
    nic.base_rtt = rtt;
    lb_of(nic).set_base_rtt(now, rtt);
  }
  if (finished(p.pdc)) return;
  Pdc& pdc = live(p.pdc);
  newly_acked.clear();
  const auto take = [&pdc, this](std::uint32_t psn) {
    if (psn < pdc.packets && !pdc.pkt(psn).acked) {
      pdc.pkt(psn).acked = true;
      newly_acked.push_back(psn);
    }
  };
  take(p.psn);
  for (const std::uint32_t cum = std::min(p.cum, pdc.packets); pdc.snd_cum < cum; ++pdc.snd_cum) take(pdc.snd_cum);
  const std::uint32_t base = sack_base(p.psn, p.cum);
  for (std::uint32_t i = 0; i < 64; ++i) {
    if ((p.sack >> i) & 1U) take(base + i);
  }
  if (newly_acked.empty()) return;
  std::uint32_t bytes = 0;
  for (const std::uint32_t psn : newly_acked) {
    if (psn != p.psn) lb_of(nic).feedback(now, pdc.group, FeedbackKind::AckEcn, pdc.pkt(psn).ev, psn);
    bytes += data_size(pdc, psn);
  }
  cc->on_ack(pdc.win, bytes, p.ecn, rtt, nic.base_rtt, now);
  for (const std::uint32_t psn : newly_acked) leave_flight(pdc, psn);
  acked_packets += newly_acked.size();
  pdc.acked += static_cast<std::uint32_t>(newly_acked.size());
  if (pdc.acked == pdc.packets) {
    pdc_done(p.pdc);
    return;
  }
  try_send(p.pdc);
}

// Every packet of a PDC is acknowledged: its message completes, its dependents start, and its group is
// free for reuse once nothing else uses it.
void Fabric::Impl::pdc_done(std::uint32_t pdc_id) {
  PdcRecord& rec = record(pdc_id);
  rec.done = true;
  rec.end = now;
  sum.done_at_ns = std::max(sum.done_at_ns, now);
  fcts.add(rec.end - rec.start);
  // Its state is no longer read (every use checks done first): the slot goes to the next PDC that starts.
  const std::uint64_t token = live(pdc_id).token;
  free_slots.push_back(rec.slot);
  ++sum.completed;
  if (rec.msg < dependents.size()) {
    for (std::uint32_t m : dependents[rec.msg]) start_scenario_message(m, now);
  }
  Nic& snd = nics[rec.src];
  if (track_groups) {
    auto& same_group = snd.pdcs_of_group[rec.group];
    same_group.erase(std::remove(same_group.begin(), same_group.end(), pdc_id), same_group.end());
  }
  Peer& peer = *snd.peers.find(rec.dst);  // (there: this message is in flight to it)
  --peer.in_flight;
  if (sc.lb.pdc_groups_enabled) {
    if (peer.has_group && --peer.group_messages == 0 && peer.in_flight == 0 && nics[rec.dst].in_flight(rec.src) == 0) {
      snd.free_groups.push_back(peer.group);
      peer.has_group = false;
    }
  } else {
    snd.free_groups.push_back(rec.group);
  }
  if (peer.in_flight == 0 && !peer.has_group) snd.peers.erase(rec.dst);
  write_out_done();                                  // (`rec` may be gone from here on)
  if (token != 0) chakra->message_done(token, now);  // (last: it may add messages)
}

// A data packet (or its trimmed header) reaches its destination: an ACK (a NACK) goes back.
void Fabric::Impl::receive_data(std::uint32_t host, const Packet& p) {
  Nic& nic = nics[host];
  Packet r;
  r.src = host;
  r.dst = p.src;
  r.size = kHeaderBytes;
  r.pdc = p.pdc;
  r.psn = p.psn;
  r.ev = p.ev;  // the ACK's (NACK's) UDP source port carries the data packet's entropy value back
  r.echo_ev = p.ev;
  r.sent_at = p.sent_at;
  if (p.trimmed) {
    r.kind = Kind::Nack;
    r.last_hop = p.last_hop;
  } else {
    r.kind = Kind::Ack;
    r.ecn = p.ecn;
    // Out-of-order arrival: ahead of the next expected PSN. (A finished PDC received every packet: this
    // is a duplicate.)
    Pdc* live_pdc = finished(p.pdc) ? nullptr : &live(p.pdc);
    const bool fresh = live_pdc != nullptr && !live_pdc->pkt(p.psn).received;
    const bool in_order = fresh && p.psn == live_pdc->next_expected;
    if (fresh) {
      Pdc& pdc = *live_pdc;
      pdc.pkt(p.psn).received = true;
      if (in_order) {
        while (pdc.next_expected < pdc.packets && pdc.pkt(pdc.next_expected).received) {
          if (pdc.next_expected != p.psn) --pdc.buffered;
          ++pdc.next_expected;
        }
      } else if (p.psn > pdc.next_expected) {
        ++nic.ooo_events;
        ++sum.ooo_events;
        ++pdc.buffered;
        nic.max_ooo = std::max<std::uint64_t>(nic.max_ooo, pdc.buffered);
      }
    }
    if (sc.ack_coalescing_bytes != 0) {
      if (!coalesced_ack_due(live_pdc, p, fresh, in_order)) return;
      if (live_pdc != nullptr) {  // (a finished PDC's duplicate: the ACK names only its packet)
        r.cum = live_pdc->next_expected;
        const std::uint32_t base = sack_base(p.psn, r.cum);
        for (std::uint32_t i = 0; i < 64 && base + i < live_pdc->packets; ++i) {
          if (live_pdc->pkt(base + i).received) r.sack |= std::uint64_t{1} << i;
        }
      }
    }
  }
  enqueue(net.host_up[host], std::move(r));
}

// AckCoalescingBytes: whether this data packet makes the receiver ACK now (as htsim's receiver decides):
// once the bytes taken since the last ACK reach AckCoalescingBytes, and at once for an ECN mark, a
// duplicate, the PDC's first packet, an ACK request, and when the out-of-order packets an ACK request
// found are filled in.
bool Fabric::Impl::coalesced_ack_due(Pdc* pdc, const Packet& p, bool fresh, bool in_order) {
  if (pdc == nullptr) return true;  // a duplicate of a finished PDC
  pdc->unacked_bytes += p.size;
  bool at_once = !fresh || p.ecn;
  if (fresh) {
    if (!pdc->received_any) {
      pdc->received_any = true;
      at_once = true;
    }
    if (p.ack_req) {
      pdc->ack_request = true;
      at_once = true;
    }
    if (in_order && pdc->buffered == 0 && pdc->ack_request) {
      pdc->ack_request = false;
      at_once = true;
    }
  }
  if (!at_once && pdc->unacked_bytes < sc.ack_coalescing_bytes) return false;
  pdc->unacked_bytes = 0;
  return true;
}

}  // namespace uetsim
