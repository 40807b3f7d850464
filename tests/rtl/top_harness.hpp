// A Verilated load-balancer top (uet_lb or uet_lb_pipe) with a 1 ns-per-cycle clock and register writes,
// for the cycle-level tests.
#pragma once

#include <verilated.h>

#include <catch2/catch.hpp>
#include <memory>

#include "uetlb/rtl_regs.hpp"

template <class V>
struct TopHarness {
  VerilatedContext ctx;
  std::unique_ptr<V> m;
  std::uint64_t cycle = 0;
  TopHarness() : m(std::make_unique<V>(&ctx, "uet_lb")) {
    m->rst_ni = 0;
    m->rsp_ready_i = 1;
    m->base_rtt_i = 6000;
    tick();
    tick();
    m->rst_ni = 1;
  }
  ~TopHarness() { m->final(); }
  void tick() {
    m->now_i = static_cast<IData>(cycle);  // 1 ns per cycle
    m->clk_i = 0;
    m->eval();
    m->clk_i = 1;
    m->eval();
    ++cycle;
  }
  void write(std::uint8_t a, std::uint32_t v) {
    m->reg_we_i = 1;
    m->reg_addr_i = a;
    m->reg_wdata_i = v;
    tick();
    m->reg_we_i = 0;
    m->reg_addr_i = uetlb::regs::kStatus;
    m->eval();
    REQUIRE((m->reg_rdata_o & uetlb::regs::kStatusErrors) == 0);
  }
};
