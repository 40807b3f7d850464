#include "uetsim/network.hpp"

#include <algorithm>

#include "uetlb/config.hpp"

namespace uetsim {

Network::Network(const Scenario& sc) : sc_(sc) {
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
}

Network::Counts Network::counts(const Scenario& sc) {
  const std::uint64_t hosts = sc.hosts();
  if (sc.topology == "fat-tree") {  // k^3 switch-to-switch ports: edge and aggregation ups and downs, core downs
    const std::uint64_t k = sc.k;
    return {2 * hosts + k * k * k, 5 * k * k / 4, k * k / 2};
  }
  return {2 * hosts + 2ULL * sc.leaves * sc.spines, std::uint64_t{sc.leaves} + sc.spines, sc.leaves};
}

std::uint32_t Network::add_port(std::uint64_t rate, NodeKind to_kind, std::uint32_t to_id, bool last_hop) {
  Port p;
  p.rate_bps = rate;
  p.nominal_rate_bps = rate;
  p.delay = sc_.link_delay_ns;
  p.to_kind = to_kind;
  p.to_id = to_id;
  p.last_hop = last_hop;
  ports.push_back(std::move(p));
  return static_cast<std::uint32_t>(ports.size() - 1);
}

std::uint32_t Network::add_switch(const std::string& name) {
  Switch sw;
  sw.name = name;
  const auto id = static_cast<std::uint32_t>(switches.size());
  sw.salt = Switch::salt_of(id, sc_.seed);
  switches.push_back(std::move(sw));
  return id;
}

void Network::add_up(std::uint32_t from, std::uint32_t to, std::uint64_t rate) {
  switches[from].up.push_back(add_port(rate, NodeKind::Switch, to, false));
}

void Network::build_leaf_spine() {
  const Scenario& sc = sc_;
  const unsigned n = sc.hosts();
  const std::uint64_t up_rate = static_cast<std::uint64_t>(static_cast<double>(sc.link_rate_bps) * sc.hosts_per_leaf /
                                                           sc.spines / sc.oversubscription);
  for (unsigned l = 0; l < sc.leaves; ++l) add_switch("leaf" + std::to_string(l));
  for (unsigned sp = 0; sp < sc.spines; ++sp) add_switch("spine" + std::to_string(sp));
  for (unsigned h = 0; h < n; ++h)
    host_up.push_back(add_port(sc.link_rate_bps, NodeKind::Switch, h / sc.hosts_per_leaf, false));
  for (unsigned h = 0; h < n; ++h)
    switches[h / sc.hosts_per_leaf].add_down(h, h + 1, add_port(sc.link_rate_bps, NodeKind::Host, h, true));
  for (unsigned l = 0; l < sc.leaves; ++l) {
    for (unsigned sp = 0; sp < sc.spines; ++sp) add_up(l, sc.leaves + sp, up_rate);
  }
  for (unsigned sp = 0; sp < sc.spines; ++sp) {
    for (unsigned l = 0; l < sc.leaves; ++l) {
      const std::uint32_t port = add_port(up_rate, NodeKind::Switch, l, false);
      switches[sc.leaves + sp].add_down(l * sc.hosts_per_leaf, (l + 1) * sc.hosts_per_leaf, port);
    }
  }
}

// k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores, k/2 hosts per edge.
void Network::build_fat_tree() {
  const unsigned k = sc_.k, half = k / 2, n = sc_.hosts(), per_pod = half * half;
  const std::uint64_t r = sc_.link_rate_bps;
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
  for (unsigned h = 0; h < n; ++h) switches[edge_of(h)].add_down(h, h + 1, add_port(r, NodeKind::Host, h, true));
  for (unsigned p = 0; p < k; ++p) {
    for (unsigned i = 0; i < half; ++i) {
      const std::uint32_t e = p * half + i;
      for (unsigned j = 0; j < half; ++j) add_up(e, agg0 + p * half + j, r);
    }
    for (unsigned j = 0; j < half; ++j) {
      const std::uint32_t a = agg0 + p * half + j;
      for (unsigned i = 0; i < half; ++i) {  // down to the pod's edges
        const std::uint32_t port = add_port(r, NodeKind::Switch, p * half + i, false);
        switches[a].add_down((p * half + i) * half, (p * half + i + 1) * half, port);
      }
      for (unsigned m = 0; m < half; ++m) add_up(a, core0 + j * half + m, r);
    }
  }
  for (unsigned c = 0; c < half * half; ++c) {
    const unsigned j = c / half;  // the aggregation index this core connects to in every pod
    for (unsigned p = 0; p < k; ++p) {
      const std::uint32_t port = add_port(r, NodeKind::Switch, agg0 + p * half + j, false);
      switches[core0 + c].add_down(p * per_pod, (p + 1) * per_pod, port);
    }
  }
}

// Routing reaches a host exactly when it reaches the host's last switch (links to hosts never fail), so
// reachability is kept per last switch: [switch][last switch], not [switch][host].
bool Network::can_reach(std::uint32_t sw, std::uint32_t host, std::vector<std::vector<char>>& memo) const {
  char& m = memo[sw][last_index_[host]];
  if (m != 2) return m == 1;
  const Switch& x = switches[sw];
  bool ok = false;
  const std::uint32_t down = x.down_port(host);
  if (down != kNoPort) {
    const Port& p = ports[down];
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

void Network::compute_reach() {
  if (last_index_.empty()) {  // each host's last switch, numbered densely in the order first met
    std::vector<std::uint32_t> index_of(switches.size(), kNoPort);
    last_index_.assign(sc_.hosts(), 0);
    last_host_.clear();
    for (std::uint32_t h = 0; h < sc_.hosts(); ++h) {
      const std::uint32_t sw = ports[host_up[h]].to_id;
      if (index_of[sw] == kNoPort) {
        index_of[sw] = static_cast<std::uint32_t>(last_host_.size());
        last_host_.push_back(h);
      }
      last_index_[h] = index_of[sw];
    }
  }
  std::vector<std::vector<char>> memo(switches.size(), std::vector<char>(last_host_.size(), 2));
  for (std::uint32_t sw = 0; sw < switches.size(); ++sw) {
    for (std::uint32_t host : last_host_) can_reach(sw, host, memo);
  }
  reach_ = std::move(memo);
  // A switch whose up members are all routed and all reach every host hashes over all of them.
  whole_.assign(switches.size(), 1);
  for (std::uint32_t sw = 0; sw < switches.size(); ++sw) {
    for (std::uint32_t up : switches[sw].up) {
      const Port& p = ports[up];
      if (!p.routed || std::find(reach_[p.to_id].begin(), reach_[p.to_id].end(), 0) != reach_[p.to_id].end())
        whole_[sw] = 0;
    }
  }
}

std::uint32_t Network::switch_id(const std::string& name) const {
  for (std::uint32_t i = 0; i < switches.size(); ++i) {
    if (switches[i].name == name) return i;
  }
  throw uetlb::ConfigError("scenario key 'LinkFailures': '" + name + "' is not a switch of this fabric");
}

std::vector<std::uint32_t> Network::link_ports(const LinkFailure& f) const {
  const std::uint32_t a = switch_id(f.a), b = switch_id(f.b);
  auto owns = [&](std::uint32_t sw, std::uint32_t port) {
    const Switch& x = switches[sw];
    return std::find(x.up.begin(), x.up.end(), port) != x.up.end() || x.has_down_port(port);
  };
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < ports.size(); ++i) {
    if (ports[i].to_kind != NodeKind::Switch) continue;
    if ((ports[i].to_id == b && owns(a, i)) || (!f.one_way && ports[i].to_id == a && owns(b, i))) out.push_back(i);
  }
  if (out.empty()) throw uetlb::ConfigError("scenario key 'LinkFailures': no link between " + f.a + " and " + f.b);
  return out;
}

void Network::members_towards(std::uint32_t sw, std::uint32_t dst, std::vector<std::uint32_t>& out) const {
  const Switch& x = switches[sw];
  out.clear();
  if (whole_[sw]) {
    for (std::uint32_t i = 0; i < x.up.size(); ++i) out.push_back(i);
    return;
  }
  for (std::uint32_t i = 0; i < x.up.size(); ++i) {
    const Port& up = ports[x.up[i]];
    if (up.routed && reach_[up.to_id][last_index_[dst]]) out.push_back(i);
  }
  if (out.empty()) {
    for (std::uint32_t i = 0; i < x.up.size(); ++i) out.push_back(i);
  }
}

void Network::degrade(const LinkFailure& f, bool scale_queues) {
  for (std::uint32_t port : link_ports(f)) {
    Port& p = ports[port];
    p.rate_bps = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(f.rate_factor * p.nominal_rate_bps));
    p.loss = f.loss;
    if (scale_queues) p.scale = f.rate_factor;
  }
}

void Network::fail(const LinkFailure& f) {
  for (std::uint32_t port : link_ports(f)) ports[port].failed = true;
}

void Network::reroute(const LinkFailure& f) {
  for (std::uint32_t port : link_ports(f)) ports[port].routed = false;
  compute_reach();
}

void Network::restore(const LinkFailure& f) {
  for (std::uint32_t port : link_ports(f)) {
    Port& p = ports[port];
    p.failed = false;
    p.routed = true;
    p.rate_bps = p.nominal_rate_bps;
    p.loss = 0.0;
    p.scale = 1.0;
  }
  compute_reach();
}

}  // namespace uetsim
