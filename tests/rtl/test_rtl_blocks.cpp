// Unit tests of each RTL block on its own (Verilated --cc builds): the block's rules and edges.
#include <verilated.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <random>
#include <tuple>
#include <vector>

#include "Vuet_lb_cache.h"
#include "Vuet_lb_efd_tracker.h"
#include "Vuet_lb_efd_tracker_pipe.h"
#include "Vuet_lb_efd_tracker_pipe_sc0.h"
#include "Vuet_lb_freeze.h"
#include "Vuet_lb_pipe_g40.h"
#include "Vuet_lb_prng.h"
#include "Vuet_lb_prng_pipe.h"
#include "Vuet_lb_regs.h"
#include "Vuet_lb_regs_pipe.h"
#include "Vuet_lb_rr.h"
#include "Vuet_lb_window.h"
#include "uetlb/prng.hpp"
#include "uetlb/rtl_regs.hpp"
#include "uetlb/top_harness.hpp"

namespace {

template <typename M>
std::unique_ptr<M> make() {
  static VerilatedContext ctx;  // one context for every block model of this test program
  return std::make_unique<M>(&ctx, "dut");
}

template <typename M>
void tick(M& m) {
  m.clk_i = 0;
  m.eval();
  m.clk_i = 1;
  m.eval();
}

template <typename M>
void reset(M& m) {
  m.rst_ni = 0;
  tick(m);
  tick(m);
  m.rst_ni = 1;
}

// Offers one packet to a tracker for a cycle; true when it was tracked (a free entry took it).
template <typename M>
bool track(M& m, unsigned group, unsigned psn, unsigned ev, std::uint32_t deadline) {
  m.alloc_i = 1;
  m.alloc_group_i = group;
  m.alloc_psn_i = psn;
  m.alloc_ev_i = ev;
  m.alloc_deadline_i = deadline;
  m.eval();
  const bool untracked = m.untracked_o;
  tick(m);
  m.alloc_i = 0;
  m.eval();
  return !untracked;
}

}  // namespace

TEST_CASE("rtl rr: offset + (step mod 2^mask) mod 65536, every mask 0..8", "[rtl][block][rr]") {
  auto m = make<Vuet_lb_rr>();
  for (unsigned mask = 0; mask <= 8; ++mask) {
    for (unsigned offset : {0U, 256U, 65535U, 65400U}) {
      for (unsigned step = 0; step < 256; ++step) {
        m->step_i = step;
        m->span_mask_i = (1U << mask) - 1;  // as the register block keeps it
        m->offset_i = offset;
        m->eval();
        REQUIRE(m->ev_o == ((offset + (step % (1U << mask))) & 0xffff));
        REQUIRE(m->step_o == ((step + 1) & 0xff));
      }
    }
  }
}

TEST_CASE("rtl prng: xorshift32 13/17/5, re-seed, multiply-high map", "[rtl][block][prng]") {
  auto m = make<Vuet_lb_prng>();
  reset(*m);
  REQUIRE(m->state_o == 1);
  for (std::uint32_t size : {1U, 5U, 256U, 65536U}) {
    uetlb::Xorshift32 ref(0xdeadbeef);
    m->seed_we_i = 1;
    m->seed_i = 0xdeadbeef;
    m->set_size_i = size;
    tick(*m);
    m->seed_we_i = 0;
    REQUIRE(m->state_o == 0xdeadbeef);
    for (int k = 0; k < 500; ++k) {
      m->step_i = (k % 3) != 0;
      m->eval();
      if (m->step_i) {
        const std::uint16_t expect = ref.draw(size);
        REQUIRE(m->value_o == expect);
        REQUIRE(m->value_o < size);
      }
      tick(*m);
      REQUIRE(m->state_o == ref.state());  // state moves only when stepped
    }
  }
}

TEST_CASE("rtl prng (pipelined): the same draws at one step every other cycle; re-seed and set-size change refill",
          "[rtl][block][prng]") {
  auto m = make<Vuet_lb_prng_pipe>();
  m->set_size_i = 5;
  reset(*m);
  // Steps are announced a cycle ahead (step_next_i): `next` is the step of the coming cycle.
  bool next = false;
  auto clock = [&](bool step_after) {
    m->step_i = next;
    m->step_next_i = step_after;
    m->eval();
    tick(*m);
    next = step_after;
    m->step_i = next;
    m->step_next_i = 0;
    m->eval();
  };
  auto wait_ready = [&] {
    int cycles = 0;
    for (m->eval(); !m->ready_o; m->eval()) {
      REQUIRE(++cycles < 40);
      const bool ready_next = m->ready_next_o;  // the core's issue decision reads it a cycle ahead
      clock(false);
      REQUIRE(m->ready_o == ready_next);
    }
    return cycles;
  };
  // After reset the table of multiples is written (16 cycles), then the pipeline fills: the generator
  // restarts (1), x0, x1 and eight digit stages (10). A re-seed skips the table.
  REQUIRE(wait_ready() == 27);
  std::mt19937 rng(5);
  for (std::uint32_t size : {1U, 5U, 256U, 65536U}) {
    INFO("set size " << size);
    uetlb::Xorshift32 ref(0xdeadbeef);
    m->seed_we_i = 1;
    m->seed_i = 0xdeadbeef;
    m->set_size_i = size;
    m->size_we_i = 1;  // the caller says when the size changes
    clock(false);
    m->seed_we_i = 0;
    m->size_we_i = 0;
    m->eval();
    REQUIRE(m->ready_o == 0);  // re-seeding empties the pipeline
    REQUIRE(wait_ready() == 27);
    REQUIRE(m->state_o == 0xdeadbeef);
    // Every other cycle first, then at random with at least a cycle between; each step announced the
    // cycle before.
    std::vector<bool> steps(2001);
    for (std::size_t k = 0; k < steps.size(); ++k) {
      steps[k] = (k < 1000 ? k % 2 == 0 : rng() % 3 != 0) && (k == 0 || !steps[k - 1]);
    }
    steps.back() = false;
    next = false;
    m->step_next_i = steps[0];
    m->eval();
    clock(steps[0]);  // (an idle cycle, announcing the first step)
    for (std::size_t k = 0; k + 1 < steps.size(); ++k) {
      REQUIRE(m->ready_o == 1);  // once filled it stays ready
      if (m->step_i) REQUIRE(m->value_o == ref.draw(size));
      clock(steps[k + 1]);
      REQUIRE(m->state_o == ref.state());
    }
    // A set-size change mid-sequence redraws from the state reached, with the new size.
    m->set_size_i = size == 1 ? 7 : size - 1;
    m->size_we_i = 1;
    clock(false);
    m->size_we_i = 0;
    m->eval();
    REQUIRE(m->ready_o == 0);  // a new size empties it too
    REQUIRE(wait_ready() == 27);
    for (int k = 0; k < 50; ++k) {
      clock(true);
      REQUIRE(m->step_i == 1);
      REQUIRE(m->value_o == ref.draw(size == 1 ? 7 : size - 1));
      clock(false);
    }
    // A re-seed alone keeps the table: the pipeline refills sooner.
    m->seed_we_i = 1;
    m->seed_i = 0x12345;
    clock(false);
    m->seed_we_i = 0;
    REQUIRE(wait_ready() == 11);
    uetlb::Xorshift32 ref2(0x12345);
    for (int k = 0; k < 20; ++k) {
      clock(true);
      REQUIRE(m->value_o == ref2.draw(size == 1 ? 7 : size - 1));
      clock(false);
    }
  }
}

namespace {

// A 16-slot cache model (B up to 3 in this build), driven one operation at a time.
struct CacheDut {
  std::unique_ptr<Vuet_lb_cache> m = make<Vuet_lb_cache>();
  unsigned b = 3;
  void op(bool push, std::uint16_t v, bool pop, bool replay) {
    m->buf_bits_i = b;
    m->push_i = push;
    m->push_ev_i = v;
    m->pop_i = pop;
    m->replay_take_i = replay;
    m->eval();
    // Feed the next state back (the top's table does this at the clock edge).
    for (int w = 0; w < 4; ++w) m->slots_i[w] = m->slots_o[w];
    m->wr_i = m->wr_o;
    m->rd_i = m->rd_o;
    m->full_i = m->full_o;
    m->wrapped_i = m->wrapped_o;
    m->replay_i = m->replay_o;
    m->push_i = m->pop_i = m->replay_take_i = 0;
    m->eval();
  }
};

}  // namespace

TEST_CASE("rtl cache: recycle, pop oldest, overwrite when full, replay over written slots", "[rtl][block][cache]") {
  for (unsigned b = 0; b <= 3; ++b) {
    INFO("B = " << b);
    CacheDut c;
    c.b = b;
    c.m->wr_i = 0;
    c.m->rd_i = 0;
    c.m->full_i = 0;
    c.m->wrapped_i = 0;
    c.m->replay_i = 0;
    c.op(false, 0, false, false);
    const unsigned cap = 1U << b;
    std::deque<std::uint16_t> ref;  // unconsumed, oldest first
    std::vector<std::uint16_t> slots(cap, 0);
    unsigned wr = 0, filled = 0, replay = 0;
    std::mt19937 rng(b);
    for (int k = 0; k < 3000; ++k) {
      // The count is encoded in the pointers: (wr - rd) mod C, or C when full.
      REQUIRE(c.m->full_i == (ref.size() == cap));
      REQUIRE(c.m->rd_i == ((wr + cap - ref.size()) & (cap - 1)));  // the stored oldest slot
      REQUIRE(c.m->nonempty_o == !ref.empty());
      REQUIRE(c.m->written_o == (filled > 0));
      if (!ref.empty()) REQUIRE(c.m->oldest_ev_o == ref.front());
      const unsigned r = rng() % 3;
      if (r == 0) {
        const auto v = static_cast<std::uint16_t>(rng());
        c.op(true, v, false, false);
        slots[wr] = v;
        wr = (wr + 1) % cap;
        filled = std::min(filled + 1, cap);
        ref.push_back(v);
        if (ref.size() > cap) ref.pop_front();  // a full cache overwrites its oldest value
      } else if (r == 1 && !ref.empty()) {
        c.op(false, 0, true, false);
        ref.pop_front();
      } else if (filled > 0) {
        REQUIRE(c.m->replay_ev_o == slots[replay]);
        c.op(false, 0, false, true);
        replay = (replay + 1) % filled;
        REQUIRE(c.m->replay_i == replay);
      }
    }
  }
}

TEST_CASE("rtl freeze: entry, ignored while frozen or in the window, exit at exactly the timeout, wrap-safe",
          "[rtl][block][freeze]") {
  auto m = make<Vuet_lb_freeze>();
  m->timeout_i = 1000;
  // Entry.
  m->freezing_i = 0;
  m->in_window_i = 0;
  m->failure_i = 1;
  m->recycle_i = 0;
  m->now_i = 0xfffffe00;  // near the wrap of the 32-bit timestamp
  m->eval();
  REQUIRE(m->freezing_o == 1);
  REQUIRE(m->start_o == 0xfffffe00);
  // Ignored inside the window, and while frozen (the timer does not restart).
  m->in_window_i = 1;
  m->eval();
  REQUIRE(m->freezing_o == 0);
  m->in_window_i = 0;
  m->freezing_i = 1;
  m->start_i = 0xfffffe00;
  m->now_i = 0xffffff00;
  m->eval();
  REQUIRE(m->start_o == 0xfffffe00);
  // A recycle 999 ns later keeps freezing; at exactly 1000 ns (across the wrap) it ends freezing.
  m->failure_i = 0;
  m->recycle_i = 1;
  m->now_i = 0xfffffe00 + 999;
  m->eval();
  REQUIRE(m->freezing_o == 1);
  REQUIRE(m->exit_o == 0);
  m->now_i = 0xfffffe00u + 1000u;  // wraps to 0x1e8
  m->eval();
  REQUIRE(m->freezing_o == 0);
  REQUIRE(m->exit_o == 1);
}

// The exit test against the plain modular one on random times, times at the wrap, timeouts at both ends
// of the register's range, and elapsed times within 2 ns of the timeout.
TEST_CASE("rtl freeze: exit test equals (now - start) mod 2^32 >= timeout", "[rtl][block][freeze]") {
  auto m = make<Vuet_lb_freeze>();
  std::mt19937 rng(7);
  const std::uint32_t edges[] = {0u,          1u,          2u,          0x7ffffffeu, 0x7fffffffu,
                                 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu};
  m->freezing_i = 1;
  m->in_window_i = 0;
  m->failure_i = 0;
  m->recycle_i = 1;
  int exits = 0, stays = 0;
  for (int k = 0; k < 200000; ++k) {
    const std::uint32_t start = k % 3 == 0 ? edges[rng() % 9] : rng();
    // Timeouts 1..2^31-1 (the register's range), near the ends half of the time.
    const std::uint32_t timeout =
        k % 2 == 0 ? 1u + rng() % 0x7fffffffu : (k % 4 == 1 ? 1u + rng() % 4 : 0x7fffffffu - rng() % 4);
    // Elapsed near the timeout a third of the time, else anywhere.
    const std::uint32_t elapsed = k % 3 == 1 ? timeout + (rng() % 5) - 2u : rng();
    const std::uint32_t now = start + elapsed;
    m->start_i = start;
    m->timeout_i = timeout;
    m->now_i = now;
    m->eval();
    INFO("start " << start << " now " << now << " timeout " << timeout);
    const bool expect = static_cast<std::uint32_t>(now - start) >= timeout;
    REQUIRE(m->exit_o == expect);
    REQUIRE(m->freezing_o == !expect);
    (expect ? exits : stays)++;
  }
  REQUIRE(exits > 50000);
  REQUIRE(stays > 50000);
}

TEST_CASE("rtl window: W packets, explores where (W - i) mod 2^B == 0", "[rtl][block][window]") {
  auto m = make<Vuet_lb_window>();
  for (unsigned b : {0U, 1U, 3U}) {
    for (unsigned w : {0U, 1U, 17U, 71U, 143U}) {
      m->buf_bits_i = b;
      m->w_i = w;
      m->left_i = 0;
      m->open_i = 1;
      m->consume_i = 0;
      m->eval();
      REQUIRE(m->left_o == w);
      unsigned left = w;
      m->open_i = 0;
      for (unsigned i = 1; i <= w + 3; ++i) {
        m->left_i = left;
        m->consume_i = 1;
        m->eval();
        const bool in = i <= w;
        REQUIRE(m->active_o == in);
        REQUIRE(m->explore_o == (in && ((w - i) % (1U << b)) == 0));
        left = m->left_o;
        REQUIRE(left == (in ? w - i : 0));
      }
    }
  }
}

TEST_CASE("rtl tracker: expired entries fire by deadline then send order, clear, drop, full, flush, wrap-safe",
          "[rtl][block][efd]") {
  auto m = make<Vuet_lb_efd_tracker>();  // 4 entries
  reset(*m);
  auto alloc = [&](unsigned g, unsigned psn, unsigned ev, std::uint32_t deadline) {
    return track(*m, g, psn, ev, deadline);
  };
  m->now_i = 0xfffffff0;
  REQUIRE(alloc(1, 10, 100, 0x00000010));  // deadline across the wrap
  REQUIRE(alloc(2, 20, 200, 0x00000005));  // earlier deadline, sent later
  REQUIRE(alloc(3, 30, 300, 0x00000010));
  REQUIRE(alloc(3, 31, 301, 0x00000010));
  REQUIRE(m->count_o == 4);
  REQUIRE_FALSE(alloc(4, 40, 400, 0x20));  // full: not tracked
  REQUIRE(m->untracked_o == 0);
  // Clear (3, 31); drop group 1 (it is opened again) in the same cycle.
  m->clear_i = 1;
  m->clear_group_i = 3;
  m->clear_psn_i = 31;
  m->drop_i = 1;
  m->drop_group_i = 1;
  tick(*m);
  m->clear_i = 0;
  m->drop_i = 0;
  m->eval();
  REQUIRE(m->count_o == 2);
  // At the deadline itself nothing is due; one past it, (2, 20) fires.
  m->now_i = 0x00000005;
  m->eval();
  REQUIRE(m->due_o == 0);
  m->now_i = 0x00000006;
  m->eval();
  REQUIRE(m->fire_o == 1);
  REQUIRE(m->fire_group_o == 2);
  REQUIRE(m->fire_psn_o == 20);
  REQUIRE(m->fire_deadline_o == 5);
  tick(*m);
  m->eval();
  REQUIRE(m->due_o == 0);
  // Two packets with deadlines passed together leave oldest sent first.
  REQUIRE(alloc(5, 50, 500, 0x00000010));  // younger than (3, 30)
  m->now_i = 0x00000100;
  m->eval();
  REQUIRE(m->fire_psn_o == 30);
  tick(*m);
  m->eval();
  REQUIRE(m->fire_psn_o == 50);
  REQUIRE(m->fire_ev_o == 500);
  tick(*m);
  m->eval();
  REQUIRE(m->count_o == 0);
  REQUIRE(m->due_o == 0);
  // A later packet with an earlier deadline (the base RTT dropped) fires first when time jumps past
  // both; equal deadlines still leave in send order.
  m->now_i = 0x200;
  REQUIRE(alloc(7, 70, 700, 0x400));
  REQUIRE(alloc(8, 80, 800, 0x3f0));
  REQUIRE(alloc(9, 90, 900, 0x400));
  REQUIRE(alloc(6, 61, 601, 0x3f0));
  m->now_i = 0x1000;
  for (unsigned psn : {80U, 61U, 70U, 90U}) {
    m->eval();
    REQUIRE(m->fire_o == 1);
    REQUIRE(m->fire_psn_o == psn);
    tick(*m);
  }
  m->eval();
  REQUIRE(m->count_o == 0);
  // Flush drops everything.
  m->now_i = 0x200;
  REQUIRE(alloc(6, 60, 600, 0x300));
  m->flush_i = 1;
  tick(*m);
  m->flush_i = 0;
  m->eval();
  REQUIRE(m->count_o == 0);
}

namespace {
// The pipelined core's tracker (4 entries), driven as uet_lb_pipe drives it, a beat of two cycles at a
// time: stage A holds an event (its time, the deadline a request would allocate, what it removes),
// stage W the event before it; at a beat's end A's event may move to W and W's issue (allocate, remove)
// or an entry fire. M: the default build (time comparisons as two 16-bit carry chains and a join) or
// Vuet_lb_efd_tracker_pipe_sc0 (one chain each).
template <typename M>
struct PipeTracker {
  std::unique_ptr<M> m = make<M>();
  bool w_valid = false;
  struct Seen {  // what the second cycle of the last beat showed
    unsigned alloc_oh = 0;
    bool untracked = false;
    unsigned fire_group = 0, fire_psn = 0, fire_ev = 0, fire_deadline = 0;
  } seen;

  // Stage A's event (a request unless drop or clear is set).
  void a(std::uint32_t time, std::uint32_t deadline = 0, unsigned group = 0, unsigned psn = 0, bool drop = false,
         bool clear = false) {
    m->a_time_i = time;
    m->a_deadline_i = deadline;
    m->a_group_i = group;
    m->a_psn_i = psn;
    m->a_drop_i = drop;
    m->a_clear_i = clear;
  }
  // One beat with these decisions; A's event moves to W at its end if `move`. W's event issues if it
  // removes its marked entries or allocates (it is a request to track).
  void beat(bool move = false, bool fire = false, bool remove = false, bool alloc = false) {
    m->w_valid_i = w_valid;
    m->w_remove_i = remove;
    m->w_alloc_i = alloc;
    m->ph_i = 0;
    m->move_i = m->fire_i = m->issue_i = 0;
    m->issue_next_i = remove || alloc;  // (the first cycle knows the beat's issue)
    tick(*m);
    m->issue_next_i = 0;
    m->ph_i = 1;
    m->move_i = move;
    m->fire_i = fire;
    m->issue_i = remove || alloc;
    m->eval();
    seen = Seen{static_cast<unsigned>(m->alloc_oh_o),
                m->untracked_o != 0,
                m->fire_group_o,
                m->fire_psn_o,
                m->fire_ev_o,
                m->fire_deadline_o};
    REQUIRE(m->tracked_o == (alloc && !seen.untracked));
    tick(*m);
    m->move_i = m->fire_i = m->issue_i = 0;
    m->w_remove_i = m->w_alloc_i = 0;
    m->ev_we_i = 0;
    m->flush_i = 0;
    if (move) {
      w_valid = true;
      m->w_deadline_n_i = ~m->a_deadline_i;
      m->w_group_i = m->a_group_i;
      m->w_psn_i = m->a_psn_i;
    }
    m->ph_i = 0;
    m->w_valid_i = w_valid;
    m->eval();
  }
  // A request taken at `now` moves to W (where its deadline is compared with the entries'), then issues
  // and is tracked; the event behind it in A (none: time `now`) moves on. Returns the entry it took.
  unsigned alloc(std::uint32_t now, unsigned group, unsigned psn, std::uint32_t deadline) {
    a(now, deadline, group, psn);
    beat(true);
    a(now);
    beat(true, false, false, true);
    w_valid = false;  // (the event behind it was no event)
    return seen.untracked ? 0 : seen.alloc_oh;
  }
};
}  // namespace

TEMPLATE_TEST_CASE(
    "rtl tracker (pipelined): one-hot allocation, two-step firing in deadline order, due never late, marks",
    "[rtl][block][efd]", Vuet_lb_efd_tracker_pipe, Vuet_lb_efd_tracker_pipe_sc0) {
  PipeTracker<TestType> t;
  auto& m = *t.m;
  t.a(0);
  reset(m);
  // Allocation takes the lowest free entry, one-hot; a fifth packet finds none.
  REQUIRE(t.alloc(0, 1, 10, 100) == 0b0001);
  REQUIRE(t.alloc(0, 2, 20, 120) == 0b0010);
  REQUIRE(t.alloc(0, 3, 30, 90) == 0b0100);  // earlier deadline than the two before it
  REQUIRE(t.alloc(0, 4, 40, 200) == 0b1000);
  REQUIRE(m.count_o == 4);
  t.a(0, 300, 5, 50);
  t.beat(true);
  t.a(0);
  t.beat(true, false, false, true);
  t.w_valid = false;
  REQUIRE(t.seen.untracked);
  REQUIRE(m.count_o == 4);
  // The entropy values arrive later, one entry at a beat's end.
  for (unsigned k = 0; k < 4; ++k) {
    m.ev_we_i = 1;
    m.ev_oh_i = 1U << k;
    m.ev_i = 0xa0 + k;
    t.beat();
  }
  // Stages A and W empty: the expiry at A's time (150) is joined at the end of the beat that has it,
  // the first expired entry is picked at the end of the next, and fires at the end of the one after,
  // one a beat, earliest deadline first.
  t.a(150);
  t.beat();
  REQUIRE(m.expired_o == 1);  // 90, 100 and 120 are past
  REQUIRE(m.pick_any_o == 0);
  t.beat();  // the pick
  struct Fired {
    unsigned psn, ev, deadline;
  };
  for (const Fired f : {Fired{30, 0xa2, 90}, Fired{10, 0xa0, 100}, Fired{20, 0xa1, 120}}) {
    INFO("psn " << f.psn);
    REQUIRE(m.pick_any_o == 1);
    t.beat(false, true);
    REQUIRE(t.seen.fire_psn == f.psn);
    REQUIRE(t.seen.fire_ev == f.ev);
    REQUIRE(t.seen.fire_deadline == f.deadline);
  }
  REQUIRE(m.pick_any_o == 0);  // (4, 40) waits for 200
  REQUIRE(m.count_o == 1);
  // An event taken at 250 (past 200) moves to W: due holds it from its first beat there.
  t.a(250);
  t.beat(true);
  REQUIRE(m.due_o == 1);
  t.beat();  // the pick, from W's vector
  REQUIRE(m.pick_any_o == 1);
  REQUIRE(m.due_o == 1);
  t.beat(false, true);
  REQUIRE(t.seen.fire_psn == 40);
  REQUIRE(t.seen.fire_group == 4);
  t.beat();
  REQUIRE(m.due_o == 0);  // a beat after the entry left
  REQUIRE(m.count_o == 0);
  // Marks: a feedback for (5, 51) in A marks its entries as it moves on, and removes them when it issues
  // from W; an open of group 5 then drops the rest of group 5.
  t.w_valid = false;
  REQUIRE(t.alloc(300, 5, 50, 5000) != 0);
  REQUIRE(t.alloc(300, 5, 51, 5000) != 0);
  REQUIRE(t.alloc(300, 6, 51, 5000) != 0);
  REQUIRE(m.count_o == 3);
  t.a(300, 0, 5, 51, false, true);
  t.beat(true);  // it moves to W
  t.a(300);
  t.beat(true, false, true);  // it issues
  t.w_valid = false;
  REQUIRE(m.count_o == 2);
  t.a(300, 0, 5, 0, true);
  t.beat(true);
  t.a(300);
  t.beat(true, false, true);
  t.w_valid = false;
  REQUIRE(m.count_o == 1);  // (6, 51) is another group's
  // A flush empties the tracker at any edge.
  m.flush_i = 1;
  tick(m);
  m.flush_i = 0;
  m.eval();
  REQUIRE(m.count_o == 0);
  REQUIRE(m.due_o == 0);
  // Back-to-back requests: the second moves to W in the beat the first allocates, so its order against
  // the first entry comes from the first's deadline, not from what that entry held before (100, from an
  // entry flushed since).
  REQUIRE(t.alloc(0, 7, 70, 100) == 0b0001);
  m.flush_i = 1;
  tick(m);
  m.flush_i = 0;
  t.a(0, 500, 7, 71);
  t.beat(true);  // the first moves to W
  t.a(0, 400, 7, 72);
  t.beat(true, false, false, true);  // the first allocates entry 0 as the second (deadline 400) moves to W
  REQUIRE(t.seen.alloc_oh == 0b0001);
  t.a(0);
  t.beat(true, false, false, true);  // the second allocates entry 1
  REQUIRE(t.seen.alloc_oh == 0b0010);
  t.w_valid = false;
  t.a(600);  // both past: the earlier deadline fires first
  t.beat();
  t.beat();
  for (const unsigned psn : {72U, 71U}) {
    REQUIRE(m.pick_any_o == 1);
    t.beat(false, true);
    REQUIRE(t.seen.fire_psn == psn);
  }
  REQUIRE(m.count_o == 0);
}

TEMPLATE_TEST_CASE("rtl tracker (pipelined): expiry and order across the 16-bit halves and the 32-bit wrap",
                   "[rtl][block][efd]", Vuet_lb_efd_tracker_pipe, Vuet_lb_efd_tracker_pipe_sc0) {
  PipeTracker<TestType> t;
  auto& m = *t.m;
  t.a(0xffffffe0U);
  reset(m);
  // Four packets sent just before time wraps: deadlines on both sides of the wrap, and one past the
  // carry out of the low 16 bits after it. Sent in an order other than their deadlines'.
  REQUIRE(t.alloc(0xffffffe0U, 1, 10, 0x00000010U) == 0b0001);
  REQUIRE(t.alloc(0xffffffe0U, 2, 20, 0x00000000U) == 0b0010);
  REQUIRE(t.alloc(0xffffffe0U, 3, 30, 0xfffffff8U) == 0b0100);
  REQUIRE(t.alloc(0xffffffe0U, 4, 40, 0x00010005U) == 0b1000);
  // Nothing is past before its deadline: the last moment before 0xfffffff8, then 0x0000ffff.
  for (const std::uint32_t now : {0xfffffff8U, 0x0000ffffU}) {
    INFO("now " << now);
    // Time moves to `now`; the expiry vector is joined at the end of this beat.
    t.a(now);
    t.beat();
    if (now == 0xfffffff8U) {
      REQUIRE(m.expired_o == 0);  // a deadline at now waits
    } else {
      REQUIRE(m.expired_o == 1);  // 0xfffffff8, 0 and 0x10 are past by now; 0x10005 is not
    }
  }
  // Firing: across the wrap in deadline order (0xfffffff8, then 0, then 0x10); 0x10005 stays.
  t.beat();  // the pick
  for (const unsigned psn : {30U, 20U, 10U}) {
    INFO("psn " << psn);
    REQUIRE(m.pick_any_o == 1);
    t.beat(false, true);
    REQUIRE(t.seen.fire_psn == psn);
  }
  REQUIRE(m.pick_any_o == 0);
  REQUIRE(m.count_o == 1);
  // The last deadline shares its high half with now from 0x10000 on: only the low half decides.
  for (const std::uint32_t now : {0x00010004U, 0x00010005U}) {
    t.a(now);
    t.beat();
    t.beat();
    INFO("now " << now);
    REQUIRE(m.pick_any_o == 0);
    REQUIRE(m.count_o == 1);
  }
  t.a(0x00010006U);
  t.beat();  // the comparison
  t.beat();  // the pick
  REQUIRE(m.pick_any_o == 1);
  t.beat(false, true);
  REQUIRE(t.seen.fire_psn == 40);
  REQUIRE(m.count_o == 0);
}

namespace {
struct Regs {
  std::unique_ptr<Vuet_lb_regs> m = make<Vuet_lb_regs>();
  std::uint32_t read(std::uint8_t a) {
    m->reg_addr_i = a;
    m->eval();
    return m->reg_rdata_o;
  }
  void write(std::uint8_t a, std::uint32_t v) {
    m->reg_we_i = 1;
    m->reg_addr_i = a;
    m->reg_wdata_i = v;
    tick(*m);
    m->reg_we_i = 0;
    m->eval();
  }
};
}  // namespace

TEST_CASE("rtl regs: defaults, range refusal with sticky errors, locks (open groups, events in flight), counters",
          "[rtl][block][regs]") {
  namespace r = uetlb::regs;
  Regs g;
  reset(*g.m);
  REQUIRE(g.read(r::kId) == r::kCoreId);
  REQUIRE(g.read(r::kSprayType) == 1);
  REQUIRE(g.read(r::kEntropyMaskBits) == 7);
  REQUIRE(g.m->span_mask_o == 0x7f);
  REQUIRE(g.read(r::kStartPort) == 256);
  REQUIRE(g.read(r::kRepsBufBits) == 3);
  REQUIRE(g.read(r::kEvSetSize) == 65536);
  REQUIRE(g.read(r::kFreezeTimeout) == 100000);
  REQUIRE(g.read(r::kEfdMult) == 3);
  REQUIRE(g.read(r::kWindow) == 71);
  REQUIRE(g.read(r::kSeed) == 1);
  REQUIRE(g.read(r::kStatus) == 0);

  struct Bad {
    std::uint8_t addr;
    std::uint32_t value;
  };
  for (const Bad b :
       {Bad{r::kSprayType, 3}, Bad{r::kEntropyMaskBits, 9}, Bad{r::kStartPort, 65536}, Bad{r::kRepsBufBits, 4},
        Bad{r::kEvSetSize, 0}, Bad{r::kEvSetSize, 65537}, Bad{r::kFreezeTimeout, 0}, Bad{r::kFreezeTimeout, 0x80000000},
        Bad{r::kEfdMult, 256}, Bad{r::kWindow, 4096}, Bad{r::kSeed, 0}, Bad{r::kCtrl, 2}}) {
    INFO("address " << int(b.addr) << " value " << b.value);
    const std::uint32_t before = g.read(b.addr);
    g.write(b.addr, b.value);
    REQUIRE(g.read(b.addr) == before);  // refused: the old value stays
    REQUIRE((g.read(r::kStatus) & r::kStatusErrRange) != 0);
    REQUIRE(g.read(r::kErrAddr) == b.addr);
    g.write(r::kStatus, r::kStatusErrRange);  // write 1 to clear
    REQUIRE(g.read(r::kStatus) == 0);
  }
  // In-range writes land; the seed write pulses seed_we with the new value.
  g.m->reg_we_i = 1;
  g.m->reg_addr_i = r::kSeed;
  g.m->reg_wdata_i = 77;
  g.m->eval();
  REQUIRE(g.m->seed_we_o == 1);
  REQUIRE(g.m->seed_o == 77);
  tick(*g.m);
  g.m->reg_we_i = 0;
  REQUIRE(g.read(r::kSeed) == 77);
  // Every EntropyMaskBits value: the round robin's 2^mask - 1 is written with it; a refused write keeps both.
  for (unsigned mask = 0; mask <= 8; ++mask) {
    g.write(r::kEntropyMaskBits, mask);
    REQUIRE(g.read(r::kEntropyMaskBits) == mask);
    REQUIRE(g.m->span_mask_o == (1U << mask) - 1);
  }
  g.write(r::kEntropyMaskBits, 9);
  REQUIRE(g.read(r::kEntropyMaskBits) == 8);
  REQUIRE(g.m->span_mask_o == 0xff);
  g.write(r::kStatus, r::kStatusErrRange);
  // Unknown and read-only addresses.
  g.write(0x3f, 1);
  g.write(r::kId, 1);
  REQUIRE((g.read(r::kStatus) & r::kStatusErrAddr) != 0);
  REQUIRE(g.read(r::kId) == r::kCoreId);
  // Locks: spraying type and buffer size while a group is open; CTRL clear unlocks.
  g.m->group_opened_i = 1;
  tick(*g.m);
  g.m->group_opened_i = 0;
  REQUIRE((g.read(r::kStatus) & r::kStatusActive) != 0);
  g.write(r::kSprayType, 2);
  REQUIRE(g.read(r::kSprayType) == 1);
  REQUIRE((g.read(r::kStatus) & r::kStatusErrLocked) != 0);
  g.write(r::kCtrl, 1);
  g.write(r::kSprayType, 2);
  REQUIRE(g.read(r::kSprayType) == 2);
  // An event still in flight (uet_lb_pipe) locks them too, with no group open.
  g.write(r::kStatus, r::kStatusErrLocked);
  REQUIRE((g.read(r::kStatus) & (r::kStatusActive | r::kStatusErrLocked)) == 0);
  g.m->in_flight_i = 1;
  g.write(r::kRepsBufBits, 1);
  g.write(r::kSprayType, 0);
  g.m->in_flight_i = 0;
  REQUIRE(g.read(r::kRepsBufBits) == 3);
  REQUIRE(g.read(r::kSprayType) == 2);
  REQUIRE((g.read(r::kStatus) & r::kStatusErrLocked) != 0);
  g.write(r::kStatus, r::kStatusErrLocked);
  g.write(r::kRepsBufBits, 1);
  REQUIRE(g.read(r::kRepsBufBits) == 1);
  REQUIRE((g.read(r::kStatus) & r::kStatusErrLocked) == 0);
  // Counters count and clear on write.
  g.m->inc_fb_unopened_i = 1;
  g.m->inc_req_unopened_i = 1;
  tick(*g.m);
  tick(*g.m);
  g.m->inc_fb_unopened_i = 0;
  g.m->inc_req_unopened_i = 0;
  REQUIRE(g.read(r::kCntFbUnopened) == 2);
  REQUIRE(g.read(r::kCntReqUnopened) == 2);
  g.write(r::kCntFbUnopened, 0);
  REQUIRE(g.read(r::kCntFbUnopened) == 0);
  // The bad-group flag.
  g.m->bad_open_i = 1;
  tick(*g.m);
  g.m->bad_open_i = 0;
  REQUIRE((g.read(r::kStatus) & r::kStatusErrGroup) != 0);
}

// The pipelined core's register block: a write applies at the edge after the one that takes it (the
// port, its range checks and its decoded address registered first), and each counter counts in halves,
// the high half a cycle after the low one carries out (busy_o meanwhile), saturating at the top. Built
// with 18-bit counters so the top is reached.
TEST_CASE("rtl regs (pipelined): writes a cycle late; counters in halves carry and saturate", "[rtl][block][regs]") {
  namespace r = uetlb::regs;
  auto m = make<Vuet_lb_regs_pipe>();
  reset(*m);
  auto read = [&](std::uint8_t a) {  // the data come in the cycle after the address
    m->reg_addr_i = a;
    tick(*m);
    m->eval();
    return m->reg_rdata_o;
  };
  m->reg_addr_i = r::kId;
  m->eval();
  REQUIRE(read(r::kId) == r::kCoreId);
  m->reg_we_i = 1;
  m->reg_addr_i = r::kEntropyMaskBits;
  m->reg_wdata_i = 3;
  m->eval();
  REQUIRE(m->span_mask_o == 0x7f);
  tick(*m);
  m->reg_we_i = 0;
  m->eval();
  REQUIRE(m->span_mask_o == 0x7f);          // not yet
  REQUIRE(read(r::kEntropyMaskBits) == 3);  // (applied at the edge of the read's cycle)
  REQUIRE(m->span_mask_o == 7);
  // A refused write and one to an unknown address: each applies a cycle late, its error a cycle after.
  for (const auto [addr, value, err] :
       {std::tuple<std::uint8_t, std::uint32_t, std::uint32_t>{r::kEvSetSize, 0, r::kStatusErrRange},
        {0x3f, 1, r::kStatusErrAddr}}) {
    m->reg_we_i = 1;
    m->reg_addr_i = addr;
    m->reg_wdata_i = value;
    tick(*m);
    m->reg_we_i = 0;
    m->reg_addr_i = r::kStatus;
    m->eval();
    REQUIRE((m->reg_rdata_o & r::kStatusErrors) == 0);  // not yet
    tick(*m);  // the write applies (refused); its sticky error follows at the next edge
    REQUIRE(read(r::kStatus) == err);
    REQUIRE(read(r::kErrAddr) == addr);
    m->reg_we_i = 1;
    m->reg_addr_i = r::kStatus;
    m->reg_wdata_i = err;
    tick(*m);
    m->reg_we_i = 0;
    REQUIRE(read(r::kStatus) == 0);
  }
  // Counting every other cycle: through the low half's carry, then to the top, where it stays.
  constexpr std::uint32_t kTop = (1U << 18) - 1;
  std::uint32_t count = 0;
  bool carried = false;
  for (std::uint32_t k = 0; k < kTop + 6; ++k) {
    m->inc_fb_unopened_i = 1;
    tick(*m);
    m->inc_fb_unopened_i = 0;
    count = std::min(count + 1, kTop);
    m->eval();
    if (m->busy_o) {  // the low half has just carried out: the high half follows a cycle later
      REQUIRE((count & 0xffff) == 0);
      carried = true;
    }
    tick(*m);
    m->eval();
    REQUIRE(m->busy_o == 0);
    if ((k & 0x3fff) == 0 || count >= kTop - 2 || (count & 0xffff) <= 1) REQUIRE(read(r::kCntFbUnopened) == count);
  }
  REQUIRE(carried);
  REQUIRE(read(r::kCntFbUnopened) == kTop);
  REQUIRE(read(r::kCntReqUnopened) == 0);
  // A write clears it.
  m->reg_we_i = 1;
  m->reg_addr_i = r::kCntFbUnopened;
  tick(*m);
  m->reg_we_i = 0;
  REQUIRE(read(r::kCntFbUnopened) == 0);
}

// The range checks are written as tests of bit ranges (no comparator), so every
// writable register is tried at its bounds, one past them, and with each single bit set and each
// all-ones run, against the plain comparison done here.
TEST_CASE("rtl regs: range checks agree with lo <= value <= hi at every bit position", "[rtl][block][regs]") {
  namespace r = uetlb::regs;
  struct Range {
    std::uint8_t addr;
    std::uint32_t lo, hi;
    bool readable;
  };
  // The block's default build: BufBitsMax 3, WindowWidth 12, TsWidth 32.
  const Range ranges[] = {{r::kCtrl, 0, 1, false},
                          {r::kSprayType, 0, 2, true},
                          {r::kEntropyMaskBits, 0, 8, true},
                          {r::kStartPort, 0, 65535, true},
                          {r::kRepsBufBits, 0, 3, true},
                          {r::kEvSetSize, 1, 65536, true},
                          {r::kFreezeTimeout, 1, 0x7fffffffu, true},
                          {r::kEfdMult, 0, 255, true},
                          {r::kWindow, 0, 4095, true},
                          {r::kSeed, 1, 0xffffffffu, true}};
  Regs g;
  reset(*g.m);
  int refused = 0, accepted = 0;
  for (const Range& rg : ranges) {
    std::vector<std::uint32_t> values = {rg.lo, rg.hi, rg.hi + 1u, rg.lo - 1u, rg.hi - 1u, 0xffffffffu};
    for (int k = 0; k < 32; ++k) {
      values.push_back(1u << k);
      values.push_back((1u << k) - 1u);
      values.push_back(rg.hi ^ (1u << k));
    }
    for (const std::uint32_t v : values) {
      INFO("address " << int(rg.addr) << " value " << v);
      const bool ok = v >= rg.lo && v <= rg.hi;
      const std::uint32_t before = g.read(rg.addr);
      g.write(rg.addr, v);
      REQUIRE(((g.read(r::kStatus) & r::kStatusErrRange) != 0) == !ok);
      if (rg.readable) REQUIRE(g.read(rg.addr) == (ok ? v : before));
      g.write(r::kStatus, r::kStatusErrRange);
      (ok ? accepted : refused)++;
    }
  }
  // Both outcomes were exercised at every register (bounds and one past them are in every list).
  REQUIRE(refused >= 10);
  REQUIRE(accepted >= 20);
}

// With OpenRam (on by default above 256 groups, forced on in this 40-group build) the pipelined core's
// open bits are RAM words of 16 bits with a valid flip-flop per word; at 40 groups they span three
// words. The RAM starts random (Verilator's random reset), so a group is open only if an open reached it
// since reset or the last CTRL clear. Events go back to back, one held until taken, so a feedback or
// request right after an open of its group takes the bypass; the counters of events for unopened groups
// and the observation port are compared with a reference set after every round.
TEST_CASE("rtl pipe open bits: three RAM words at 40 groups, random initial RAM, opens and CTRL clears",
          "[rtl][block][pipe][open]") {
  namespace r = uetlb::regs;
  constexpr unsigned kGroups = 40;
  uetlb::TopHarness<Vuet_lb_pipe_g40> t(7);  // every variable, the RAM included, starts random
  auto& m = t.m;

  std::mt19937 rng(11);
  std::vector<bool> open(kGroups, false);
  std::uint32_t fb_unopened = 0, req_unopened = 0, opened = 0;
  std::uint32_t psn = 0;
  for (int round = 0; round < 8; ++round) {
    INFO("round " << round);
    // Each round opens from a few to most groups, and packs some rounds into one or two words.
    const unsigned span = round % 3 == 0 ? 16 : kGroups;
    for (int k = 0; k < 300; ++k) {
      const unsigned pick = rng() % 3;
      const unsigned g = static_cast<unsigned>(rng() % span);
      m->open_valid_i = pick == 0;
      m->fb_valid_i = pick == 1;
      m->req_valid_i = pick == 2;
      m->open_group_i = m->fb_group_i = m->req_group_i = g;
      m->open_port_i = 1000 + g;
      m->fb_kind_i = 0;  // ack
      m->fb_ev_i = 0x1234;
      m->fb_psn_i = psn;
      m->req_psn_i = psn++;
      m->req_retx_i = 0;
      int waited = 0;
      for (;; ++waited) {
        INFO("event " << k << " kind " << pick << " group " << g);
        REQUIRE(waited < 16);  // the pipeline takes an event within a few cycles
        m->eval();
        const bool taken =
            (pick == 0 && m->open_ready_o) || (pick == 1 && m->fb_ready_o) || (pick == 2 && m->req_ready_o);
        t.tick();
        if (taken) break;
      }
      if (pick == 0) {
        opened += open[g] ? 0 : 1;
        open[g] = true;
      } else if (!open[g]) {
        (pick == 1 ? fb_unopened : req_unopened) += 1;
      }
      m->open_valid_i = m->fb_valid_i = m->req_valid_i = 0;
    }
    for (int k = 0; k < 12; ++k) t.tick();  // the last events leave the pipeline (a beat a stage)
    REQUIRE(t.read(r::kCntFbUnopened) == fb_unopened);
    REQUIRE(t.read(r::kCntReqUnopened) == req_unopened);
    REQUIRE((t.read(r::kStatus) & r::kStatusActive) != 0);
    unsigned seen = 0;
    for (unsigned g = 0; g < kGroups; ++g) {
      m->dbg_group_i = g;
      m->eval();
      INFO("group " << g);
      REQUIRE(static_cast<bool>(m->dbg_open_o) == open[g]);
      seen += open[g] ? 1 : 0;
    }
    REQUIRE(seen == opened);
    // Close every group: the valid flip-flops clear, the RAM keeps its words, and no group reads open.
    t.write(r::kCtrl, 1);
    REQUIRE((t.read(r::kStatus) & r::kStatusActive) == 0);
    for (unsigned g = 0; g < kGroups; ++g) {
      m->dbg_group_i = g;
      m->eval();
      INFO("group " << g << " after the clear");
      REQUIRE(m->dbg_open_o == 0);
    }
    std::fill(open.begin(), open.end(), false);
    opened = 0;
  }
  // An open out of range (40..63) is dropped with STATUS.ERR_GROUP and opens nothing.
  m->open_valid_i = 1;
  m->open_group_i = 45;
  REQUIRE(t.wait_for(m->open_ready_o, 4));  // (streams hand over every other cycle)
  t.tick();
  m->open_valid_i = 0;
  for (int k = 0; k < 8; ++k) t.tick();
  REQUIRE((t.read(r::kStatus) & r::kStatusErrGroup) != 0);
  REQUIRE((t.read(r::kStatus) & r::kStatusActive) == 0);
  for (unsigned g = 0; g < kGroups; ++g) {
    m->dbg_group_i = g;
    m->eval();
    REQUIRE(m->dbg_open_o == 0);
  }
}
