// Unit tests of RTL blocks on their own (Verilated --cc builds): the round robin, the PRNG and the register
// block against the register description (rtl/regs/uet_lb_regs.rdl, through its generated mirror); the
// early-failure tracker's are in test_rtl_tracker.cpp. The cache, the exploration window and the freezing
// test are proven over every input by the formal harnesses (scripts/hw/formal.sh); the whole core is
// checked against the golden model by the equivalence tests and the testbench.
#include <catch2/catch.hpp>
#include <iterator>
#include <tuple>

#include "Vuet_lb_prng.h"
#include "Vuet_lb_regs.h"
#include "Vuet_lb_rr.h"
#include "uetlb/prng.hpp"
#include "uetlb/rtl_regs.hpp"
#include "verilated_block.hpp"

using test::make;
using test::reset;
using test::tick;

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

TEST_CASE("rtl regs: every register reads the reset the description gives, and a refusal strobes reg_werr_o",
          "[rtl][block][regs]") {
  auto m = make<Vuet_lb_regs>();
  m->reg_we_i = 0;
  m->group_opened_i = m->bad_open_i = m->opening_i = 0;
  m->inc_fb_unopened_i = m->inc_efd_untracked_i = m->inc_req_unopened_i = 0;
  m->inc_ecc_corrected_i = m->inc_ecc_double_i = 0;
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
