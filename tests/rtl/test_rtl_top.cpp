// Cycle-level tests of the top (Verilated uet_lb): line rate (a request-lane and a feedback-lane event
// accepted every cycle, one hot group included, opens among them) against the golden model, the fixed response latency,
// the order of the lanes within a cycle, and back-pressure; each from a random initial state (a seed each).
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

// An event offered in the cycle the harness numbers k is accepted at that cycle's edge and takes the
// now_i of the cycle before (docs/interfaces.md): the model sees it at time k - 1.
TimeNs event_time(const Top& t) {
  return t.cycle - 1;
}

// Offers a (first transmission) request of `group` with `psn`; it stays offered until cleared.
void offer_request(Top& t, GroupId group, Psn psn) {
  t.m->req_valid_i = 1;
  t.m->req_group_i = group;
  t.m->req_psn_i = psn;
  t.m->req_retx_i = 0;
}

struct Expected {
  GroupId group;
  Psn psn;
  Choice choice;
  std::uint64_t accepted_at;
};

// Opens groups 0..n-1, one a cycle (on the request lane), in the core and the model; group g's local
// port is port_base + g.
void open_groups(Top& t, LoadBalancer& model, GroupId n, EntropyValue port_base) {
  for (GroupId g = 0; g < n; ++g) {
    t.m->open_valid_i = 1;
    t.m->open_group_i = g;
    t.m->open_port_i = static_cast<SData>(port_base + g);
    t.m->eval();
    REQUIRE(t.m->open_ready_o == 1);
    model.open(event_time(t), g, static_cast<EntropyValue>(port_base + g));
    t.tick();
  }
  t.m->open_valid_i = 0;
}

// Sets the core to REPS and returns the model of the same configuration, at the core's base RTT.
LoadBalancer reps_model(Top& t) {
  REQUIRE(t.write(regs::kSprayType, 2) == 0);
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  LoadBalancer model(cfg, ModelOptions{UETLB_RTL_TRACKER});
  model.set_base_rtt(0, t.m->base_rtt_i);
  return model;
}

// The response the core shows now is the one the model gave `e`.
void require_response(const Top& t, const Expected& e) {
  REQUIRE(t.m->rsp_group_o == e.group);
  REQUIRE(t.m->rsp_psn_o == e.psn);
  REQUIRE(t.m->rsp_ev_o == e.choice.ev);
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(e.choice.decision));
}

}  // namespace

TEST_CASE("rtl top: one hot group takes a request and a feedback every cycle, equal to the model",
          "[rtl][top][throughput]") {
  for (const GroupId spread : {GroupId{1}, GroupId{UETLB_RTL_GROUPS}}) {
    INFO("groups in use: " << spread);
    Top t(static_cast<int>(spread));  // random initial state (Verilator random reset), one seed per case
    REQUIRE(t.write(regs::kSprayType, 2) == 0);
    REQUIRE(t.write(regs::kFreezeTimeout, 300) == 0);
    Config cfg;
    cfg.packet_spraying_type = SprayingType::Reps;
    cfg.freezing_timeout_ns = 300;
    LoadBalancer model(cfg, ModelOptions{UETLB_RTL_TRACKER});
    model.set_base_rtt(0, t.m->base_rtt_i);
    open_groups(t, model, spread, 100);

    std::mt19937 rng(11 + spread);
    std::vector<Psn> next_psn(spread, 0);
    std::vector<std::deque<std::pair<Psn, EntropyValue>>> answered(spread);
    std::deque<Expected> owed;
    std::uint64_t requests = 0, feedback = 0, responses = 0, same_group = 0;
    const int cycles = 4000;
    for (int k = 0; k < cycles; ++k) {
      const GroupId rg = static_cast<GroupId>(rng() % spread);
      const GroupId fg = rng() % 2 ? rg : static_cast<GroupId>(rng() % spread);
      // Feedback every cycle: for an answered packet when there is one, else a trim NACK (no recycle).
      FeedbackKind kind = FeedbackKind::NackTrim;
      Psn fpsn = 0;
      EntropyValue fev = 0;
      if (!answered[fg].empty()) {
        std::tie(fpsn, fev) = answered[fg].front();
        answered[fg].pop_front();
        // Every kind that clears the packet's tracking (an RTO leaves it tracked until its deadline: an
        // early failure then fires, which takes cycles of its own; the equivalence tests cover it).
        const unsigned r = rng() % 40;
        kind = r < 30   ? FeedbackKind::Ack
               : r < 34 ? FeedbackKind::AckEcn
               : r < 37 ? FeedbackKind::NackTrimLastHop
                        : FeedbackKind::NackTrim;
      }
      t.m->fb_valid_i = 1;
      t.m->fb_group_i = fg;
      t.m->fb_kind_i = static_cast<CData>(kind);
      t.m->fb_ev_i = fev;
      t.m->fb_psn_i = fpsn;
      const Psn psn = next_psn[rg]++;
      offer_request(t, rg, psn);
      t.m->rsp_ready_i = 1;
      t.m->now_i = static_cast<IData>(t.cycle);
      t.m->eval();
      // Line rate: neither stream waits, whatever the groups.
      INFO("cycle " << k << " of the stream");
      REQUIRE(t.m->fb_ready_o == 1);
      REQUIRE(t.m->req_ready_o == 1);
      const TimeNs now = event_time(t);
      model.advance_to(now);
      model.feedback(now, fg, kind, fev, fpsn);
      owed.push_back({rg, psn, model.request(now, rg, psn, false), t.cycle});
      ++feedback;
      ++requests;
      if (fg == rg) ++same_group;
      if (t.m->rsp_valid_o) {
        REQUIRE(!owed.empty());
        const Expected& e = owed.front();
        require_response(t, e);
        // Fixed latency (queue empty): valid after kRspLatency edges following the accepting one.
        REQUIRE(t.cycle - e.accepted_at == rtl::kRspLatency + 1);
        answered[e.group].emplace_back(e.psn, e.choice.ev);
        owed.pop_front();
        ++responses;
      }
      t.tick();
    }
    REQUIRE(requests == static_cast<std::uint64_t>(cycles));
    REQUIRE(feedback == static_cast<std::uint64_t>(cycles));
    REQUIRE(responses == requests - rtl::kRspLatency - 1);
    if (spread == 1) REQUIRE(same_group == requests);
  }
}

TEST_CASE("rtl top: an open and a request offered together share the request lane, open first", "[rtl][top]") {
  Top t(3);
  REQUIRE(t.write(regs::kSprayType, 0) == 0);  // None: the response is the open's local port
  t.m->open_valid_i = 1;
  t.m->open_group_i = 3;
  t.m->open_port_i = 4242;
  offer_request(t, 3, 2);
  t.m->rsp_ready_i = 1;
  t.m->eval();
  REQUIRE(t.m->open_ready_o == 1);
  REQUIRE(t.m->req_ready_o == 0);  // the open takes the lane this cycle
  t.tick();
  t.m->open_valid_i = 0;
  t.m->eval();
  REQUIRE(t.m->req_ready_o == 1);
  t.tick();
  t.m->req_valid_i = 0;
  for (unsigned k = 0; k < rtl::kRspLatency; ++k) {
    t.m->eval();
    REQUIRE(t.m->rsp_valid_o == 0);
    t.tick();
  }
  t.m->eval();
  REQUIRE(t.m->rsp_valid_o == 1);
  REQUIRE(t.m->rsp_ev_o == 4242);
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(Decision::Fixed));
}

TEST_CASE("rtl top: opens and requests always offered take turns, neither starves", "[rtl][top]") {
  Top t(6);
  REQUIRE(t.write(regs::kSprayType, 1) == 0);
  t.m->rsp_ready_i = 1;
  t.m->open_valid_i = 1;
  t.m->open_group_i = 2;
  offer_request(t, 2, 0);
  std::uint64_t opens = 0, requests = 0, both = 0;
  for (int k = 0; k < 200; ++k) {
    t.m->eval();
    REQUIRE(t.m->fb_ready_o == 1);  // the feedback lane stays free
    REQUIRE(!(t.m->open_ready_o && t.m->req_ready_o));
    opens += t.m->open_ready_o;
    requests += t.m->req_ready_o;
    both += t.m->open_ready_o || t.m->req_ready_o;
    const bool req_fire = t.m->req_ready_o;
    t.tick();
    if (req_fire) t.m->req_psn_i = t.m->req_psn_i + 1;  // the next request
  }
  REQUIRE(both == 200);  // the lane takes one of them every cycle
  REQUIRE(opens == 100);
  REQUIRE(requests == 100);
}

TEST_CASE("rtl top: a feedback and an open of one group in one cycle apply the feedback first", "[rtl][top]") {
  Top t(7);
  LoadBalancer model = reps_model(t);
  t.m->rsp_ready_i = 1;
  open_groups(t, model, 2, 8);  // group 1: port 9
  offer_request(t, 1, 0);
  t.m->eval();
  REQUIRE(t.m->req_ready_o == 1);
  const Choice first = model.request(event_time(t), 1, 0, false);
  t.tick();
  t.m->req_valid_i = 0;
  REQUIRE(t.wait_for(t.m->rsp_valid_o, 20));
  REQUIRE(t.m->rsp_ev_o == first.ev);
  t.tick();
  // The ACK of that packet and a reopen of its group in one cycle: the ACK recycles into the old cache,
  // then the open empties it, so the next request explores (the other order would reuse the ACK's value).
  t.m->fb_valid_i = 1;
  t.m->fb_group_i = 1;
  t.m->fb_kind_i = static_cast<CData>(FeedbackKind::Ack);
  t.m->fb_ev_i = first.ev;
  t.m->fb_psn_i = 0;
  t.m->open_valid_i = 1;
  t.m->open_group_i = 1;
  t.m->open_port_i = 10;
  t.m->eval();
  REQUIRE(t.m->fb_ready_o == 1);
  REQUIRE(t.m->open_ready_o == 1);
  model.advance_to(event_time(t));
  model.feedback(event_time(t), 1, FeedbackKind::Ack, first.ev, 0);
  model.open(event_time(t), 1, 10);
  t.tick();
  t.m->fb_valid_i = 0;
  t.m->open_valid_i = 0;
  offer_request(t, 1, 1);
  t.m->eval();
  REQUIRE(t.m->req_ready_o == 1);
  const Choice second = model.request(event_time(t), 1, 1, false);
  REQUIRE(second.decision == Decision::Explore);
  t.tick();
  t.m->req_valid_i = 0;
  REQUIRE(t.wait_for(t.m->rsp_valid_o, 20));
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(Decision::Explore));
  REQUIRE(t.m->rsp_ev_o == second.ev);
}

TEST_CASE("rtl top: opens among a request and a feedback every cycle keep two events a cycle, equal to the model",
          "[rtl][top][throughput]") {
  const GroupId groups = UETLB_RTL_GROUPS;
  Top t(8);
  LoadBalancer model = reps_model(t);
  std::mt19937 rng(29);
  std::vector<Psn> next_psn(groups, 0);
  std::deque<std::pair<GroupId, std::pair<Psn, EntropyValue>>> answered;
  std::deque<Expected> owed;
  bool req_pending = false, open_pending = false;
  GroupId rg = 0, og = 0;
  Psn rpsn = 0;
  std::uint64_t requests = 0, opens = 0, feedback = 0, responses = 0;
  const int cycles = 3000;
  t.m->rsp_ready_i = 1;
  open_groups(t, model, groups, 0);  // every group open first (the model answers only open groups)
  for (int k = 0; k < cycles; ++k) {
    if (!req_pending) {
      rg = static_cast<GroupId>(rng() % groups);
      rpsn = next_psn[rg]++;
      req_pending = true;
    }
    if (!open_pending && k % 16 == 0) {
      og = static_cast<GroupId>(rng() % groups);
      open_pending = true;
    }
    GroupId fg = rg;
    FeedbackKind kind = FeedbackKind::NackTrim;
    Psn fpsn = 0;
    EntropyValue fev = 0;
    if (!answered.empty()) {
      fg = answered.front().first;
      std::tie(fpsn, fev) = answered.front().second;
      answered.pop_front();
      kind = FeedbackKind::Ack;
    }
    t.m->fb_valid_i = 1;
    t.m->fb_group_i = fg;
    t.m->fb_kind_i = static_cast<CData>(kind);
    t.m->fb_ev_i = fev;
    t.m->fb_psn_i = fpsn;
    t.m->open_valid_i = open_pending;
    t.m->open_group_i = og;
    t.m->open_port_i = static_cast<SData>(og);
    offer_request(t, rg, rpsn);
    t.m->now_i = static_cast<IData>(t.cycle);
    t.m->eval();
    INFO("cycle " << k);
    REQUIRE(t.m->fb_ready_o == 1);
    const bool open_fire = open_pending && t.m->open_ready_o;
    const bool req_fire = t.m->req_ready_o;
    REQUIRE((open_fire || req_fire));  // the request lane takes one every cycle
    const TimeNs now = event_time(t);
    model.advance_to(now);
    model.feedback(now, fg, kind, fev, fpsn);
    ++feedback;
    if (open_fire) {
      model.open(now, og, static_cast<EntropyValue>(og));
      open_pending = false;
      ++opens;
    }
    if (req_fire) {
      owed.push_back({rg, rpsn, model.request(now, rg, rpsn, false), t.cycle});
      req_pending = false;
      ++requests;
    }
    if (t.m->rsp_valid_o) {
      REQUIRE(!owed.empty());
      const Expected& e = owed.front();
      require_response(t, e);
      answered.push_back({e.group, {e.psn, e.choice.ev}});
      owed.pop_front();
      ++responses;
    }
    t.tick();
  }
  REQUIRE(feedback == static_cast<std::uint64_t>(cycles));
  REQUIRE(requests + opens == static_cast<std::uint64_t>(cycles));
  REQUIRE(opens >= static_cast<std::uint64_t>(cycles / 16));
  REQUIRE(responses > requests - rtl::kRspLatency - 2);
}

TEST_CASE("rtl top: an ack recycled in the cycle of a request on its group is reused by it", "[rtl][top]") {
  Top t(4);
  REQUIRE(t.write(regs::kSprayType, 2) == 0);
  t.m->open_valid_i = 1;
  t.m->open_group_i = 1;
  t.tick();
  t.m->open_valid_i = 0;
  // The ack and the request of group 1 in one cycle: the request lane's update applies the ack first.
  t.m->fb_valid_i = 1;
  t.m->fb_group_i = 1;
  t.m->fb_kind_i = static_cast<CData>(FeedbackKind::Ack);
  t.m->fb_ev_i = 777;
  t.m->fb_psn_i = 0;
  offer_request(t, 1, 5);
  t.m->rsp_ready_i = 1;
  t.tick();
  t.m->fb_valid_i = 0;
  t.m->req_valid_i = 0;
  REQUIRE(t.wait_for(t.m->rsp_valid_o, 20));
  REQUIRE(t.m->rsp_psn_o == 5);
  REQUIRE(t.m->rsp_ev_o == 777);
  REQUIRE(t.m->rsp_decision_o == static_cast<CData>(Decision::Reuse));
}

TEST_CASE("rtl top: under back-pressure no request is lost or duplicated and responses hold",
          "[rtl][top][backpressure]") {
  Top t(5);  // Default Packet Spraying: the EV sequence tells lost or duplicated requests apart
  t.m->open_valid_i = 1;
  t.m->open_group_i = 1;
  t.tick();
  t.m->open_valid_i = 0;
  std::mt19937 rng(3);
  std::uint64_t accepted = 0, taken = 0, stalled_cycles = 0;
  Psn psn = 0;
  bool pending = false;  // a request is being offered (and must be held until accepted)
  for (int k = 0; k < 5000; ++k) {
    if (!pending && rng() % 8 != 0) {
      pending = true;
      offer_request(t, 1, psn);
    }
    // Long stretches without taking, so the response queue fills and requests wait.
    t.m->rsp_ready_i = (k / 64) % 2 == 0 ? rng() % 8 == 0 : rng() % 3 != 0;
    t.m->eval();
    const bool fire = t.m->req_valid_i && t.m->req_ready_o;
    const bool take = t.m->rsp_valid_o && t.m->rsp_ready_i;
    const std::uint32_t ev_before = t.m->rsp_ev_o;
    const std::uint32_t psn_before = t.m->rsp_psn_o;
    const bool held = t.m->rsp_valid_o && !t.m->rsp_ready_i;
    if (take) {
      REQUIRE(t.m->rsp_ev_o == 256 + taken % 128);
      REQUIRE(t.m->rsp_psn_o == taken);
      ++taken;
    }
    if (!fire && pending) ++stalled_cycles;
    t.tick();
    if (held) {
      t.m->eval();
      REQUIRE(t.m->rsp_valid_o == 1);
      REQUIRE(t.m->rsp_ev_o == ev_before);
      REQUIRE(t.m->rsp_psn_o == psn_before);
    }
    if (fire) {
      ++accepted;
      ++psn;
      pending = false;
      t.m->req_valid_i = 0;
    }
    REQUIRE(accepted - taken <= 16 + rtl::kRspLatency);  // never more owed than the queue and pipeline hold
  }
  // Drain: the request still offered stays offered until it is accepted; every response is taken.
  t.m->rsp_ready_i = 1;
  for (int k = 0; k < 64; ++k) {
    t.m->eval();
    const bool fire = t.m->req_valid_i && t.m->req_ready_o;
    if (t.m->rsp_valid_o) {
      REQUIRE(t.m->rsp_psn_o == taken);
      ++taken;
    }
    t.tick();
    if (fire) {
      ++accepted;
      t.m->req_valid_i = 0;
    }
  }
  t.m->eval();
  REQUIRE(t.m->rsp_valid_o == 0);
  REQUIRE(taken == accepted);
  REQUIRE(accepted > 1500);
  REQUIRE(stalled_cycles > 500);
}

TEST_CASE(
    "rtl top: an early failure between back-to-back ACKs takes one feedback-lane cycle and no request-lane "
    "cycle, equal to the model",
    "[rtl][top][throughput][efd]") {
  // One hot group, a request and an ACK offered every cycle (1 ns a cycle, base RTT 40 ns: deadlines 120 ns
  // after sending). Every response is acknowledged as soon as it comes, except those of a few lost packets,
  // far apart: each lost packet's early failure must fire in the first cycle whose events are past its
  // deadline, on the feedback lane (the ACK offered then waits exactly one cycle), while the request lane
  // takes a request every cycle.
  Top t(3);
  t.m->base_rtt_i = 40;
  LoadBalancer model = reps_model(t);
  open_groups(t, model, 1, 100);
  std::deque<Expected> owed;
  std::deque<std::pair<Psn, EntropyValue>> answered;
  std::deque<std::uint64_t> deadlines;  // the lost packets', in send order
  std::uint64_t fb_waits = 0, efd = 0, fires = 0;
  Psn psn = 0;
  bool fb_pending = false;
  std::pair<Psn, EntropyValue> fb{0, 0};
  const int cycles = 3000;
  for (int k = 0; k < cycles; ++k) {
    if (!fb_pending && !answered.empty()) {
      fb = answered.front();
      answered.pop_front();
      fb_pending = true;
    }
    t.m->fb_valid_i = fb_pending;
    t.m->fb_group_i = 0;
    t.m->fb_kind_i = static_cast<CData>(FeedbackKind::Ack);
    t.m->fb_psn_i = fb.first;
    t.m->fb_ev_i = fb.second;
    offer_request(t, 0, psn);
    t.m->rsp_ready_i = 1;
    t.m->now_i = static_cast<IData>(t.cycle);
    t.m->eval();
    INFO("cycle " << k << " of the stream");
    REQUIRE(t.m->req_ready_o == 1);  // the request lane never waits
    const TimeNs now = event_time(t);
    // The cycle whose events are first past a lost packet's deadline: the early failure takes the
    // feedback lane.
    const bool fire_now = !deadlines.empty() && now > deadlines.front();
    if (fire_now) {
      deadlines.pop_front();
      ++fires;
    }
    if (fb_pending) {
      REQUIRE(t.m->fb_ready_o == !fire_now);
      if (!fire_now) {
        model.advance_to(now);
        model.feedback(now, 0, FeedbackKind::Ack, fb.second, fb.first);
        fb_pending = false;
      } else {
        ++fb_waits;
      }
    }
    model.advance_to(now);
    owed.push_back({0, psn, model.request(now, 0, psn, false), t.cycle});
    ++psn;
    if (t.m->rsp_valid_o) {
      const Expected e = owed.front();
      owed.pop_front();
      require_response(t, e);
      // Lost: every 97th packet, from the 50th on (deadlines 97 cycles apart).
      if (e.psn % 97 == 50) {
        deadlines.push_back(e.accepted_at - 1 + 3 * 40);
      } else {
        answered.emplace_back(e.psn, e.choice.ev);
      }
    }
    if (t.m->efd_valid_o) ++efd;
    t.tick();
  }
  t.m->req_valid_i = 0;
  t.m->fb_valid_i = 0;
  for (int k = 0; k < 20; ++k) {  // the last early failure shows seven cycles after it fires
    t.m->now_i = static_cast<IData>(t.cycle);
    t.m->eval();
    if (t.m->efd_valid_o) ++efd;
    t.tick();
  }
  REQUIRE(fires >= 25);
  REQUIRE(fb_waits == fires);  // each displaced the ACK offered in its cycle, for that cycle only
  REQUIRE(efd == fires);
  REQUIRE(model.counters().efd_fired == efd);
}
