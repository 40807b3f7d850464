// Benchmark: simulated cycles per second of a plain C++ harness over the Verilated core (--cc, no
// SystemC), driving a request and a feedback every cycle over all groups, with the golden-model
// scoreboard on and off. Prints figures; asserts nothing except that the scoreboard agrees.
//   bench_rtl [cycles]
#include <verilated.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <random>
#include <vector>

#include UETLB_TOP_HEADER
#include "bench_start.hpp"
#include "uetlb/load_balancer.hpp"
#include "uetlb/stimulus_rng.hpp"
#include "uetlb/top_harness.hpp"

using namespace uetlb;
using Top = UETLB_TOP_CLASS;

namespace {

double run(std::uint64_t cycles, bool scoreboard, std::uint64_t& mismatches) {
  TopHarness<Top> t;
  Top* const m = t.m.get();
  std::uint64_t& cycle = t.cycle;
  const GroupId groups = UETLB_BENCH_GROUPS;
  LoadBalancer model = start_reps(t, groups, UETLB_BENCH_TRACKER, scoreboard);
  StimulusRng rng(1);
  std::vector<std::deque<std::pair<Psn, EntropyValue>>> sent(groups);
  std::vector<Psn> psn(groups, 0);
  mismatches = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < cycles; ++k) {
    const TimeNs now = cycle;
    const GroupId rg = rng() % groups;
    const GroupId fg = rng() % groups;
    const bool fb = !sent[fg].empty();
    if (scoreboard) model.advance_to(now);
    m->fb_valid_i = fb;
    if (fb) {
      const auto [p, ev] = sent[fg].front();
      sent[fg].pop_front();
      m->fb_group_i = fg;
      m->fb_kind_i = 0;
      m->fb_ev_i = ev;
      m->fb_psn_i = p;
      if (scoreboard) model.feedback(now, fg, FeedbackKind::Ack, ev, p);
    }
    const Psn p = psn[rg]++;
    m->req_valid_i = 1;
    m->req_group_i = rg;
    m->req_psn_i = p;
    t.tick();
    const EntropyValue ev = static_cast<EntropyValue>(m->rsp_ev_o);
    if (scoreboard) {
      const Choice c = model.request(now, rg, p, false);
      if (c.ev != ev || static_cast<unsigned>(c.decision) != m->rsp_decision_o) ++mismatches;
    }
    if (rng() % 4 != 0) sent[rg].emplace_back(p, ev);
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t cycles = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  if (cycles == 0) {
    std::fprintf(stderr, "usage: bench_rtl [cycles > 0]\n");
    return 1;
  }
  std::printf(
      "bench_rtl: plain C++ harness over Verilated uet_lb (--cc), NumGroups %u, TrackerEntries %u, request + "
      "feedback every cycle\n",
      UETLB_BENCH_GROUPS, UETLB_BENCH_TRACKER);
  for (bool sb : {false, true}) {
    std::uint64_t mm = 0;
    const double s = run(cycles, sb, mm);
    std::printf("  scoreboard %-3s: %llu cycles in %.3f s = %.2f M cycles/s%s\n", sb ? "on" : "off",
                static_cast<unsigned long long>(cycles), s, cycles / s / 1e6,
                sb ? (mm == 0 ? ", 0 mismatches" : ", MISMATCHES") : "");
    if (mm != 0) return 1;
  }
  return 0;
}
