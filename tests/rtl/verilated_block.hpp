// Helpers of the RTL block tests (tests/rtl/test_rtl_blocks.cpp, test_rtl_tracker.cpp): a Verilated
// block model in the test program's one context, its clock and its reset.
#pragma once

#include <verilated.h>

#include <memory>

namespace test {

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

}  // namespace test
