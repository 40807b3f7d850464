// Benchmark: fabric simulator speed on a 128-host permutation of 2 MiB messages on a three-tier k = 8
// fat tree at 400 Gbps, REPS, with the model engine and (when built) the RTL engine (uet_lb), in its fast
// build (the default) and its checked build (--rtl-checks: every assertion on).
// Each engine runs the scenario several times (--repeat, 5 by default); the fastest run is reported, with
// the median beside it: a shared host slows single runs by up to half, and the fastest run is the one
// least disturbed. Every run simulates the same packets (the figures other than time are checked equal).
// Prints data packets and packet-hops simulated per wall-clock second.
//   bench_fabric [model|rtl|all] [--repeat N]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "uetsim/fabric.hpp"
#ifdef UETLB_WITH_RTL
#include "uetlb/rtl_engine.hpp"
#endif

namespace {

constexpr int kMaxRepeat = 100;

int usage(const char* why) {
  std::fprintf(stderr, "bench_fabric: %s\nusage: bench_fabric [model|rtl|all] [--repeat N]  (N = 1..%d, default 5)\n",
               why, kMaxRepeat);
  return 1;
}

// Runs the scenario `repeat` times and prints the fastest run, the median wall time beside it.
bool measure(const char* engine, int repeat, const std::function<uetsim::RunSummary()>& run) {
  std::vector<uetsim::RunSummary> runs;
  for (int i = 0; i < repeat; ++i) runs.push_back(run());
  const uetsim::RunSummary& r = runs.front();
  for (const auto& o : runs) {
    if (o.data_packets != r.data_packets || o.packet_hops != r.packet_hops || o.events != r.events ||
        o.end_time != r.end_time) {
      std::fprintf(stderr, "bench_fabric: engine %s simulated different packets in two runs\n", engine);
      return false;
    }
  }
  std::vector<double> wall;
  for (const auto& o : runs) wall.push_back(o.wall_seconds);
  std::sort(wall.begin(), wall.end());
  const double best = wall.front();
  const double median = wall[wall.size() / 2];
  std::printf(
      "  engine %-10s: %llu data packets, %llu packet-hops, %llu events in %.2f s wall = %.0f data packets/s, "
      "%.2f M packet-hops/s (fastest of %d; median %.2f s = %.2f M) (%zu/%zu messages, simulated %.1f us)\n",
      engine, static_cast<unsigned long long>(r.data_packets), static_cast<unsigned long long>(r.packet_hops),
      static_cast<unsigned long long>(r.events), best, r.data_packets / best, r.packet_hops / best / 1e6, repeat,
      median, r.packet_hops / median / 1e6, r.completed, r.messages, r.end_time / 1000.0);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string which = "all";
  int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--repeat") {
      if (i + 1 == argc) return usage("--repeat needs a count");
      char* end = nullptr;
      const long n = std::strtol(argv[++i], &end, 10);
      if (*argv[i] == '\0' || *end != '\0' || n < 1 || n > kMaxRepeat) {
        return usage(
            ("--repeat " + std::string(argv[i]) + " is not a count in 1.." + std::to_string(kMaxRepeat)).c_str());
      }
      repeat = static_cast<int>(n);
    } else if (a == "model" || a == "rtl" || a == "all") {
      which = a;
    } else {
      return usage(("unknown argument '" + a + "'").c_str());
    }
  }
  uetsim::Scenario s;
  s.name = "128-host permutation, 2 MiB";
  s.topology = "fat-tree";
  s.k = 8;
  s.message_bytes = 2 << 20;
  s.lb.packet_spraying_type = uetlb::SprayingType::Reps;
  s.finalize();
  std::printf("bench_fabric: %s, fat tree k = 8 (%u hosts), 400 Gbps, REPS\n", s.name.c_str(), s.hosts());
  bool ok = true;
  if (which == "model" || which == "all") {
    ok = measure("model", repeat,
                 [&] {
                   uetsim::Fabric f(s, [](const uetlb::Config& c, std::uint32_t) {
                     return std::make_unique<uetlb::ModelEngine>(c, uetlb::kProductTracker);
                   });
                   return f.run();
                 }) &&
         ok;
  }
#ifdef UETLB_WITH_RTL
  if (which == "rtl" || which == "all") {
    for (auto checks : {uetlb::RtlChecks::Off, uetlb::RtlChecks::On}) {
      ok = measure(checks == uetlb::RtlChecks::On ? "rtl+checks" : "rtl", repeat,
                   [&] {
                     uetsim::Fabric f(s, [checks](const uetlb::Config& c, std::uint32_t) {
                       return uetlb::make_rtl_engine(c, uetlb::rtl_model_options(), "", checks);
                     });
                     return f.run();
                   }) &&
           ok;
    }
  }
#else
  if (which != "model") std::printf("  engine rtl: not in this build\n");
#endif
  return ok ? 0 : 1;
}
