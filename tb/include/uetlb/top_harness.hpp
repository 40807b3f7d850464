// A Verilated load-balancer top (uet_lb) with a 1 ns-per-cycle clock, reset done (and the sweep that
// closes every group), and register writes: the common start of the cycle-level tests and of the plain
// C++ benchmarks.
#pragma once

#include <verilated.h>

#include <cstdint>
#include <memory>

#include "uetlb/random_reset.hpp"
#include "uetlb/rtl_regs.hpp"

namespace uetlb {

template <class V>
struct TopHarness {
  VerilatedContext ctx;
  std::unique_ptr<V> m;
  std::uint64_t cycle = 0;
  /// Nanoseconds of now_i per cycle (1: now_i is the cycle number; a benchmark sets the clock period of
  /// the core's measured Fmax so that RTTs and deadlines span as many cycles as in hardware).
  std::uint64_t ns_per_cycle = 1;

  /// Builds the core, holds it in reset for two cycles and waits until it is idle (response taken every
  /// cycle, base RTT 6 us).
  TopHarness() : m(std::make_unique<V>(&ctx, "uet_lb")) { start(); }

  /// The same, with every variable of the core starting random (Verilator's random reset, from `seed`)
  /// instead of 0: what has no reset must not matter. Assertions stay off until reset is done, since the
  /// state before it need not satisfy them.
  explicit TopHarness(int seed) : m(random_model(ctx, seed)) { start(); }
  ~TopHarness() { m->final(); }

  /// The time of cycle `c`.
  std::uint64_t time_of(std::uint64_t c) const { return c * ns_per_cycle; }

  /// One clock cycle with now_i = time_of(cycle): the inputs already set, the rising edge half-way.
  void tick() {
    m->now_i = static_cast<IData>(time_of(cycle));
    m->clk_i = 0;
    m->eval();
    m->clk_i = 1;
    m->eval();
    ++cycle;
  }

  /// Writes a register and waits until the core has applied it (idle_o: the register block takes the
  /// write a cycle after the port, the core applies it once every earlier event is applied); returns
  /// STATUS's error bits afterwards (0: the write was taken).
  std::uint32_t write(std::uint8_t a, std::uint32_t v) {
    m->reg_we_i = 1;
    m->reg_addr_i = a;
    m->reg_wdata_i = v;
    tick();
    m->reg_we_i = 0;
    tick();
    if (!wait_for(m->idle_o, 1000)) return ~0U;
    return read(regs::kStatus) & regs::kStatusErrors;
  }

  /// Clocks until `ready` (an output of the core, e.g. open_ready_o or idle_o) is high, at most
  /// `max_cycles` cycles, with the inputs as they are: true when it is, false when it stayed low.
  bool wait_for(const CData& ready, int max_cycles) {
    m->eval();
    for (int k = 0; !ready; ++k) {
      if (k == max_cycles) return false;
      tick();
      m->eval();
    }
    return true;
  }

  /// Reads a register: the address for a cycle, the data in the cycle after it.
  std::uint32_t read(std::uint8_t a) {
    m->reg_addr_i = a;
    tick();
    m->eval();
    return m->reg_rdata_o;
  }

 private:
  static std::unique_ptr<V> random_model(VerilatedContext& c, int seed) {
    start_random(c, seed);
    return std::make_unique<V>(&c, "uet_lb");
  }

  void start() {
    m->reg_we_i = 0;  // (inputs are random too after a random start)
    m->ecc_inj_i = m->ecc_inj_slot_i = 0;
    m->open_valid_i = m->fb_valid_i = m->req_valid_i = 0;
    m->rst_ni = 0;
    m->rsp_ready_i = 1;
    m->base_rtt_i = 6000;
    tick();
    tick();
    m->rst_ni = 1;
    ctx.assertOn(true);
    wait_for(m->idle_o, 1 << 14);  // the sweep: a cycle per group
  }
};

}  // namespace uetlb
