#include "chakra_run.hpp"

#include <algorithm>
#include <sstream>
#include <unordered_map>

#include "uetlb/config.hpp"  // uetlb::shown

namespace uetsim {

ChakraRun::ChakraRun(const ChakraTrace& trace, SendFn send, TimerFn timer, std::uint64_t link_rate_bps)
    : trace_(trace), rate_bps_(link_rate_bps), send_(std::move(send)), timer_(std::move(timer)) {
  ranks_.resize(trace.ranks.size());
  std::vector<std::uint32_t> coll_count(trace.ranks.size(), 0);
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::uint32_t> sends, recvs;
  for (std::uint32_t r = 0; r < n(); ++r) {
    const auto& nodes = trace.ranks[r].nodes;
    Rank& rk = ranks_[r];
    rk.st.resize(nodes.size());
    rk.children.resize(nodes.size());
    std::unordered_map<std::uint64_t, std::uint32_t> index;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) index.emplace(nodes[i].id, i);
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
      for (std::uint64_t d : nodes[i].deps) rk.children[index.at(d)].push_back(i);
      rk.st[i].waiting = static_cast<std::uint32_t>(nodes[i].deps.size());
      const ChakraNode& x = nodes[i];
      if (x.kind == ChakraKind::Send) rk.st[i].seq = sends[{r, x.peer, x.tag}]++;
      if (x.kind == ChakraKind::Recv) rk.st[i].seq = recvs[{x.peer, r, x.tag}]++;
      if (x.kind == ChakraKind::Coll) rk.st[i].coll = coll_count[r]++;
    }
    nodes_total_ += nodes.size();
  }
  for (const auto& [key, count] : sends) {
    Pair& p = pairs_[key];
    p.msg_done.assign(count, 0);
    p.recv_ready.assign(count, 0);
    p.recv_node.assign(count, {0, 0});
  }
  // The collectives (the reader checked that every rank has the same sequence).
  if (n() > 0) {
    for (const auto& x : trace.ranks[0].nodes) {
      if (x.kind != ChakraKind::Coll) continue;
      Coll c;
      c.type = x.coll;
      c.bytes = x.comm_size;
      c.chunk = std::max<std::uint64_t>(1, x.comm_size / n());
      c.steps = x.coll == ChakraColl::AllReduce                                            ? 2 * (n() - 1)
                : (x.coll == ChakraColl::AllGather || x.coll == ChakraColl::ReduceScatter) ? n() - 1
                                                                                           : 0;
      c.r.resize(n());
      for (auto& cr : c.r) cr.recv_step.assign(c.steps, 0);
      colls_.push_back(std::move(c));
    }
  }
}

void ChakraRun::start(TimeNs now) {
  for (std::uint32_t r = 0; r < n(); ++r) {
    for (std::uint32_t i = 0; i < ranks_[r].st.size(); ++i) {
      if (ranks_[r].st[i].waiting == 0) ready_.push_back({r, i});
    }
  }
  drain(now);
}

void ChakraRun::send(unsigned src, unsigned dst, std::uint64_t bytes, MsgInfo info) {
  std::uint32_t slot;
  if (free_msgs_.empty()) {
    slot = static_cast<std::uint32_t>(msgs_.size());
    msgs_.push_back(info);
  } else {
    slot = free_msgs_.back();
    free_msgs_.pop_back();
    msgs_[slot] = info;
  }
  send_(src, dst, bytes, std::uint64_t{slot} + 1);  // (token 0: none)
}

// Starts the ready nodes (in the order they became ready; a node finishing at once readies its children).
void ChakraRun::drain(TimeNs now) {
  for (std::size_t k = 0; k < ready_.size(); ++k) begin(ready_[k].first, ready_[k].second, now);
  ready_.clear();
}

void ChakraRun::begin(std::uint32_t rank, std::uint32_t node, TimeNs now) {
  NodeState& st = ranks_[rank].st[node];
  st.started = true;
  st.start = now;
  const ChakraNode& x = trace_.ranks[rank].nodes[node];
  switch (x.kind) {
    case ChakraKind::Metadata:
    case ChakraKind::MemLoad:
    case ChakraKind::MemStore: finish(rank, node, now); break;
    case ChakraKind::Comp:
      if (x.duration_us == 0) {
        finish(rank, node, now);
      } else {
        timer_(now + static_cast<TimeNs>(x.duration_us) * 1000, (std::uint64_t{rank} << 32) | node);
      }
      break;
    case ChakraKind::Send: {
      if (x.comm_size == 0) {  // nothing to send: done at once
        send_done(rank, node, now);
      } else {
        send(rank, x.peer, x.comm_size, MsgInfo{MsgKind::Send, rank, node});
      }
      break;
    }
    case ChakraKind::Recv: {
      Pair& p = pairs_[{x.peer, rank, x.tag}];
      p.recv_ready[st.seq] = 1;
      p.recv_node[st.seq] = {rank, node};
      if (p.msg_done[st.seq]) finish(rank, node, now);
      break;
    }
    case ChakraKind::Coll: coll_join(rank, node, now); break;
  }
}

// A send's message is done (or had nothing to carry): the send is, and its receive if that is ready.
void ChakraRun::send_done(std::uint32_t rank, std::uint32_t node, TimeNs now) {
  const ChakraNode& x = trace_.ranks[rank].nodes[node];
  const std::uint32_t seq = ranks_[rank].st[node].seq;
  Pair& p = pairs_[{rank, x.peer, x.tag}];
  p.msg_done[seq] = 1;
  finish(rank, node, now);
  if (p.recv_ready[seq]) finish(p.recv_node[seq].first, p.recv_node[seq].second, now);
}

void ChakraRun::finish(std::uint32_t rank, std::uint32_t node, TimeNs now) {
  NodeState& st = ranks_[rank].st[node];
  if (st.finished) return;
  st.finished = true;
  st.end = now;
  end_ = std::max(end_, now);
  ++nodes_done_;
  for (std::uint32_t c : ranks_[rank].children[node]) {
    if (--ranks_[rank].st[c].waiting == 0) ready_.push_back({rank, c});
  }
}

void ChakraRun::timer_done(std::uint64_t token, TimeNs now) {
  finish(static_cast<std::uint32_t>(token >> 32), static_cast<std::uint32_t>(token), now);
  drain(now);
}

void ChakraRun::message_done(std::uint64_t token, TimeNs now) {
  const auto slot = static_cast<std::uint32_t>(token - 1);
  const MsgInfo m = msgs_.at(slot);
  free_msgs_.push_back(slot);
  if (m.kind == MsgKind::Send) {
    send_done(m.rank, m.node, now);
  } else {
    Coll& c = colls_[m.coll];
    ++c.r[m.rank].sends_done;
    CollRank& to = c.r[m.dst];
    ++to.recvs_done;
    if (c.steps > 0) {
      to.recv_step[m.step] = 1;
      // The next step of the ring goes once the rank has joined and has this step's chunk.
      if (to.joined && m.step + 1 < c.steps) coll_send(m.coll, m.dst, m.step + 1);
    }
    coll_check(m.coll, m.rank, now);
    coll_check(m.coll, m.dst, now);
  }
  drain(now);
}

void ChakraRun::coll_join(std::uint32_t rank, std::uint32_t node, TimeNs now) {
  const std::uint32_t ci = ranks_[rank].st[node].coll;
  Coll& c = colls_[ci];
  CollRank& me = c.r[rank];
  me.joined = true;
  me.node = node;
  if (n() > 1 && c.bytes > 0) {
    if (c.steps > 0) {
      coll_send(ci, rank, 0);
      // Chunks that arrived before the rank joined: the steps they allow go now.
      for (std::uint32_t s = 0; s + 1 < c.steps; ++s) {
        if (me.recv_step[s]) coll_send(ci, rank, s + 1);
      }
    } else if (c.type == ChakraColl::AllToAll) {
      for (std::uint32_t d = 0; d < n(); ++d) {
        if (d != rank) send(rank, d, c.chunk, MsgInfo{MsgKind::CollStep, rank, node, ci, 0, d});
      }
    } else if (rank == 0) {  // Broadcast: rank 0 sends the whole buffer to every other rank
      for (std::uint32_t d = 1; d < n(); ++d) {
        send(0, d, c.bytes, MsgInfo{MsgKind::CollStep, 0, node, ci, 0, d});
      }
    }
  }
  coll_check(ci, rank, now);
}

void ChakraRun::coll_send(std::uint32_t c, std::uint32_t rank, std::uint32_t step) {
  const std::uint32_t dst = (rank + 1) % n();
  send(rank, dst, colls_[c].chunk, MsgInfo{MsgKind::CollStep, rank, colls_[c].r[rank].node, c, step, dst});
}

// A rank's part of a collective is done once it joined and its own sends and receives are.
void ChakraRun::coll_check(std::uint32_t ci, std::uint32_t rank, TimeNs now) {
  Coll& c = colls_[ci];
  CollRank& me = c.r[rank];
  if (!me.joined || me.finished) return;
  std::uint32_t sends = 0, recvs = 0;
  if (n() > 1 && c.bytes > 0) {
    if (c.steps > 0) {
      sends = recvs = c.steps;
    } else if (c.type == ChakraColl::AllToAll) {
      sends = recvs = n() - 1;
    } else {
      sends = rank == 0 ? n() - 1 : 0;
      recvs = rank == 0 ? 0 : 1;
    }
  }
  if (me.sends_done < sends || me.recvs_done < recvs) return;
  me.finished = true;
  finish(rank, me.node, now);
}

std::string ChakraRun::stuck() const {
  std::ostringstream out;
  for (std::uint32_t r = 0; r < n(); ++r) {
    int shown = 0;
    for (std::uint32_t i = 0; i < ranks_[r].st.size() && shown < 3; ++i) {
      const NodeState& st = ranks_[r].st[i];
      if (st.finished) continue;
      const ChakraNode& x = trace_.ranks[r].nodes[i];
      if (!st.started && st.waiting > 0) continue;  // (waits on another stuck node: shown through that one)
      out << "\n  rank " << r << " node " << x.id << " (" << to_string(x.kind)
          << (x.name.empty() ? "" : " " + uetlb::shown(x.name)) << "): ";
      if (!st.started) {
        out << "never started";
      } else if (x.kind == ChakraKind::Recv) {
        out << "waits for the message from rank " << x.peer << " (tag " << x.tag << ")";
      } else if (x.kind == ChakraKind::Coll) {
        out << to_string(x.coll) << " waits for the other ranks";
      } else {
        out << "started at " << st.start << " ns, never finished";
      }
      ++shown;
    }
  }
  return out.str();
}

void ChakraRun::write_collectives(std::ostream& out) const {
  out << "rank,node,name,kind,algorithm,bytes,start_ns,end_ns,completed,bound_ns\n";
  for (std::uint32_t r = 0; r < n(); ++r) {
    for (std::uint32_t i = 0; i < ranks_[r].st.size(); ++i) {
      const ChakraNode& x = trace_.ranks[r].nodes[i];
      if (x.kind != ChakraKind::Send && x.kind != ChakraKind::Recv && x.kind != ChakraKind::Coll) continue;
      const NodeState& st = ranks_[r].st[i];
      std::string name = x.name;
      std::replace(name.begin(), name.end(), ',', ';');
      // (A newline or other control byte in a trace's name would split or garble the CSV row.)
      std::replace_if(
          name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }, ' ');
      const char* algo = x.kind != ChakraKind::Coll                                            ? "point-to-point"
                         : (x.coll == ChakraColl::AllToAll || x.coll == ChakraColl::Broadcast) ? "direct"
                                                                                               : "ring";
      // The bytes this rank sends, as a fraction of the size (point-to-point: the size).
      const double nn = n(), share = x.kind != ChakraKind::Coll        ? 1.0
                                     : x.coll == ChakraColl::AllReduce ? 2.0 * (nn - 1) / nn
                                     : x.coll == ChakraColl::Broadcast ? nn - 1
                                                                       : (nn - 1) / nn;
      const double bound = static_cast<double>(x.comm_size) * share * 8e9 / static_cast<double>(rate_bps_);
      out << r << ',' << x.id << ',' << name << ','
          << (x.kind == ChakraKind::Coll ? to_string(x.coll) : to_string(x.kind)) << ',' << algo << ',' << x.comm_size
          << ',' << st.start << ',' << st.end << ',' << (st.finished ? 1 : 0) << ','
          << static_cast<std::uint64_t>(bound + 0.5) << '\n';
    }
  }
}

void ChakraRun::write_nodes(std::ostream& out) const {
  out << "rank,node,kind,start_ns,end_ns,completed\n";
  for (std::uint32_t r = 0; r < n(); ++r) {
    for (std::uint32_t i = 0; i < ranks_[r].st.size(); ++i) {
      const ChakraNode& x = trace_.ranks[r].nodes[i];
      const NodeState& st = ranks_[r].st[i];
      out << r << ',' << x.id << ',' << to_string(x.kind) << ',' << st.start << ',' << st.end << ','
          << (st.finished ? 1 : 0) << '\n';
    }
  }
}

}  // namespace uetsim
