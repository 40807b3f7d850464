// Unit tests of RTL blocks on their own (Verilated --cc builds): the round robin, the PRNG, the register
// block against the register description (rtl/uet_lb_regs.rdl, through its generated mirror) and the
// early-failure tracker (a small one: 8 ways in 4 sets of 2, two runs). The cache, the exploration window
// and the freezing test are proven over every input by the formal harnesses (scripts/formal.sh); the
// whole core is checked against the golden model by the equivalence tests and the testbench.
#include <verilated.h>

#include <catch2/catch.hpp>
#include <deque>
#include <memory>
#include <tuple>
#include <vector>

#include "Vuet_lb_prng.h"
#include "Vuet_lb_regs.h"
#include "Vuet_lb_rr.h"
#include "Vuet_lb_tracker.h"
#include "uetlb/efd.hpp"
#include "uetlb/prng.hpp"
#include "uetlb/rtl_regs.hpp"

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

// The small tracker of rtl/CMakeLists.txt with its environment: the core's time, and the entropy value
// of an allocation given three cycles after it (as the core's pipeline has it then).
struct Tracker {
  std::unique_ptr<Vuet_lb_tracker> m = make<Vuet_lb_tracker>();
  std::deque<unsigned> ev_pipe = std::deque<unsigned>(4, 0);  // back: this cycle's; front: three cycles ago
  std::vector<std::tuple<unsigned, unsigned, unsigned, std::uint32_t>> fired;  // group, psn, ev, deadline
  unsigned untracked = 0;

  explicit Tracker(std::uint32_t now) {
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
  void cycle() {
    m->alc_ev_i = ev_pipe.front();
    ev_pipe.pop_front();
    m->eval();
    if (m->fire_o) fired.emplace_back(m->fire_group_o, m->fire_psn_o, m->fire_ev_o, m->fire_deadline_o);
    if (m->untracked_o) ++untracked;
    tick(*m);
    m->now_q_i = m->now_i;
    m->alc_valid_i = 0;
    m->clr_valid_i = 0;
    ev_pipe.push_back(0);
  }
  void alloc(unsigned group, unsigned psn, std::uint32_t deadline, unsigned ev) {
    m->alc_valid_i = 1;
    m->alc_group_i = group;
    m->alc_psn_i = psn;
    m->alc_time_i = m->now_q_i;
    m->alc_deadline_i = deadline;
    m->alc_gen_i = 0;
    ev_pipe.back() = ev;
    cycle();
  }
  void clear(unsigned group, unsigned psn) {
    m->clr_valid_i = 1;
    m->clr_group_i = group;
    m->clr_psn_i = psn;
    cycle();
  }
  void idle(int cycles) {
    for (int k = 0; k < cycles; ++k) cycle();
  }
};

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

TEST_CASE("rtl prng: xorshift32 13/17/5 from the seed, the draw (state x size) >> 32 a cycle after the step",
          "[rtl][block][prng]") {
  auto m = make<Vuet_lb_prng>();
  m->set_size_i = 5;
  reset(*m);
  for (std::uint32_t size : {1U, 5U, 256U, 65536U}) {
    INFO("set size " << size);
    uetlb::Xorshift32 ref(0xdeadbeef);
    m->seed_we_i = 1;
    m->seed_i = 0xdeadbeef;
    m->set_size_i = size;
    m->step_i = 1;  // the seed takes priority
    tick(*m);
    m->seed_we_i = 0;
    for (int k = 0; k < 300; ++k) {
      m->step_i = k % 3 != 0;
      tick(*m);
      if (!m->step_i) continue;
      const std::uint16_t expect = ref.draw(size);
      m->step_i = 0;
      tick(*m);  // the product is registered: the draw shows a cycle after the step's edge
      REQUIRE(m->value_o == expect);
      REQUIRE(m->value_o < size);
    }
  }
}

TEST_CASE("rtl regs: every register reads the reset the description gives; a refusal strobes reg_werr_o",
          "[rtl][block][regs]") {
  auto m = make<Vuet_lb_regs>();
  m->reg_we_i = 0;
  m->group_opened_i = m->bad_open_i = m->opening_i = 0;
  m->inc_fb_unopened_i = m->inc_efd_untracked_i = m->inc_req_unopened_i = 0;
  m->apply_i = 1;
  reset(*m);
  auto read = [&m](std::uint8_t a) {
    m->reg_addr_i = a;
    tick(*m);
    m->eval();
    return m->reg_rdata_o;
  };
  for (const auto& r : uetlb::regs::kResets) {
    INFO("word address " << unsigned{r.word});
    CHECK(read(r.word) == r.value);
  }
  CHECK(std::size(uetlb::regs::kResets) >= 15);
  // A write shown in cycle c is judged at the edge after c + 1: reg_werr_o is high in cycle c + 2 only.
  auto write = [&m](std::uint8_t a, std::uint32_t v) {
    m->reg_we_i = 1;
    m->reg_addr_i = a;
    m->reg_wdata_i = v;
    m->eval();
    const bool at0 = m->reg_werr_o;
    tick(*m);
    m->reg_we_i = 0;
    m->eval();
    const bool at1 = m->reg_werr_o;
    tick(*m);
    m->eval();
    const bool at2 = m->reg_werr_o;
    tick(*m);
    m->eval();
    const bool at3 = m->reg_werr_o;
    return std::make_tuple(at0, at1, at2, at3);
  };
  CHECK(write(uetlb::regs::kSprayType, 3) == std::make_tuple(false, false, true, false));       // out of range
  CHECK(write(uetlb::regs::kSprayType, 2) == std::make_tuple(false, false, false, false));      // taken
  CHECK(write(uetlb::regs::kId, 1) == std::make_tuple(false, false, true, false));              // read-only
  CHECK(write(0x3F, 1) == std::make_tuple(false, false, true, false));                          // unknown
  CHECK(write(uetlb::regs::kCntAxisDropped, 0) == std::make_tuple(false, false, true, false));  // the wrapper's
  CHECK(read(uetlb::regs::kSprayType) == 2);
  // An open taken but not yet applied (opening_i) locks PacketSprayingType as an applied one does; the
  // refusal sets STATUS.ERR_LOCKED and the value stays.
  m->opening_i = 1;
  CHECK(write(uetlb::regs::kSprayType, 1) == std::make_tuple(false, false, true, false));
  m->opening_i = 0;
  CHECK((read(uetlb::regs::kStatus) & uetlb::regs::kStatusErrLocked) != 0);
  CHECK(read(uetlb::regs::kSprayType) == 2);
  m->group_opened_i = 1;  // applied: the group is open, locked from now on
  tick(*m);
  m->group_opened_i = 0;
  CHECK(write(uetlb::regs::kRepsBufBits, 1) == std::make_tuple(false, false, true, false));
}

TEST_CASE("rtl tracker: past-due packets fire by deadline, then send order, across runs", "[rtl][block][tracker]") {
  Tracker t(100);
  t.alloc(1, 1, 500, 11);
  t.alloc(1, 2, 300, 12);  // before run 0's tail: starts the other run
  t.alloc(1, 3, 300, 13);  // the same deadline: after psn 2 in send order
  t.alloc(1, 5, 700, 15);
  t.idle(10);
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

TEST_CASE("rtl tracker: a clear drops every copy of its packet; only what is past due fires", "[rtl][block][tracker]") {
  Tracker t(100);
  t.alloc(2, 7, 400, 1);
  t.alloc(2, 8, 400, 2);
  t.alloc(2, 7, 450, 3);  // a retransmission of psn 7
  t.alloc(2, 9, 2000, 4);
  t.clear(2, 7);
  t.idle(10);
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
  t.idle(10);
  REQUIRE(t.untracked == 1);
  REQUIRE(t.m->tracked_o == 3);
  t.clear(0, 4);  // a place again
  t.alloc(0, 12, 900, 5);
  t.idle(10);
  REQUIRE(t.untracked == 1);
  REQUIRE(t.m->tracked_o == 3);
  t.set_time(1000);
  t.idle(60);
  using F = std::tuple<unsigned, unsigned, unsigned, std::uint32_t>;
  REQUIRE(t.fired == std::vector<F>{{0, 0, 1, 900}, {0, 1, 4, 900}, {0, 12, 5, 900}});
}
