// Unit tests of the early-failure tracker on its own (a small Verilated one: 8 ways in 4 sets of 2, two
// runs of 64), driven as the core drives it and checked against the golden model's tracker.
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <random>
#include <tuple>
#include <type_traits>
#include <vector>

#include "Vuet_lb_tracker.h"
#include "uetlb/efd.hpp"
#include "verilated_block.hpp"

using test::make;
using test::reset;
using test::tick;

namespace {

// The small tracker of rtl/CMakeLists.txt (8 ways in 4 sets of 2, two runs of 64) with its environment as
// the core makes it: the core's time; two lanes, each event taken reaching t0 six cycles later (stage X):
// the feedback lane carries a clear, or the early failure when the tracker fires (the clear offered then
// waits), and its stages B, C, D and L are shown to the tracker for the check of a fire; the request lane
// carries an allocation, whose entropy value comes three cycles after t0; its stages A to L and the
// request offered are shown to the tracker too (a fire waits for one with an earlier deadline). A request's
// span (its deadline less its time) is driven as the core's M x base RTT is, announced a cycle before it
// moves: a request whose span was not announced waits a cycle, and one with a deadline of its own moves
// the span every cycle. Nothing is taken while stop_o holds the streams, and while a run is nearly full (interlock_o) a
// clear and an allocation take turns as the core's do. With a model, every event is applied to the golden model's
// tracker in the order taken, each fire once its check has come, so the fires (and the cycles they take) are checked
// against it.
struct Tracker {
  struct Ev {
    bool v = false;
    bool efd = false;
    unsigned group = 0, psn = 0;
    std::uint32_t time = 0, deadline = 0;  // an allocation's
    std::uint32_t span = 0;                // its deadline is its time + span (if not 0)
    unsigned ev = 0;
  };
  using Fire = std::tuple<unsigned, unsigned, unsigned, std::uint32_t>;  // group, psn, ev, deadline
  struct Taken {                                                         // an event taken, in order, for the model
    bool fire = false, clear = false, alloc = false, decided = true, stands = true;
    Ev e;
    Fire f;
    std::uint64_t cycle = 0;
  };
  std::unique_ptr<Vuet_lb_tracker> m = make<Vuet_lb_tracker>();
  std::deque<Ev> fb = std::deque<Ev>(6), rq = std::deque<Ev>(6);  // [k]: stage k + 1 (A .. X)
  std::deque<unsigned> ev_pipe = std::deque<unsigned>(3, 0);      // the allocations' EVs after t0
  std::deque<Ev> fb_offered, rq_offered;
  std::deque<Taken> taken;  // the model's queue of events
  std::vector<Fire> fired;  // fires that stand
  std::unique_ptr<uetlb::EarlyFailureDetector> model;
  std::uint64_t cycle_no = 0;
  unsigned untracked = 0, killed = 0, fb_waits = 0, rq_waits = 0, model_untracked = 0;
  bool turn_rq = false;
  std::uint32_t span_drv = 1;  // span_i driven in the last cycle
  bool moves_drv = true;       // span_moves_i driven in the last cycle

  explicit Tracker(std::uint32_t now, bool with_model = false) {
    if (with_model) model = std::make_unique<uetlb::EarlyFailureDetector>(uetlb::TrackerGeometry{8, 2, 2, 64});
    set_time(now);
    m->now_q_i = now;
    m->quiet_i = 1;
    reset(*m);
  }
  // The time from the next cycle on: now_i now, now_q_i (the time of the cycle's events, now_i of the
  // cycle before, as the core drives it) after the next edge.
  void set_time(std::uint32_t now) {
    m->now_i = now;
    m->t_ref_i = now;
  }
  bool lanes_hold(bool clr) const {
    for (const Ev& e : clr ? rq : fb) {
      if (e.v && !e.efd) return true;
    }
    return false;
  }
  void cycle() {
    const Ev& xf = fb[5];
    const Ev& xr = rq[5];
    m->clr_valid_i = xf.v && !xf.efd;
    m->clr_group_i = xf.group;
    m->clr_psn_i = xf.psn;
    m->alc_valid_i = xr.v;
    m->alc_group_i = xr.group;
    m->alc_psn_i = xr.psn;
    m->alc_time_i = xr.time;
    m->alc_deadline_i = xr.deadline;
    m->alc_gen_i = 0;
    m->alc_ev_i = ev_pipe.front();
    unsigned pre = 0;
    std::uint64_t groups = 0, psns = 0;
    for (int k = 0; k < 4; ++k) {  // stages B, C, D, L
      const Ev& l = fb[1 + k];
      pre |= static_cast<unsigned>(l.v && !l.efd) << k;
      groups |= static_cast<std::uint64_t>(l.group & 0xf) << (4 * k);  // GroupW 4 in the block build
      psns |= static_cast<std::uint64_t>(l.psn & 0xffff) << (16 * k);  // PsnWidth 16
    }
    m->pre_clr_i = pre;
    m->pre_group_i = static_cast<std::remove_reference_t<decltype(m->pre_group_i)>>(groups);
    m->pre_psn_i = static_cast<std::remove_reference_t<decltype(m->pre_psn_i)>>(psns);
    bool quiet = true;
    for (int k = 0; k < 5; ++k) quiet = quiet && !(fb[k].v && !fb[k].efd) && !rq[k].v;
    m->quiet_i = quiet;
    // The request lane's stages A..L and the request offered, with its span (announced a cycle ahead).
    unsigned core_req = 0;
    for (int k = 0; k < 5; ++k) {
      core_req |= static_cast<unsigned>(rq[k].v) << k;
      m->core_dl_i[k] = rq[k].deadline;
    }
    m->core_req_i = core_req;
    const std::uint32_t now_q0 = m->now_q_i;
    const auto span_of = [](const Ev& e, std::uint32_t at) { return e.span != 0 ? e.span : e.deadline - at; };
    const std::uint32_t span = rq_offered.empty() ? span_drv : span_of(rq_offered.front(), now_q0);
    const bool unannounced = span != span_drv && !moves_drv;
    m->offer_i = !rq_offered.empty() && !unannounced;
    m->span_i = unannounced ? span_drv : span;
    m->eval();
    if (m->fire_kill_o) {
      bool found = false;
      for (Taken& t : taken) {
        if (t.fire && !t.decided && cycle_no - t.cycle == 3) {
          t.decided = true;
          t.stands = false;
          found = true;
        }
      }
      REQUIRE(found);
      ++killed;
    }
    for (Taken& t : taken) {
      if (t.fire && !t.decided && cycle_no - t.cycle >= 3) t.decided = true;  // no kill came: it stands
    }
    const bool stop = m->stop_o;
    const bool interlock = m->interlock_o;
    const std::uint32_t now_q = m->now_q_i;
    Ev fin, rin;
    if (m->fire_o) {
      fin.v = fin.efd = true;
      taken.push_back(Taken{true,
                            false,
                            false,
                            false,
                            true,
                            {},
                            Fire{m->fire_group_o, m->fire_psn_o, m->fire_ev_o, m->fire_deadline_o},
                            cycle_no});
      taken.back().e.time = now_q;
      if (!fb_offered.empty()) ++fb_waits;
    }
    // The lanes take what is offered unless held; near full, a clear and an allocation are never in flight
    // together and take turns.
    const bool busy = m->busy_o;
    bool fb_ok = !stop && !fin.v && !fb_offered.empty();
    bool rq_ok = !stop && !rq_offered.empty() && !unannounced;
    if (interlock) {
      fb_ok = fb_ok && !lanes_hold(true) && !busy;
      rq_ok = rq_ok && !lanes_hold(false) && !busy;
      if (fb_ok && rq_ok) (turn_rq ? fb_ok : rq_ok) = false;
    }
    if (fb_ok) {
      fin = fb_offered.front();
      fin.v = true;
      fb_offered.pop_front();
      taken.push_back(Taken{false, true, false, true, true, fin, {}, cycle_no});
      taken.back().e.time = now_q;
      turn_rq = true;
    }
    if (rq_ok) {
      rin = rq_offered.front();
      rin.v = true;
      rin.time = now_q;
      if (rin.span != 0) rin.deadline = now_q + rin.span;
      rq_offered.pop_front();
      taken.push_back(Taken{false, false, true, true, true, rin, {}, cycle_no});
      turn_rq = false;
    }
    if (!fb_offered.empty() && !fb_ok && !fin.efd) ++fb_waits;
    if (!rq_offered.empty() && !rq_ok) ++rq_waits;
    if (m->untracked_o) ++untracked;
    // Next cycle's span: the next request's (a deadline of its own moves it every cycle), else this one.
    span_drv = m->span_i;
    const std::uint32_t next_span = rq_offered.empty() ? span_drv : span_of(rq_offered.front(), m->now_i);
    moves_drv = next_span != span_drv || (!rq_offered.empty() && rq_offered.front().span == 0);
    m->span_moves_i = moves_drv;
    tick(*m);
    ++cycle_no;
    m->now_q_i = m->now_i;
    ev_pipe.pop_front();
    ev_pipe.push_back(rq[5].v ? rq[5].ev : 0);
    fb.pop_back();
    fb.push_front(fin);
    rq.pop_back();
    rq.push_front(rin);
    drain_model();
  }
  // Applies to the model the events taken whose fires are all decided, in order: before each event at
  // time t every packet due before t must have fired; a standing fire is the model's next due packet.
  void drain_model() {
    while (!taken.empty() && taken.front().decided) {
      const Taken t = taken.front();
      taken.pop_front();
      if (t.fire && t.stands) fired.push_back(t.f);
      if (!model) continue;
      if (t.fire) {
        if (!t.stands) continue;
        const auto p = model->pop_due(t.e.time);
        INFO("fire at cycle " << t.cycle << " time " << t.e.time << " of group " << std::get<0>(t.f) << " psn "
                              << std::get<1>(t.f) << " deadline " << std::get<3>(t.f));
        REQUIRE(p.has_value());
        REQUIRE(Fire{p->group, p->psn, p->ev, static_cast<std::uint32_t>(p->deadline)} == t.f);
        continue;
      }
      REQUIRE(!model->pop_due(t.e.time).has_value());  // nothing due was left unfired before it
      if (t.clear) model->clear(t.e.group, t.e.psn);
      if (t.alloc && !model->track(t.e.group, t.e.psn, t.e.ev, t.e.time, t.e.deadline - t.e.time)) ++model_untracked;
    }
  }
  void alloc(unsigned group, unsigned psn, std::uint32_t deadline, unsigned ev) {
    offer_alloc(group, psn, deadline, ev);
    cycle();
  }
  void offer_alloc(unsigned group, unsigned psn, std::uint32_t deadline, unsigned ev) {
    Ev e;
    e.group = group;
    e.psn = psn;
    e.deadline = deadline;
    e.ev = ev;
    rq_offered.push_back(e);
  }
  // Offers a clear to the feedback lane (taken in a cycle with no fire, at t0 six cycles later).
  void offer_clear(unsigned group, unsigned psn) {
    Ev e;
    e.group = group;
    e.psn = psn;
    fb_offered.push_back(e);
  }
  void clear(unsigned group, unsigned psn) {
    offer_clear(group, psn);
    cycle();
  }
  void idle(int cycles) {
    for (int k = 0; k < cycles; ++k) cycle();
  }
};

}  // namespace

TEST_CASE("rtl tracker: past-due packets fire by deadline, then send order, across runs", "[rtl][block][tracker]") {
  Tracker t(100);
  t.alloc(1, 1, 500, 11);
  t.alloc(1, 2, 300, 12);  // before run 0's tail: starts the other run
  t.alloc(1, 3, 300, 13);  // the same deadline: after psn 2 in send order
  t.alloc(1, 5, 700, 15);
  t.idle(20);
  REQUIRE(t.m->tracked_o == 4);
  REQUIRE(t.untracked == 0);
  REQUIRE(t.m->hold_o == 0);
  REQUIRE(t.fired.empty());
  t.set_time(1000);  // every deadline passed
  t.idle(60);
  using F = std::tuple<unsigned, unsigned, unsigned, std::uint32_t>;
  REQUIRE(t.fired == std::vector<F>{{1, 2, 12, 300}, {1, 3, 13, 300}, {1, 1, 11, 500}, {1, 5, 15, 700}});
  REQUIRE(t.m->tracked_o == 0);
  REQUIRE(t.m->hold_o == 0);
}

TEST_CASE("rtl tracker: a clear drops every copy of its packet, and only what is past due fires",
          "[rtl][block][tracker]") {
  Tracker t(100);
  t.alloc(2, 7, 400, 1);
  t.alloc(2, 8, 400, 2);
  t.alloc(2, 7, 450, 3);  // a retransmission of psn 7
  t.alloc(2, 9, 2000, 4);
  t.clear(2, 7);
  t.idle(20);
  REQUIRE(t.m->tracked_o == 2);
  t.set_time(1000);
  t.idle(60);
  using F = std::tuple<unsigned, unsigned, unsigned, std::uint32_t>;
  REQUIRE(t.fired == std::vector<F>{{2, 8, 2, 400}});  // psn 9's deadline is still ahead
  REQUIRE(t.m->tracked_o == 1);
  REQUIRE(t.m->hold_o == 0);
}

TEST_CASE("rtl tracker: a full set leaves a packet untracked (as the model's geometry says)", "[rtl][block][tracker]") {
  // Sets of the small tracker: 4 sets of 2 ways; the model's hardware_set names the set.
  const auto set_of = [](unsigned g, unsigned p) { return uetlb::EarlyFailureDetector::hardware_set(g, p, 2); };
  REQUIRE(set_of(0, 0) == set_of(0, 4));
  REQUIRE(set_of(0, 4) == set_of(0, 8));
  REQUIRE(set_of(0, 1) != set_of(0, 0));
  Tracker t(100);
  t.alloc(0, 0, 900, 1);
  t.alloc(0, 4, 900, 2);
  t.alloc(0, 8, 900, 3);  // its set is full
  t.alloc(0, 1, 900, 4);  // another set: room
  t.idle(20);
  REQUIRE(t.untracked == 1);
  REQUIRE(t.m->tracked_o == 3);
  t.clear(0, 4);  // a place again
  t.alloc(0, 12, 900, 5);
  t.idle(20);
  REQUIRE(t.untracked == 1);
  REQUIRE(t.m->tracked_o == 3);
  t.set_time(1000);
  t.idle(60);
  using F = std::tuple<unsigned, unsigned, unsigned, std::uint32_t>;
  REQUIRE(t.fired == std::vector<F>{{0, 0, 1, 900}, {0, 1, 4, 900}, {0, 12, 5, 900}});
}

namespace {

// Random traffic on the small tracker, both lanes offered every cycle: an allocation of the next PSN of a
// random group (deadline now + span) every `every` cycles, and a clear of the oldest packet not lost,
// `lag` allocations behind, else of a key never sent. A packet is lost with the given probability, but
// not within `gap` allocations of the last lost one. Time advances `step` ns a cycle. Returns the harness
// after every fire is decided; the model checks every fire and every event's place.
Tracker random_traffic(std::uint32_t seed, int cycles, unsigned loss_per_mille, unsigned lag, std::uint32_t step,
                       std::uint32_t span, int every, unsigned gap) {
  Tracker t(1000, true);
  std::mt19937 rng(seed);
  std::deque<std::pair<unsigned, unsigned>> sent;  // packets whose clear is still to be offered
  std::vector<unsigned> next_psn(16, 0);
  std::uint32_t now = 1000;
  unsigned since_lost = gap;
  for (int k = 0; k < cycles; ++k) {
    now += step;
    t.set_time(now);
    if (t.rq_offered.empty() && k % every == 0) {
      const unsigned g = rng() % 4;
      const unsigned psn = next_psn[g]++ & 0xffff;
      t.offer_alloc(g, psn, 0, rng() & 0xffff);
      t.rq_offered.back().span = span;
      if (rng() % 1000 < loss_per_mille && since_lost >= gap) {
        since_lost = 0;
      } else {
        sent.emplace_back(g, psn);
        ++since_lost;
      }
    }
    if (t.fb_offered.empty()) {
      if (sent.size() > lag) {
        t.offer_clear(sent.front().first, sent.front().second);
        sent.pop_front();
      } else {
        t.offer_clear(15, 0xffff);  // a key no packet has: a NACK of nothing
      }
    }
    t.cycle();
  }
  t.rq_offered.clear();
  t.fb_offered.clear();
  t.set_time(now + 4 * span);
  t.idle(200);
  REQUIRE(t.taken.empty());
  REQUIRE(t.untracked == t.model_untracked);
  return t;
}

}  // namespace

TEST_CASE("rtl tracker: fires equal the model's with both lanes busy every cycle, and isolated ones hold nothing",
          "[rtl][block][tracker]") {
  // An allocation every other cycle, one packet in 40 lost (no two within 3 allocations: a fire needs five
  // cycles to get the next one ready): every fire is ready before its deadline, takes one feedback-lane
  // cycle and holds neither lane.
  for (std::uint32_t seed = 1; seed <= 4; ++seed) {
    INFO("seed " << seed);
    Tracker t = random_traffic(seed, 8000, 25, 2, 10, 300, 2, 3);
    REQUIRE(t.fired.size() > 50);
    REQUIRE(t.rq_waits == 0);
    REQUIRE(t.fb_waits <= t.fired.size() + t.killed);  // a clear waited only where a fire took the lane
  }
  // An allocation every cycle, heavier loss, and clears racing the deadlines (a packet's clear comes about
  // when it is due): the order is still the model's; holds are allowed.
  unsigned killed = 0;
  for (std::uint32_t seed = 5; seed <= 12; ++seed) {
    INFO("seed " << seed);
    Tracker t = random_traffic(seed, 4000, 200, 7 + seed % 4, 10, 200, 1 + seed % 2, 0);
    REQUIRE(t.fired.size() > 100);
    killed += t.killed;
  }
  REQUIRE(killed > 0);
}

TEST_CASE("rtl tracker: a burst of packets past due fires one a feedback-lane cycle or so, in order",
          "[rtl][block][tracker]") {
  Tracker t(100, true);
  for (unsigned p = 0; p < 6; ++p) t.offer_alloc(3, p, 200 + p, p);  // six sets' worth, consecutive deadlines
  t.idle(20);
  REQUIRE(t.m->tracked_o == 6);
  t.set_time(10000);  // all past due at once
  std::uint64_t first = 0, last = 0;
  for (int k = 0; k < 60; ++k) {
    const bool f = t.m->fire_o;
    t.cycle();
    if (f) {
      if (first == 0) first = t.cycle_no;
      last = t.cycle_no;
    }
  }
  t.idle(20);
  REQUIRE(t.fired.size() == 6);
  REQUIRE(t.killed == 0);
  // Each fire after the first waits for the next candidate's data: the bound docs/architecture.md gives.
  REQUIRE(last - first <= 5 * 5);
}

TEST_CASE("rtl tracker: a clear racing a fire wins when taken before it, and the fire then changes nothing",
          "[rtl][block][tracker]") {
  // The packet's deadline is 300; time moves 1 ns a cycle from 280, so it is due for the events of the
  // cycle whose time is 301. Its clear is taken at each time around that: at time 300 or before the clear
  // goes first (a fire that already started is killed by its check), later the fire goes first.
  for (std::uint32_t at = 290; at <= 304; ++at) {
    INFO("clear offered at time " << at);
    Tracker t(100, true);
    t.alloc(1, 9, 300, 77);
    t.alloc(1, 10, 5000, 78);  // another packet, never due here
    t.idle(20);
    std::uint32_t now = 280;
    bool offered = false;
    for (int k = 0; k < 60; ++k) {
      t.set_time(now++);
      if (!offered && t.m->now_q_i >= at) {
        t.offer_clear(1, 9);
        offered = true;
      }
      t.cycle();
    }
    t.idle(20);
    REQUIRE(t.taken.empty());
    // The model decides (drain_model): the fire stands exactly when the clear was taken after time 300.
    if (at <= 300)
      REQUIRE(t.fired.empty());
    else
      REQUIRE(t.fired.size() == 1);
    // Taken in the cycle before the deadline passes, the clear is still in the core's stages when the
    // candidate fires: the fire's check kills it.
    if (at == 300) REQUIRE(t.killed == 1);
  }
}
