// A Verilated load-balancer top (uet_lb or uet_lb_pipe) with a 1 ns-per-cycle clock, reset done, and
// register writes: the common start of the cycle-level tests and of the plain C++ benchmarks.
#pragma once

#include <verilated.h>

#include <cstdint>
#include <memory>

#include "uetlb/rtl_regs.hpp"

namespace uetlb {

template <class V>
struct TopHarness {
  VerilatedContext ctx;
  std::unique_ptr<V> m;
  std::uint64_t cycle = 0;

  /// Builds the core and holds it in reset for two cycles (response taken every cycle, base RTT 6 us).
  TopHarness() : m(std::make_unique<V>(&ctx, "uet_lb")) {
    m->rst_ni = 0;
    m->rsp_ready_i = 1;
    m->base_rtt_i = 6000;
    tick();
    tick();
    m->rst_ni = 1;
  }
  ~TopHarness() { m->final(); }

  /// One clock cycle with now_i = the cycle number: the inputs already set, the rising edge half-way.
  void tick() {
    m->now_i = static_cast<IData>(cycle);
    m->clk_i = 0;
    m->eval();
    m->clk_i = 1;
    m->eval();
    ++cycle;
  }

  /// Writes a register, then waits one more cycle (uet_lb applies a write at the edge that takes it,
  /// uet_lb_pipe at the next); returns STATUS's error bits afterwards (0: the write was taken).
  std::uint32_t write(std::uint8_t a, std::uint32_t v) {
    m->reg_we_i = 1;
    m->reg_addr_i = a;
    m->reg_wdata_i = v;
    tick();
    m->reg_we_i = 0;
    tick();
    m->reg_addr_i = regs::kStatus;
    m->eval();
    return m->reg_rdata_o & regs::kStatusErrors;
  }

  /// Reads a register (combinational read port).
  std::uint32_t read(std::uint8_t a) {
    m->reg_addr_i = a;
    m->eval();
    return m->reg_rdata_o;
  }
};

}  // namespace uetlb
