// Benchmark: fabric simulator speed on a 128-host permutation of 2 MiB messages on a three-tier k = 8
// fat tree at 400 Gbps, REPS, with the model engine and (when built) the RTL engine (uet_lb), in its fast
// build (the default) and its checked build (--rtl-checks: every assertion on).
// Prints data packets and packet-hops simulated per wall-clock second.   bench_fabric [model|rtl|all]
#include <cstdio>
#include <cstring>
#include <string>

#include "uetsim/fabric.hpp"
#ifdef UETLB_WITH_RTL
#include "uetlb/rtl_engine.hpp"
#endif

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "all";
  if (which != "model" && which != "rtl" && which != "all") {
    std::fprintf(stderr, "usage: bench_fabric [model|rtl|all]\n");
    return 1;
  }
  uetsim::Scenario s;
  s.name = "128-host permutation, 2 MiB";
  s.topology = "fat-tree";
  s.k = 8;
  s.message_bytes = 2 << 20;
  s.lb.packet_spraying_type = uetlb::SprayingType::Reps;
  s.finalize();
  std::printf("bench_fabric: %s, fat tree k = 8 (%u hosts), 400 Gbps, REPS\n", s.name.c_str(), s.hosts());
  auto report = [](const char* engine, const uetsim::RunSummary& r) {
    std::printf(
        "  engine %-10s: %llu data packets, %llu packet-hops, %llu events in %.2f s wall = %.0f data packets/s, "
        "%.2f M packet-hops/s (%zu/%zu messages, simulated %.1f us)\n",
        engine, static_cast<unsigned long long>(r.data_packets), static_cast<unsigned long long>(r.packet_hops),
        static_cast<unsigned long long>(r.events), r.wall_seconds, r.data_packets / r.wall_seconds,
        r.packet_hops / r.wall_seconds / 1e6, r.completed, r.messages, r.end_time / 1000.0);
  };
  if (which == "model" || which == "all") {
    uetsim::Fabric f(
        s, [](const uetlb::Config& c) { return std::make_unique<uetlb::ModelEngine>(c, uetlb::kProductTracker); });
    report("model", f.run());
  }
#ifdef UETLB_WITH_RTL
  if (which == "rtl" || which == "all") {
    for (auto checks : {uetlb::RtlChecks::Off, uetlb::RtlChecks::On}) {
      uetsim::Fabric f(s, [checks](const uetlb::Config& c) {
        return uetlb::make_rtl_engine(c, uetlb::rtl_model_options(), "", checks);
      });
      report(checks == uetlb::RtlChecks::On ? "rtl+checks" : "rtl", f.run());
    }
  }
#else
  if (which != "model") std::printf("  engine rtl: not in this build\n");
#endif
  return 0;
}
