// Benchmark: the cost of the SystemC kernel against a plain event queue for the fabric simulator's kind of
// workload (many timed events, each scheduling one more at a random delay). Prints events per second.
//   bench_event_queue [events]
#include <systemc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <queue>
#include <random>
#include <vector>

namespace {

std::uint64_t g_budget = 0, g_done = 0;

SC_MODULE(Ticker) {
  std::mt19937 rng;
  SC_HAS_PROCESS(Ticker);
  Ticker(sc_module_name n, unsigned seed) : sc_module(n), rng(seed) {
    SC_METHOD(fire);
  }
  void fire() {
    if (g_done >= g_budget) return;
    ++g_done;
    next_trigger(sc_time(1 + rng() % 1000, SC_NS));
  }
};

double plain(std::uint64_t n, unsigned streams) {
  struct Ev {
    std::uint64_t t, seq;
    unsigned who;
    bool operator>(const Ev& o) const { return t != o.t ? t > o.t : seq > o.seq; }
  };
  std::priority_queue<Ev, std::vector<Ev>, std::greater<Ev>> q;
  std::vector<std::mt19937> rng;
  for (unsigned i = 0; i < streams; ++i) rng.emplace_back(i + 1);
  std::uint64_t seq = 0;
  for (unsigned i = 0; i < streams; ++i) q.push({0, seq++, i});
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < n; ++k) {
    const Ev e = q.top();
    q.pop();
    q.push({e.t + 1 + rng[e.who]() % 1000, seq++, e.who});
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int sc_main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2'000'000;
  const unsigned streams = 256;  // like many ports and timers in flight
  if (n == 0) {
    std::fprintf(stderr, "usage: bench_event_queue [events > 0]\n");
    return 1;
  }
  const double p = plain(n, streams);
  std::vector<std::unique_ptr<Ticker>> t;
  for (unsigned i = 0; i < streams; ++i) t.push_back(std::make_unique<Ticker>(sc_gen_unique_name("t"), i + 1));
  g_budget = n;
  const auto t0 = std::chrono::steady_clock::now();
  sc_start();
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("bench_event_queue: %llu timed events, %u concurrent streams\n", static_cast<unsigned long long>(n),
              streams);
  std::printf("  plain binary heap : %.3f s = %.1f M events/s\n", p, n / p / 1e6);
  std::printf("  SystemC kernel    : %.3f s = %.1f M events/s (SC_METHOD + next_trigger)\n", s, g_done / s / 1e6);
  std::printf("  ratio             : the SystemC kernel costs %.1fx the plain queue per event\n", s / p * n / g_done);
  return 0;
}
