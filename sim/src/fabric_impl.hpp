// The fabric's inside (private to the uetsim library): the NICs' transport state and Fabric::Impl, which
// owns the network, the event queue and the NICs, and turns each event into calls on them. Split by part:
// fabric.cpp (the event loop, links and switches, failures), transport.cpp (NICs and PDCs: groups,
// sending, feedback, the load balancer's calls), records.cpp (the CSV records and the summary).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "chakra_run.hpp"
#include "rows.hpp"
#include "uetlb/engine.hpp"
#include "uetlb/fifo.hpp"
#include "uetlb/output.hpp"
#include "uetsim/congestion.hpp"
#include "uetsim/events.hpp"
#include "uetsim/fabric.hpp"
#include "uetsim/fct_stats.hpp"
#include "uetsim/network.hpp"
#include "uetsim/peer_table.hpp"

namespace uetsim {

// Why a packet is sent: new, or again after a timeout, a NACK or an early failure (RetransmitOnEfd);
// uet-monitor.csv's `cause`.
enum class SendCause : std::uint8_t { New, Rto, Nack, Efd };

struct PacketState {
  bool acked = false, in_flight = false;
  bool received = false;   // (the receiver's: the PDC's both ends share the slot)
  bool efd_named = false;  // an early failure named a copy of it, the one sent with efd_ev
  std::uint16_t ev = 0;
  std::uint16_t efd_ev = 0;
  TimeNs sent_at = 0;
  std::uint32_t rto_gen = 0;
  SendCause resend_cause = SendCause::New;  // why it waits in its PDC's retransmission queue
};

// A PDC's sending and receiving state while it runs (one message = one PDC). It lives in a slot that a
// later PDC reuses once this one is done: a Chakra run of millions of messages keeps only the records.
struct Pdc {
  std::uint32_t src = 0, dst = 0, group = 0;
  std::uint64_t bytes = 0;
  std::uint64_t token = 0;  // the workload's (a Chakra run's message: what it completes; 0: none)
  std::uint16_t local_port = 0;
  std::uint32_t packets = 0, next_new = 0, acked = 0;
  // Its packets' state: in the slot itself for a message of up to kNear packets (a ring all-reduce over
  // thousands of ranks sends millions of one-packet messages), else in far_pkt.
  static constexpr std::uint32_t kNear = 2;
  std::array<PacketState, kNear> near_pkt{};
  std::vector<PacketState> far_pkt;
  PacketState& pkt(std::uint32_t psn) { return packets <= kNear ? near_pkt[psn] : far_pkt[psn]; }
  Window win;
  uetlb::Fifo<std::uint32_t> retx;  // psns waiting to be sent again
  bool waiting_port = false;        // in its NIC's `waiting` list
  std::uint32_t snd_cum = 0;        // AckCoalescingBytes: every PSN below it is acknowledged
  // Receiver side.
  std::uint32_t next_expected = 0, buffered = 0;
  // AckCoalescingBytes: bytes taken since the last ACK, whether a packet has come, whether an ACK
  // request waits for the out-of-order packets to be filled in.
  std::uint32_t unacked_bytes = 0;
  bool received_any = false, ack_request = false;
};

// What a PDC keeps from its start until its row of messages.csv is written (once it and every PDC
// before it are done): 48 bytes.
struct PdcRecord {
  std::uint32_t msg = 0, src = 0, dst = 0, group = 0;
  std::uint64_t bytes = 0;
  TimeNs start = 0, end = 0;
  std::uint32_t slot = 0;  // its Pdc in Impl::slots while not done
  bool done = false;
};

struct Nic {
  std::unique_ptr<uetlb::Engine> lb;
  TimeNs base_rtt = 0;
  std::vector<std::uint32_t> free_groups;  // group numbers free for reuse, smallest first
  std::uint32_t next_group = 0;
  // The peers that have a message in flight or a group (sparse: a vector per NIC and peer would take
  // hosts^2 words, 16 GiB at 65,536 hosts).
  PeerTable peers;
  std::uint32_t in_flight(std::uint32_t peer) const {
    const Peer* p = peers.find(peer);
    return p == nullptr ? 0 : p->in_flight;
  }
  // The PDCs sending on each group, by group number: the packet an early failure names is found there
  // (RetransmitOnEfd resends it; the summary counts it spurious when it is acknowledged after all). Kept
  // only under REPS with early failure detection or with RetransmitOnEfd (track_groups).
  std::vector<std::vector<std::uint32_t>> pdcs_of_group;
  uetlb::Fifo<std::uint32_t> waiting;  // PDCs with a packet to send, waiting for room on the NIC's port
  TimeNs lb_time = 0;                  // the time of the last call into the load balancer
  // Early-failure ticks (transport.cpp, lb_tick): each sent packet's (time due, deadline), in the order
  // due; one event waits for the first of them.
  struct Tick {
    TimeNs due, deadline;
  };
  uetlb::Fifo<Tick> ticks;
  bool tick_waits = false;  // an LbTick for ticks.front() is scheduled
  // Statistics.
  std::uint64_t ooo_events = 0, max_ooo = 0, sent = 0, retx = 0, timeouts = 0, nacks = 0, acks = 0, ecn = 0;
};

struct MonitorRow {
  TimeNs time;
  std::uint32_t nic, group, psn, dst, pdc;
  SendCause cause;  // New: a Tx row; else a ReTx row and why
  std::uint16_t ev;
  uetlb::Decision decision;
  std::uint32_t bytes;
};

// A data packet a failed link lost (failed-link-drops.csv): joined with uet-monitor.csv's row of its send
// by (nic, pdc, psn, sent_at).
struct FailedDropRow {
  TimeNs time, sent_at;
  std::uint32_t nic, pdc, psn;
  std::uint16_t ev;
};

struct Fabric::Impl {
  Impl(const Scenario& scenario, EngineFactory engine_factory);

  const Scenario sc;
  EngineFactory factory;
  Network net;
  QueueRules queue_rules;
  EcmpRules ecmp_rules;
  QueueCounters queue_counters;
  EventQueue events;
  std::uint32_t message_count = 0;                     // the scenario's messages and those a Chakra trace started
  std::vector<std::vector<std::uint32_t>> dependents;  // by scenario message: messages that start when it completes
  std::unique_ptr<ChakraRun> chakra;                   // workload "chakra"
  std::vector<Nic> nics;
  // The PDCs' records from the oldest whose row of messages.csv is not written yet (PDC number
  // first_pdc): every PDC before it is done and written. A Chakra run of hundreds of millions of messages
  // holds only the few thousand about the ones running (docs/fabric.md, "Records as the run goes").
  uetlb::Fifo<PdcRecord> pdcs;
  std::uint32_t first_pdc = 0;
  std::uint32_t pdc_count() const { return first_pdc + static_cast<std::uint32_t>(pdcs.size()); }
  std::vector<std::uint32_t> written_group;  // FeedbackForEveryPacket: the group of each PDC written out
  FctStats fcts;                             // the finished PDCs' completion times (the summary's statistics)
  // messages.csv's rows as PDCs are written out: into the file (Fabric::stream_messages) or kept here.
  std::unique_ptr<uetlb::output::AtomicFile> messages_file;
  std::string messages_dir;
  std::ostringstream messages_kept;
  std::unique_ptr<Rows> message_rows;
  std::vector<Pdc> slots;  // the running PDCs' state
  std::vector<std::uint32_t> free_slots;
  std::unique_ptr<CongestionControl> cc;
  TimeNs now = 0;
  std::uint32_t window_bytes = 0;
  std::uint32_t mss = 0;
  // Launched packets a link failure caught on the wire, still down at their last bit: (port, arrival time),
  // dropped when they arrive (a restore before their last bit takes them out).
  std::vector<std::pair<std::uint32_t, TimeNs>> doomed;
  bool monitor_on = false;
  bool track_groups = false;               // Nic::pdcs_of_group kept (efd_on or RetransmitOnEfd)
  bool efd_on = false;                     // REPS with early failure detection: the load balancers' timers are ticked
  UnitRng loss_rng;                        // degraded links' losses
  UnitRng switch_rng;                      // the switches' random choices (ECN ramp, trim victim)
  std::vector<std::uint32_t> members;      // scratch: an ECMP set's usable members
  std::vector<std::uint32_t> newly_acked;  // scratch: the PSNs a coalesced ACK acknowledges first
  std::vector<MonitorRow> monitor;
  std::vector<FailedDropRow> failed_drops;
  // Each early failure a load balancer applied (with the monitor): time, NIC, group, PSN, EV.
  struct EfdRow {
    TimeNs time;
    std::uint32_t nic, group, psn;
    std::uint16_t ev;
  };
  std::vector<EfdRow> efd_rows;
  RunSummary sum;
  std::uint64_t acked_packets = 0, total_packets = 0;  // for the progress line

  static std::uint32_t ip_of(std::uint32_t host) { return 0x0A000000U + host; }
  void schedule(TimeNs at, EventBody body) { events.push(at, std::move(body)); }
  PdcRecord& record(std::uint32_t pdc_id) { return pdcs[pdc_id - first_pdc]; }  // (a PDC not written out)
  bool finished(std::uint32_t pdc_id) const { return pdc_id < first_pdc || pdcs[pdc_id - first_pdc].done; }
  std::uint32_t group_of(std::uint32_t pdc_id) const {  // (written out: with FeedbackForEveryPacket only)
    return pdc_id < first_pdc ? written_group[pdc_id] : pdcs[pdc_id - first_pdc].group;
  }
  Pdc& live(std::uint32_t pdc_id) { return slots[record(pdc_id).slot]; }  // (a PDC not done)
  void dispatch(Event& e);
  void prefetch(const EventBody& next) const;

  // Links, switches and failures (fabric.cpp).
  void enqueue(std::uint32_t port_id, Packet p);
  void failed_link_drop(const Packet& p);
  bool launchable(std::uint32_t port_id) const;
  void start(std::uint32_t port_id);
  void wake_at_end(std::uint32_t port_id);
  void tx_done(std::uint32_t port_id);
  ev::Arrive arrival(std::uint32_t port_id, Packet p) const;
  void arrive(const ev::Arrive& a, Packet p);
  std::uint32_t pick_up(std::uint32_t sw_id, const Packet& p);
  void link_fail(const LinkFailure& f);
  void link_reroute(const LinkFailure& f);
  void link_restore(const LinkFailure& f);

  // NICs (transport.cpp).
  void build_nics();
  std::uint32_t take_group(Nic& nic);
  void start_scenario_message(std::uint32_t m, TimeNs at);
  void message_start(const ev::MessageStart& m);
  void add_message(unsigned src, unsigned dst, std::uint64_t bytes, std::uint64_t token);  // started now (an event)
  void try_send(std::uint32_t pdc_id);
  void send_data(std::uint32_t pdc_id, std::uint32_t psn, std::uint32_t size, SendCause cause);
  std::uint32_t data_size(const Pdc& pdc, std::uint32_t psn) const;
  bool port_has_room(std::uint32_t host, std::uint32_t size);
  void leave_flight(Pdc& pdc, std::uint32_t psn);
  uetlb::Engine& lb_of(Nic& nic);
  void resend(std::uint32_t pdc_id, std::uint32_t psn, SendCause cause);
  void wake_senders(std::uint32_t host);
  void efd_retransmit(const ev::EfdRetx& e);
  void efd_named(TimeNs at, std::uint32_t host, std::uint32_t group, std::uint32_t psn, std::uint16_t ev);
  void rto(const ev::Rto& e);
  void lb_tick(const ev::LbTick& e);
  bool outstanding(std::uint32_t pdc_id, std::uint32_t psn);
  void host_receive(std::uint32_t host, Packet p);
  void receive_ack(Nic& nic, const Packet& p);
  void receive_coalesced_ack(Nic& nic, const Packet& p);
  bool coalesced_ack_due(Pdc* pdc, const Packet& p, bool fresh, bool in_order);
  void receive_nack(Nic& nic, const Packet& p);
  void pdc_done(std::uint32_t pdc_id);
  void receive_data(std::uint32_t host, const Packet& p);

  // Records (records.cpp).
  void write_out_done();  // the done PDCs at the front of `pdcs`: their rows of messages.csv, in order
  void write_row(const PdcRecord& p);
  void summarize();
};

}  // namespace uetsim
