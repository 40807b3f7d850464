// Benchmark: decisions per second of the golden model on 1,024 groups with a REPS event mix
// (half requests; the rest mostly ACKs, some ECN echoes, trims and failures). Prints figures; asserts nothing.
//   bench_model [events] [groups]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <random>
#include <vector>

#include "uetlb/load_balancer.hpp"

using namespace uetlb;

namespace {

struct Event {
  TimeNs time;
  GroupId group;
  std::uint8_t kind;  // 0 request, 1..5 FeedbackKind + 1
  EntropyValue ev;
  Psn psn;
};

std::vector<Event> make_mix(std::size_t n, GroupId groups, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::deque<Psn>> outstanding(groups);
  std::vector<Psn> next_psn(groups, 0);
  std::vector<Event> ev;
  ev.reserve(n);
  TimeNs now = 0;
  while (ev.size() < n) {
    now += rng() % 3;  // about one event per ns: a busy 1 GHz datapath
    const GroupId g = rng() % groups;
    const unsigned r = rng() % 100;
    if (r < 50 || outstanding[g].empty()) {
      ev.push_back({now, g, 0, 0, next_psn[g]});
      outstanding[g].push_back(next_psn[g]++);
      continue;
    }
    const Psn p = outstanding[g].front();
    outstanding[g].pop_front();
    const auto v = static_cast<EntropyValue>(rng());
    std::uint8_t kind = 1 + static_cast<std::uint8_t>(FeedbackKind::Ack);
    if (r >= 99) {
      kind = 1 + static_cast<std::uint8_t>(FeedbackKind::Rto);
    } else if (r >= 96) {
      kind = 1 + static_cast<std::uint8_t>(FeedbackKind::NackTrimLastHop);
    } else if (r >= 93) {
      kind = 1 + static_cast<std::uint8_t>(FeedbackKind::NackTrim);
    } else if (r >= 88) {
      kind = 1 + static_cast<std::uint8_t>(FeedbackKind::AckEcn);
    }
    ev.push_back({now, g, kind, v, p});
  }
  return ev;
}

double run(const std::vector<Event>& events, GroupId groups, unsigned multiplier, std::uint64_t& decisions,
           std::uint64_t& checksum) {
  Config c;
  c.packet_spraying_type = SprayingType::Reps;
  c.failure_detection_rtt_multiplier = multiplier;
  LoadBalancer lb{c};
  for (GroupId g = 0; g < groups; ++g) lb.open(0, g, static_cast<EntropyValue>(g));
  checksum = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const Event& e : events) {
    if (e.kind == 0) {
      checksum += lb.request(e.time, e.group, e.psn, false).ev;
    } else {
      lb.feedback(e.time, e.group, static_cast<FeedbackKind>(e.kind - 1), e.ev, e.psn);
    }
  }
  lb.finish();
  const auto t1 = std::chrono::steady_clock::now();
  decisions = lb.counters().requests;
  return std::chrono::duration<double>(t1 - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 20'000'000;
  const GroupId groups = argc > 2 ? static_cast<GroupId>(std::strtoul(argv[2], nullptr, 10)) : 1024;
  if (n == 0 || groups == 0) {
    std::fprintf(stderr, "usage: bench_model [events > 0] [groups > 0]\n");
    return 1;
  }
  const auto events = make_mix(n, groups, 12345);
  std::printf("bench_model: %zu events, %u groups, REPS defaults, one core\n", n, groups);
  for (unsigned m : {0U, 3U}) {
    std::uint64_t decisions = 0, checksum = 0;
    const double s = run(events, groups, m, decisions, checksum);
    std::printf(
        "  FailureDetectionRTTMultiplier=%u: %llu decisions in %.3f s = %.1f M decisions/s, %.1f M events/s"
        " (checksum %llu)\n",
        m, static_cast<unsigned long long>(decisions), s, decisions / s / 1e6, n / s / 1e6,
        static_cast<unsigned long long>(checksum));
  }
  return 0;
}
