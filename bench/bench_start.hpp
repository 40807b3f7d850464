// The common start of the plain C++ benchmarks: the core switched to REPS with every group open, and the
// golden model in the same state (fed only when the scoreboard is on).
#pragma once

#include <cstdio>
#include <cstdlib>

#include "uetlb/load_balancer.hpp"
#include "uetlb/rtl_regs.hpp"
#include "uetlb/top_harness.hpp"

namespace uetlb {

template <class Top>
LoadBalancer start_reps(TopHarness<Top>& t, GroupId groups, std::size_t tracker_entries, bool scoreboard) {
  if (t.write(regs::kSprayType, 2) != 0) {  // REPS
    std::fprintf(stderr, "bench: the core refused SPRAY_TYPE = 2 (REPS)\n");
    std::exit(1);
  }
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  LoadBalancer model(cfg, regs::core_model_options(tracker_entries, 4, 2));
  model.set_base_rtt(0, t.m->base_rtt_i);  // the core's base RTT input, as the caller set it
  // Each open is held until the core takes it; the model opens the group at that handshake.
  for (GroupId g = 0; g < groups; ++g) {
    t.m->open_valid_i = 1;
    t.m->open_group_i = g;
    if (!t.wait_for(t.m->open_ready_o, 64)) {
      std::fprintf(stderr, "bench: the core did not take the open of group %u within 64 cycles\n",
                   static_cast<unsigned>(g));
      std::exit(1);
    }
    if (scoreboard) model.open(t.time_of(t.cycle - 1), g, 0);  // an event takes the now_i of the cycle before
    t.tick();
  }
  t.m->open_valid_i = 0;
  return model;
}

}  // namespace uetlb
