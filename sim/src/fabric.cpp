#include "uetsim/fabric.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <fstream>
#include <iomanip>
#include <limits>
#include <map>
#include <queue>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "uetlb/output.hpp"

namespace uetsim {

using uetlb::Choice;
using uetlb::Decision;
using uetlb::EntropyValue;
using uetlb::FeedbackKind;

namespace {

constexpr std::uint32_t kOverheadBytes = uetlb::kPacketOverheadBytes;
constexpr std::uint16_t kUetPort = 4793;

enum class Kind : std::uint8_t { Data, Ack, Nack };

struct Packet {
  Kind kind = Kind::Data;
  bool trimmed = false, last_hop = false, ecn = false, retx = false;
  std::uint32_t src = 0, dst = 0;  // hosts
  std::uint32_t size = 0;          // bytes on the wire
  std::uint32_t pdc = 0;           // sending PDC (message) index
  std::uint32_t psn = 0;
  std::uint16_t ev = 0;       // UDP source port
  std::uint16_t echo_ev = 0;  // ACK/NACK: the EV of the data packet
  TimeNs sent_at = 0;         // data: time sent (echoed in the ACK)
};

enum class NodeKind : std::uint8_t { Host, Switch };

struct Port {
  std::uint64_t rate_bps = 0;
  TimeNs delay = 0;
  NodeKind to_kind = NodeKind::Host;
  std::uint32_t to_id = 0;
  bool last_hop = false;               // a switch's port to a host
  bool failed = false;                 // the link is down (drops silently)
  std::uint64_t nominal_rate_bps = 0;  // the rate when whole (rate_bps is lower while degraded)
  double loss = 0.0;                   // degraded: probability that a packet sent on the link is lost
  double scale = 1.0;                  // degraded with ScaleDegradedQueues: the queue's thresholds times this
  bool routed = true;                  // routing still uses the link (false once it reconverged around a failure)
  std::deque<Packet> queue;            // data packets (the queue that ECN, trimming and drops look at)
  std::deque<Packet> control;          // ACKs, NACKs and trimmed headers, served first (PriorityControl)
  std::uint64_t queued_bytes = 0;
  bool tx_control = false;  // the packet being sent came from `control`
  bool busy = false;
  std::uint64_t packets = 0, bytes = 0;
};

enum class EvType : std::uint8_t {
  TxDone,
  Arrive,
  MessageStart,
  Rto,
  LinkFail,
  Reconverge,
  LinkRestore,
  EfdRetx,
  LbTick
};

struct Event {
  TimeNs time;
  std::uint64_t seq;
  EvType type;
  std::uint32_t a = 0, b = 0;  // port / node / message / pdc, psn, generation
  std::uint32_t c = 0;
  Packet pkt;
  bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

struct PacketState {
  bool acked = false, in_flight = false;
  std::uint16_t ev = 0;
  TimeNs sent_at = 0;
  std::uint32_t rto_gen = 0;
};

struct Pdc {  // one message = one PDC
  std::uint32_t msg = 0, src = 0, dst = 0, group = 0;
  std::uint16_t local_port = 0;
  std::uint32_t packets = 0, next_new = 0, acked = 0;
  std::uint64_t bytes = 0;
  std::uint64_t inflight_bytes = 0;
  double cwnd = 0;                              // congestion window, bytes
  double alpha = 0;                             // DCTCP: running fraction of ECN-marked acknowledgements
  std::uint64_t win_acked = 0, win_marked = 0;  // acknowledged / marked bytes in the current window
  TimeNs last_decrease = 0;                     // NSCC: the last multiplicative decrease (one per base RTT)
  bool decreased = false;                       // NSCC: a decrease has happened (last_decrease is valid)
  std::vector<PacketState> pkt;
  std::deque<std::uint32_t> retx;  // psns waiting to be sent again
  TimeNs start = 0, end = 0;
  bool done = false;
  bool waiting_port = false;  // in its NIC's `waiting` list
  // Receiver side.
  std::uint32_t next_expected = 0, buffered = 0;
  std::vector<bool> received;
};

struct GroupSlot {
  std::uint32_t id = 0;
  std::uint32_t messages = 0;  // this NIC's messages in flight using the group
};

struct Nic {
  std::unique_ptr<uetlb::Engine> lb;
  TimeNs base_rtt = 0;
  std::vector<std::uint32_t> free_groups;  // group numbers free for reuse, smallest first
  std::uint32_t next_group = 0;
  std::map<std::uint32_t, GroupSlot> group_of_peer;                   // PDCGroupsEnabled: peer -> group
  std::vector<std::uint32_t> in_flight_to;                            // messages in flight to each peer
  std::map<std::uint32_t, std::vector<std::uint32_t>> pdcs_of_group;  // the PDCs sending on each group
  std::deque<std::uint32_t> waiting;  // PDCs with a packet to send, waiting for room on the NIC's port
  TimeNs lb_time = 0;                 // the time of the last call into the load balancer
  // Statistics.
  std::uint64_t ooo_events = 0, max_ooo = 0, sent = 0, retx = 0, timeouts = 0, nacks = 0, acks = 0, ecn = 0;
};

struct MonitorRow {
  TimeNs time;
  std::uint32_t nic, group, psn, dst, pdc;
  bool retx;
  std::uint16_t ev;
  Decision decision;
  std::uint32_t bytes;
};

}  // namespace

struct Fabric::Impl {
  Scenario sc;
  EngineFactory factory;
  std::vector<Port> ports;
  static constexpr std::uint32_t kNoPort = 0xffffffffU;
  struct FlowletEntry {
    std::uint32_t member;
    TimeNs last;
  };
  // A switch forwards down when it has a port towards the destination host, else up over ECMP.
  struct Switch {
    std::string name;
    std::vector<std::uint32_t> up;    // up ports: the ECMP set's members, in order
    std::vector<std::uint32_t> down;  // by host: the port towards it, or kNoPort
    std::uint32_t salt = 0;
    std::vector<std::uint64_t> member_packets, member_bytes;
    std::unordered_map<std::uint64_t, FlowletEntry> flowlets;
  };
  std::vector<std::uint32_t> host_up;  // by host: its NIC's port to its first switch
  std::vector<Switch> switches;
  std::vector<std::vector<char>> reach;                // [switch][host]: routing can deliver from here
  std::vector<std::vector<std::uint32_t>> dependents;  // by message: messages that start when it completes
  std::vector<Nic> nics;
  std::vector<Pdc> pdcs;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  std::uint64_t seq = 0;
  TimeNs now = 0;
  std::uint32_t window_bytes = 0;
  std::uint32_t mss = 0;
  bool monitor_on = false;
  bool efd_on = false;           // REPS with early failure detection: the load balancers' timers are ticked
  std::uint64_t loss_rng = 0;    // degraded links' losses
  std::uint64_t switch_rng = 0;  // the switches' random choices (ECN ramp, trim victim)
  std::vector<MonitorRow> monitor;
  RunSummary sum;
  std::uint64_t acked_packets = 0, total_packets = 0;  // for the progress line

  static std::uint32_t ip_of(std::uint32_t host) { return 0x0A000000U + host; }

  void push(Event e) {
    e.seq = seq++;
    events.push(std::move(e));
  }

  void schedule(TimeNs at, EvType type, std::uint32_t a, std::uint32_t b = 0, std::uint32_t c = 0) {
    Event e{};
    e.time = at;
    e.type = type;
    e.a = a;
    e.b = b;
    e.c = c;
    push(std::move(e));
  }

  std::uint32_t add_port(std::uint64_t rate, NodeKind to_kind, std::uint32_t to_id, bool last_hop) {
    Port p;
    p.rate_bps = rate;
    p.nominal_rate_bps = rate;
    p.delay = sc.link_delay_ns;
    p.to_kind = to_kind;
    p.to_id = to_id;
    p.last_hop = last_hop;
    ports.push_back(std::move(p));
    return static_cast<std::uint32_t>(ports.size() - 1);
  }

  std::uint32_t add_switch(const std::string& name) {
    Switch sw;
    sw.name = name;
    sw.down.assign(sc.hosts(), kNoPort);
    // Each switch's salt: deterministic from its id and the run seed.
    const auto id = static_cast<std::uint32_t>(switches.size());
    std::uint8_t b[8] = {static_cast<std::uint8_t>(id),
                         static_cast<std::uint8_t>(id >> 8),
                         0x5A,
                         static_cast<std::uint8_t>(sc.seed),
                         static_cast<std::uint8_t>(sc.seed >> 8),
                         static_cast<std::uint8_t>(sc.seed >> 16),
                         static_cast<std::uint8_t>(sc.seed >> 24),
                         0xA5};
    sw.salt = crc32(b, sizeof b);
    switches.push_back(std::move(sw));
    return id;
  }

  void add_up(std::uint32_t from, std::uint32_t to, std::uint64_t rate) {
    switches[from].up.push_back(add_port(rate, NodeKind::Switch, to, false));
  }

  void build_leaf_spine() {
    const unsigned n = sc.hosts();
    const std::uint64_t up_rate = static_cast<std::uint64_t>(static_cast<double>(sc.link_rate_bps) * sc.hosts_per_leaf /
                                                             sc.spines / sc.oversubscription);
    for (unsigned l = 0; l < sc.leaves; ++l) add_switch("leaf" + std::to_string(l));
    for (unsigned sp = 0; sp < sc.spines; ++sp) add_switch("spine" + std::to_string(sp));
    for (unsigned h = 0; h < n; ++h)
      host_up.push_back(add_port(sc.link_rate_bps, NodeKind::Switch, h / sc.hosts_per_leaf, false));
    for (unsigned h = 0; h < n; ++h)
      switches[h / sc.hosts_per_leaf].down[h] = add_port(sc.link_rate_bps, NodeKind::Host, h, true);
    for (unsigned l = 0; l < sc.leaves; ++l) {
      for (unsigned sp = 0; sp < sc.spines; ++sp) add_up(l, sc.leaves + sp, up_rate);
    }
    for (unsigned sp = 0; sp < sc.spines; ++sp) {
      for (unsigned l = 0; l < sc.leaves; ++l) {
        const std::uint32_t port = add_port(up_rate, NodeKind::Switch, l, false);
        for (unsigned h = l * sc.hosts_per_leaf; h < (l + 1) * sc.hosts_per_leaf; ++h)
          switches[sc.leaves + sp].down[h] = port;
      }
    }
  }

  // k-ary fat tree: k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores, k/2 hosts per edge.
  void build_fat_tree() {
    const unsigned k = sc.k, half = k / 2, n = sc.hosts(), per_pod = half * half;
    const std::uint64_t r = sc.link_rate_bps;
    for (unsigned p = 0; p < k; ++p) {
      for (unsigned i = 0; i < half; ++i) add_switch("edge" + std::to_string(p) + "." + std::to_string(i));
    }
    const std::uint32_t agg0 = static_cast<std::uint32_t>(switches.size());
    for (unsigned p = 0; p < k; ++p) {
      for (unsigned j = 0; j < half; ++j) add_switch("agg" + std::to_string(p) + "." + std::to_string(j));
    }
    const std::uint32_t core0 = static_cast<std::uint32_t>(switches.size());
    for (unsigned c = 0; c < half * half; ++c) add_switch("core" + std::to_string(c));
    auto edge_of = [&](unsigned h) { return h / half; };  // edges are numbered pod-major
    for (unsigned h = 0; h < n; ++h) host_up.push_back(add_port(r, NodeKind::Switch, edge_of(h), false));
    for (unsigned h = 0; h < n; ++h) switches[edge_of(h)].down[h] = add_port(r, NodeKind::Host, h, true);
    for (unsigned p = 0; p < k; ++p) {
      for (unsigned i = 0; i < half; ++i) {
        const std::uint32_t e = p * half + i;
        for (unsigned j = 0; j < half; ++j) add_up(e, agg0 + p * half + j, r);
      }
      for (unsigned j = 0; j < half; ++j) {
        const std::uint32_t a = agg0 + p * half + j;
        for (unsigned i = 0; i < half; ++i) {  // down to the pod's edges
          const std::uint32_t port = add_port(r, NodeKind::Switch, p * half + i, false);
          for (unsigned h = (p * half + i) * half; h < (p * half + i + 1) * half; ++h) switches[a].down[h] = port;
        }
        for (unsigned m = 0; m < half; ++m) add_up(a, core0 + j * half + m, r);
      }
    }
    for (unsigned c = 0; c < half * half; ++c) {
      const unsigned j = c / half;  // the aggregation index this core connects to in every pod
      for (unsigned p = 0; p < k; ++p) {
        const std::uint32_t port = add_port(r, NodeKind::Switch, agg0 + p * half + j, false);
        for (unsigned h = p * per_pod; h < (p + 1) * per_pod; ++h) switches[core0 + c].down[h] = port;
      }
    }
  }

  bool can_reach(std::uint32_t sw, std::uint32_t host, std::vector<std::vector<char>>& memo) {
    char& m = memo[sw][host];
    if (m != 2) return m == 1;
    const Switch& x = switches[sw];
    bool ok = false;
    if (x.down[host] != kNoPort) {
      const Port& p = ports[x.down[host]];
      ok = p.routed && (p.to_kind == NodeKind::Host || can_reach(p.to_id, host, memo));
    } else {
      for (std::uint32_t up : x.up) {
        if (ports[up].routed && can_reach(ports[up].to_id, host, memo)) {
          ok = true;
          break;
        }
      }
    }
    m = ok ? 1 : 0;
    return ok;
  }

  void compute_reach() {
    std::vector<std::vector<char>> memo(switches.size(), std::vector<char>(sc.hosts(), 2));
    for (std::uint32_t sw = 0; sw < switches.size(); ++sw) {
      for (std::uint32_t h = 0; h < sc.hosts(); ++h) can_reach(sw, h, memo);
    }
    reach = std::move(memo);
  }

  std::uint32_t switch_id(const std::string& name) const {
    for (std::uint32_t i = 0; i < switches.size(); ++i) {
      if (switches[i].name == name) return i;
    }
    throw uetlb::ConfigError("scenario key 'LinkFailures': '" + name + "' is not a switch of this fabric");
  }

  // The ports of the link between two switches, both directions.
  std::vector<std::uint32_t> link_ports(const LinkFailure& f) const {
    const std::uint32_t a = switch_id(f.a), b = switch_id(f.b);
    auto owns = [&](std::uint32_t sw, std::uint32_t port) {
      const Switch& x = switches[sw];
      return std::find(x.up.begin(), x.up.end(), port) != x.up.end() ||
             std::find(x.down.begin(), x.down.end(), port) != x.down.end();
    };
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < ports.size(); ++i) {
      if (ports[i].to_kind != NodeKind::Switch) continue;
      if ((ports[i].to_id == b && owns(a, i)) || (!f.one_way && ports[i].to_id == a && owns(b, i))) out.push_back(i);
    }
    if (out.empty()) throw uetlb::ConfigError("scenario key 'LinkFailures': no link between " + f.a + " and " + f.b);
    return out;
  }

  void build() {
    const unsigned n = sc.hosts();
    if (sc.topology == "fat-tree") {
      build_fat_tree();
    } else {
      build_leaf_spine();
    }
    for (auto& sw : switches) {
      sw.member_packets.assign(sw.up.size(), 0);
      sw.member_bytes.assign(sw.up.size(), 0);
    }
    compute_reach();
    for (const auto& f : sc.failures) link_ports(f);  // refuse unknown links before the run
    mss = sc.lb.rdma_data_mss;
    efd_on = sc.lb.packet_spraying_type == uetlb::SprayingType::Reps && sc.lb.failure_detection_rtt_multiplier > 0;
    window_bytes = static_cast<std::uint32_t>(std::max<double>(
        mss + kOverheadBytes,
        sc.window_bdp * static_cast<double>(sc.link_rate_bps) * static_cast<double>(sc.path_rtt_ns()) / 8e9));
    nics.resize(n);
    for (std::uint32_t h = 0; h < n; ++h) {
      Nic& nic = nics[h];
      uetlb::Config cfg = sc.lb;
      cfg.seed = nic_seed(sc.seed, sc.lb.seed, h);
      nic.lb = factory(cfg);
      // An early failure the load balancer applies (a packet unacknowledged past M x base RTT) also
      // makes the transport send that packet again (RetransmitOnEfd), as a timeout would, sooner. Handled
      // as an event of its own, after the load balancer's call has returned.
      if (sc.retransmit_on_efd) {
        nic.lb->set_trace_sink([this, h](const uetlb::TraceRow& r) {
          if (r.event == uetlb::EventKind::Efd && r.psn) {
            Event e{};
            e.time = now;
            e.type = EvType::EfdRetx;
            e.a = h;
            e.b = static_cast<std::uint32_t>(r.group);
            e.c = *r.psn;
            e.pkt.ev = r.ev;
            push(std::move(e));
          }
        });
      }
      nic.base_rtt = sc.lb.initial_base_rtt_ns;
      nic.in_flight_to.assign(n, 0);
    }
    dependents.resize(sc.messages.size());
    for (const auto& m : sc.messages) total_packets += (m.bytes + mss - 1) / mss;
    for (std::uint32_t m = 0; m < sc.messages.size(); ++m) {
      if (sc.messages[m].after < 0) {
        schedule(sc.messages[m].start, EvType::MessageStart, m);
      } else {
        dependents[static_cast<std::size_t>(sc.messages[m].after)].push_back(m);
      }
    }
    for (std::uint32_t f = 0; f < sc.failures.size(); ++f) {
      schedule(sc.failures[f].at, EvType::LinkFail, f);
      if (sc.failures[f].until != 0) schedule(sc.failures[f].until, EvType::LinkRestore, f);
    }
    loss_rng = 0x9E3779B97F4A7C15ULL ^ (std::uint64_t{sc.seed} << 17) ^ 0xD1B54A32D192ED03ULL;
    switch_rng = 0x2545F4914F6CDD1DULL ^ (std::uint64_t{sc.seed} << 23);
  }

  // --------------------------------------------------------------------------------------------
  // Links and switches.
  void enqueue(std::uint32_t port_id, Packet p) {
    Port& port = ports[port_id];
    if (port.failed) {
      ++sum.drops_failed_link;
      return;
    }
    const bool switch_port = port_id >= host_up.size();  // host NIC queues are not switch queues
    if (switch_port) {
      // (A degraded port's thresholds scale with its rate under ScaleDegradedQueues.)
      const auto th = [&port](std::uint64_t bytes) {
        return port.scale == 1.0 ? bytes : static_cast<std::uint64_t>(static_cast<double>(bytes) * port.scale);
      };
      const std::uint64_t trim_at = th(sc.trim_bytes), drop_at = th(sc.queue_bytes);
      if (p.kind == Kind::Data && !p.trimmed && port.queued_bytes + p.size > trim_at) {
        // TrimVictim "either": half the time the last queued data packet is trimmed instead (not the one
        // on the wire), and the arriving one is trimmed too only if it still does not fit.
        if (sc.trim_either && switch_unit() < 0.5 && port.queue.size() > (port.busy && !port.tx_control ? 1U : 0U) &&
            !port.queue.back().trimmed) {
          Packet v = std::move(port.queue.back());
          port.queue.pop_back();
          port.queued_bytes -= v.size;
          trim(port, v);
          if (sc.priority_control) {
            port.control.push_back(std::move(v));
          } else {
            port.queued_bytes += v.size;
            port.queue.push_back(std::move(v));
          }
        }
        if (port.queued_bytes + p.size > trim_at) trim(port, p);
      }
      if (port.queued_bytes + p.size > drop_at) {
        ++sum.drops_queue;
        return;
      }
      if (p.kind == Kind::Data && !p.ecn && ecn_marks(port.queued_bytes, port.scale)) {
        p.ecn = true;
        ++sum.ecn_marks;
      }
    }
    if (sc.priority_control && (p.kind != Kind::Data || p.trimmed)) {
      port.control.push_back(std::move(p));
    } else {
      port.queued_bytes += p.size;
      port.queue.push_back(std::move(p));
    }
    if (!port.busy) start_tx(port_id);
  }

  // The payload is cut; the header continues and the receiver NACKs it.
  void trim(const Port& port, Packet& p) {
    p.trimmed = true;
    p.last_hop = port.last_hop;
    p.size = kHeaderBytes;
    ++sum.trims;
  }

  // ECN at a queue depth: above EcnBytes, or with EcnMaxBytes set, with a probability rising linearly
  // from EcnBytes to EcnMaxBytes.
  bool ecn_marks(std::uint64_t depth, double scale) {
    const double lo = static_cast<double>(sc.ecn_bytes) * scale, hi = static_cast<double>(sc.ecn_max_bytes) * scale;
    const auto d = static_cast<double>(depth);
    if (d <= lo) return false;
    if (sc.ecn_max_bytes == 0 || d >= hi) return true;
    return switch_unit() < (d - lo) / (hi - lo);
  }

  TimeNs serialization(const Port& port, std::uint32_t bytes) const {
    return static_cast<TimeNs>(std::ceil(static_cast<double>(bytes) * 8e9 / static_cast<double>(port.rate_bps)));
  }

  void start_tx(std::uint32_t port_id) {
    Port& port = ports[port_id];
    port.busy = true;
    port.tx_control = !port.control.empty();
    const Packet& next = port.tx_control ? port.control.front() : port.queue.front();
    schedule(now + serialization(port, next.size), EvType::TxDone, port_id);
  }

  void tx_done(std::uint32_t port_id) {
    Port& port = ports[port_id];
    std::deque<Packet>& from = port.tx_control ? port.control : port.queue;
    Packet p = std::move(from.front());
    from.pop_front();
    if (!port.tx_control) port.queued_bytes -= p.size;
    ++port.packets;
    port.bytes += p.size;
    ++sum.packet_hops;
    const bool lost = port.loss > 0.0 && next_unit() < port.loss;  // a degraded link loses it
    if (lost) ++sum.drops_lossy_link;
    if (!port.failed && !lost) {
      Event e{};
      e.time = now + port.delay;
      e.type = EvType::Arrive;
      e.a = static_cast<std::uint32_t>(port.to_kind);
      e.b = port.to_id;
      e.pkt = std::move(p);
      push(std::move(e));
    } else if (port.failed) {
      ++sum.drops_failed_link;  // the link failed while the packet was on it
    }
    port.busy = false;
    if (!port.queue.empty() || !port.control.empty()) start_tx(port_id);
    if (port_id < host_up.size()) wake_senders(port_id);  // a NIC's port has room again
  }

  // ECMP over the switch's up ports that routing still uses and that can deliver to the destination.
  std::uint32_t pick_up(std::uint32_t sw_id, const Packet& p) {
    Switch& sw = switches[sw_id];
    std::vector<std::uint32_t> members;  // indices into sw.up
    for (std::uint32_t i = 0; i < sw.up.size(); ++i) {
      const Port& up = ports[sw.up[i]];
      if (up.routed && reach[up.to_id][p.dst]) members.push_back(i);
    }
    if (members.empty()) {
      for (std::uint32_t i = 0; i < sw.up.size(); ++i) members.push_back(i);  // no route left: keep hashing
    }
    FlowTuple t{ip_of(p.src), ip_of(p.dst), p.ev, kUetPort};
    std::uint32_t member = 0;
    if (sc.hash_method == HashMethod::DprWithFallback) {
      const std::uint32_t d = members[flow_hash(HashMethod::Dpr, t, sw.salt) % members.size()];
      // Fall back when the dpr member's link, or its next link towards the destination, is down.
      const Port& up = ports[sw.up[d]];
      const std::uint32_t next_down = switches[up.to_id].down[p.dst];
      const bool down = up.failed || (next_down != kNoPort && ports[next_down].failed);
      member = down ? members[flow_hash(HashMethod::Crc32WithSalt, t, sw.salt) % members.size()] : d;
    } else {
      member = members[flow_hash(sc.hash_method, t, sw.salt) % members.size()];
    }
    if (sc.flowlet) {
      // A flow keeps its member until it pauses longer than the flowlet gap; then it is re-hashed
      // with a per-flowlet change so it can move.
      const std::uint64_t key = crc32(t.bytes().data(), 13);
      auto [it, fresh] = sw.flowlets.try_emplace(key, FlowletEntry{member, now});
      if (!fresh) {
        const bool still_valid = std::find(members.begin(), members.end(), it->second.member) != members.end();
        if (now - it->second.last > sc.flowlet_gap_ns || !still_valid) {
          it->second.member =
              members[(flow_hash(sc.hash_method, t, sw.salt + static_cast<std::uint32_t>(now)) % members.size())];
        }
        it->second.last = now;
        member = it->second.member;
      }
    }
    ++sw.member_packets[member];
    sw.member_bytes[member] += p.size;
    return sw.up[member];
  }

  void arrive(NodeKind kind, std::uint32_t id, Packet p) {
    if (kind == NodeKind::Host) {
      host_receive(id, std::move(p));
      return;
    }
    const std::uint32_t down = switches[id].down[p.dst];
    enqueue(down != kNoPort ? down : pick_up(id, p), std::move(p));
  }

  void link_fail(const LinkFailure& f, bool reconverge) {
    const auto link = link_ports(f);
    if (f.degraded) {  // slowed and/or lossy; routing does not notice, so no reconvergence
      for (std::uint32_t port : link) {
        ports[port].rate_bps =
            std::max<std::uint64_t>(1, static_cast<std::uint64_t>(f.rate_factor * ports[port].nominal_rate_bps));
        ports[port].loss = f.loss;
        if (sc.scale_degraded_queues) ports[port].scale = f.rate_factor;
      }
      return;
    }
    if (!reconverge) {
      for (std::uint32_t port : link) ports[port].failed = true;
      schedule(now + sc.reconvergence_ns, EvType::Reconverge, static_cast<std::uint32_t>(&f - sc.failures.data()));
    } else if (f.until == 0 || now < f.until) {  // (a link whole again before routing noticed stays routed)
      for (std::uint32_t port : link) ports[port].routed = false;  // routing stops using the link (it stays down)
      compute_reach();
    }
  }

  // The end of a transient failure: the link is whole again and routing uses it at once.
  void link_restore(const LinkFailure& f) {
    for (std::uint32_t port : link_ports(f)) {
      ports[port].failed = false;
      ports[port].routed = true;
      ports[port].rate_bps = ports[port].nominal_rate_bps;
      ports[port].loss = 0.0;
      ports[port].scale = 1.0;
    }
    compute_reach();
  }

  // A uniform draw in [0, 1) from a splitmix64 state (the fabric's own generators, seeded from the
  // scenario seed): next_unit for degraded links' losses, switch_unit for the switches' random choices
  // (ECN ramp, trim victim), so that one does not shift the other's sequence.
  static double unit_from(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
  }
  double next_unit() { return unit_from(loss_rng); }
  double switch_unit() { return unit_from(switch_rng); }

  // --------------------------------------------------------------------------------------------
  // NICs: PDC groups, sending, feedback.
  std::uint32_t take_group(Nic& nic) {
    if (!nic.free_groups.empty()) {
      const auto it = std::min_element(nic.free_groups.begin(), nic.free_groups.end());
      const std::uint32_t g = *it;
      nic.free_groups.erase(it);
      return g;
    }
    return nic.next_group++;
  }

  void message_start(std::uint32_t m) {
    const Message& msg = sc.messages[m];
    Pdc pdc;
    pdc.msg = m;
    pdc.src = msg.src;
    pdc.dst = msg.dst;
    pdc.bytes = msg.bytes;
    pdc.packets = static_cast<std::uint32_t>((msg.bytes + mss - 1) / mss);
    pdc.pkt.resize(pdc.packets);
    pdc.received.assign(pdc.packets, false);
    pdc.start = now;
    pdc.cwnd = window_bytes;
    // The application's local UDP port of this PDC (the EV under None).
    pdc.local_port = static_cast<std::uint16_t>(1024 + (static_cast<std::uint32_t>(pdcs.size()) * 7919U) % 60000U);
    Nic& nic = nics[msg.src];
    if (sc.lb.pdc_groups_enabled) {
      // A message to a peer with no message in flight in either direction opens a new group.
      const bool quiet = nic.in_flight_to[msg.dst] == 0 && nics[msg.dst].in_flight_to[msg.src] == 0;
      auto it = nic.group_of_peer.find(msg.dst);
      if (quiet || it == nic.group_of_peer.end()) {
        if (it != nic.group_of_peer.end() && it->second.messages == 0) {
          nic.free_groups.push_back(it->second.id);
          nic.group_of_peer.erase(it);
        }
        GroupSlot slot{take_group(nic), 0};
        lb_of(nic).open(now, slot.id, pdc.local_port);
        it = nic.group_of_peer.emplace(msg.dst, slot).first;
      }
      it->second.messages++;
      pdc.group = it->second.id;
    } else {
      pdc.group = take_group(nic);
      lb_of(nic).open(now, pdc.group, pdc.local_port);
    }
    nic.in_flight_to[msg.dst]++;
    nic.pdcs_of_group[pdc.group].push_back(static_cast<std::uint32_t>(pdcs.size()));
    pdcs.push_back(std::move(pdc));
    try_send(static_cast<std::uint32_t>(pdcs.size() - 1));
  }

  void try_send(std::uint32_t pdc_id) {
    Pdc& pdc = pdcs[pdc_id];
    while (!pdc.done) {
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
      if (pdc.inflight_bytes > 0 && static_cast<double>(pdc.inflight_bytes + size) > pdc.cwnd) return;
      // The NIC sends when its port has room (a packet on the wire and one waiting): the load balancer
      // chooses the entropy value as the packet leaves, not while it would sit in a NIC queue.
      if (sc.nic_pacing && ports[host_up[pdc.src]].queued_bytes + size > 2u * (mss + kOverheadBytes)) {
        if (!pdc.waiting_port) {
          pdc.waiting_port = true;
          nics[pdc.src].waiting.push_back(pdc_id);
        }
        return;
      }
      if (retx) {
        pdc.retx.pop_front();
        if (pdc.pkt[psn].acked) continue;  // acknowledged meanwhile
      } else {
        ++pdc.next_new;
      }
      send_data(pdc_id, psn, size, retx);
    }
  }

  void send_data(std::uint32_t pdc_id, std::uint32_t psn, std::uint32_t size, bool retx) {
    Pdc& pdc = pdcs[pdc_id];
    Nic& nic = nics[pdc.src];
    const Choice c = lb_of(nic).request(now, pdc.group, psn, retx);
    PacketState& st = pdc.pkt[psn];
    st.ev = c.ev;
    st.sent_at = now;
    st.in_flight = true;
    ++st.rto_gen;
    pdc.inflight_bytes += size;
    ++nic.sent;
    ++sum.data_packets;
    if (retx) {
      ++nic.retx;
      ++sum.retransmissions;
    }
    if (monitor_on) monitor.push_back({now, pdc.src, pdc.group, psn, pdc.dst, pdc_id, retx, c.ev, c.decision, size});
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
    enqueue(host_up[pdc.src], std::move(p));
    schedule(now + sc.rto_ns, EvType::Rto, pdc_id, psn, st.rto_gen);
    // The load balancer's early-failure timer of this packet runs on its own: if no event reaches the
    // NIC's load balancer within half a base RTT after the deadline (M x base RTT), time does (a call
    // after the deadline has applied it already: most ticks find one and cost nothing).
    if (efd_on) {
      const TimeNs deadline = now + sc.lb.failure_detection_rtt_multiplier * nic.base_rtt;
      Event e{};
      e.time = deadline + nic.base_rtt / 2 + 1;
      e.type = EvType::LbTick;
      e.a = pdc.src;
      e.pkt.sent_at = deadline;  // (carried in the event's packet)
      push(std::move(e));
    }
  }

  std::uint32_t data_size(const Pdc& pdc, std::uint32_t psn) const {
    const std::uint32_t payload =
        psn + 1 == pdc.packets ? static_cast<std::uint32_t>(pdc.bytes - std::uint64_t{psn} * mss) : mss;
    return payload + kOverheadBytes;
  }

  void leave_flight(Pdc& pdc, std::uint32_t psn) {
    PacketState& st = pdc.pkt[psn];
    if (st.in_flight) {
      st.in_flight = false;
      pdc.inflight_bytes -= data_size(pdc, psn);
    }
  }

  // DCTCP-like window: once per window of acknowledged bytes, alpha <- (1 - g) alpha + g F with F the marked
  // fraction and g = 1/16; then the window shrinks by alpha / 2 if anything was marked, else grows by one
  // packet. It stays between one packet and twice the configured window.
  void dctcp_on_ack(Pdc& pdc, std::uint32_t bytes, bool marked) {
    pdc.win_acked += bytes;
    if (marked) pdc.win_marked += bytes;
    if (static_cast<double>(pdc.win_acked) < pdc.cwnd) return;
    const double f = static_cast<double>(pdc.win_marked) / static_cast<double>(pdc.win_acked);
    pdc.alpha = (1.0 - 1.0 / 16) * pdc.alpha + f / 16;
    if (pdc.win_marked > 0) {
      pdc.cwnd *= 1.0 - pdc.alpha / 2;
    } else {
      pdc.cwnd += mss + kOverheadBytes;
    }
    pdc.cwnd = std::clamp(pdc.cwnd, static_cast<double>(mss + kOverheadBytes), 2.0 * window_bytes);
    pdc.win_acked = pdc.win_marked = 0;
  }

  // NSCC-like window (in the spirit of UET's NSCC): each ACK's queueing delay (its RTT less the base RTT)
  // against a target, and its ECN mark, pick one of four moves:
  //   no ECN, delay below target: increase; fast (by the acknowledged bytes) while the delay is under a
  //     quarter of the target (the path is idle), else proportionally (a packet per window);
  //   ECN, delay above target: multiplicative decrease by (delay - target) / delay, at most by half, at
  //     most once per base RTT;
  //   otherwise (a mark on a short queue, or delay without a mark): hold.
  // A NACK (a trimmed packet) halves the window, at most once per base RTT. Between one packet and
  // `NsccMaxWindowBdp` bandwidth-delay products.
  void nscc_on_ack(Pdc& pdc, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt) {
    const double delay = rtt > base_rtt ? static_cast<double>(rtt - base_rtt) : 0.0;
    const double target = static_cast<double>(sc.nscc_target_delay_ns);
    const double pkt = mss + kOverheadBytes;
    if (!marked && delay < target) {
      pdc.cwnd += delay < target / 4 ? bytes : pkt * bytes / std::max(pdc.cwnd, pkt);
    } else if (marked && delay >= target) {
      nscc_decrease(pdc, std::min(0.5, (delay - target) / std::max(delay, 1.0)), base_rtt);
    }
    pdc.cwnd = std::clamp(pdc.cwnd, pkt, sc.nscc_max_window_bdp * window_bytes);
  }
  void nscc_decrease(Pdc& pdc, double fraction, TimeNs base_rtt) {
    if (pdc.decreased && now - pdc.last_decrease < base_rtt) return;
    pdc.cwnd *= 1.0 - fraction;
    pdc.cwnd = std::max(pdc.cwnd, static_cast<double>(mss + kOverheadBytes));
    pdc.last_decrease = now;
    pdc.decreased = true;
  }

  // A NIC's load balancer, for a call at `now` (recorded: an early-failure tick after it has nothing to do).
  uetlb::Engine& lb_of(Nic& nic) {
    nic.lb_time = now;
    return *nic.lb;
  }

  // Sends a packet of a PDC again: out of flight, to the back of its retransmission queue.
  void resend(std::uint32_t pdc_id, std::uint32_t psn) {
    leave_flight(pdcs[pdc_id], psn);
    pdcs[pdc_id].retx.push_back(psn);
    try_send(pdc_id);
  }

  // PDCs of NIC `host` waiting for room on its port, in turn, while there is room.
  void wake_senders(std::uint32_t host) {
    Nic& nic = nics[host];
    for (std::size_t n = nic.waiting.size(); n > 0 && !nic.waiting.empty(); --n) {
      const std::uint32_t id = nic.waiting.front();
      nic.waiting.pop_front();
      pdcs[id].waiting_port = false;
      try_send(id);
      if (pdcs[id].waiting_port) break;  // the port is full again
    }
  }

  // The packet an early failure named: if still in flight unacknowledged with that entropy value, it goes
  // again (the load balancer has already taken the path failure).
  void efd_retransmit(std::uint32_t host, std::uint32_t group, std::uint32_t psn, std::uint16_t ev) {
    auto it = nics[host].pdcs_of_group.find(group);
    if (it == nics[host].pdcs_of_group.end()) return;
    for (std::uint32_t id : it->second) {
      Pdc& pdc = pdcs[id];
      if (pdc.done || psn >= pdc.packets) continue;
      PacketState& st = pdc.pkt[psn];
      if (st.acked || !st.in_flight || st.ev != ev) continue;
      ++sum.efd_retransmits;
      resend(id, psn);
    }
  }

  void rto(std::uint32_t pdc_id, std::uint32_t psn, std::uint32_t gen) {
    Pdc& pdc = pdcs[pdc_id];
    PacketState& st = pdc.pkt[psn];
    if (pdc.done || st.acked || st.rto_gen != gen || !st.in_flight) return;
    Nic& nic = nics[pdc.src];
    ++nic.timeouts;
    ++sum.timeouts;
    lb_of(nic).feedback(now, pdc.group, FeedbackKind::Rto, st.ev, psn);
    resend(pdc_id, psn);
  }

  // Whether the load balancer reads feedback for packet `psn` of `pdc`: while the packet is outstanding (sent,
  // not yet acknowledged, its PDC not finished), as the product's NIC does; with FeedbackForEveryPacket,
  // always (a finished PDC's feedback then goes to its old group number, which another peer may use by now).
  bool outstanding(const Pdc& pdc, std::uint32_t psn) const {
    return sc.feedback_every_packet || (!pdc.done && !pdc.pkt[psn].acked);
  }

  void host_receive(std::uint32_t host, Packet p) {
    if (p.kind == Kind::Data) {
      receive_data(host, p);
      return;
    }
    Pdc& pdc = pdcs[p.pdc];
    Nic& nic = nics[host];
    if (p.kind == Kind::Nack) {
      ++nic.nacks;
      ++sum.nacks;
      if (outstanding(pdc, p.psn)) {
        lb_of(nic).feedback(now, pdc.group, p.last_hop ? FeedbackKind::NackTrimLastHop : FeedbackKind::NackTrim,
                            p.echo_ev, p.psn);
      }
      if (sc.congestion_control == "nscc" && !pdc.done) nscc_decrease(pdc, 0.5, nic.base_rtt);
      if (!pdc.done && !pdc.pkt[p.psn].acked && pdc.pkt[p.psn].in_flight && pdc.pkt[p.psn].ev == p.echo_ev) {
        resend(p.pdc, p.psn);
      }
      return;
    }
    // ACK.
    ++nic.acks;
    if (p.ecn) ++nic.ecn;
    if (outstanding(pdc, p.psn)) {
      lb_of(nic).feedback(now, pdc.group, p.ecn ? FeedbackKind::AckEcn : FeedbackKind::Ack, p.echo_ev, p.psn);
    }
    const TimeNs rtt = now - p.sent_at;
    if (rtt > 0 && rtt < nic.base_rtt) {  // congestion control adopts a lower measured RTT
      nic.base_rtt = rtt;
      lb_of(nic).set_base_rtt(now, rtt);
    }
    if (pdc.done || pdc.pkt[p.psn].acked) return;
    if (sc.congestion_control == "dctcp") dctcp_on_ack(pdc, data_size(pdc, p.psn), p.ecn);
    if (sc.congestion_control == "nscc") nscc_on_ack(pdc, data_size(pdc, p.psn), p.ecn, rtt, nic.base_rtt);
    leave_flight(pdc, p.psn);
    pdc.pkt[p.psn].acked = true;
    ++acked_packets;
    if (++pdc.acked == pdc.packets) {
      pdc.done = true;
      pdc.end = now;
      ++sum.completed;
      for (std::uint32_t m : dependents[pdc.msg]) schedule(now, EvType::MessageStart, m);
      Nic& snd = nics[pdc.src];
      auto& same_group = snd.pdcs_of_group[pdc.group];
      same_group.erase(std::remove(same_group.begin(), same_group.end(), p.pdc), same_group.end());
      snd.in_flight_to[pdc.dst]--;
      if (sc.lb.pdc_groups_enabled) {
        auto it = snd.group_of_peer.find(pdc.dst);
        if (it != snd.group_of_peer.end() && --it->second.messages == 0 && snd.in_flight_to[pdc.dst] == 0 &&
            nics[pdc.dst].in_flight_to[pdc.src] == 0) {
          snd.free_groups.push_back(it->second.id);
          snd.group_of_peer.erase(it);
        }
      } else {
        snd.free_groups.push_back(pdc.group);
      }
      return;
    }
    try_send(p.pdc);
  }

  void receive_data(std::uint32_t host, const Packet& p) {
    Pdc& pdc = pdcs[p.pdc];
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
      // Out-of-order arrival: ahead of the next expected PSN.
      if (!pdc.received[p.psn]) {
        pdc.received[p.psn] = true;
        if (p.psn == pdc.next_expected) {
          while (pdc.next_expected < pdc.packets && pdc.received[pdc.next_expected]) {
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
    }
    enqueue(host_up[host], std::move(r));
  }
};

Fabric::Fabric(const Scenario& scenario, EngineFactory factory) : impl_(std::make_unique<Impl>()) {
  impl_->sc = scenario;
  impl_->factory = std::move(factory);
  impl_->build();
}

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
    Event e = s.events.top();
    s.events.pop();
    if (e.time > s.sc.max_time_ns) break;
    s.now = e.time;
    ++s.sum.events;
    switch (e.type) {
      case EvType::TxDone: s.tx_done(e.a); break;
      case EvType::Arrive: s.arrive(static_cast<NodeKind>(e.a), e.b, std::move(e.pkt)); break;
      case EvType::MessageStart: s.message_start(e.a); break;
      case EvType::Rto: s.rto(e.a, e.b, e.c); break;
      case EvType::LinkFail: s.link_fail(s.sc.failures[e.a], false); break;
      case EvType::Reconverge: s.link_fail(s.sc.failures[e.a], true); break;
      case EvType::LinkRestore: s.link_restore(s.sc.failures[e.a]); break;
      case EvType::EfdRetx: s.efd_retransmit(e.a, e.b, e.c, e.pkt.ev); break;
      case EvType::LbTick:
        if (s.nics[e.a].lb_time <= e.pkt.sent_at) {  // nothing reached the load balancer after the deadline
          s.lb_of(s.nics[e.a]).advance_to(s.now);
        }
        break;
    }
    if (progress && (s.sum.events & 0xFFFF) == 0) {
      const auto t = std::chrono::steady_clock::now();
      if (t - last_report > std::chrono::seconds(1)) {
        // The fraction of data packets acknowledged, and the time left at the rate so far.
        const double done = s.total_packets ? static_cast<double>(s.acked_packets) / s.total_packets : 0.0;
        const double elapsed = std::chrono::duration<double>(t - t0).count();
        std::ostringstream line;
        line << "\r  " << uetlb::to_string(s.sc.lb.packet_spraying_type) << ": " << std::fixed << std::setprecision(1)
             << 100.0 * done << " % of packets acknowledged, " << s.sum.completed << "/" << s.sc.messages.size()
             << " messages, t = " << s.now / 1000 << " us, " << std::setprecision(0) << elapsed << " s elapsed";
        if (done > 0.01) line << ", about " << elapsed * (1.0 - done) / done << " s left";
        *progress << line.str() << "   " << std::flush;
        last_report = t;
        reported = true;
      }
    }
    if (s.sum.completed == s.sc.messages.size() && s.sum.completed > 0) break;
  }
  if (reported) *progress << "\n";
  for (auto& nic : s.nics) {
    nic.lb->finish();
    const uetlb::Counters c = nic.lb->counters();
    s.sum.efd_tracked += c.efd_tracked;
    s.sum.efd_untracked += c.efd_untracked;
    s.sum.efd_fired += c.efd_fired;
    s.sum.lb_feedback += c.feedback;
  }
  s.sum.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  s.sum.spraying = uetlb::to_string(s.sc.lb.packet_spraying_type);
  s.sum.messages = s.sc.messages.size();
  s.sum.end_time = s.now;
  std::vector<double> fct;
  for (const auto& p : s.pdcs) {
    if (p.done) fct.push_back(static_cast<double>(p.end - p.start) / 1000.0);
  }
  std::sort(fct.begin(), fct.end());
  if (!fct.empty()) {
    double total = 0;
    for (double f : fct) total += f;
    s.sum.fct_mean_us = total / static_cast<double>(fct.size());
    s.sum.fct_p50_us = fct[fct.size() / 2];
    s.sum.fct_p99_us = fct[std::min(fct.size() - 1, fct.size() * 99 / 100)];
    s.sum.fct_max_us = fct.back();
  }
  // Imbalance over the switches' up sets that carried traffic.
  double worst = 0;
  for (const auto& sw : s.switches) {
    std::uint64_t total = 0, mx = 0;
    for (std::uint64_t b : sw.member_bytes) {
      total += b;
      mx = std::max(mx, b);
    }
    if (total > 0) worst = std::max(worst, static_cast<double>(mx) * sw.up.size() / static_cast<double>(total));
  }
  s.sum.ecmp_imbalance = worst;
  return s.sum;
}

void Fabric::write_records(const std::string& dir) const {
  const Impl& s = *impl_;
  // Each record under a temporary name, renamed into place once written (uetlb/output.hpp).
  auto open = [&](const std::string& name) { return uetlb::output::AtomicFile("record", dir + "/" + name); };
  {
    auto file = open("uet-monitor.csv");
    file.stream() << "time_ns,nic,group,psn,direction,entropy_value,decision,bytes,dst,pdc\n";
    for (const auto& r : s.monitor) {
      file.stream() << r.time << ',' << r.nic << ',' << r.group << ',' << r.psn << ',' << (r.retx ? "ReTx" : "Tx")
                    << ',' << r.ev << ',' << uetlb::to_string(r.decision) << ',' << r.bytes << ',' << r.dst << ','
                    << r.pdc << '\n';
    }
    file.commit();
  }
  {
    auto file = open("uet-transport-stats.csv");
    file.stream()
        << "nic,num_out_of_order_events_on_nic,max_out_of_order_on_flow,data_packets_sent,retransmissions,timeouts,"
           "nacks_received,acks_received,ecn_echoes\n";
    for (std::size_t n = 0; n < s.nics.size(); ++n) {
      const Nic& x = s.nics[n];
      file.stream() << n << ',' << x.ooo_events << ',' << x.max_ooo << ',' << x.sent << ',' << x.retx << ','
                    << x.timeouts << ',' << x.nacks << ',' << x.acks << ',' << x.ecn << '\n';
    }
    file.commit();
  }
  {
    auto file = open("scala-switch-load-balancing-stats.csv");
    file.stream() << "switch,ecmp_set,member,packets,bytes\n";
    for (const auto& sw : s.switches) {
      for (std::size_t i = 0; i < sw.up.size(); ++i) {
        file.stream() << sw.name << ",uplinks," << s.switches[s.ports[sw.up[i]].to_id].name << ','
                      << sw.member_packets[i] << ',' << sw.member_bytes[i] << '\n';
      }
    }
    file.commit();
  }
  {
    auto file = open("messages.csv");
    file.stream() << "message,src,dst,bytes,start_ns,end_ns,fct_ns,completed\n";
    for (const auto& p : s.pdcs) {
      file.stream() << p.msg << ',' << p.src << ',' << p.dst << ',' << p.bytes << ',' << p.start << ',' << p.end << ','
                    << (p.done ? p.end - p.start : 0) << ',' << (p.done ? 1 : 0) << '\n';
    }
    file.commit();
  }
}

std::uint64_t memory_estimate(const Scenario& sc, bool monitor) {
  using Wide = unsigned __int128;
  const Wide hosts = sc.hosts();
  Wide bytes = hosts * hosts * sizeof(std::uint32_t) + hosts * sizeof(Nic);  // in_flight_to per NIC and peer
  const std::uint64_t mss = std::max<std::uint64_t>(1, sc.lb.rdma_data_mss);
  const Wide per_packet = sizeof(PacketState) + 1 + (monitor ? sizeof(MonitorRow) : 0);  // (a bit, rounded up)
  for (const auto& m : sc.messages) bytes += sizeof(Pdc) + Wide{(m.bytes + mss - 1) / mss} * per_packet;
  return bytes > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                           : static_cast<std::uint64_t>(bytes);
}

void print_summary_header(std::ostream& out) {
  out << std::left << std::setw(34) << "spraying" << std::right << std::setw(9) << "done" << std::setw(11) << "FCT mean"
      << std::setw(10) << "p99" << std::setw(10) << "max" << std::setw(8) << "retx" << std::setw(9) << "timeouts"
      << std::setw(7) << "nacks" << std::setw(9) << "drops" << std::setw(9) << "ooo" << std::setw(11) << "imbalance"
      << '\n';
}

void write_summary_csv(std::ostream& out, const RunSummary& s) {
  out << "spraying,messages,completed,end_time_ns,fct_mean_us,fct_p50_us,fct_p99_us,fct_max_us,data_packets,"
         "retransmissions,timeouts,nacks,ecn_marks,drops_queue,drops_failed_link,drops_lossy_link,trims,ooo_events,"
         "packet_hops,events,efd_tracked,efd_untracked,efd_fired,efd_retransmits,ecmp_imbalance,wall_seconds\n";
  out << s.spraying << ',' << s.messages << ',' << s.completed << ',' << s.end_time << ',' << std::fixed
      << std::setprecision(3) << s.fct_mean_us << ',' << s.fct_p50_us << ',' << s.fct_p99_us << ',' << s.fct_max_us
      << ',' << s.data_packets << ',' << s.retransmissions << ',' << s.timeouts << ',' << s.nacks << ',' << s.ecn_marks
      << ',' << s.drops_queue << ',' << s.drops_failed_link << ',' << s.drops_lossy_link << ',' << s.trims << ','
      << s.ooo_events << ',' << s.packet_hops << ',' << s.events << ',' << s.efd_tracked << ',' << s.efd_untracked
      << ',' << s.efd_fired << ',' << s.efd_retransmits << ',' << s.ecmp_imbalance << ',' << s.wall_seconds << '\n';
}

void print_summary_row(std::ostream& out, const RunSummary& s) {
  std::ostringstream done;
  done << s.completed << "/" << s.messages;
  out << std::left << std::setw(34) << s.spraying << std::right << std::setw(9) << done.str() << std::fixed
      << std::setprecision(1) << std::setw(9) << s.fct_mean_us << "us" << std::setw(8) << s.fct_p99_us << "us"
      << std::setw(8) << s.fct_max_us << "us" << std::setw(8) << s.retransmissions << std::setw(9) << s.timeouts
      << std::setw(7) << s.nacks << std::setw(9) << (s.drops_queue + s.drops_failed_link + s.drops_lossy_link)
      << std::setw(9) << s.ooo_events << std::setw(10) << std::setprecision(2) << s.ecmp_imbalance << "x" << '\n';
}

}  // namespace uetsim
