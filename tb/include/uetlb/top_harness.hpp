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
  TopHarness() : m(std::make_unique<V>(&ctx, "uet_lb")) { start(); }

  /// The same, with every variable of the core starting random (Verilator's random reset, from `seed`)
  /// instead of 0: what has no reset must not matter. Assertions stay off until reset is done, since the
  /// state before it need not satisfy them.
  explicit TopHarness(int seed) : m(random_model(ctx, seed)) { start(); }
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
    return read(regs::kStatus) & regs::kStatusErrors;
  }

  /// Clocks until `ready` (an output of the core, e.g. open_ready_o) is high, at most `max_cycles` cycles,
  /// with the inputs as they are: true when it is (uet_lb_pipe's streams hand over in a beat's second
  /// cycle only), false when it stayed low.
  bool wait_for(const CData& ready, int max_cycles) {
    m->eval();
    for (int k = 0; !ready; ++k) {
      if (k == max_cycles) return false;
      tick();
      m->eval();
    }
    return true;
  }

  /// Reads a register: the address for a cycle (uet_lb_pipe returns the data in the cycle after the
  /// address; uet_lb's read port is combinational and shows them then too).
  std::uint32_t read(std::uint8_t a) {
    m->reg_addr_i = a;
    tick();
    m->eval();
    return m->reg_rdata_o;
  }

 private:
  static std::unique_ptr<V> random_model(VerilatedContext& c, int seed) {
    c.randReset(2);
    c.randSeed(seed);
    c.assertOn(false);
    return std::make_unique<V>(&c, "uet_lb");
  }

  void start() {
    m->reg_we_i = 0;  // (inputs are random too after a random start)
    m->open_valid_i = m->fb_valid_i = m->req_valid_i = 0;
    m->rst_ni = 0;
    m->rsp_ready_i = 1;
    m->base_rtt_i = 6000;
    tick();
    tick();
    m->rst_ni = 1;
    ctx.assertOn(true);
  }
};

}  // namespace uetlb
