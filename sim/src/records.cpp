// What a run leaves: the summary (flow completion times, counters, ECMP balance), the CSV records and the
// memory a scenario needs.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <limits>
#include <sstream>

#include "fabric_impl.hpp"
#include "uetlb/output.hpp"

namespace uetsim {

namespace {
constexpr const char* kMessagesHeader = "message,src,dst,bytes,start_ns,end_ns,fct_ns,completed\n";
void message_row(Rows& out, const PdcRecord& p) {
  out << p.msg << ',' << p.src << ',' << p.dst << ',' << p.bytes << ',' << p.start << ',' << p.end << ','
      << (p.done ? p.end - p.start : 0) << ',' << (p.done ? '1' : '0') << '\n';
}
}  // namespace

void Fabric::Impl::write_row(const PdcRecord& p) {
  if (!message_rows) {  // (the first row: the header, into the file or the kept rows)
    std::ostream& out = messages_file ? messages_file->stream() : static_cast<std::ostream&>(messages_kept);
    out << kMessagesHeader;
    message_rows = std::make_unique<Rows>(out, messages_file != nullptr);  // (a file: written as the run goes)
  }
  message_row(*message_rows, p);
}

void Fabric::Impl::write_out_done() {
  while (!pdcs.empty() && pdcs.front().done) {
    write_row(pdcs.front());
    if (sc.feedback_every_packet) written_group.push_back(pdcs.front().group);
    pdcs.pop_front();
    ++first_pdc;
  }
}

void Fabric::Impl::summarize() {
  for (auto& nic : nics) {
    nic.lb->finish();
    const uetlb::Counters c = nic.lb->counters();
    sum.efd_tracked += c.efd_tracked;
    sum.efd_untracked += c.efd_untracked;
    sum.efd_fired += c.efd_fired;
    sum.lb_feedback += c.feedback;
  }
  sum.drops_queue = queue_counters.drops_queue;
  sum.drops_control = queue_counters.drops_control;
  sum.trims = queue_counters.trims;
  sum.ecn_marks = queue_counters.ecn_marks;
  sum.spraying = uetlb::to_string(sc.lb.packet_spraying_type);
  sum.messages = message_count;
  if (chakra) {
    sum.workload_end_ns = chakra->end_time();
    sum.workload_nodes = chakra->nodes_total();
    sum.workload_nodes_done = chakra->nodes_done();
    if (!chakra->done()) sum.workload_stuck = chakra->stuck();
  }
  sum.end_time = now;
  if (chakra) {
    sum.done_at_ns = chakra->done() ? sum.workload_end_ns : 0;
  } else if (sum.completed != message_count) {
    sum.done_at_ns = 0;
  }
  // Completion times in ns (exact order statistics: FctStats).
  if (fcts.count() > 0) {
    const std::uint64_t n = fcts.count();
    const auto at = [this](std::uint64_t k) { return static_cast<double>(fcts.kth(k)) / 1000.0; };
    sum.fct_mean_us = static_cast<double>(fcts.total()) / static_cast<double>(n) / 1000.0;
    sum.fct_max_us = at(n - 1);
    sum.fct_p99_us = at(std::min(n - 1, n * 99 / 100));
    sum.fct_p50_us = at(n / 2);
  }
  // Imbalance over the switches' up sets that carried traffic.
  double worst = 0;
  for (const auto& sw : net.switches) {
    std::uint64_t total = 0, mx = 0;
    for (std::uint64_t b : sw.member_bytes) {
      total += b;
      mx = std::max(mx, b);
    }
    if (total > 0) worst = std::max(worst, static_cast<double>(mx) * sw.up.size() / static_cast<double>(total));
  }
  sum.ecmp_imbalance = worst;
}

void Fabric::stream_messages(const std::string& dir) {
  Impl& s = *impl_;
  if (s.message_rows || s.messages_file) {
    throw std::logic_error("Fabric::stream_messages: called after the run started, or twice");
  }
  s.messages_dir = dir;
  s.messages_file = std::make_unique<uetlb::output::AtomicFile>("record", dir + "/messages.csv");
}

void Fabric::write_records(const std::string& dir) {
  Impl& s = *impl_;
  if (!s.messages_dir.empty() && !s.messages_file) {
    throw std::logic_error("Fabric::write_records: messages.csv streamed into '" + s.messages_dir +
                           "' is already complete (write_records was called before)");
  }
  if (s.messages_file && dir != s.messages_dir) {
    throw std::logic_error("Fabric::write_records: '" + dir + "' is not the folder messages.csv streams into ('" +
                           s.messages_dir + "')");
  }
  // Each record under a temporary name, renamed into place once written (uetlb/output.hpp).
  auto open = [&](const std::string& name) { return uetlb::output::AtomicFile("record", dir + "/" + name); };
  if (s.monitor_on) {
    auto file = open("uet-monitor.csv");
    file.stream() << "time_ns,nic,group,psn,direction,entropy_value,decision,bytes,dst,pdc,cause\n";
    static const char* const kCause[] = {"", "rto", "nack", "efd"};
    {
      Rows out(file.stream());
      for (const auto& r : s.monitor) {
        out << r.time << ',' << r.nic << ',' << r.group << ',' << r.psn << ','
            << (r.cause == SendCause::New ? "Tx" : "ReTx") << ',' << r.ev << ',' << uetlb::to_string(r.decision) << ','
            << r.bytes << ',' << r.dst << ',' << r.pdc << ',' << kCause[static_cast<int>(r.cause)] << '\n';
      }
    }
    file.commit();
    auto efd = open("early-failures.csv");
    efd.stream() << "time_ns,nic,group,psn,entropy_value\n";
    {
      Rows out(efd.stream());
      for (const auto& r : s.efd_rows)
        out << r.time << ',' << r.nic << ',' << r.group << ',' << r.psn << ',' << r.ev << '\n';
    }
    efd.commit();
  } else {
    // (A record of an earlier run in this folder would read as this run's.)
    std::error_code ignored;
    for (const char* name : {"uet-monitor.csv", "early-failures.csv"}) {
      if (std::filesystem::is_regular_file(dir + "/" + name, ignored))
        std::filesystem::remove(dir + "/" + name, ignored);
    }
  }
  {
    auto file = open("failed-link-drops.csv");
    file.stream() << "time_ns,nic,pdc,psn,entropy_value,sent_ns\n";
    for (const auto& r : s.failed_drops) {
      file.stream() << r.time << ',' << r.nic << ',' << r.pdc << ',' << r.psn << ',' << r.ev << ',' << r.sent_at
                    << '\n';
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
    for (const auto& sw : s.net.switches) {
      for (std::size_t i = 0; i < sw.up.size(); ++i) {
        file.stream() << sw.name << ",uplinks," << s.net.switches[s.net.ports[sw.up[i]].to_id].name << ','
                      << sw.member_packets[i] << ',' << sw.member_bytes[i] << '\n';
      }
    }
    file.commit();
  }
  if (s.messages_file) {  // the rest of the rows (the PDCs from the oldest not done on), then into place
    for (std::size_t i = 0; i < s.pdcs.size(); ++i) s.write_row(s.pdcs[i]);
    if (!s.message_rows) s.messages_file->stream() << kMessagesHeader;  // (no PDC at all)
    s.message_rows.reset();                                             // (flushes)
    s.messages_file->commit();
    s.messages_file.reset();
  } else {  // the rows kept as the run went, then the rest
    auto file = open("messages.csv");
    if (s.message_rows) {
      s.message_rows->flush();
      file.stream() << s.messages_kept.str();
    } else {
      file.stream() << kMessagesHeader;
    }
    {
      Rows out(file.stream());
      for (std::size_t i = 0; i < s.pdcs.size(); ++i) message_row(out, s.pdcs[i]);
    }
    file.commit();
  }
  if (s.chakra) {
    auto file = open("collectives.csv");
    s.chakra->write_collectives(file.stream());
    file.commit();
    auto nodes = open("chakra-nodes.csv");
    s.chakra->write_nodes(nodes.stream());
    nodes.commit();
  }
}

std::uint64_t memory_estimate(const Scenario& sc, bool monitor) {
  using Wide = unsigned __int128;
  const Wide hosts = sc.hosts();
  Wide bytes = hosts * sizeof(Nic);
  const std::uint64_t mss = std::max<std::uint64_t>(1, sc.lb.rdma_data_mss);
  // A message's packets: their state outside its PDC slot (a message of up to Pdc::kNear packets keeps it in
  // the slot), and a monitor row each.
  const auto state_bytes = [](Wide packets) { return packets > Pdc::kNear ? packets * sizeof(PacketState) : 0; };
  const Wide row = monitor ? sizeof(MonitorRow) : 0;
  // Per message: its PDC, its peer's entry (a slot of the peer table past the NIC's own), its packets.
  constexpr Wide kPeerEntry = sizeof(Peer) + sizeof(std::uint32_t);
  // (Every message of the list may run at once.)
  for (const auto& m : sc.messages) {
    const Wide packets = (m.bytes + mss - 1) / mss;
    bytes += sizeof(PdcRecord) + sizeof(Pdc) + kPeerEntry + state_bytes(packets) + packets * row;
  }
  if (sc.chakra) {
    // Nothing stays per message (its record is written out as the run goes: Fabric::stream_messages; its
    // completion time is counted, FctStats) but its monitor rows: a send is one message; a collective is,
    // per rank, 2(N-1) messages of size / N for a ring all-reduce, N-1 for the other rings and all-to-all,
    // N-1 of the whole size from rank 0 for a broadcast. A running message's record and state are held per
    // rank at a time (a ring's step), plus its packets.
    const Wide ranks = sc.chakra->ranks.size();
    for (const auto& r : sc.chakra->ranks) {
      for (const auto& n : r.nodes) {
        Wide count = 0, size = 0;
        if (n.kind == ChakraKind::Send) {
          count = 1, size = n.comm_size;
        } else if (n.kind == ChakraKind::Coll && ranks > 1) {
          const Wide chunk = std::max<Wide>(1, n.comm_size / ranks);
          count = (n.coll == ChakraColl::AllReduce ? 2 : 1) * (ranks - 1);
          size = n.coll == ChakraColl::Broadcast ? n.comm_size : chunk;
        }
        if (count == 0) continue;
        const Wide packets = (size + mss - 1) / mss;
        bytes += count * packets * row + sizeof(PdcRecord) + sizeof(Pdc) + kPeerEntry + state_bytes(packets);
      }
    }
  }
  // The network: ports (their two queues are Fifos, which allocate nothing until a packet waits: what
  // they then hold is the packets' own, counted by the messages above), switches with their down ranges
  // and counters, routing's table of switches by last switch.
  const Network::Counts n = Network::counts(sc);
  const Wide inner = n.ports - 2 * hosts;  // switch-to-switch ports: a down range or an ECMP member each
  bytes += Wide{n.ports} * sizeof(Port) + Wide{n.switches} * (sizeof(Switch) + n.last_switches) +
           inner * (sizeof(Switch::DownRange) + 2 * sizeof(std::uint64_t));
  return bytes > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                           : static_cast<std::uint64_t>(bytes);
}

void print_summary_header(std::ostream& out) {
  out << std::left << std::setw(34) << "spraying" << std::right << std::setw(9) << "done" << std::setw(11) << "done at"
      << std::setw(11) << "FCT mean" << std::setw(10) << "p99" << std::setw(10) << "max" << std::setw(8) << "retx"
      << std::setw(9) << "timeouts" << std::setw(7) << "nacks" << std::setw(9) << "drops" << std::setw(9) << "ooo"
      << std::setw(11) << "imbalance" << std::setw(11) << "efd fired" << std::setw(10) << "spurious" << '\n';
}

void print_summary_legend(std::ostream& out) {
  out << "columns: done = messages completed/started; done at = when the last one completed (the workload's time); "
         "FCT = message completion times; retx = packets sent again;\n"
         "  drops = all causes; ooo = packets that arrived out of order; imbalance = busiest first-tier uplink's bytes "
         "/ the mean; efd fired = early failures; spurious = of those, packets acknowledged later\n"
         "  (docs/fabric.md, \"Reading the summary\")\n";
}

void write_summary_csv(std::ostream& out, const RunSummary& s) {
  out << "spraying,messages,completed,end_time_ns,fct_mean_us,fct_p50_us,fct_p99_us,fct_max_us,data_packets,"
         "retransmissions,timeouts,nacks,ecn_marks,drops_queue,drops_failed_link,drops_lossy_link,trims,ooo_events,"
         "packet_hops,events,efd_tracked,efd_untracked,efd_fired,efd_retransmits,ecmp_imbalance,wall_seconds,drops_"
         "control,drops_failed_link_data,done_at_us,efd_spurious\n";
  out << s.spraying << ',' << s.messages << ',' << s.completed << ',' << s.end_time << ',' << std::fixed
      << std::setprecision(3) << s.fct_mean_us << ',' << s.fct_p50_us << ',' << s.fct_p99_us << ',' << s.fct_max_us
      << ',' << s.data_packets << ',' << s.retransmissions << ',' << s.timeouts << ',' << s.nacks << ',' << s.ecn_marks
      << ',' << s.drops_queue << ',' << s.drops_failed_link << ',' << s.drops_lossy_link << ',' << s.trims << ','
      << s.ooo_events << ',' << s.packet_hops << ',' << s.events << ',' << s.efd_tracked << ',' << s.efd_untracked
      << ',' << s.efd_fired << ',' << s.efd_retransmits << ',' << s.ecmp_imbalance << ',' << s.wall_seconds << ','
      << s.drops_control << ',' << s.drops_failed_link_data << ',' << static_cast<double>(s.done_at_ns) / 1000.0 << ','
      << s.efd_spurious << '\n';
}

void print_summary_row(std::ostream& out, const RunSummary& s) {
  std::ostringstream done;
  done << s.completed << "/" << s.messages;
  std::ostringstream done_at;
  if (s.done_at_ns > 0) {
    done_at << std::fixed << std::setprecision(1) << static_cast<double>(s.done_at_ns) / 1000.0 << "us";
  } else {
    done_at << "-";
  }
  out << std::left << std::setw(34) << s.spraying << std::right << std::setw(9) << done.str() << std::setw(11)
      << done_at.str() << std::fixed << std::setprecision(1) << std::setw(9) << s.fct_mean_us << "us" << std::setw(8)
      << s.fct_p99_us << "us" << std::setw(8) << s.fct_max_us << "us" << std::setw(8) << s.retransmissions
      << std::setw(9) << s.timeouts << std::setw(7) << s.nacks << std::setw(9)
      << (s.drops_queue + s.drops_control + s.drops_failed_link + s.drops_lossy_link) << std::setw(9) << s.ooo_events
      << std::setw(10) << std::setprecision(2) << s.ecmp_imbalance << "x" << std::setw(11) << s.efd_fired
      << std::setw(10) << s.efd_spurious << '\n';
}

}  // namespace uetsim
