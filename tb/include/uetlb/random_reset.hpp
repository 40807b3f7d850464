// Verilator hygiene for the tests: a Verilated model built in `ctx` after this starts with every variable
// random (Verilator's random reset, from `seed`) instead of 0, so a register that needs a reset and lacks
// one shows up. Assertions are off until the caller has released reset (ctx.assertOn(true)): the state
// before reset need not satisfy them.
#pragma once

#include <verilated.h>

namespace uetlb {

inline void start_random(VerilatedContext& ctx, int seed) {
  ctx.randReset(2);
  ctx.randSeed(seed);
  ctx.assertOn(false);
}

}  // namespace uetlb
