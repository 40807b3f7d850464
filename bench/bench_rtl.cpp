// Benchmark: events the Verilated core (--cc, plain C++ harness) accepts per cycle on each traffic
// pattern, with a request and a feedback offered every cycle and every response taken; and
// the simulation speed. Events per second of the core = this figure x the placed-and-routed Fmax
// (scripts/hw/fpga.sh joins the two in docs/fpga.md). With the scoreboard on, every response is compared with the
// golden model's (exit 1 on any difference).
//   bench_rtl [cycles] [--no-scoreboard]
// Patterns (the feedback stream carries, per cycle, an ACK of an answered packet when there is one, else a
// NACK that changes nothing):
//   hot        every event on group 0 (the ring all-reduce case)
//   spread     requests on uniformly drawn groups; feedback for the answered packets in answer order
//   same       both streams on one group each cycle: the group of the oldest answered packet
//   opens      as spread, with an open of a random group offered every 16th cycle on top (it shares the
//              request lane: a reopened group's tracked packets are dropped, and hold their tracker places
//              to their deadline)
//   loss       hot, with 1 packet in 200 never acknowledged: its early failure fires (base RTT 2 us)
//   backpressure  hot, with the response taken in half the cycles (not line rate by design)
// Then the loss table: the core driven as a NIC at 100 MHz would (10 ns a cycle, base RTT 2 us, M = 3), one
// hot group, a request offered at a given rate (1.00 and 0.48 a cycle), every response acknowledged one
// RTT later in send order unless its packet is lost (at random, or in a burst: one path in eight, EV mod
// 8, loses every packet for 100 us, then recovers); after the run, 1,000 cycles with no new request let
// every lost packet's early failure fire. Printed per row: requests accepted per cycle against the offered
// rate, packets lost, early failures (beyond the lost ones: ACKs the core made late), the longest wait of
// an ACK for the feedback lane, the share of cycles in which the tracker held both streams (efd_due_o:
// another tracked packet past due while one fires), and events (requests, feedback, early failures) per
// cycle.
#include <verilated.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include UETLB_TOP_HEADER
#include "bench_start.hpp"
#include "uetlb/load_balancer.hpp"
#include "uetlb/rtl_regs.hpp"
#include "uetlb/stimulus_rng.hpp"
#include "uetlb/top_harness.hpp"

using namespace uetlb;
using Top = UETLB_TOP_CLASS;

namespace {

// The clock period: 15 ns, the core's placed-and-routed period on ECP5 (docs/fpga.md), so that a base RTT
// spans as many cycles as in hardware (the tracker's runs hold 2 x TrackerEntries packets from the oldest
// live one: at 1 ns a cycle an unacknowledged packet would hold a run 15 times as long).
constexpr std::uint64_t kNsPerCycle = 15;

struct Result {
  std::uint64_t cycles = 0, requests = 0, lane = 0, opens = 0, efd = 0, mismatches = 0;
  double seconds = 0;
};

struct Owed {
  GroupId group;
  Psn psn;
  Choice choice;
};

Result run(const std::string& pattern, std::uint64_t cycles, bool scoreboard) {
  TopHarness<Top> t;
  t.ns_per_cycle = kNsPerCycle;
  Top* const m = t.m.get();
  const GroupId groups = UETLB_BENCH_GROUPS;
  const bool loss = pattern == "loss";
  const TimeNs rtt = loss ? 2000 : 6000;
  m->base_rtt_i = static_cast<IData>(rtt);
  LoadBalancer model = start_reps(t, groups, UETLB_BENCH_TRACKER, scoreboard);
  StimulusRng rng(1);
  // Answered packets in the order their responses left: feedback returns in send order.
  std::deque<Owed> answered;
  std::vector<Psn> next_psn(groups, 0);
  std::deque<Owed> owed;
  const bool hot = pattern == "hot" || pattern == "loss" || pattern == "backpressure";
  Result r;
  r.cycles = cycles;
  bool req_pending = false, lane_pending = false, open_pending = false;
  GroupId rg = 0, lg = 0, og = 0;
  Psn rpsn = 0, lpsn = 0;
  EntropyValue lev = 0;
  FeedbackKind lkind = FeedbackKind::NackTrim;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < cycles; ++k) {
    // New offers where the last ones were taken (an offer is held until accepted).
    if (!req_pending) {
      rg = hot ? 0 : static_cast<GroupId>(rng() % groups);
      if (pattern == "same" && !lane_pending && !answered.empty()) rg = answered.front().group;
      rpsn = next_psn[rg]++;
      req_pending = true;
    }
    if (!open_pending && pattern == "opens" && k % 16 == 0) {
      og = static_cast<GroupId>(rng() % groups);
      open_pending = true;
    }
    if (!lane_pending) {
      lg = rg;
      if (!answered.empty() && (pattern != "same" || answered.front().group == rg)) {
        lg = answered.front().group;
        lpsn = answered.front().psn;
        lev = answered.front().choice.ev;
        answered.pop_front();
        lkind = FeedbackKind::Ack;
      } else {
        lpsn = 0;
        lev = 0;
        lkind = FeedbackKind::NackTrim;
      }
      lane_pending = true;
    }
    m->req_valid_i = 1;
    m->req_group_i = rg;
    m->req_psn_i = rpsn;
    m->req_retx_i = 0;
    m->open_valid_i = open_pending;
    m->open_group_i = og;
    m->open_port_i = 0;
    m->fb_valid_i = 1;
    m->fb_group_i = lg;
    m->fb_kind_i = static_cast<CData>(lkind);
    m->fb_ev_i = lev;
    m->fb_psn_i = lpsn;
    m->rsp_ready_i = pattern == "backpressure" ? (rng() & 1) : 1;
    m->now_i = static_cast<IData>(t.time_of(t.cycle));
    m->eval();
    const bool req_fire = m->req_ready_o;
    const bool lane_fire = m->fb_ready_o;
    const bool open_fire = open_pending && m->open_ready_o;
    const bool rsp_take = m->rsp_valid_o && m->rsp_ready_i;
    const TimeNs now = t.time_of(t.cycle - 1);  // an event takes the now_i of the cycle before its acceptance
    if (scoreboard) model.advance_to(now);
    // The order the core applies one cycle's events in: the feedback lane, then the request lane.
    if (lane_fire) {
      ++r.lane;
      lane_pending = false;
      if (scoreboard) model.feedback(now, lg, lkind, lev, lpsn);
    }
    if (open_fire) {
      ++r.opens;
      open_pending = false;
      if (scoreboard) model.open(now, og, 0);
    }
    if (req_fire) {
      ++r.requests;
      req_pending = false;
      owed.push_back({rg, rpsn, scoreboard ? model.request(now, rg, rpsn, false) : Choice{}});
    }
    if (rsp_take) {
      if (owed.empty()) {
        ++r.mismatches;
      } else {
        const Owed o = owed.front();
        owed.pop_front();
        if (scoreboard && (m->rsp_ev_o != o.choice.ev || m->rsp_decision_o != static_cast<CData>(o.choice.decision) ||
                           m->rsp_psn_o != o.psn || m->rsp_group_o != o.group)) {
          ++r.mismatches;
        }
        if (!(loss && rng() % 200 == 0)) {
          answered.push_back({o.group, o.psn, Choice{static_cast<EntropyValue>(m->rsp_ev_o), o.choice.decision}});
        }
      }
    }
    if (m->efd_valid_o) ++r.efd;
    t.tick();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

// One row of the loss table.
struct LossRow {
  double offered = 0;
  std::uint64_t cycles = 0, requests = 0, feedback = 0, efd = 0, lost = 0, max_ack_wait = 0, held = 0, mismatches = 0;
};

LossRow run_loss(double offered, double loss, bool burst, std::uint64_t cycles, bool scoreboard) {
  constexpr std::uint64_t kNs = 10;       // 100 MHz
  constexpr std::uint64_t kRttNs = 2000;  // base RTT; M = 3 (the default): deadlines 6 us after sending
  constexpr std::uint64_t kDrain = 1000;  // cycles after the run: no request, the last ACKs and fires
  constexpr std::uint64_t kBurstStart = 50'000, kBurstCycles = 10'000;  // 100 us from 500 us
  TopHarness<Top> t;
  t.ns_per_cycle = kNs;
  Top* const m = t.m.get();
  m->base_rtt_i = static_cast<IData>(kRttNs);
  LoadBalancer model = start_reps(t, 1, UETLB_BENCH_TRACKER, scoreboard);
  StimulusRng rng(7);
  struct Ack {
    std::uint64_t due;  // the cycle it is offered from
    Psn psn;
    EntropyValue ev;
  };
  std::deque<Ack> acks;
  std::deque<Owed> owed;
  LossRow r;
  r.offered = offered;
  double credit = 0;
  bool req_pending = false;
  Psn next_psn = 0, rpsn = 0;
  const std::uint64_t start = t.cycle;
  for (std::uint64_t k = 0; k < cycles + kDrain; ++k) {
    const bool running = k < cycles;
    // The NIC's next packet comes 1/offered cycles after the last one was taken (not sooner: one waits).
    if (!req_pending && running) credit += offered;
    if (!req_pending && running && credit >= 1.0) {
      credit -= 1.0;
      rpsn = next_psn++;
      req_pending = true;
    }
    const bool ack_ready = !acks.empty() && acks.front().due <= t.cycle;
    m->req_valid_i = req_pending;
    m->req_group_i = 0;
    m->req_psn_i = rpsn;
    m->req_retx_i = 0;
    m->open_valid_i = 0;
    m->fb_valid_i = ack_ready;
    m->fb_group_i = 0;
    m->fb_kind_i = static_cast<CData>(FeedbackKind::Ack);
    m->fb_ev_i = ack_ready ? acks.front().ev : 0;
    m->fb_psn_i = ack_ready ? acks.front().psn : 0;
    m->rsp_ready_i = 1;
    m->now_i = static_cast<IData>(t.time_of(t.cycle));
    m->eval();
    const TimeNs now = t.time_of(t.cycle - 1);
    if (scoreboard) model.advance_to(now);
    if (running && m->efd_due_o) ++r.held;
    if (ack_ready && m->fb_ready_o) {
      const Ack a = acks.front();
      acks.pop_front();
      ++r.feedback;
      r.max_ack_wait = std::max(r.max_ack_wait, t.cycle - a.due);
      if (scoreboard) model.feedback(now, 0, FeedbackKind::Ack, a.ev, a.psn);
    }
    if (req_pending && m->req_ready_o) {
      req_pending = false;
      if (running) ++r.requests;
      owed.push_back({0, rpsn, scoreboard ? model.request(now, 0, rpsn, false) : Choice{}});
    }
    if (m->rsp_valid_o) {
      if (owed.empty()) {
        ++r.mismatches;
      } else {
        const Owed o = owed.front();
        owed.pop_front();
        const EntropyValue ev = static_cast<EntropyValue>(m->rsp_ev_o);
        if (scoreboard && (ev != o.choice.ev || m->rsp_psn_o != o.psn)) ++r.mismatches;
        const std::uint64_t c = t.cycle - start;
        const bool in_burst = burst && c >= kBurstStart && c < kBurstStart + kBurstCycles && ev % 8 == 0;
        if (in_burst || (!burst && static_cast<double>(rng()) < loss * 4294967296.0)) {
          ++r.lost;
        } else {
          acks.push_back({t.cycle + kRttNs / kNs, o.psn, ev});
        }
      }
    }
    if (m->efd_valid_o) ++r.efd;
    t.tick();
  }
  r.cycles = cycles;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t cycles = 200'000;
  bool scoreboard = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--no-scoreboard") == 0) {
      scoreboard = false;
    } else {
      char* end = nullptr;
      cycles = std::strtoull(argv[i], &end, 10);
      if (end == argv[i] || *end != '\0' || cycles == 0) {
        std::fprintf(stderr, "bench_rtl: bad argument '%s' (expected a cycle count > 0 or --no-scoreboard)\n", argv[i]);
        return 2;
      }
    }
  }
  std::printf(
      "bench_rtl: Verilated uet_lb, NumGroups %u, TrackerEntries %u; a request and a feedback offered every cycle "
      "(opens: and an open every 16th), %llu cycles per pattern, scoreboard %s\n",
      UETLB_BENCH_GROUPS, UETLB_BENCH_TRACKER, static_cast<unsigned long long>(cycles), scoreboard ? "on" : "off");
  std::printf("%-13s %8s %10s %10s %8s %8s %14s %12s\n", "pattern", "groups", "requests", "feedback", "opens", "efd",
              "events/cycle", "Mcycles/s");
  bool ok = true;
  for (const char* p : {"hot", "spread", "same", "opens", "loss", "backpressure"}) {
    const Result r = run(p, cycles, scoreboard);
    const double per_cycle = static_cast<double>(r.requests + r.lane + r.opens) / static_cast<double>(r.cycles);
    std::printf("%-13s %8u %10llu %10llu %8llu %8llu %14.4f %12.3f%s\n", p, UETLB_BENCH_GROUPS,
                static_cast<unsigned long long>(r.requests), static_cast<unsigned long long>(r.lane),
                static_cast<unsigned long long>(r.opens), static_cast<unsigned long long>(r.efd), per_cycle,
                r.cycles / r.seconds / 1e6, r.mismatches ? "  MISMATCHES" : "");
    if (r.mismatches != 0) ok = false;
  }
  std::printf(
      "\nloss table: one hot group, 10 ns a cycle, base RTT 2 us, M = 3, ACKs one RTT after the response, "
      "%llu cycles a row\n",
      static_cast<unsigned long long>(cycles));
  std::printf("%-9s %8s %10s %9s %8s %8s %9s %9s %8s %13s\n", "offered", "loss", "accepted", "ratio", "lost", "efd",
              "core-efd", "ack-wait", "held", "events/cycle");
  const auto row = [&](double offered, double loss, bool burst) {
    const LossRow r = run_loss(offered, loss, burst, cycles, scoreboard);
    const double accepted = static_cast<double>(r.requests) / static_cast<double>(r.cycles);
    char what[16];
    if (burst) {
      std::snprintf(what, sizeof what, "burst");
    } else {
      std::snprintf(what, sizeof what, "%.1f %%", 100 * loss);
    }
    std::printf("%-9.2f %8s %10.4f %9.4f %8llu %8llu %9lld %9llu %8.4f %13.4f%s\n", offered, what, accepted,
                accepted / offered, static_cast<unsigned long long>(r.lost), static_cast<unsigned long long>(r.efd),
                static_cast<long long>(r.efd) - static_cast<long long>(r.lost),
                static_cast<unsigned long long>(r.max_ack_wait),
                static_cast<double>(r.held) / static_cast<double>(r.cycles),
                static_cast<double>(r.requests + r.feedback + r.efd) / static_cast<double>(r.cycles),
                r.mismatches ? "  MISMATCHES" : "");
    if (r.mismatches != 0) ok = false;
  };
  for (double offered : {1.00, 0.48}) {
    for (double loss : {0.0, 0.005, 0.01, 0.02, 0.05, 0.20}) row(offered, loss, false);
    row(offered, 0, true);
  }
  return ok ? 0 : 1;
}
