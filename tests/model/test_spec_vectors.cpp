// SPEC section 12: the vectors every implementation must reproduce, one named test each.
#include <catch2/catch.hpp>

#include "helpers.hpp"

using namespace uetlb;
using uetlb::test::ExpectedPrng;
using uetlb::test::Recorder;
using uetlb::test::reps_config;

TEST_CASE("SPEC 12.1 Default spraying at defaults: 256..383 twice", "[spec][default]") {
  LoadBalancer lb{Config{}};
  lb.open(0, 0, 4000);
  for (int round = 0; round < 2; ++round) {
    for (unsigned k = 0; k < 128; ++k) {
      const Choice c = lb.request(0, 0, k, false);
      REQUIRE(c.ev == 256 + k);
      REQUIRE(c.decision == Decision::RoundRobin);
    }
  }
  // 256 requests in all: the 257th starts over at 256.
  REQUIRE(lb.request(0, 0, 256, false).ev == 256);
}

TEST_CASE("SPEC 12.2 Default spraying wraps modulo 65536", "[spec][default]") {
  Config c;
  c.entropy_mask_bits = 8;
  c.starting_port_offset = 65535;
  LoadBalancer lb{c};
  lb.open(0, 3, 1);
  REQUIRE(lb.request(0, 3, 0, false).ev == 65535);
  for (unsigned k = 0; k <= 254; ++k) REQUIRE(lb.request(0, 3, k + 1, false).ev == k);
  REQUIRE(lb.request(0, 3, 300, false).ev == 65535);
}

TEST_CASE("SPEC 12.3 EntropyMaskBits 0 gives one port, and None gives the local port", "[spec][default][none]") {
  Config c;
  c.entropy_mask_bits = 0;
  c.starting_port_offset = 1000;
  LoadBalancer lb{c};
  lb.open(0, 0, 7);
  for (Psn p = 0; p < 20; ++p) REQUIRE(lb.request(p, 0, p, p % 3 == 0).ev == 1000);

  Config n;
  n.packet_spraying_type = SprayingType::None;
  LoadBalancer none{n};
  none.open(0, 1, 4791);
  none.open(0, 2, 5000);
  for (Psn p = 0; p < 20; ++p) {
    const Choice a = none.request(p, 1, p, p % 2 == 1);
    REQUIRE(a == Choice{4791, Decision::Fixed});
    REQUIRE(none.request(p, 2, p, false) == Choice{5000, Decision::Fixed});
  }
}

TEST_CASE("SPEC 12.4 REPS explore, recycle, reuse, explore", "[spec][reps]") {
  LoadBalancer lb{reps_config()};
  ExpectedPrng prng(1);
  lb.open(0, 0, 0);
  const Choice first = lb.request(0, 0, 0, false);
  REQUIRE(first.decision == Decision::Explore);
  REQUIRE(first.ev == prng.next(65536));
  lb.feedback(1000, 0, FeedbackKind::Ack, first.ev, 0);
  REQUIRE(lb.request(1000, 0, 1, false) == Choice{first.ev, Decision::Reuse});
  const Choice third = lb.request(1000, 0, 2, false);
  REQUIRE(third.decision == Decision::Explore);
  REQUIRE(third.ev == prng.next(65536));
}

TEST_CASE("SPEC 12.5 a full cache overwrites its oldest value", "[spec][reps]") {
  LoadBalancer lb{reps_config()};
  lb.open(0, 0, 0);
  for (EntropyValue v = 1; v <= 10; ++v) lb.feedback(0, 0, FeedbackKind::Ack, v, v);
  for (EntropyValue v = 3; v <= 10; ++v) REQUIRE(lb.request(0, 0, 100 + v, false) == Choice{v, Decision::Reuse});
  REQUIRE(lb.request(0, 0, 200, false).decision == Decision::Explore);
}

TEST_CASE("SPEC 12.6 ack_ecn and nack_trim discard, nack_trim_last_hop recycles", "[spec][reps]") {
  LoadBalancer lb{reps_config()};
  lb.open(0, 0, 0);
  lb.feedback(0, 0, FeedbackKind::AckEcn, 11, 0);
  lb.feedback(0, 0, FeedbackKind::NackTrim, 12, 1);
  REQUIRE(lb.reps(0)->count() == 0);
  REQUIRE(lb.reps(0)->filled() == 0);
  lb.feedback(0, 0, FeedbackKind::NackTrimLastHop, 13, 2);
  REQUIRE(lb.reps(0)->unconsumed() == std::vector<EntropyValue>{13});
  REQUIRE(lb.request(0, 0, 3, false) == Choice{13, Decision::Reuse});
}

namespace {
// Freezes group 0, waits out FreezingTimeout and recycles `v`: the window opens.
TimeNs open_window(LoadBalancer& lb, EntropyValue v) {
  lb.feedback(0, 0, FeedbackKind::Rto, 1, 0);
  REQUIRE(lb.reps(0)->freezing());
  lb.feedback(100'000, 0, FeedbackKind::Ack, v, 0);
  REQUIRE_FALSE(lb.reps(0)->freezing());
  return 100'000;
}
}  // namespace

TEST_CASE("SPEC 12.7 exploration window at defaults: 9 of 71 explore", "[spec][reps][window]") {
  REQUIRE(Config{}.exploration_window() == 71);
  Config c800;
  c800.link_rate_bps = 800'000'000'000ULL;
  REQUIRE(c800.exploration_window() == 143);
  Config c100;
  c100.link_rate_bps = 100'000'000'000ULL;
  REQUIRE(c100.exploration_window() == 17);

  SECTION("cache kept non-empty: positions 7, 15, ..., 71 explore, 62 reuse") {
    LoadBalancer lb{reps_config()};
    lb.open(0, 0, 0);
    const TimeNs t = open_window(lb, 9999);
    REQUIRE(lb.reps(0)->window_left() == 71);
    // The recycle that ended freezing left 9999 in the cache; an ack before every request keeps it non-empty.
    std::vector<unsigned> explored;
    unsigned reused = 0;
    for (unsigned i = 1; i <= 71; ++i) {
      lb.feedback(t, 0, FeedbackKind::Ack, static_cast<EntropyValue>(i), 1000 + i);
      const Choice ch = lb.request(t, 0, i, false);
      if (ch.decision == Decision::Explore) explored.push_back(i);
      if (ch.decision == Decision::Reuse) ++reused;
    }
    std::vector<unsigned> expected;
    for (unsigned i = 7; i <= 71; i += 8) expected.push_back(i);
    REQUIRE(explored == expected);
    REQUIRE(reused == 62);
    REQUIRE(lb.reps(0)->window_left() == 0);
  }
  SECTION("cache empty: every position explores") {
    LoadBalancer lb{reps_config()};
    lb.open(0, 0, 0);
    const TimeNs t = open_window(lb, 9999);
    REQUIRE(lb.request(t, 0, 1, false) == Choice{9999, Decision::Reuse});  // position 1 reuses the only value
    for (unsigned i = 2; i <= 71; ++i) REQUIRE(lb.request(t, 0, i, false).decision == Decision::Explore);
  }
}

TEST_CASE("SPEC 12.8 freezing: reuse, replay, timeout, window", "[spec][reps][freezing]") {
  LoadBalancer lb{reps_config()};
  lb.open(0, 0, 0);
  const EntropyValue a = 100, b = 200, c = 300, d = 400;
  lb.feedback(0, 0, FeedbackKind::Ack, a, 0);
  lb.feedback(0, 0, FeedbackKind::Ack, b, 1);
  lb.feedback(0, 0, FeedbackKind::Rto, 7, 2);
  REQUIRE(lb.reps(0)->freezing());
  REQUIRE(lb.request(0, 0, 10, false) == Choice{a, Decision::Reuse});
  REQUIRE(lb.request(0, 0, 11, false) == Choice{b, Decision::Reuse});
  REQUIRE(lb.request(0, 0, 12, false) == Choice{a, Decision::Replay});
  REQUIRE(lb.request(0, 0, 13, false) == Choice{b, Decision::Replay});
  REQUIRE(lb.request(0, 0, 14, false) == Choice{a, Decision::Replay});
  lb.feedback(50'000, 0, FeedbackKind::Ack, c, 3);
  REQUIRE(lb.reps(0)->freezing());
  REQUIRE(lb.request(50'000, 0, 15, false) == Choice{c, Decision::Reuse});
  REQUIRE(lb.request(50'000, 0, 16, false) == Choice{b, Decision::Replay});
  lb.feedback(100'000, 0, FeedbackKind::Ack, d, 4);
  REQUIRE_FALSE(lb.reps(0)->freezing());
  REQUIRE(lb.reps(0)->window_left() == 71);
  REQUIRE(lb.request(100'000, 0, 17, false) == Choice{d, Decision::Reuse});
  // An rto inside the window changes nothing.
  lb.feedback(100'001, 0, FeedbackKind::Rto, d, 17);
  REQUIRE_FALSE(lb.reps(0)->freezing());
  REQUIRE(lb.reps(0)->window_left() == 70);
}

TEST_CASE("SPEC 12.8 an rto while frozen does not restart the timer", "[spec][reps][freezing]") {
  LoadBalancer lb{reps_config()};
  lb.open(0, 0, 0);
  lb.feedback(0, 0, FeedbackKind::Rto, 1, 0);
  lb.feedback(60'000, 0, FeedbackKind::Rto, 1, 1);  // ignored: the timer still counts from 0
  lb.feedback(100'000, 0, FeedbackKind::Ack, 5, 2);
  REQUIRE_FALSE(lb.reps(0)->freezing());
}

TEST_CASE("SPEC 12.9 rto before anything was cached: requests still explore", "[spec][reps][freezing]") {
  LoadBalancer lb{reps_config()};
  ExpectedPrng prng(1);
  lb.open(0, 0, 0);
  lb.feedback(0, 0, FeedbackKind::Rto, 1, 0);
  REQUIRE(lb.reps(0)->freezing());
  for (Psn p = 0; p < 5; ++p) REQUIRE(lb.request(0, 0, p, false) == Choice{prng.next(65536), Decision::Explore});
}

TEST_CASE("SPEC 12.10 early failure detection deadlines", "[spec][efd]") {
  auto efd_rows = [](const Recorder& r) {
    std::vector<TraceRow> out;
    for (const auto& row : r.rows) {
      if (row.event == EventKind::Efd) out.push_back(row);
    }
    return out;
  };
  SECTION("unacknowledged: efd at 18 us") {
    Recorder r(reps_config());
    r.lb.open(0, 0, 0);
    const Choice c = r.lb.request(0, 0, 42, false);
    r.lb.finish();
    const auto e = efd_rows(r);
    REQUIRE(e.size() == 1);
    REQUIRE(e[0].time == 18'000);
    REQUIRE(e[0].psn == Psn{42});
    REQUIRE(e[0].ev == c.ev);
    REQUIRE(r.lb.reps(0)->freezing());
  }
  SECTION("acknowledged at 17 us: none") {
    Recorder r(reps_config());
    r.lb.open(0, 0, 0);
    const Choice c = r.lb.request(0, 0, 42, false);
    r.lb.feedback(17'000, 0, FeedbackKind::Ack, c.ev, 42);
    r.lb.finish();
    REQUIRE(efd_rows(r).empty());
  }
  SECTION("base RTT lowered to 4 us before sending: deadline 12 us") {
    Recorder r(reps_config());
    r.lb.open(0, 0, 0);
    r.lb.set_base_rtt(0, 4'000);
    r.lb.request(0, 0, 1, false);
    r.lb.finish();
    const auto e = efd_rows(r);
    REQUIRE(e.size() == 1);
    REQUIRE(e[0].time == 12'000);
  }
  SECTION("M = 0: never") {
    Config c = reps_config();
    c.failure_detection_rtt_multiplier = 0;
    Recorder r(c);
    r.lb.open(0, 0, 0);
    r.lb.request(0, 0, 1, false);
    r.lb.finish();
    REQUIRE(efd_rows(r).empty());
    REQUIRE(r.lb.counters().efd_tracked == 0);
  }
}

TEST_CASE("SPEC 12.11 EntropyValueSetSize bounds every explore", "[spec][reps][prng]") {
  for (std::uint32_t size : {1U, 256U}) {
    Config c = reps_config();
    c.entropy_value_set_size = size;
    LoadBalancer lb{c};
    ExpectedPrng prng(1);
    lb.open(0, 0, 0);
    for (Psn p = 0; p < 1000; ++p) {
      const Choice ch = lb.request(0, 0, p, false);
      REQUIRE(ch.decision == Decision::Explore);
      REQUIRE(ch.ev < size);
      REQUIRE(ch.ev == prng.next(size));
    }
  }
}
