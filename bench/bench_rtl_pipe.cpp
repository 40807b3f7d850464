// Benchmark: simulated cycles per second of a plain C++ harness over the Verilated pipelined core
// uet_lb_pipe (--cc, no SystemC). One event is offered per cycle (a feedback for a sent packet or a
// request, random groups) and held until accepted; the golden-model scoreboard, when on, is fed at each
// handshake and checks every response. Prints figures; asserts nothing except that the scoreboard agrees.
//   bench_rtl_pipe [cycles]
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

struct Result {
  double seconds = 0;
  std::uint64_t events = 0, mismatches = 0;
};

Result run(std::uint64_t cycles, bool scoreboard) {
  TopHarness<Top> t;
  Top* const m = t.m.get();
  std::uint64_t& cycle = t.cycle;
  const GroupId groups = UETLB_BENCH_GROUPS;
  LoadBalancer model = start_reps(t, groups, UETLB_BENCH_TRACKER, scoreboard);
  StimulusRng rng(1);
  std::vector<std::deque<std::pair<Psn, EntropyValue>>> sent(groups);
  std::vector<Psn> psn(groups, 0);
  std::deque<Choice> owed;
  Result r;
  bool pending = false, is_fb = false;
  GroupId g = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < cycles; ++k) {
    const TimeNs now = cycle;
    if (!pending) {
      pending = true;
      g = rng() % groups;
      is_fb = !sent[g].empty() && rng() % 2 == 0;
      if (is_fb) {
        const auto [p, ev] = sent[g].front();
        sent[g].pop_front();
        m->fb_group_i = g;
        m->fb_kind_i = 0;
        m->fb_ev_i = ev;
        m->fb_psn_i = p;
      } else {
        m->req_group_i = g;
        m->req_psn_i = psn[g]++;
      }
      m->fb_valid_i = is_fb;
      m->req_valid_i = !is_fb;
    }
    // The falling-edge evaluation settles the inputs just set: the handshake and the response are read
    // from it, and the rising edge follows (two evaluations per cycle).
    m->now_i = static_cast<IData>(now);
    m->clk_i = 0;
    m->eval();
    const bool accepted = is_fb ? m->fb_ready_o : m->req_ready_o;
    if (accepted) {
      if (scoreboard) {
        model.advance_to(now);
        if (is_fb) {
          model.feedback(now, g, FeedbackKind::Ack, static_cast<EntropyValue>(m->fb_ev_i), m->fb_psn_i);
        } else {
          owed.push_back(model.request(now, g, m->req_psn_i, false));
        }
      }
      ++r.events;
      pending = false;
    }
    if (m->rsp_valid_o) {
      const EntropyValue ev = static_cast<EntropyValue>(m->rsp_ev_o);
      if (scoreboard) {
        if (owed.empty() || owed.front().ev != ev ||
            static_cast<unsigned>(owed.front().decision) != m->rsp_decision_o) {
          ++r.mismatches;
        }
        if (!owed.empty()) owed.pop_front();
      }
      if (rng() % 4 != 0) sent[m->rsp_group_o].emplace_back(m->rsp_psn_o, ev);
    }
    m->clk_i = 1;
    m->eval();
    ++cycle;
    if (!pending) m->fb_valid_i = m->req_valid_i = 0;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t cycles = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  if (cycles == 0) {
    std::fprintf(stderr, "usage: bench_rtl_pipe [cycles > 0]\n");
    return 1;
  }
  std::printf(
      "bench_rtl_pipe: plain C++ harness over Verilated uet_lb_pipe (--cc), NumGroups %u, TrackerEntries %u, one "
      "event offered per cycle\n",
      UETLB_BENCH_GROUPS, UETLB_BENCH_TRACKER);
  for (bool sb : {false, true}) {
    const Result r = run(cycles, sb);
    std::printf("  scoreboard %-3s: %llu cycles in %.3f s = %.2f M cycles/s, %.2f events/cycle%s\n", sb ? "on" : "off",
                static_cast<unsigned long long>(cycles), r.seconds, cycles / r.seconds / 1e6,
                static_cast<double>(r.events) / cycles,
                sb ? (r.mismatches == 0 ? ", 0 mismatches" : ", MISMATCHES") : "");
    if (r.mismatches != 0) return 1;
  }
  return 0;
}
