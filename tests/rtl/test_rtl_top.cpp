// Cycle-level tests of the top (Verilated uet_lb): full throughput with a request and a feedback in
// every cycle (same group included), against the golden model fed in the documented order; back-pressure.
#include <verilated.h>

#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <random>

#include "Vuet_lb.h"
#include "uetlb/load_balancer.hpp"
#include "uetlb/rtl_regs.hpp"
#include "uetlb/top_harness.hpp"

using namespace uetlb;

namespace {

using Top = TopHarness<Vuet_lb>;

}  // namespace

TEST_CASE("rtl top: a request and a feedback every cycle for any mix of groups, equal to the model",
          "[rtl][top][throughput]") {
  const GroupId groups = UETLB_RTL_GROUPS;
  for (bool skew : {false, true}) {
    INFO("skewed to group 0: " << skew);
    Top t;
    REQUIRE(t.write(regs::kSprayType, 2) == 0);
    REQUIRE(t.write(regs::kFreezeTimeout, 2000) == 0);
    Config cfg;
    cfg.packet_spraying_type = SprayingType::Reps;
    cfg.freezing_timeout_ns = 2000;
    LoadBalancer model(cfg, ModelOptions{UETLB_RTL_TRACKER});
    // A short base RTT (deadlines 60 ns away) keeps the 32-entry tracker turning over.
    t.m->base_rtt_i = 20;
    model.set_base_rtt(t.cycle, 20);
    std::vector<TraceRow> model_efd;
    model.set_trace_sink([&](const TraceRow& r) {
      if (r.event == EventKind::Efd) model_efd.push_back(r);
    });
    // Open every group, one per cycle.
    for (GroupId g = 0; g < groups; ++g) {
      t.m->open_valid_i = 1;
      t.m->open_group_i = g;
      t.m->open_port_i = 100 + g;
      model.open(t.cycle, g, static_cast<EntropyValue>(100 + g));
      t.tick();
    }
    t.m->open_valid_i = 0;
    std::mt19937 rng(skew ? 7 : 8);
    std::vector<Psn> next_psn(groups, 0);
    std::vector<std::deque<std::pair<Psn, EntropyValue>>> sent(groups);
    std::uint64_t requests = 0, feedback = 0, same_group = 0, efd = 0;
    const int cycles = 30'000;
    for (int k = 0; k < cycles; ++k) {
      const TimeNs now = t.cycle;
      auto pick_group = [&] { return skew && rng() % 2 ? 0U : static_cast<GroupId>(rng() % groups); };
      const GroupId rg = pick_group();
      GroupId fg = rng() % 4 == 0 ? rg : pick_group();
      const bool fb = !sent[fg].empty() && rng() % 8 != 0;
      // The core applies efd (deadline < now), then feedback, then the request: feed the model so.
      model.advance_to(now);
      t.m->fb_valid_i = fb;
      if (fb) {
        const auto [psn, ev] = sent[fg].front();
        sent[fg].pop_front();
        const unsigned r = rng() % 20;
        const FeedbackKind kind = r < 14   ? FeedbackKind::Ack
                                  : r < 16 ? FeedbackKind::AckEcn
                                  : r < 18 ? FeedbackKind::NackTrim
                                  : r < 19 ? FeedbackKind::NackTrimLastHop
                                           : FeedbackKind::Rto;
        t.m->fb_group_i = fg;
        t.m->fb_kind_i = static_cast<CData>(kind);
        t.m->fb_ev_i = ev;
        t.m->fb_psn_i = psn;
        model.feedback(now, fg, kind, ev, psn);
        ++feedback;
        if (fg == rg) ++same_group;
      }
      const Psn psn = next_psn[rg]++;
      t.m->req_valid_i = 1;
      t.m->req_group_i = rg;
      t.m->req_psn_i = psn;
      t.m->req_retx_i = 0;
      t.m->now_i = static_cast<IData>(now);
      t.m->eval();
      REQUIRE(t.m->req_ready_o == 1);  // never stalls with the response taken every cycle
      REQUIRE(t.m->fb_ready_o == 1);
      const Choice expect = model.request(now, rg, psn, false);
      t.tick();
      ++requests;
      REQUIRE(t.m->rsp_valid_o == 1);
      REQUIRE(t.m->rsp_psn_o == psn);
      REQUIRE(Choice{static_cast<EntropyValue>(t.m->rsp_ev_o), static_cast<Decision>(t.m->rsp_decision_o)} == expect);
      if (t.m->efd_valid_o) {
        REQUIRE(efd < model_efd.size());
        REQUIRE(t.m->efd_psn_o == *model_efd[efd].psn);
        REQUIRE(t.m->efd_group_o == model_efd[efd].group);
        REQUIRE(t.m->efd_time_o == static_cast<IData>(model_efd[efd].time));
        ++efd;
      }
      if (rng() % 3 != 0) sent[rg].emplace_back(psn, expect.ev);  // some packets are never acknowledged
    }
    t.m->req_valid_i = 0;
    t.m->fb_valid_i = 0;
    REQUIRE(efd == model_efd.size());
    REQUIRE(efd > 100);
    REQUIRE(same_group > 1000);
    REQUIRE(requests == static_cast<std::uint64_t>(cycles));
    REQUIRE(feedback > cycles / 2);
  }
}

TEST_CASE("rtl top: open, feedback and request on one group in one cycle apply in that order", "[rtl][top]") {
  Top t;
  REQUIRE(t.write(regs::kSprayType, 2) == 0);
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
  t.tick();
  t.m->open_valid_i = t.m->fb_valid_i = t.m->req_valid_i = 0;
  REQUIRE(t.m->rsp_valid_o == 1);
  REQUIRE(t.m->rsp_ev_o == 4242);  // the group opened, the ack recycled 4242, the request reused it
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(Decision::Reuse));
}

TEST_CASE("rtl top: under back-pressure no request is lost or duplicated and responses hold",
          "[rtl][top][backpressure]") {
  Top t;  // Default Packet Spraying: the EV sequence tells lost or duplicated requests apart
  t.m->open_valid_i = 1;
  t.m->open_group_i = 1;
  t.tick();
  t.m->open_valid_i = 0;
  std::mt19937 rng(3);
  std::uint64_t accepted = 0, taken = 0, stalled_cycles = 0;
  Psn psn = 0;
  bool pending = false;  // a request is being offered (and must be held until accepted)
  for (int k = 0; k < 5000; ++k) {
    if (!pending && rng() % 4 != 0) {
      pending = true;
      t.m->req_valid_i = 1;
      t.m->req_group_i = 1;
      t.m->req_psn_i = psn;
    }
    t.m->rsp_ready_i = rng() % 3 != 0;
    t.m->eval();
    const bool fire = t.m->req_valid_i && t.m->req_ready_o;
    const bool take = t.m->rsp_valid_o && t.m->rsp_ready_i;
    const std::uint32_t ev_before = t.m->rsp_ev_o;
    const bool held = t.m->rsp_valid_o && !t.m->rsp_ready_i;
    if (take) {
      REQUIRE(t.m->rsp_ev_o == 256 + taken % 128);
      REQUIRE(t.m->rsp_psn_o == taken);
      ++taken;
    }
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
  t.m->eval();
  if (t.m->rsp_valid_o) ++taken;  // the last response, taken now
  t.tick();
  REQUIRE(t.m->rsp_valid_o == 0);
  REQUIRE(taken == accepted);
  REQUIRE(accepted > 2000);
  REQUIRE(stalled_cycles > 100);
}
