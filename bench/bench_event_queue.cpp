// Benchmark: the cost of the SystemC kernel against a plain event queue for the fabric simulator's kind of
// workload (many timed events, each scheduling one more at a random delay), and the fabric's own queue
// (uetsim::EventQueue: a calendar of the next 65 us and a heap beyond) on the same load and on a fabric's
// mix (most events a few hundred ns ahead, one in sixteen a timer 100 us ahead). Prints events per second.
//   bench_event_queue [events]
#include <systemc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <queue>
#include <random>
#include <vector>

#include "uetsim/events.hpp"

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

/// The fabric's queue on the same load; `timers` makes one event in sixteen a long timer.
double fabric_queue(std::uint64_t n, unsigned streams, bool timers) {
  uetsim::EventQueue q;
  std::vector<std::mt19937> rng;
  for (unsigned i = 0; i < streams; ++i) rng.emplace_back(i + 1);
  for (unsigned i = 0; i < streams; ++i) q.push(0, uetsim::ev::TxDone{i});
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < n; ++k) {
    const uetsim::Event e = q.pop();
    const unsigned who = std::get<uetsim::ev::TxDone>(e.body).port;
    const std::uint32_t r = rng[who]();
    const std::uint64_t delay = timers && r % 16 == 0 ? 100'000 + r % 1000 : 1 + r % 1000;
    q.push(e.time + delay, uetsim::ev::TxDone{who});
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
  const double f = fabric_queue(n, streams, false);
  const double big = fabric_queue(n, 65536, true);
  const double big_plain = plain(n, 65536);
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
  std::printf("  fabric EventQueue : %.3f s = %.1f M events/s (calendar and far heap)\n", f, n / f / 1e6);
  std::printf(
      "  65,536 streams    : plain heap %.1f M events/s; EventQueue %.1f M events/s with one event in 16 a "
      "100 us timer\n",
      n / big_plain / 1e6, n / big / 1e6);
  std::printf("  ratio             : the SystemC kernel costs %.1fx the plain queue per event\n", s / p * n / g_done);
  return 0;
}
