// The fabric's parts on their own: a port's queue rules, a switch's ECMP choice, the network's topology
// and routing, and the congestion-control windows. The event queue is tested in test_events.cpp.
#include <catch2/catch.hpp>
#include <set>

#include "uetsim/congestion.hpp"
#include "uetsim/network.hpp"

using namespace uetsim;

namespace {

Packet data(std::uint32_t size, std::uint32_t psn = 0) {
  Packet p;
  p.kind = Kind::Data;
  p.size = size;
  p.psn = psn;
  return p;
}

QueueRules rules(std::uint64_t trim, std::uint64_t drop, std::uint64_t ecn, std::uint64_t ecn_max = 0) {
  QueueRules r;
  r.trim_bytes = trim;
  r.queue_bytes = drop;
  r.ecn_bytes = ecn;
  r.ecn_max_bytes = ecn_max;
  r.control_bytes = drop;  // (the product profile's: as large as the data queue)
  return r;
}

Packet control(Kind kind, std::uint32_t psn) {
  Packet p;
  p.kind = kind;
  p.size = kHeaderBytes;
  p.psn = psn;
  return p;
}

}  // namespace

TEST_CASE("sim port: trims above TrimBytes, drops above QueueBytes, marks above EcnBytes", "[sim][parts]") {
  Port port;
  port.last_hop = true;
  UnitRng rng(1);
  QueueCounters n;
  const QueueRules r = rules(3000, 5000, 1000);
  REQUIRE(port.admit(data(1000, 0), true, r, rng, n));  // depth 0: no mark
  REQUIRE(port.admit(data(1000, 1), true, r, rng, n));  // depth 1000: not above EcnBytes
  REQUIRE(port.admit(data(1000, 2), true, r, rng, n));  // depth 2000: marked
  REQUIRE(port.queue.back().ecn);
  REQUIRE_FALSE(port.queue[1].ecn);
  REQUIRE(n.ecn_marks == 1);
  // 3000 + 1000 > TrimBytes: the arriving packet is trimmed to its header, into the control queue.
  REQUIRE(port.admit(data(1000, 3), true, r, rng, n));
  REQUIRE(n.trims == 1);
  REQUIRE(port.control.size() == 1);
  REQUIRE((port.control.front().trimmed && port.control.front().size == kHeaderBytes && port.control.front().last_hop));
  REQUIRE(port.queued_bytes == 3000);
  // Control is served first.
  port.start_tx();
  REQUIRE(port.tx_control);
  REQUIRE(port.finish_tx(true, r, rng, n).psn == 3);
  REQUIRE_FALSE(port.busy);
  port.start_tx();
  REQUIRE_FALSE(port.tx_control);
  REQUIRE(port.finish_tx(true, r, rng, n).psn == 0);
  REQUIRE(port.queued_bytes == 2000);
  // Drop-tail: without PriorityControl a trimmed header queues with data and counts towards QueueBytes.
  Port full;
  QueueRules nr = rules(100000, 2500, 100000);
  nr.priority_control = false;
  REQUIRE(full.admit(data(1200), true, nr, rng, n));
  REQUIRE(full.admit(data(1200), true, nr, rng, n));
  REQUIRE_FALSE(full.admit(data(1200), true, nr, rng, n));
  REQUIRE(n.drops_queue == 1);
  // A host's port (a NIC's) applies none of it.
  Port nic;
  for (int i = 0; i < 10; ++i) REQUIRE(nic.admit(data(1000), false, r, rng, n));
  REQUIRE((nic.queue.size() == 10 && n.drops_queue == 1 && n.trims == 1));
}

TEST_CASE("sim port: a launched packet leaves the queue's count when its last bit is out", "[sim][parts]") {
  Port port;
  port.rate_bps = 8'000'000'000;  // a byte a nanosecond
  UnitRng rng(1);
  QueueCounters n;
  const QueueRules r = rules(100000, 100000, 100000);
  REQUIRE(port.admit(data(1000, 0), true, r, rng, n));
  REQUIRE(port.admit(data(500, 1), true, r, rng, n));
  const Packet p = port.launch(100);
  REQUIRE((p.psn == 0 && port.busy && port.launched && port.busy_until == 1100));
  REQUIRE((port.queue.size() == 1 && port.queued_bytes == 1500));  // counted until its last bit is out
  // Before its end, and at its end from anything but its own end-of-transmission event: still busy.
  REQUIRE_FALSE(port.settle(1099, true));
  REQUIRE_FALSE(port.settle(1100, false));
  REQUIRE(port.queued_bytes == 1500);
  REQUIRE(port.settle(1100, true));
  REQUIRE((!port.busy && !port.launched && port.queued_bytes == 500));
  // Settled lazily: the next use after its end.
  port.launch(2000);
  REQUIRE(port.settle(2501, false));
  REQUIRE((port.queued_bytes == 0 && port.packets == 2 && port.bytes == 1500));
}

TEST_CASE("sim port: an ECN ramp marks in proportion, degraded thresholds scale, TrimVictim either, EcnAt",
          "[sim][parts]") {
  UnitRng rng(42);
  QueueCounters n;
  // Ramp from 1000 to 3000 bytes: at a depth of 2500 a quarter unmarked.
  const QueueRules r = rules(1'000'000, 2'000'000, 1000, 3000);
  int marked = 0;
  const int trials = 4000;
  for (int i = 0; i < trials; ++i) {
    Port port;
    port.queue.push_back(data(2500));
    port.queued_bytes = 2500;
    REQUIRE(port.admit(data(100), true, r, rng, n));
    marked += port.queue.back().ecn ? 1 : 0;
  }
  REQUIRE(marked == Approx(0.75 * trials).epsilon(0.05));
  // Scale 0.5: the trim threshold 3000 acts at 1500.
  Port slow;
  slow.scale = 0.5;
  const QueueRules t = rules(3000, 5000, 100000);
  REQUIRE(slow.admit(data(1000), true, t, rng, n));
  REQUIRE(slow.admit(data(1000), true, t, rng, n));
  REQUIRE(slow.control.size() == 1);
  // TrimVictim either: over many tries, about half trim the last queued packet instead of the arriving one.
  QueueRules e = rules(2000, 100000, 100000);
  e.trim_either = true;
  int victim_queued = 0;
  for (int i = 0; i < trials; ++i) {
    Port port;
    REQUIRE(port.admit(data(1000, 1), true, e, rng, n));
    REQUIRE(port.admit(data(1000, 2), true, e, rng, n));
    REQUIRE(port.admit(data(1000, 3), true, e, rng, n));
    REQUIRE(port.control.size() == 1);
    victim_queued += port.control.front().psn == 2 ? 1 : 0;
  }
  REQUIRE(victim_queued == Approx(0.5 * trials).epsilon(0.06));
  // EcnAt dequeue: nothing is marked as it joins; a data packet leaving is marked at the depth behind it.
  QueueRules d = rules(1'000'000, 2'000'000, 1500);
  d.ecn_on_dequeue = true;
  Port deq;
  const std::uint64_t marks = n.ecn_marks;
  for (std::uint32_t i = 0; i < 4; ++i) REQUIRE(deq.admit(data(1000, i), true, d, rng, n));
  REQUIRE(n.ecn_marks == marks);
  std::vector<bool> leaving;
  for (int i = 0; i < 4; ++i) {
    deq.start_tx();
    leaving.push_back(deq.finish_tx(true, d, rng, n).ecn);
  }
  REQUIRE(leaving == std::vector<bool>{true, true, false, false});  // 3000, 2000 behind: marked; 1000, 0: not
  REQUIRE(n.ecn_marks == marks + 2);
  Port nic_deq;  // a host's port marks nothing
  REQUIRE(nic_deq.admit(data(1000), false, d, rng, n));
  REQUIRE(nic_deq.admit(data(1000), false, d, rng, n));
  nic_deq.start_tx();
  REQUIRE_FALSE(nic_deq.finish_tx(false, d, rng, n).ecn);
}

TEST_CASE("sim port: a full data queue still admits and sends control first, a full control queue drops",
          "[sim][parts]") {
  Port port;
  port.rate_bps = 8'000'000'000;  // a byte a nanosecond
  UnitRng rng(1);
  QueueCounters n;
  QueueRules r = rules(3000, 3000, 100000);  // trims when full (TrimBytes = QueueBytes), as htsim's queues
  r.control_bytes = 3 * kHeaderBytes;
  for (std::uint32_t psn = 0; psn < 3; ++psn) REQUIRE(port.admit(data(1000, psn), true, r, rng, n));
  REQUIRE(port.queued_bytes == 3000);  // the data queue is full
  // A trimmed header, an ACK and a NACK still join: the control queue has a limit of its own.
  REQUIRE(port.admit(data(1000, 3), true, r, rng, n));
  REQUIRE(port.admit(control(Kind::Ack, 10), true, r, rng, n));
  REQUIRE(port.admit(control(Kind::Nack, 11), true, r, rng, n));
  REQUIRE((n.trims == 1 && n.drops_queue == 0 && n.drops_control == 0));
  REQUIRE((port.control.size() == 3 && port.control_bytes == 3 * kHeaderBytes && port.queued_bytes == 3000));
  // The control queue full: an ACK, and a data packet trimmed into it, are dropped and counted as control
  // drops, apart from data drops.
  REQUIRE_FALSE(port.admit(control(Kind::Ack, 12), true, r, rng, n));
  REQUIRE_FALSE(port.admit(data(1000, 4), true, r, rng, n));
  REQUIRE((n.trims == 2 && n.drops_control == 2 && n.drops_queue == 0));
  // A data packet beyond a full data queue that is not trimmed (TrimBytes above QueueBytes) is a data drop.
  QueueRules no_trim = r;
  no_trim.trim_bytes = 1'000'000;
  REQUIRE_FALSE(port.admit(data(1000, 5), true, no_trim, rng, n));
  REQUIRE((n.drops_queue == 1 && n.drops_control == 2));
  // Sent: the header, the ACK and the NACK before the waiting data. A packet on the wire (sent, or
  // launched until its last bit is out) still counts in its queue's bytes.
  port.start_tx();
  REQUIRE(port.tx_control);
  const Packet header = port.finish_tx(true, r, rng, n);
  REQUIRE((header.psn == 3 && header.trimmed && port.control_bytes == 2 * kHeaderBytes));
  const Packet ack = port.launch(1000);
  REQUIRE((ack.kind == Kind::Ack && ack.psn == 10 && port.control_bytes == 2 * kHeaderBytes));
  REQUIRE(port.settle(1000 + kHeaderBytes + 1, false));
  REQUIRE(port.control_bytes == kHeaderBytes);
  const Packet nack = port.launch(2000);
  REQUIRE((nack.kind == Kind::Nack && nack.psn == 11));
  REQUIRE(port.settle(3000, false));
  REQUIRE((port.control_bytes == 0 && port.control.empty() && port.queued_bytes == 3000));
  for (std::uint32_t psn = 0; psn < 3; ++psn) {
    port.start_tx();
    REQUIRE_FALSE(port.tx_control);
    REQUIRE(port.finish_tx(true, r, rng, n).psn == psn);
  }
  REQUIRE((port.queued_bytes == 0 && port.packets == 6));
  // A degraded port's control queue scales with it: a quarter of 3 headers holds none.
  Port slow;
  slow.scale = 0.25;
  REQUIRE_FALSE(slow.admit(control(Kind::Ack, 0), true, r, rng, n));
  REQUIRE(n.drops_control == 3);
  // A host's port (a NIC's) has no limit on either queue.
  Port nic;
  for (std::uint32_t i = 0; i < 10; ++i) REQUIRE(nic.admit(control(Kind::Ack, i), false, r, rng, n));
  REQUIRE((nic.control.size() == 10 && n.drops_control == 3));
}

TEST_CASE("sim switch: ECMP members by hash, dprWithFallback, flowlets, counted", "[sim][parts]") {
  Switch sw;
  sw.up = {10, 11, 12, 13};
  sw.salt = 99;
  sw.member_packets.assign(4, 0);
  sw.member_bytes.assign(4, 0);
  const std::vector<std::uint32_t> all = {0, 1, 2, 3}, three = {0, 2, 3};
  const auto never = [](std::uint32_t) { return false; };
  EcmpRules r;
  r.method = HashMethod::Crc32WithSalt;
  for (std::uint16_t port = 1000; port < 1064; ++port) {
    const FlowTuple t{1, 2, port, kUetPort};
    REQUIRE(sw.choose(all, t, 100, 0, r, never) == all[flow_hash(r.method, t, 99) % 4]);
    REQUIRE(sw.choose(three, t, 100, 0, r, never) == three[flow_hash(r.method, t, 99) % 3]);
  }
  REQUIRE(sw.member_packets[1] > 0);
  std::uint64_t total = 0;
  for (auto b : sw.member_bytes) total += b;
  REQUIRE(total == 128 * 100);
  // dprWithFallback: one member per destination; when it is down, crc32WithSalt picks.
  r.method = HashMethod::DprWithFallback;
  const FlowTuple t{1, 2, 1000, kUetPort};
  const std::uint32_t d = sw.choose(all, t, 1, 0, r, never);
  REQUIRE(sw.choose(all, FlowTuple{1, 2, 2000, kUetPort}, 1, 0, r, never) == d);
  const auto d_down = [d](std::uint32_t m) { return m == d; };
  REQUIRE(sw.choose(all, t, 1, 0, r, d_down) == all[flow_hash(HashMethod::Crc32WithSalt, t, 99) % 4]);
  // Flowlets: a flow keeps its member inside the gap whatever the hash would say; after a gap it may move.
  Switch fl = sw;
  EcmpRules f;
  f.flowlet = true;
  f.flowlet_gap_ns = 1000;
  std::set<std::uint32_t> after_gaps;
  const std::uint32_t first = fl.choose(all, t, 1, 0, f, never);
  for (TimeNs now = 500; now < 5000; now += 500) REQUIRE(fl.choose(all, t, 1, now, f, never) == first);
  for (TimeNs now = 10'000; now < 10'000 + 64 * 2000; now += 2000)
    after_gaps.insert(fl.choose(all, t, 1, now, f, never));
  REQUIRE(after_gaps.size() > 1);
}

TEST_CASE("sim switch: down routes as host ranges, adjacent ones on one port merged", "[sim][parts]") {
  Switch sw;
  sw.add_down(0, 2, 5);
  sw.add_down(2, 4, 5);
  sw.add_down(8, 10, 6);
  sw.add_down(10, 11, 7);
  REQUIRE(sw.down.size() == 3);
  REQUIRE(sw.down_port(0) == 5);
  REQUIRE(sw.down_port(3) == 5);
  REQUIRE(sw.down_port(4) == kNoPort);
  REQUIRE(sw.down_port(7) == kNoPort);
  REQUIRE(sw.down_port(9) == 6);
  REQUIRE(sw.down_port(10) == 7);
  REQUIRE(sw.down_port(11) == kNoPort);
  REQUIRE(sw.has_down_port(6));
  REQUIRE_FALSE(sw.has_down_port(4));
  REQUIRE(Switch{}.down_port(0) == kNoPort);
}

TEST_CASE("sim network: topologies, routing around a failed link, one-way and restored links", "[sim][parts]") {
  Scenario ls;
  ls.leaves = 3;
  ls.spines = 2;
  ls.hosts_per_leaf = 2;
  Network a(ls);
  REQUIRE(a.switches.size() == 5);
  REQUIRE(a.host_up.size() == 6);
  REQUIRE(a.ports.size() == 6 + 6 + 3 * 2 + 2 * 3);  // NIC ports, leaf downs, leaf ups, spine downs
  for (std::uint32_t h = 0; h < 6; ++h) {
    REQUIRE(a.host_port(a.host_up[h]));
    REQUIRE(a.switches[h / 2].down_port(h) != kNoPort);
  }
  Scenario ft;
  ft.topology = "fat-tree";
  ft.k = 4;
  Network b(ft);
  // What counts() says without building (the memory estimate) is what the builders make.
  for (const Network* net : {&a, &b}) {
    const Network::Counts c = Network::counts(net == &a ? ls : ft);
    REQUIRE(c.ports == net->ports.size());
    REQUIRE(c.switches == net->switches.size());
    std::set<std::uint32_t> last;
    for (std::uint32_t h : net->host_up) last.insert(net->ports[h].to_id);
    REQUIRE(c.last_switches == last.size());
  }
  REQUIRE(b.switches.size() == 8 + 8 + 4);
  REQUIRE(b.host_up.size() == 16);
  std::vector<std::uint32_t> m;
  const std::uint32_t agg00 = b.switch_id("agg0.0");
  b.members_towards(agg00, 15, m);
  REQUIRE(m == std::vector<std::uint32_t>{0, 1});
  // agg0.0 - core0 fails, then routing moves off it: agg0.0 reaches pod 3 through core1 only.
  const LinkFailure f{"agg0.0", "core0", 0};
  REQUIRE(b.link_ports(f).size() == 2);
  b.fail(f);
  for (auto p : b.link_ports(f)) REQUIRE(b.ports[p].failed);
  b.members_towards(agg00, 15, m);
  REQUIRE(m.size() == 2);  // (routing has not noticed yet)
  b.reroute(f);
  b.members_towards(agg00, 15, m);
  REQUIRE(m == std::vector<std::uint32_t>{1});
  REQUIRE(b.reaches(agg00, 15));
  b.restore(f);
  b.members_towards(agg00, 15, m);
  REQUIRE(m.size() == 2);
  // Both of agg0.0's up links routed around: it cannot reach pod 3, so edge0.0 sends there by agg0.1 only,
  // and still by both to its own pod.
  const LinkFailure g{"agg0.0", "core1", 0};
  b.fail(f);
  b.fail(g);
  b.reroute(f);
  b.reroute(g);
  REQUIRE_FALSE(b.reaches(agg00, 15));
  REQUIRE(b.reaches(agg00, 2));
  const std::uint32_t edge00 = b.switch_id("edge0.0");
  b.members_towards(edge00, 15, m);
  REQUIRE(m == std::vector<std::uint32_t>{1});
  b.members_towards(edge00, 2, m);
  REQUIRE(m.size() == 2);
  b.restore(f);
  b.restore(g);
  b.members_towards(edge00, 15, m);
  REQUIRE(m.size() == 2);
  // One-way degradation: one port, slowed, its queue scaled.
  LinkFailure slow{"agg0.0", "core0", 0, 0.25};
  slow.degraded = true;
  slow.one_way = true;
  const auto ports = b.link_ports(slow);
  REQUIRE(ports.size() == 1);
  b.degrade(slow, true);
  REQUIRE(b.ports[ports[0]].rate_bps == b.ports[ports[0]].nominal_rate_bps / 4);
  REQUIRE(b.ports[ports[0]].scale == 0.25);
  REQUIRE_THROWS_WITH(b.link_ports(LinkFailure{"agg0.0", "nowhere", 0}), Catch::Contains("'nowhere' is not a switch"));
  REQUIRE_THROWS_WITH(b.link_ports(LinkFailure{"edge0.0", "core0", 0}), Catch::Contains("no link between"));
}

TEST_CASE("sim congestion control: DCTCP, NSCC and UEC NSCC windows answer marks, delay and NACKs as documented",
          "[sim][parts][cc]") {
  const double pkt = 4000, win = 40000;
  Dctcp dctcp(pkt, win);
  Window w;
  w.cwnd = win;
  for (int i = 0; i < 10; ++i) dctcp.on_ack(w, 4000, false, 0, 0, 0);  // a window unmarked: one packet more
  REQUIRE(w.cwnd == win + pkt);
  REQUIRE(w.alpha == 0.0);
  Window m;
  m.cwnd = win;
  for (int i = 0; i < 10; ++i) dctcp.on_ack(m, 4000, true, 0, 0, 0);  // all marked: alpha = 1/16, cut alpha/2
  REQUIRE(m.alpha == Approx(1.0 / 16));
  REQUIRE(m.cwnd == Approx(win * (1 - 1.0 / 32)));
  dctcp.on_nack(m, 1000, 0);
  REQUIRE(m.cwnd == Approx(win * (1 - 1.0 / 32)));

  const TimeNs base = 10'000, target = 2'000;
  Nscc nscc(pkt, win, target, 1.5);
  Window n;
  n.cwnd = win;
  nscc.on_ack(n, 4000, false, base + 100, base, 0);  // idle path: by the bytes acknowledged
  REQUIRE(n.cwnd == win + 4000);
  nscc.on_ack(n, 4000, false, base + 1000, base, 0);  // some delay: a packet per window
  REQUIRE(n.cwnd == Approx(win + 4000 + pkt * 4000 / (win + 4000)));
  const double before = n.cwnd;
  nscc.on_ack(n, 4000, true, base + 1000, base, 0);   // a mark on a short queue: hold
  nscc.on_ack(n, 4000, false, base + 3000, base, 0);  // delay without a mark: hold
  REQUIRE(n.cwnd == before);
  nscc.on_ack(n, 4000, true, base + 4000, base, 100);  // both: by (4000 - 2000) / 4000 = half
  REQUIRE(n.cwnd == Approx(before / 2));
  nscc.on_nack(n, base, 100 + base - 1);  // within a base RTT of the last decrease: none
  REQUIRE(n.cwnd == Approx(before / 2));
  nscc.on_nack(n, base, 100 + base);  // a NACK halves
  REQUIRE(n.cwnd == Approx(before / 4));
  for (int i = 0; i < 100; ++i) nscc.on_ack(n, 4000, false, base, base, 0);
  REQUIRE(n.cwnd == 1.5 * win);  // capped
  // NSCC (UEC), s = 1 (a 150,000-byte BDP), target 9 us (b = 0.75): alpha = 4 x 4150 x 0.75 / 9000 bytes per
  // ns, fi = 5 x 4150, eta = 0.15 x 4150, fast increase a quarter of the bytes; window at most 225,000.
  const double p = 4150, alpha = 4 * p * 0.75 / 9000, fi = 5 * p, eta = 0.15 * p;
  NsccUec uec(p, 150'000, 9'000, 1.5);
  const TimeNs rtt0 = 12'000;
  Window f;  // fair increase: owed, applied once more than 8 packets of bytes are acknowledged
  f.cwnd = 100'000;
  for (int i = 0; i < 8; ++i) uec.on_ack(f, 4150, false, rtt0 + 10'000, rtt0, 0);
  REQUIRE(f.cwnd == 100'000);
  REQUIRE(f.avg_delay > 0);  // (an unmarked delay over target counts as a quarter of the base RTT)
  REQUIRE(f.avg_delay < 0.0125 * 8 * 3'000);
  uec.on_ack(f, 4150, false, rtt0 + 10'000, rtt0, 0);
  REQUIRE(f.cwnd == Approx(100'000 + 9 * fi * 4150 / 100'000));
  Window g;  // proportional increase: alpha x bytes x (target - delay)
  g.cwnd = 100'000;
  for (int i = 0; i < 9; ++i) uec.on_ack(g, 4150, false, rtt0 + 4'000, rtt0, 0);
  REQUIRE(g.cwnd == Approx(100'000 + 9 * alpha * 4150 * 5'000 / 100'000));
  Window h;  // fast increase: after a window of bytes under 1 us of delay, a quarter of each ACK's bytes at once
  h.cwnd = 30'000;
  for (int i = 0; i < 7; ++i) uec.on_ack(h, 4150, false, rtt0 + 500, rtt0, 0);  // 29,050 bytes: not yet
  REQUIRE_FALSE(h.fast);
  REQUIRE(h.cwnd == 30'000);
  uec.on_ack(h, 4150, false, rtt0 + 500, rtt0, 0);  // 33,200 > 30,000
  REQUIRE(h.fast);
  REQUIRE(h.cwnd == Approx(30'000 + 4150 * 0.25));
  uec.on_ack(h, 4150, false, rtt0 + 2'000, rtt0, 0);  // a delay over 1 us ends it
  REQUIRE_FALSE(h.fast);
  Window d;  // multiplicative decrease by the averaged delay, once per base RTT; eta once per base RTT
  d.cwnd = 100'000;
  d.avg_delay = 18'000;
  uec.on_ack(d, 4150, true, rtt0 + 20'000, rtt0, rtt0 + 1);
  const double avg = 0.0125 * 20'000 + 0.9875 * 18'000;
  REQUIRE(d.cwnd == Approx(100'000 * (1 - 0.8 * (avg - 9'000) / avg) + eta));
  const double cut = d.cwnd;
  uec.on_ack(d, 4150, true, rtt0 + 20'000, rtt0, rtt0 + 2);  // within a base RTT: no second cut
  uec.on_ack(d, 4150, true, rtt0 + 2'000, rtt0, rtt0 + 3);   // a mark on a short queue: nothing
  REQUIRE(d.cwnd == cut);
  Window e;  // at most half
  e.cwnd = 100'000;
  e.avg_delay = 1'000'000;
  uec.on_ack(e, 4150, true, rtt0 + 20'000, rtt0, rtt0 + 1);
  REQUIRE(e.cwnd == Approx(50'000 + eta));
  Window n1;  // a NACK outside quick adapt: one packet less
  n1.cwnd = 100'000;
  uec.on_nack(n1, rtt0, 0);
  REQUIRE(n1.cwnd == Approx(100'000 - p));
  // Quick adapt: a period (base RTT + target) with a NACK in it and few bytes delivered: the window
  // becomes the bytes delivered, and the marked acknowledgements of what was in flight then pass by.
  Window q;
  q.cwnd = 100'000;
  q.in_flight = 80'000;
  uec.on_ack(q, 4150, false, rtt0 + 500, rtt0, 1);  // opens the first period, to 1 + 12,000 + 9,000
  REQUIRE(q.qa_end == 21'001);
  uec.on_nack(q, rtt0, 100);  // inside the period: a packet less, and the period is marked
  REQUIRE(q.cwnd == Approx(100'000 - p));
  uec.on_ack(q, 4150, false, rtt0 + 500, rtt0, 21'000);  // still inside
  REQUIRE(q.cwnd > 90'000);
  uec.on_ack(q, 4150, false, rtt0 + 500, rtt0, 21'002);  // the period ended: 8,300 bytes delivered in it
  REQUIRE(q.cwnd == 8'300);
  q.avg_delay = 50'000;
  uec.on_ack(q, 4150, true, rtt0 + 50'000, rtt0, 40'000);  // marked, within the 80,000 bytes: passed over
  REQUIRE(q.cwnd == 8'300);
  Window big;  // a period that delivered an eighth of the maximum window or more: no quick adapt
  big.cwnd = 100'000;
  uec.on_ack(big, 4150, false, rtt0 + 500, rtt0, 1);
  uec.on_nack(big, rtt0, 100);
  for (int i = 0; i < 7; ++i) uec.on_ack(big, 4150, false, rtt0 + 500, rtt0, 200);
  uec.on_ack(big, 4150, false, rtt0 + 500, rtt0, 21'002);  // 33,200 >= 225,000 / 8
  REQUIRE(big.cwnd > 90'000);
  for (int i = 0; i < 1000; ++i) uec.on_ack(f, 4150, false, rtt0 + 10'000, rtt0, 0);
  REQUIRE(f.cwnd == 225'000);  // capped at 1.5 BDP
  Window low;
  low.cwnd = p;
  uec.on_nack(low, rtt0, 0);
  REQUIRE(low.cwnd == p);  // never under a packet
  Scenario sc;
  sc.congestion_control = "cubic";
  REQUIRE_THROWS_WITH(CongestionControl::make(sc, pkt, win), Catch::Contains("'CongestionControl'"));
}
