// Property tests over long random event streams (SPEC sections 3-8).
#include <catch2/catch.hpp>
#include <deque>
#include <random>
#include <sstream>

#include "helpers.hpp"
#include "uetlb/stimulus.hpp"

using namespace uetlb;
using uetlb::test::reps_config;

namespace {

struct Stream {
  explicit Stream(std::uint32_t seed) : rng(seed) {}
  std::mt19937 rng;
  std::uint32_t pick(std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); }
};

// Drives `lb` with a random mix over `groups` groups; calls check(group, choice, before) after each request.
struct NoOpen {
  void operator()(GroupId, EntropyValue) const {}
};

template <typename Check, typename OnOpen = NoOpen>
void random_run(LoadBalancer& lb, std::uint32_t seed, int events, GroupId groups, Check check,
                OnOpen on_open = NoOpen{}) {
  Stream s(seed);
  TimeNs now = 0;
  for (GroupId g = 0; g < groups; ++g) lb.open(now, g, static_cast<EntropyValue>(1000 + g));
  Psn psn = 0;
  for (int k = 0; k < events; ++k) {
    now += s.pick(4) == 0 ? s.pick(60'000) : s.pick(50);
    const GroupId g = s.pick(groups);
    const std::uint32_t r = s.pick(100);
    if (r < 50) {
      lb.advance_to(now);  // deadlines before `now` apply first; the check observes the state after them
      check(g, [&] { return lb.request(now, g, psn++, s.pick(10) == 0); });
    } else if (r < 80) {
      lb.feedback(now, g, FeedbackKind::Ack, static_cast<EntropyValue>(s.pick(65536)), s.pick(psn + 1));
    } else if (r < 86) {
      lb.feedback(now, g, FeedbackKind::AckEcn, static_cast<EntropyValue>(s.pick(65536)), s.pick(psn + 1));
    } else if (r < 91) {
      lb.feedback(now, g, FeedbackKind::NackTrim, static_cast<EntropyValue>(s.pick(65536)), s.pick(psn + 1));
    } else if (r < 95) {
      lb.feedback(now, g, FeedbackKind::NackTrimLastHop, static_cast<EntropyValue>(s.pick(65536)), s.pick(psn + 1));
    } else if (r < 99) {
      lb.feedback(now, g, FeedbackKind::Rto, static_cast<EntropyValue>(s.pick(65536)), s.pick(psn + 1));
    } else {
      const auto port = static_cast<EntropyValue>(s.pick(65536));
      lb.open(now, g, port);
      on_open(g, port);
    }
  }
  lb.finish();
}

}  // namespace

TEST_CASE("Property: the cache holds at most 2^B values and reuse returns the oldest", "[property][reps]") {
  for (unsigned b : {0U, 1U, 3U, 5U}) {
    LoadBalancer lb{reps_config(b)};
    int reuses = 0;
    random_run(lb, 100 + b, 40'000, 4, [&](GroupId g, auto request) {
      const RepsGroup& st = *lb.reps(g);
      const auto before = st.unconsumed();
      const bool in_window = st.window_left() > 0;
      const Choice c = request();
      REQUIRE(st.count() <= (1U << b));
      REQUIRE(st.filled() <= (1U << b));
      if (c.decision == Decision::Reuse) {
        ++reuses;
        REQUIRE_FALSE(before.empty());
        REQUIRE(c.ev == before.front());
        REQUIRE(st.unconsumed() == std::vector<EntropyValue>(before.begin() + 1, before.end()));
      } else if (!in_window || c.decision != Decision::Explore) {
        REQUIRE(st.unconsumed() == before);
      }
    });
    REQUIRE(reuses > 100);
  }
}

TEST_CASE("Property: exploration happens only where the rules allow it", "[property][reps]") {
  LoadBalancer lb{reps_config(3)};
  int explores = 0, window_explores = 0, replays = 0;
  random_run(lb, 7, 60'000, 3, [&](GroupId g, auto request) {
    const RepsGroup& st = *lb.reps(g);
    const std::uint64_t wl = st.window_left();
    const bool window_explore = wl > 0 && (wl - 1) % st.capacity() == 0;  // (W - i) = window_left - 1
    const bool empty = st.count() == 0;
    const bool can_replay = st.freezing() && st.filled() > 0;
    const Choice c = request();
    if (c.decision == Decision::Explore) {
      ++explores;
      if (window_explore) ++window_explores;
      REQUIRE((window_explore || (empty && !can_replay)));
    }
    if (c.decision == Decision::Replay) {
      ++replays;
      REQUIRE(empty);
      REQUIRE(can_replay);
      REQUIRE_FALSE(window_explore);
    }
  });
  REQUIRE(explores > 100);
  REQUIRE(window_explores > 0);
  REQUIRE(replays > 0);
}

TEST_CASE("Property: the same configuration and stimulus give the same trace", "[property][determinism]") {
  auto trace_of = [](std::uint32_t seed) {
    std::ostringstream out;
    LoadBalancer lb{reps_config()};
    lb.set_trace_sink([&](const TraceRow& r) { write_trace_row(out, r); });
    random_run(lb, seed, 20'000, 5, [](GroupId, auto request) { request(); });
    return out.str();
  };
  const std::string a = trace_of(3);
  REQUIRE(a == trace_of(3));
  REQUIRE(a != trace_of(4));
}

TEST_CASE("Property: None and Default ignore feedback", "[property][none][default]") {
  for (SprayingType t : {SprayingType::None, SprayingType::Default}) {
    Config c;
    c.packet_spraying_type = t;
    c.entropy_mask_bits = 3;
    LoadBalancer lb{c};
    std::vector<std::uint64_t> steps(4, 0);
    std::vector<EntropyValue> port(4);
    for (GroupId g = 0; g < 4; ++g) port[g] = static_cast<EntropyValue>(1000 + g);
    random_run(
        lb, 11, 20'000, 4,
        [&](GroupId g, auto request) {
          const Choice ch = request();
          if (t == SprayingType::None) {
            REQUIRE(ch == Choice{port[g], Decision::Fixed});
          } else {
            REQUIRE(ch == Choice{static_cast<EntropyValue>(256 + steps[g] % 8), Decision::RoundRobin});
            steps[g]++;
          }
        },
        [&](GroupId g, EntropyValue p) {
          port[g] = p;
          steps[g] = 0;
        });
    REQUIRE(lb.counters().efd_tracked == 0);
  }
}
