// Cycle-level tests of the pipelined top (Verilated uet_lb_pipe): one event per beat (two cycles) across
// groups and one every second beat on one group, equal to the golden model fed at each handshake; the
// order of the streams; response latency; back-pressure without loss or duplication.
#include <catch2/catch.hpp>
#include <deque>
#include <random>

#include "Vuet_lb_pipe.h"
#include "uetlb/load_balancer.hpp"
#include "uetlb/top_harness.hpp"

using namespace uetlb;

namespace {

using Pipe = TopHarness<Vuet_lb_pipe>;

struct Outcome {
  std::uint64_t cycles = 0, accepted = 0, requests = 0, feedback = 0, efd = 0;
};

enum class Groups { Rotate, One, Skewed };

// Offers one event at a time (a feedback for a sent packet, else a request), each held until accepted,
// and feeds the model at the handshake; every response and every efd is compared with the model's.
Outcome run_against_model(Groups mode, unsigned efd_mult, int cycles, std::uint32_t seed) {
  const GroupId groups = UETLB_RTL_GROUPS;
  Pipe t;
  REQUIRE(t.write(regs::kSprayType, 2) == 0);
  REQUIRE(t.write(regs::kFreezeTimeout, 2000) == 0);
  REQUIRE(t.write(regs::kEfdMult, efd_mult) == 0);
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  cfg.freezing_timeout_ns = 2000;
  cfg.failure_detection_rtt_multiplier = efd_mult;
  LoadBalancer model(cfg, ModelOptions{UETLB_RTL_TRACKER});
  t.m->base_rtt_i = 20;  // deadlines 20 x M ns away keep the tracker turning over
  t.tick();
  model.set_base_rtt(t.cycle, 20);
  // The core fires a packet as soon as it is past due; the model when time next moves (at the next
  // handshake): compare them pairwise as both sides have them.
  std::deque<TraceRow> model_efd, rtl_efd;
  model.set_trace_sink([&](const TraceRow& r) {
    if (r.event == EventKind::Efd) model_efd.push_back(r);
  });
  Outcome o;
  auto collect_efd = [&] {  // the efd the core shows after the edge just clocked, if any
    if (t.m->efd_valid_o) {
      rtl_efd.push_back(TraceRow{0, t.m->efd_time_o, t.m->efd_group_o, EventKind::Efd,
                                 static_cast<EntropyValue>(t.m->efd_ev_o), t.m->efd_psn_o, std::nullopt});
    }
  };
  auto compare_efd = [&] {
    while (!model_efd.empty() && !rtl_efd.empty()) {
      const TraceRow& m = model_efd.front();
      const TraceRow& r = rtl_efd.front();
      REQUIRE(r.psn == m.psn);
      REQUIRE(r.group == m.group);
      REQUIRE(r.ev == m.ev);
      REQUIRE(r.time == (m.time & 0xffffffffU));
      model_efd.pop_front();
      rtl_efd.pop_front();
      ++o.efd;
    }
  };
  for (GroupId g = 0; g < groups; ++g) {
    t.m->open_valid_i = 1;
    t.m->open_group_i = g;
    t.m->open_port_i = 100 + g;
    REQUIRE(t.wait_for(t.m->open_ready_o, 4));  // (streams hand over in a beat's second cycle)
    model.open(t.cycle, g, static_cast<EntropyValue>(100 + g));
    t.tick();
  }
  t.m->open_valid_i = 0;

  std::mt19937 rng(seed);
  std::vector<Psn> next_psn(groups, 0);
  std::vector<std::deque<std::pair<Psn, EntropyValue>>> sent(groups);
  std::deque<std::pair<Psn, Choice>> expected;  // responses owed, in order
  GroupId rotor = 0;
  bool pending = false, pending_fb = false;
  GroupId pg = 0;
  const std::uint64_t start = t.cycle;
  for (int k = 0; k < cycles; ++k) {
    const TimeNs now = t.cycle;
    if (!pending) {
      pg = mode == Groups::Rotate ? rotor++ % groups
           : mode == Groups::One  ? 0
                                  : (rng() % 2 ? 0U : static_cast<GroupId>(rng() % groups));
      pending = true;
      pending_fb = !sent[pg].empty() && rng() % 2 == 0;
      if (pending_fb) {
        const auto [psn, ev] = sent[pg].front();
        sent[pg].pop_front();
        const unsigned r = rng() % 20;
        const FeedbackKind kind = r < 14   ? FeedbackKind::Ack
                                  : r < 16 ? FeedbackKind::AckEcn
                                  : r < 18 ? FeedbackKind::NackTrim
                                  : r < 19 ? FeedbackKind::NackTrimLastHop
                                           : FeedbackKind::Rto;
        t.m->fb_group_i = pg;
        t.m->fb_kind_i = static_cast<CData>(kind);
        t.m->fb_ev_i = ev;
        t.m->fb_psn_i = psn;
      } else {
        t.m->req_group_i = pg;
        t.m->req_psn_i = next_psn[pg]++;
        t.m->req_retx_i = 0;
      }
    }
    t.m->fb_valid_i = pending_fb;
    t.m->req_valid_i = !pending_fb;
    t.m->now_i = static_cast<IData>(now);
    t.m->eval();
    if (pending_fb && t.m->fb_ready_o) {
      model.advance_to(now);
      model.feedback(now, pg, static_cast<FeedbackKind>(t.m->fb_kind_i), static_cast<EntropyValue>(t.m->fb_ev_i),
                     t.m->fb_psn_i);
      ++o.feedback;
      pending = false;
    } else if (!pending_fb && t.m->req_ready_o) {
      model.advance_to(now);
      const Choice c = model.request(now, pg, t.m->req_psn_i, false);
      expected.emplace_back(t.m->req_psn_i, c);
      if (rng() % 3 != 0) sent[pg].emplace_back(t.m->req_psn_i, c.ev);  // some are never acknowledged
      ++o.requests;
      pending = false;
    }
    if (!pending) ++o.accepted;
    const bool take = t.m->rsp_valid_o && t.m->rsp_ready_i;
    if (take) {
      REQUIRE(!expected.empty());
      REQUIRE(t.m->rsp_psn_o == expected.front().first);
      REQUIRE(Choice{static_cast<EntropyValue>(t.m->rsp_ev_o), static_cast<Decision>(t.m->rsp_decision_o)} ==
              expected.front().second);
      expected.pop_front();
    }
    t.tick();
    if (!pending) t.m->fb_valid_i = t.m->req_valid_i = 0;
    collect_efd();
    compare_efd();
  }
  t.m->fb_valid_i = t.m->req_valid_i = 0;
  o.cycles = t.cycle - start;
  REQUIRE(expected.size() <= 4);  // at most the last four responses are still on their way (stages A, W, P, U)
  // No more events: the core fires every tracked packet as its deadline passes (all within 200 ns);
  // the model fires them when time moves past them.
  for (int k = 0; k < 200; ++k) {
    t.tick();
    collect_efd();
  }
  REQUIRE(t.m->efd_tracked_o == 0);
  model.advance_to(t.cycle);
  compare_efd();
  REQUIRE(model_efd.empty());
  REQUIRE(rtl_efd.empty());
  return o;
}

}  // namespace

TEST_CASE("rtl pipe: one event per beat (two cycles) across groups, equal to the model", "[rtl][pipe][throughput]") {
  const Outcome o = run_against_model(Groups::Rotate, 0, 20'000, 1);
  REQUIRE(o.accepted == o.cycles / 2);  // no stall at all: consecutive events name different groups
  REQUIRE(o.feedback > o.accepted / 4);
  REQUIRE(o.requests > o.accepted / 4);
}

TEST_CASE("rtl pipe: one group takes an event every second beat (fourth cycle), equal to the model",
          "[rtl][pipe][throughput]") {
  const Outcome o = run_against_model(Groups::One, 0, 20'000, 2);
  // Each event waits a beat in stage W while the one before it is in stage P (stage U's state is
  // forwarded); the last one accepted is still in stage A.
  REQUIRE(o.accepted == o.cycles / 4 + 1);
}

TEST_CASE("rtl pipe: early failures interleave in the model's order under a skewed load", "[rtl][pipe][efd]") {
  const Outcome o = run_against_model(Groups::Skewed, 3, 30'000, 3);
  REQUIRE(o.efd > 100);
  // Half the events name group 0 (one every fourth cycle), and an early failure issues only with stage
  // P empty.
  REQUIRE(o.accepted > o.cycles / 8);
}

TEST_CASE(
    "rtl pipe: open, then feedback, then request; a group's next event waits a beat; response 10 cycles "
    "after acceptance",
    "[rtl][pipe][order]") {
  Pipe t;
  REQUIRE(t.write(regs::kSprayType, 2) == 0);
  for (int k = 0; k < 20; ++k) t.tick();  // (the PRNG's draw pipeline is full before the request issues)
  REQUIRE(t.m->idle_o == 1);
  // Streams hand over in the second cycle of a beat: start in one (cycle 0 below).
  REQUIRE(t.wait_for(t.m->open_ready_o, 4));
  t.m->open_valid_i = 1;
  t.m->open_group_i = 3;
  t.m->open_port_i = 9;
  t.m->fb_valid_i = 1;
  t.m->fb_group_i = 3;
  t.m->fb_kind_i = 0;  // ack
  t.m->fb_ev_i = 4242;
  t.m->fb_psn_i = 1;
  t.m->req_valid_i = 1;
  t.m->req_group_i = 3;
  t.m->req_psn_i = 2;
  // Cycle by cycle: which stream is ready (open, feedback, request). A beat is cycles 2k - 1 and 2k.
  //  0: stage A is empty: the open is taken.
  //  2: the open moves to stage W, so stage A takes the feedback.
  //  4: the open issues and the feedback moves to stage W: stage A takes the request.
  //  6: the feedback waits (its group is in stage P with the open), so does the request in stage A:
  //     nothing is ready.
  //  8: the feedback issues (the open is in stage U: its state is forwarded), the request moves to W.
  const std::vector<std::array<int, 3>> ready = {{1, 0, 0}, {0, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 1},
                                                 {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}};
  for (std::size_t c = 0; c < ready.size(); ++c) {
    INFO("cycle " << c);
    t.m->eval();
    REQUIRE(int{t.m->open_ready_o} == ready[c][0]);
    REQUIRE(int{t.m->fb_ready_o} == ready[c][1]);
    REQUIRE(int{t.m->req_ready_o} == ready[c][2]);
    REQUIRE(t.m->rsp_valid_o == 0);
    t.tick();
    REQUIRE(t.m->idle_o == 0);
    if (c == 0) t.m->open_valid_i = 0;  // accepted
    if (c == 2) t.m->fb_valid_i = 0;    // accepted
    if (c == 4) t.m->req_valid_i = 0;   // accepted
  }
  // 9, 10: the request waits in stage W for the feedback to leave stage P; 12: it issues; 13, 14: stage
  // P; 15, 16: stage U; 17: its entropy value goes into the response queue; 18: the response.
  for (int c = 9; c < 18; ++c) {
    INFO("cycle " << c);
    t.m->eval();
    REQUIRE(t.m->rsp_valid_o == 0);
    t.tick();
  }
  REQUIRE(t.m->rsp_valid_o == 1);
  REQUIRE(t.m->idle_o == 1);
  REQUIRE(t.m->rsp_psn_o == 2);
  REQUIRE(t.m->rsp_ev_o == 4242);  // the ack recycled 4242 into the newly opened group's cache
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(Decision::Reuse));
  t.tick();  // the response is taken (rsp_ready_i is 1)
  REQUIRE(t.m->rsp_valid_o == 0);
  // With no hazard, a response follows its request by exactly 10 cycles.
  t.m->req_valid_i = 1;
  t.m->req_group_i = 5;  // not open: the response says so (fixed, EV 0) and CNT_REQ_UNOPENED counts it
  t.m->req_psn_i = 7;
  REQUIRE(t.wait_for(t.m->req_ready_o, 4));  // (streams hand over in a beat's second cycle)
  t.tick();
  t.m->req_valid_i = 0;
  for (int c = 1; c < 10; ++c) {
    REQUIRE(t.m->rsp_valid_o == 0);
    t.tick();
  }
  REQUIRE(t.m->rsp_valid_o == 1);
  REQUIRE(t.m->rsp_psn_o == 7);
  REQUIRE(t.m->rsp_ev_o == 0);
  REQUIRE(t.read(regs::kCntReqUnopened) == 1);
}

// After a CTRL clear no group is open, but events accepted before may still be on their way through the
// stages: REPS_BUF_BITS and SPRAY_TYPE stay locked until they have been applied, so no event reads a
// group's cache with another B or spraying type (the deeper pipe_deep proof found that trace before).
TEST_CASE("rtl pipe: locked registers refuse writes while an accepted event is in flight", "[rtl][pipe][regs]") {
  Pipe t;
  REQUIRE(t.wait_for(t.m->open_ready_o, 4));
  t.m->open_valid_i = 1;
  t.m->open_group_i = 1;
  t.m->open_port_i = 7;
  t.tick();
  t.m->open_valid_i = 0;
  for (int k = 0; k < 12 && !t.m->idle_o; ++k) t.tick();
  REQUIRE(t.m->idle_o == 1);
  REQUIRE(t.write(regs::kRepsBufBits, 2) == regs::kStatusErrLocked);  // a group is open
  REQUIRE(t.write(regs::kStatus, regs::kStatusErrors) == 0);
  REQUIRE(t.write(regs::kCtrl, 1) == 0);
  for (int k = 0; k < 4; ++k) t.tick();
  REQUIRE((t.read(regs::kStatus) & regs::kStatusActive) == 0);
  // A request is accepted, then the write comes while it is still in the stages.
  REQUIRE(t.wait_for(t.m->req_ready_o, 4));
  t.m->req_valid_i = 1;
  t.m->req_group_i = 1;
  t.m->req_psn_i = 5;
  t.tick();
  t.m->req_valid_i = 0;
  REQUIRE(t.m->idle_o == 0);
  t.m->reg_we_i = 1;
  t.m->reg_addr_i = regs::kRepsBufBits;
  t.m->reg_wdata_i = 2;
  t.tick();
  t.m->reg_we_i = 0;
  t.tick();
  REQUIRE(t.m->idle_o == 0);  // the write applied while the request was in flight
  t.tick();
  REQUIRE(t.read(regs::kRepsBufBits) == 3);
  REQUIRE((t.read(regs::kStatus) & regs::kStatusErrLocked) != 0);
  REQUIRE(t.read(regs::kErrAddr) == regs::kRepsBufBits);
  // Once the request is answered and the core idle, the same write is taken.
  for (int k = 0; k < 12 && !t.m->idle_o; ++k) t.tick();
  REQUIRE(t.m->idle_o == 1);
  REQUIRE(t.m->rsp_valid_o == 1);
  REQUIRE(t.m->rsp_psn_o == 5);
  REQUIRE(t.write(regs::kStatus, regs::kStatusErrors) == 0);
  REQUIRE(t.write(regs::kRepsBufBits, 2) == 0);
  REQUIRE(t.read(regs::kRepsBufBits) == 2);
}

TEST_CASE("rtl pipe: under back-pressure no request is lost or duplicated and responses hold",
          "[rtl][pipe][backpressure]") {
  Pipe t;  // Default Packet Spraying: each group's EV sequence tells lost or duplicated requests apart
  for (GroupId g = 0; g < 4; ++g) {
    t.m->open_valid_i = 1;
    t.m->open_group_i = g;
    REQUIRE(t.wait_for(t.m->open_ready_o, 4));  // (streams hand over in a beat's second cycle)
    t.tick();
  }
  t.m->open_valid_i = 0;
  std::mt19937 rng(3);
  std::deque<std::pair<GroupId, Psn>> owed;
  std::vector<std::uint32_t> taken_per_group(4, 0);
  std::uint64_t accepted = 0, taken = 0, stalled_cycles = 0;
  Psn psn = 0;
  bool pending = false;
  for (int k = 0; k < 8000; ++k) {
    if (!pending && rng() % 4 != 0) {
      pending = true;
      t.m->req_valid_i = 1;
      t.m->req_group_i = rng() % 4;
      t.m->req_psn_i = psn;
    }
    t.m->rsp_ready_i = rng() % 3 != 0;
    t.m->eval();
    const bool fire = t.m->req_valid_i && t.m->req_ready_o;
    const bool take = t.m->rsp_valid_o && t.m->rsp_ready_i;
    const std::uint32_t ev_before = t.m->rsp_ev_o;
    const bool held = t.m->rsp_valid_o && !t.m->rsp_ready_i;
    if (take) {
      REQUIRE(!owed.empty());
      const auto [g, p] = owed.front();
      owed.pop_front();
      REQUIRE(t.m->rsp_group_o == g);
      REQUIRE(t.m->rsp_psn_o == p);
      REQUIRE(t.m->rsp_ev_o == 256 + taken_per_group[g]++ % 128);
      ++taken;
    }
    if (fire) owed.emplace_back(t.m->req_group_i, t.m->req_psn_i);
    if (!fire && pending) ++stalled_cycles;
    t.tick();
    if (held) {
      REQUIRE(t.m->rsp_valid_o == 1);
      REQUIRE(t.m->rsp_ev_o == ev_before);
    }
    if (fire) {
      ++accepted;
      ++psn;
      pending = false;
      t.m->req_valid_i = 0;
    }
  }
  t.m->req_valid_i = 0;
  t.m->rsp_ready_i = 1;
  // Drain: at most 3 requests in the stages (a beat each) and 4 responses queued, one taken per cycle.
  for (int k = 0; k < 12; ++k) {
    t.m->eval();
    if (t.m->rsp_valid_o) ++taken;
    t.tick();
  }
  REQUIRE(t.m->rsp_valid_o == 0);
  REQUIRE(taken == accepted);
  REQUIRE(accepted > 2000);  // one a beat at most, 8000 cycles
  REQUIRE(stalled_cycles > 100);
}

// The freezing test is cut in uet_lb_pipe (three borrows made in stages I and P, combined in stage U);
// here a group freezes just before the 32-bit time wraps and is tested by recycles after it, at every
// combination of those borrows that decides the outcome.
TEST_CASE("rtl pipe: the freezing test across the 32-bit time wrap, 1 ns either side of the timeout",
          "[rtl][pipe][freeze]") {
  struct Case {
    std::uint32_t timeout, start_before_wrap, recycle_after_start;
    bool thaws;
  };
  // Freezing 40 ns before the wrap, the recycle after it (b1 = 1): 1 ns before and at the timeout (b0 = 1,
  // b2 = 1 then 0), past it with now < timeout (b0 = 1, b2 = 0) and with now >= timeout (b0 = 0, b2 = 1).
  const Case cases[] = {{100, 40, 99, false}, {100, 40, 100, true}, {20, 40, 59, true}, {20, 40, 65, true}};
  for (const Case& c : cases) {
    INFO("timeout " << c.timeout << ", recycle " << c.recycle_after_start << " ns after freezing");
    Pipe t;
    REQUIRE(t.write(regs::kSprayType, 2) == 0);
    REQUIRE(t.write(regs::kFreezeTimeout, c.timeout) == 0);
    REQUIRE(t.write(regs::kEfdMult, 0) == 0);  // no early failures
    REQUIRE(t.write(regs::kWindow, 7) == 0);
    auto settle = [&] {
      for (int k = 0; k < 12; ++k) t.tick();
      REQUIRE(t.m->idle_o == 1);
    };
    // now_i is the cycle number (TopHarness::tick): jump it to just before the wrap.
    const std::uint32_t start = 0u - c.start_before_wrap;
    t.cycle = start - 30;
    settle();
    t.m->open_valid_i = 1;
    t.m->open_group_i = 1;
    t.m->open_port_i = 5;
    REQUIRE(t.wait_for(t.m->open_ready_o, 4));  // (streams hand over in a beat's second cycle)
    t.tick();
    t.m->open_valid_i = 0;
    settle();
    // A feedback accepted in the cycle whose now_i is `at`. Streams hand over every other cycle while
    // the core is idle: where `at` falls in a first cycle, time skips 1 ns (a step forward in now_i, as
    // a source may make) so that it falls in a second.
    auto feedback = [&](std::uint32_t at, FeedbackKind kind) {
      REQUIRE(static_cast<std::uint32_t>(at - t.cycle) < 1000);  // `at` is ahead
      while (static_cast<std::uint32_t>(t.cycle) + 2 < at) t.tick();
      t.m->eval();
      if ((static_cast<std::uint32_t>(at - t.cycle) % 2 == 0) != (t.m->fb_ready_o == 1)) ++t.cycle;
      while (static_cast<std::uint32_t>(t.cycle) != at) t.tick();
      t.m->fb_valid_i = 1;
      t.m->fb_group_i = 1;
      t.m->fb_kind_i = static_cast<CData>(kind);
      t.m->fb_ev_i = 33;
      t.m->fb_psn_i = 0;
      t.m->eval();
      REQUIRE(t.m->fb_ready_o == 1);
      t.tick();
      t.m->fb_valid_i = 0;
      settle();
    };
    t.m->dbg_group_i = 1;
    feedback(start, FeedbackKind::Rto);
    t.m->eval();
    REQUIRE(t.m->dbg_freezing_o == 1);
    REQUIRE(t.m->dbg_freeze_start_o == start);
    feedback(start + c.recycle_after_start, FeedbackKind::Ack);
    REQUIRE(static_cast<std::uint32_t>(t.cycle) < start);  // the recycle came after the wrap
    t.m->eval();
    REQUIRE(t.m->dbg_freezing_o == (c.thaws ? 0 : 1));
    REQUIRE(t.m->dbg_window_left_o == (c.thaws ? 7 : 0));
  }
}
