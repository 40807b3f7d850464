// The event loop, and the parts of it that are links, switches and failures. The NICs are in
// transport.cpp, the records in records.cpp.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "fabric_impl.hpp"
#include "uetlb/output.hpp"

namespace uetsim {
namespace {

// The process's resident memory in bytes (Linux: /proc/self/statm), 0 where it cannot be read.
std::uint64_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
}

// What a run may hold: three quarters of the machine's memory, so a run whose state keeps growing (packets
// retransmitted until a far MaxTime, their records kept) stops with a message before the machine runs out.
// UETSIM_MEMORY_LIMIT_MIB (digits only) sets a lower bound, for tests.
struct MemoryBudget {
  std::uint64_t bytes;
  const char* why;
};
const MemoryBudget& memory_budget() {
  static const MemoryBudget budget = [] {
    MemoryBudget b{static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                       static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE)) / 4 * 3,
                   "three quarters of this machine's memory"};
    if (const char* v = std::getenv("UETSIM_MEMORY_LIMIT_MIB")) {
      const std::string s(v);
      if (!s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string::npos &&
          (std::stoull(s) << 20) < b.bytes) {
        b = {std::stoull(s) << 20, "UETSIM_MEMORY_LIMIT_MIB"};
      }
    }
    return b;
  }();
  return budget;
}

}  // namespace

Fabric::Impl::Impl(const Scenario& scenario, EngineFactory engine_factory)
    : sc(scenario),
      factory(std::move(engine_factory)),
      net(sc),
      queue_rules(QueueRules::of(sc)),
      ecmp_rules(EcmpRules::of(sc)),
      loss_rng(0x9E3779B97F4A7C15ULL ^ (std::uint64_t{scenario.seed} << 17) ^ 0xD1B54A32D192ED03ULL),
      switch_rng(0x2545F4914F6CDD1DULL ^ (std::uint64_t{scenario.seed} << 23)) {
  mss = sc.lb.rdma_data_mss;
  efd_on = sc.lb.packet_spraying_type == uetlb::SprayingType::Reps && sc.lb.failure_detection_rtt_multiplier > 0;
  track_groups = efd_on || sc.retransmit_on_efd;
  window_bytes = static_cast<std::uint32_t>(std::max<double>(
      mss + uetlb::kPacketOverheadBytes,
      sc.window_bdp * static_cast<double>(sc.link_rate_bps) * static_cast<double>(sc.path_rtt_ns()) / 8e9));
  cc = CongestionControl::make(sc, mss + uetlb::kPacketOverheadBytes, window_bytes);
  build_nics();
  message_count = static_cast<std::uint32_t>(sc.messages.size());
  dependents.resize(sc.messages.size());
  for (const auto& m : sc.messages) total_packets += (m.bytes + mss - 1) / mss;
  for (std::uint32_t m = 0; m < sc.messages.size(); ++m) {
    if (sc.messages[m].after < 0) {
      start_scenario_message(m, sc.messages[m].start);
    } else {
      dependents[static_cast<std::size_t>(sc.messages[m].after)].push_back(m);
    }
  }
  for (std::uint32_t f = 0; f < sc.failures.size(); ++f) {
    schedule(sc.failures[f].at, ev::LinkFail{f});
    if (sc.failures[f].until != 0) schedule(sc.failures[f].until, ev::LinkRestore{f});
  }
  if (sc.chakra) {
    chakra = std::make_unique<ChakraRun>(
        *sc.chakra,
        [this](unsigned src, unsigned dst, std::uint64_t bytes, std::uint64_t token) {
          const auto host = [this](unsigned rank) { return sc.chakra_hosts.empty() ? rank : sc.chakra_hosts[rank]; };
          add_message(host(src), host(dst), bytes, token);
        },
        [this](TimeNs at, std::uint64_t token) { schedule(at, ev::Compute{token}); }, sc.link_rate_bps);
    chakra->start(0);
  }
}

void Fabric::Impl::start_scenario_message(std::uint32_t m, TimeNs at) {
  const Message& x = sc.messages[m];
  schedule(at, ev::MessageStart{m, x.src, x.dst, x.bytes, 0});
}

void Fabric::Impl::add_message(unsigned src, unsigned dst, std::uint64_t bytes, std::uint64_t token) {
  total_packets += (bytes + mss - 1) / mss;
  schedule(now, ev::MessageStart{message_count++, src, dst, bytes, token});
}

void Fabric::Impl::dispatch(Event& e) {
  struct Visit {
    Impl& s;
    void operator()(ev::TxDone& x) { s.tx_done(x.port); }
    void operator()(ev::Arrive& x) { s.arrive(x, std::move(x.pkt)); }
    void operator()(ev::MessageStart& x) { s.message_start(x); }
    void operator()(ev::Rto& x) { s.rto(x); }
    void operator()(ev::LinkFail& x) { s.link_fail(s.sc.failures[x.failure]); }
    void operator()(ev::Reconverge& x) { s.link_reroute(s.sc.failures[x.failure]); }
    void operator()(ev::LinkRestore& x) { s.link_restore(s.sc.failures[x.failure]); }
    void operator()(ev::EfdRetx& x) { s.efd_retransmit(x); }
    void operator()(ev::LbTick& x) { s.lb_tick(x); }
    void operator()(ev::Compute& x) { s.chakra->timer_done(x.token, s.now); }
  };
  std::visit(Visit{*this}, e.body);
}

// Asks the memory for the state the next event will read first while this one is handled: at scale, each
// event touches a NIC, port or switch that left the caches since its last event (an 8,192-rank ring spent
// most of its time waiting for them). A hint only: nothing it reads decides anything.
void Fabric::Impl::prefetch(const EventBody& next) const {
  if (const auto* a = std::get_if<ev::Arrive>(&next)) {
    const std::uint32_t id = a->to & ~ev::Arrive::kSwitch;
    if ((a->to & ev::Arrive::kSwitch) != 0) {
      __builtin_prefetch(&net.switches[id]);
    } else {
      __builtin_prefetch(&nics[id]);
      __builtin_prefetch(&nics[id].lb_time);
    }
  } else if (const auto* t = std::get_if<ev::TxDone>(&next)) {
    __builtin_prefetch(&net.ports[t->port]);
    __builtin_prefetch(&net.ports[t->port].queue);
  } else if (const auto* k = std::get_if<ev::LbTick>(&next)) {
    __builtin_prefetch(&nics[k->host]);
    __builtin_prefetch(&nics[k->host].lb_time);
  } else if (const auto* m = std::get_if<ev::MessageStart>(&next)) {
    __builtin_prefetch(&nics[m->src]);
  }
}

// ------------------------------------------------------------------------------------------------
// Links and switches.

// A packet a failed link loses: counted, and a data packet's row kept for failed-link-drops.csv.
void Fabric::Impl::failed_link_drop(const Packet& p) {
  ++sum.drops_failed_link;
  if (p.kind != Kind::Data) return;
  ++sum.drops_failed_link_data;
  failed_drops.push_back({now, p.sent_at, p.src, p.pdc, p.psn, p.ev});
}

void Fabric::Impl::enqueue(std::uint32_t port_id, Packet p) {
  Port& port = net.ports[port_id];
  if (port.failed) {
    failed_link_drop(p);
    return;
  }
  // A launched packet whose last bit went out before now leaves the queue's count first (a tie with its end
  // waits for the end-of-transmission event, as it did when every packet had one).
  port.settle(now, false);
  // (Host NIC queues are not switch queues: the rules apply at switches only.)
  if (!port.admit(std::move(p), !net.host_port(port_id), queue_rules, switch_rng, queue_counters)) return;
  if (!port.busy) {
    start(port_id);
  } else if (port.launched) {
    wake_at_end(port_id);  // the packet on the wire was launched: its end starts this one
  }
}

// Whether the port's next packet can be launched (port.hpp): nothing to decide at the end of its
// transmission. A degraded link's loss is drawn then, and EcnAt "dequeue" marks a switch's packets then. (A
// NIC's port wakes its senders then: while senders wait, its end is an event, see start.)
bool Fabric::Impl::launchable(std::uint32_t port_id) const {
  const Port& port = net.ports[port_id];
  return port.loss == 0.0 && !port.failed && (net.host_port(port_id) || !queue_rules.ecn_on_dequeue);
}

// Starts the next packet of a port that is free and has one queued: launched, its arrival scheduled now (two
// events a hop become one while nothing waits behind it), else sent, with an end-of-transmission event.
void Fabric::Impl::start(std::uint32_t port_id) {
  Port& port = net.ports[port_id];
  if (!launchable(port_id)) {
    schedule(now + port.start_tx(), ev::TxDone{port_id});
    return;
  }
  Packet p = port.launch(now);
  ++sum.packet_hops;
  const TimeNs at = port.busy_until + port.delay;
  schedule(at, arrival(port_id, std::move(p)));
  if (port.has_queued() || (net.host_port(port_id) && !nics[port_id].waiting.empty())) wake_at_end(port_id);
}

// An end-of-transmission event for the launched packet on the wire: packets or a NIC's senders wait for it.
void Fabric::Impl::wake_at_end(std::uint32_t port_id) {
  Port& port = net.ports[port_id];
  if (port.wake) return;
  port.wake = true;
  schedule(port.busy_until, ev::TxDone{port_id});
}

void Fabric::Impl::tx_done(std::uint32_t port_id) {
  Port& port = net.ports[port_id];
  if (port.launched) {  // the end of a launched packet, with packets or senders waiting behind it
    port.wake = false;
    port.settle(now, true);
    if (port.has_queued()) start(port_id);
    if (net.host_port(port_id)) wake_senders(port_id);
    return;
  }
  Packet p = port.finish_tx(!net.host_port(port_id), queue_rules, switch_rng, queue_counters);
  ++sum.packet_hops;
  const bool lost = port.loss > 0.0 && loss_rng.next() < port.loss;  // a degraded link loses it
  if (lost) ++sum.drops_lossy_link;
  if (!port.failed && !lost) {
    schedule(now + port.delay, arrival(port_id, std::move(p)));
  } else if (port.failed) {
    failed_link_drop(p);  // the link failed while the packet was on it
  }
  if (port.has_queued()) start(port_id);
  if (net.host_port(port_id)) wake_senders(port_id);  // a NIC's port has room again
}

// ECMP over the switch's up ports that routing still uses and that can deliver to the destination.
std::uint32_t Fabric::Impl::pick_up(std::uint32_t sw_id, const Packet& p) {
  Switch& sw = net.switches[sw_id];
  net.members_towards(sw_id, p.dst, members);
  const FlowTuple t{ip_of(p.src), ip_of(p.dst), p.ev, kUetPort};
  const auto dpr_down = [&](std::uint32_t member) {  // the member's link, or its next towards p.dst, is down
    const Port& up = net.ports[sw.up[member]];
    const std::uint32_t next_down = net.switches[up.to_id].down_port(p.dst);
    return up.failed || (next_down != kNoPort && net.ports[next_down].failed);
  };
  return sw.up[sw.choose(members, t, p.size, now, ecmp_rules, dpr_down)];
}

ev::Arrive Fabric::Impl::arrival(std::uint32_t port_id, Packet p) const {
  const Port& port = net.ports[port_id];
  return ev::Arrive{port.to_id | (port.to_kind == NodeKind::Switch ? ev::Arrive::kSwitch : 0U), port_id, std::move(p)};
}

void Fabric::Impl::arrive(const ev::Arrive& a, Packet p) {
  if (!doomed.empty()) {  // (only while a link failure has caught a launched packet on its wire)
    const auto it = std::find(doomed.begin(), doomed.end(), std::make_pair(a.port, now));
    if (it != doomed.end()) {  // launched, and the link was failed when its last bit went out
      doomed.erase(it);
      failed_link_drop(p);
      return;
    }
  }
  const std::uint32_t id = a.to & ~ev::Arrive::kSwitch;
  if ((a.to & ev::Arrive::kSwitch) == 0) {
    host_receive(id, std::move(p));
    return;
  }
  const std::uint32_t down = net.switches[id].down_port(p.dst);
  enqueue(down != kNoPort ? down : pick_up(id, p), std::move(p));
}

// A failure begins: a degraded link slows or loses (routing does not notice); a failed one drops
// everything, and routing moves off it after the reconvergence time.
void Fabric::Impl::link_fail(const LinkFailure& f) {
  if (f.degraded) {
    net.degrade(f, sc.scale_degraded_queues);
    return;
  }
  net.fail(f);
  // A launched packet on the failed link's wire is lost if the link is still failed when its last bit
  // goes out (a restore before then takes that back).
  for (std::uint32_t port_id : net.link_ports(f)) {
    const Port& port = net.ports[port_id];
    if (port.launched_on_wire(now)) doomed.emplace_back(port_id, port.busy_until + port.delay);
  }
  schedule(now + sc.reconvergence_ns, ev::Reconverge{static_cast<std::uint32_t>(&f - sc.failures.data())});
}

void Fabric::Impl::link_reroute(const LinkFailure& f) {
  if (f.until == 0 || now < f.until) net.reroute(f);  // (a link whole again before routing noticed stays routed)
}

void Fabric::Impl::link_restore(const LinkFailure& f) {
  net.restore(f);
  for (std::uint32_t port_id : net.link_ports(f)) {
    const Port& port = net.ports[port_id];
    if (port.launched_on_wire(now)) {
      const auto it = std::find(doomed.begin(), doomed.end(), std::make_pair(port_id, port.busy_until + port.delay));
      if (it != doomed.end()) doomed.erase(it);
    }
  }
}

// ------------------------------------------------------------------------------------------------
// The run.

Fabric::Fabric(const Scenario& scenario, EngineFactory factory)
    : impl_(std::make_unique<Impl>(scenario, std::move(factory))) {}

Fabric::~Fabric() = default;

void Fabric::set_monitor(bool on) {
  impl_->monitor_on = on;
}

RunSummary Fabric::run(std::ostream* progress) {
  Impl& s = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  auto last_report = t0;
  bool reported = false;  // a progress line is on the terminal (it ends with a newline)
  while (!s.events.empty()) {
    if (s.events.top_time() > s.sc.max_time_ns) {
      s.sum.stopped_at_max_time = true;
      break;
    }
    Event e = s.events.pop();
    if (const EventBody* next = s.events.peek()) s.prefetch(*next);
    s.now = e.time;
    ++s.sum.events;
    s.dispatch(e);
    if ((s.sum.events & 0x3FFFF) == 0) {
      const std::uint64_t held = resident_bytes();
      if (held > memory_budget().bytes) {
        std::ostringstream m;
        m << "the run holds " << (held >> 20) << " MiB at t = " << s.now / 1000 << " us, more than the "
          << (memory_budget().bytes >> 20) << " MiB it may (" << memory_budget().why << "): its packets are "
          << "still being sent and their state and records kept (" << s.sum.completed << " of " << s.message_count
          << " messages complete); a nearer MaxTime or --no-monitor holds less";
        throw std::runtime_error(m.str());
      }
    }
    if (progress && (s.sum.events & 0xFFFF) == 0) {
      const auto t = std::chrono::steady_clock::now();
      if (t - last_report > std::chrono::seconds(1)) {
        // The fraction of data packets acknowledged, and the time left at the rate so far.
        const double done = s.total_packets ? static_cast<double>(s.acked_packets) / s.total_packets : 0.0;
        const double elapsed = std::chrono::duration<double>(t - t0).count();
        std::ostringstream line;
        line << "\r  " << uetlb::to_string(s.sc.lb.packet_spraying_type) << ": " << std::fixed << std::setprecision(1)
             << 100.0 * done << " % of packets acknowledged, " << s.sum.completed << "/" << s.message_count
             << " messages, t = " << s.now / 1000 << " us, " << std::setprecision(0) << elapsed << " s elapsed";
        if (done > 0.01) line << ", about " << elapsed * (1.0 - done) / done << " s left";
        *progress << line.str() << "   " << std::flush;
        last_report = t;
        reported = true;
      }
    }
    if (s.chakra ? s.chakra->done() : (s.sum.completed == s.message_count && s.sum.completed > 0)) break;
  }
  if (reported) *progress << "\n";
  s.summarize();
  s.sum.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s.sum;
}

}  // namespace uetsim
