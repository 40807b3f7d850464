// Unit tests for each rule of SPEC sections 2-8, with their edges.
#include <catch2/catch.hpp>

#include "helpers.hpp"

using namespace uetlb;
using uetlb::test::ExpectedPrng;
using uetlb::test::Recorder;
using uetlb::test::reps_config;

TEST_CASE("Config defaults match SPEC section 2", "[config]") {
  const Config c;
  REQUIRE(c.packet_spraying_type == SprayingType::Default);
  REQUIRE(c.entropy_mask_bits == 7);
  REQUIRE(c.starting_port_offset == 256);
  REQUIRE(c.reps_buffer_size_mask_bits == 3);
  REQUIRE(c.entropy_value_set_size == 65536);
  REQUIRE(c.freezing_timeout_ns == 100'000);
  REQUIRE(c.failure_detection_rtt_multiplier == 3);
  REQUIRE(c.initial_base_rtt_ns == 6'000);
  REQUIRE(c.link_rate_bps == 400'000'000'000ULL);
  REQUIRE(c.rdma_data_mss == 4096);
  REQUIRE(c.pdc_groups_enabled);
  REQUIRE(c.seed == 1);
  REQUIRE_NOTHROW(c.validate());
}

TEST_CASE("Config JSON: units, values and errors", "[config]") {
  const Config c = Config::from_json(
      R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","FreezingTimeout":"2ms",
          "InitialBaseRTT":"1.5us","LinkRate":"1.6Tbps","Seed":7,"EntropyValueSetSize":1,
          "REPSBufferSizeMaskBits":16,"PDCGroupsEnabled":false})",
      "t.json");
  REQUIRE(c.packet_spraying_type == SprayingType::Reps);
  REQUIRE(c.freezing_timeout_ns == 2'000'000);
  REQUIRE(c.initial_base_rtt_ns == 1'500);
  REQUIRE(c.link_rate_bps == 1'600'000'000'000ULL);
  REQUIRE(c.seed == 7);
  REQUIRE(c.reps_cache_size() == 65536);
  REQUIRE_FALSE(c.pdc_groups_enabled);
  REQUIRE(Config::from_json(R"({"FreezingTimeout":500})", "t").freezing_timeout_ns == 500);
  REQUIRE(Config::from_json(R"({"FreezingTimeout":"500ns"})", "t").freezing_timeout_ns == 500);
  REQUIRE(Config::from_json(R"({"LinkRate":"100Mbps"})", "t").link_rate_bps == 100'000'000);
  REQUIRE(Config::from_json("{}", "t").entropy_mask_bits == 7);

  auto msg = [](const std::string& text) {
    try {
      Config::from_json(text, "bad.json");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  REQUIRE_THAT(msg(R"({"EntropyMaskBits":9})"), Catch::Contains("'EntropyMaskBits': 9 is outside 0..8"));
  REQUIRE_THAT(msg(R"({"StartingPortOffset":65536})"), Catch::Contains("StartingPortOffset"));
  REQUIRE_THAT(msg(R"({"REPSBufferSizeMaskBits":17})"), Catch::Contains("0..16"));
  REQUIRE_THAT(msg(R"({"EntropyValueSetSize":0})"), Catch::Contains("1..65536"));
  REQUIRE_THAT(msg(R"({"EntropyValueSetSize":65537})"), Catch::Contains("1..65536"));
  REQUIRE_THAT(msg(R"({"FreezingTimeout":0})"), Catch::Contains("FreezingTimeout"));
  REQUIRE_THAT(msg(R"({"FreezingTimeout":"1.5ns"})"), Catch::Contains("whole number"));
  REQUIRE_THAT(msg(R"({"FreezingTimeout":"100 parsecs"})"), Catch::Contains("is not a time"));
  REQUIRE_THAT(msg(R"({"FailureDetectionRTTMultiplier":256})"), Catch::Contains("0..255"));
  REQUIRE_THAT(msg(R"({"InitialBaseRTT":0})"), Catch::Contains("InitialBaseRTT"));
  REQUIRE_THAT(msg(R"({"LinkRate":"fast"})"), Catch::Contains("LinkRate"));
  REQUIRE_THAT(msg(R"({"LinkRate":0})"), Catch::Contains("LinkRate"));
  REQUIRE_THAT(msg(R"({"RdmaDataMSS":0})"), Catch::Contains("RdmaDataMSS"));
  REQUIRE_THAT(msg(R"({"Seed":0})"), Catch::Contains("'Seed': 0"));
  REQUIRE_THAT(msg(R"({"Seed":4294967296})"), Catch::Contains("Seed"));
  REQUIRE_THAT(msg(R"({"PacketSprayingType":"REPS"})"), Catch::Contains("PacketSprayingType"));
  REQUIRE_THAT(msg(R"({"PDCGroupsEnabled":1})"), Catch::Contains("PDCGroupsEnabled"));
  REQUIRE_THAT(msg(R"({"EntropyMaskBit":3})"), Catch::Contains("unknown config key 'EntropyMaskBit'"));
  REQUIRE_THAT(msg(R"({"EntropyMaskBits":-1})"), Catch::Contains("EntropyMaskBits"));
  REQUIRE_THAT(msg(R"({"EntropyMaskBits":2.5})"), Catch::Contains("EntropyMaskBits"));
  REQUIRE_THAT(msg(R"({"EntropyMaskBits":)"), Catch::Contains("bad.json: malformed JSON"));
  REQUIRE_THAT(msg("[1,2]"), Catch::Contains("one JSON object"));
}

TEST_CASE("Exploration window W: formula and W = 0", "[config][window]") {
  Config c;
  c.initial_base_rtt_ns = 1;  // 400 Gbps x 1 ns = 50 bytes: less than a packet
  REQUIRE(c.exploration_window() == 0);
  c.initial_base_rtt_ns = 6'000;
  c.rdma_data_mss = 1;  // 300000 / 89
  REQUIRE(c.exploration_window() == 300'000 / 89);

  // W = 0: freezing ends without a window; requests choose as usual right away.
  Config r = reps_config();
  r.initial_base_rtt_ns = 1;
  LoadBalancer lb{r};
  lb.open(0, 0, 0);
  lb.feedback(0, 0, FeedbackKind::Rto, 1, 0);
  lb.feedback(100'000, 0, FeedbackKind::Ack, 5, 1);
  REQUIRE_FALSE(lb.reps(0)->freezing());
  REQUIRE(lb.reps(0)->window_left() == 0);
  REQUIRE(lb.request(100'000, 0, 2, false) == Choice{5, Decision::Reuse});
  // No window, so a new failure freezes again at once.
  lb.feedback(100'001, 0, FeedbackKind::Rto, 1, 3);
  REQUIRE(lb.reps(0)->freezing());
}

TEST_CASE("Default spraying ignores feedback and keeps one sequence per group", "[default]") {
  LoadBalancer lb{Config{}};
  lb.open(0, 0, 1);
  lb.open(0, 1, 2);
  REQUIRE(lb.request(0, 0, 0, false).ev == 256);
  REQUIRE(lb.request(0, 0, 1, true).ev == 257);  // a retransmission takes the next step too
  lb.feedback(0, 0, FeedbackKind::Ack, 999, 0);
  lb.feedback(0, 0, FeedbackKind::Rto, 999, 1);
  REQUIRE(lb.request(0, 1, 0, false).ev == 256);  // group 1 has its own counter
  REQUIRE(lb.request(0, 0, 2, false).ev == 258);
  REQUIRE(lb.reps(0) == nullptr);
}

TEST_CASE("REPSBufferSizeMaskBits 0: one slot", "[reps][cache]") {
  LoadBalancer lb{reps_config(0)};
  lb.open(0, 0, 0);
  lb.feedback(0, 0, FeedbackKind::Ack, 5, 0);
  lb.feedback(0, 0, FeedbackKind::Ack, 6, 1);  // overwrites 5
  REQUIRE(lb.reps(0)->count() == 1);
  REQUIRE(lb.request(0, 0, 2, false) == Choice{6, Decision::Reuse});
  REQUIRE(lb.request(0, 0, 3, false).decision == Decision::Explore);
  // With C = 1 every window position explores: (W - i) mod 1 == 0.
  lb.feedback(1, 0, FeedbackKind::Rto, 1, 4);
  lb.feedback(100'001, 0, FeedbackKind::Ack, 7, 5);
  lb.feedback(100'001, 0, FeedbackKind::Ack, 8, 6);
  REQUIRE(lb.request(100'001, 0, 7, false).decision == Decision::Explore);
  REQUIRE(lb.reps(0)->count() == 1);
}

TEST_CASE("REPSBufferSizeMaskBits 16: 65536 slots, wrap at 65536", "[reps][cache]") {
  LoadBalancer lb{reps_config(16)};
  lb.open(0, 0, 0);
  for (std::uint32_t k = 0; k < 65536 + 2; ++k) lb.feedback(0, 0, FeedbackKind::Ack, static_cast<EntropyValue>(k), k);
  REQUIRE(lb.reps(0)->count() == 65536);
  REQUIRE(lb.reps(0)->filled() == 65536);
  REQUIRE(lb.request(0, 0, 0, false) == Choice{2, Decision::Reuse});  // 0 and 1 were overwritten
}

TEST_CASE("Replay walks written slots cyclically and keeps its index across freezings", "[reps][replay]") {
  LoadBalancer lb{reps_config(2)};  // C = 4
  lb.open(0, 0, 0);
  for (EntropyValue v : {10, 11, 12}) lb.feedback(0, 0, FeedbackKind::Ack, v, v);
  lb.feedback(0, 0, FeedbackKind::Rto, 0, 0);
  for (EntropyValue v : {10, 11, 12}) REQUIRE(lb.request(0, 0, 1, false) == Choice{v, Decision::Reuse});
  // filled = 3: replay 10, 11, 12, 10 (wrap at filled, not at C).
  for (EntropyValue v : {10, 11, 12, 10}) REQUIRE(lb.request(0, 0, 1, false) == Choice{v, Decision::Replay});
  REQUIRE(lb.reps(0)->replay_index() == 1);
  // End freezing, use up the window (W = 71), freeze again: replay continues from index 1.
  lb.feedback(100'000, 0, FeedbackKind::Ack, 13, 2);  // fills slot 3: filled = 4
  for (int i = 0; i < 71; ++i) lb.request(100'000, 0, 3, false);
  REQUIRE(lb.reps(0)->window_left() == 0);
  lb.feedback(100'000, 0, FeedbackKind::Rto, 0, 4);
  REQUIRE(lb.reps(0)->freezing());
  REQUIRE(lb.reps(0)->count() == 0);
  for (EntropyValue v : {11, 12, 13, 10}) REQUIRE(lb.request(100'000, 0, 5, false) == Choice{v, Decision::Replay});
}

TEST_CASE("The verification-only switch turns freezing off, and only freezing", "[reps][freezing]") {
  ModelOptions off;
  off.verification_freezing_off = true;
  for (const bool freezing_off : {false, true}) {
    INFO("freezing off: " << freezing_off);
    LoadBalancer lb{reps_config(2), freezing_off ? off : ModelOptions{}};
    lb.open(0, 0, 0);
    for (EntropyValue v : {10, 11, 12}) lb.feedback(0, 0, FeedbackKind::Ack, v, v);
    lb.feedback(0, 0, FeedbackKind::Rto, 0, 0);
    REQUIRE(lb.reps(0)->freezing() == !freezing_off);
    for (EntropyValue v : {10, 11, 12}) REQUIRE(lb.request(0, 0, 1, false) == Choice{v, Decision::Reuse});
    // Frozen: replay of the written slots; not frozen: an empty cache explores.
    REQUIRE(lb.request(0, 0, 1, false).decision == (freezing_off ? Decision::Explore : Decision::Replay));
  }
}

TEST_CASE("Freezing ends exactly at FreezingTimeout, not before", "[reps][freezing]") {
  Config c = reps_config();
  c.freezing_timeout_ns = 1000;
  LoadBalancer lb{c};
  lb.open(0, 0, 0);
  lb.feedback(500, 0, FeedbackKind::Rto, 1, 0);
  lb.feedback(1499, 0, FeedbackKind::Ack, 2, 1);
  REQUIRE(lb.reps(0)->freezing());
  lb.feedback(1500, 0, FeedbackKind::AckEcn, 3, 2);  // discarded values never end freezing
  lb.feedback(1500, 0, FeedbackKind::NackTrim, 3, 3);
  REQUIRE(lb.reps(0)->freezing());
  lb.feedback(1500, 0, FeedbackKind::NackTrimLastHop, 4, 4);  // a last-hop trim recycles and ends it
  REQUIRE_FALSE(lb.reps(0)->freezing());
  REQUIRE(lb.reps(0)->window_left() == 71);
}

TEST_CASE("Reopening a group mid-flight resets all of its state and drops its tracked packets", "[groups]") {
  Recorder r(reps_config());
  r.lb.open(0, 0, 0);
  r.lb.open(0, 1, 0);
  r.lb.feedback(0, 0, FeedbackKind::Ack, 5, 0);
  r.lb.feedback(0, 0, FeedbackKind::Rto, 5, 0);
  r.lb.request(0, 0, 9, false);
  r.lb.request(0, 1, 9, false);
  REQUIRE(r.lb.efd_tracked_now() == 2);
  r.lb.open(10, 0, 0);
  REQUIRE(r.lb.efd_tracked_now() == 1);
  REQUIRE(r.lb.reps(0)->count() == 0);
  REQUIRE(r.lb.reps(0)->filled() == 0);
  REQUIRE_FALSE(r.lb.reps(0)->freezing());
  r.lb.finish();
  int efds = 0;
  for (const auto& row : r.rows) {
    if (row.event == EventKind::Efd) {
      ++efds;
      REQUIRE(row.group == 1);
    }
  }
  REQUIRE(efds == 1);

  LoadBalancer d{Config{}};
  d.open(0, 4, 0);
  d.request(0, 4, 0, false);
  d.request(0, 4, 1, false);
  d.open(1, 4, 0);
  REQUIRE(d.request(1, 4, 2, false).ev == 256);
}

TEST_CASE("A restarted REPS group is a new one: same state, same choices", "[groups][reps]") {
  // LoadBalancer::open restarts a reopened group's REPS state in place (keeping its slots' storage).
  RepsSettings settings;
  settings.buffer_size_mask_bits = 2;
  settings.window_length = 5;
  settings.freezing_timeout_ns = 100;
  RepsGroup used(settings);
  Xorshift32 warm(3);
  for (EntropyValue v = 1; v <= 6; ++v) used.recycle(v, 0);  // full, wrapped
  used.path_failure(10);                                     // freezing
  for (int i = 0; i < 6; ++i) used.choose(warm);             // four reuses, then replays
  used.recycle(9, 200);                                      // the window opens
  used.choose(warm);
  REQUIRE((used.window_left() > 0 && used.filled() == 4 && used.replay_index() != 0));
  used.restart();
  RepsGroup fresh(settings);
  Xorshift32 a(7), b(7);
  auto same = [&] {
    REQUIRE(used.capacity() == fresh.capacity());
    REQUIRE(used.count() == fresh.count());
    REQUIRE(used.filled() == fresh.filled());
    REQUIRE(used.replay_index() == fresh.replay_index());
    REQUIRE(used.freezing() == fresh.freezing());
    REQUIRE(used.window_left() == fresh.window_left());
    REQUIRE(used.unconsumed() == fresh.unconsumed());
  };
  same();
  // The same events from here give the same choices and state: explore, reuse, freeze, replay, window.
  for (int step = 0; step < 40; ++step) {
    const TimeNs now = static_cast<TimeNs>(step) * 20;
    if (step % 3 == 0) {
      used.recycle(static_cast<EntropyValue>(step), now);
      fresh.recycle(static_cast<EntropyValue>(step), now);
    }
    if (step % 11 == 5) {
      used.path_failure(now);
      fresh.path_failure(now);
    }
    REQUIRE(used.choose(a) == fresh.choose(b));
    same();
  }
}

TEST_CASE("Feedback for a group that is not open is ignored and counted", "[groups]") {
  Recorder r(reps_config());
  r.lb.feedback(0, 5, FeedbackKind::Ack, 1, 0);
  r.lb.feedback(0, 5, FeedbackKind::Rto, 1, 0);
  REQUIRE(r.lb.counters().feedback_unopened == 2);
  REQUIRE(r.rows.empty());
  REQUIRE_THROWS_AS(r.lb.request(0, 5, 0, false), UsageError);
}

TEST_CASE("Time must not go backwards", "[usage]") {
  LoadBalancer lb{Config{}};
  lb.open(10, 0, 0);
  REQUIRE_THROWS_WITH(lb.request(9, 0, 0, false), Catch::Contains("non-decreasing"));
}

TEST_CASE("Early failure: a NACK clears too, rto does not, ties go in send order", "[efd]") {
  Recorder r(reps_config());
  r.lb.open(0, 0, 0);
  r.lb.open(0, 1, 0);
  r.lb.request(0, 0, 1, false);
  r.lb.request(0, 1, 1, false);
  r.lb.request(0, 0, 2, false);
  r.lb.request(0, 0, 3, false);
  r.lb.feedback(5, 0, FeedbackKind::NackTrim, 0, 2);
  r.lb.feedback(5, 0, FeedbackKind::Rto, 0, 3);  // rto does not clear psn 3
  // A clear at exactly the deadline wins over the deadline.
  r.lb.feedback(18'000, 0, FeedbackKind::AckEcn, 0, 1);
  r.lb.finish();
  std::vector<std::pair<GroupId, Psn>> fired;
  for (const auto& row : r.rows) {
    if (row.event == EventKind::Efd) fired.emplace_back(row.group, *row.psn);
  }
  REQUIRE(fired == std::vector<std::pair<GroupId, Psn>>{{1, 1}, {0, 3}});
}

TEST_CASE("Early failure: a lower base RTT fires later packets first, and deadline order wins", "[efd]") {
  Recorder r(reps_config());
  r.lb.open(0, 0, 0);
  r.lb.request(0, 0, 1, false);  // deadline 18000
  r.lb.set_base_rtt(1000, 4'000);
  r.lb.request(1000, 0, 2, false);    // deadline 13000
  r.lb.request(20'000, 0, 3, false);  // both fire before this event
  std::vector<std::pair<TimeNs, Psn>> fired;
  for (const auto& row : r.rows) {
    if (row.event == EventKind::Efd) fired.emplace_back(row.time, *row.psn);
  }
  REQUIRE(fired == std::vector<std::pair<TimeNs, Psn>>{{13'000, 2}, {18'000, 1}});
  // The efd at 13 us froze the group with freeze_start = 13 us; the one at 18 us was ignored.
  REQUIRE(r.lb.reps(0)->freezing());
}

TEST_CASE("Early failure: a bounded tracker counts what it cannot track", "[efd]") {
  // Four places in one set of four ways: the fifth outstanding packet has no place.
  Recorder r(reps_config(), ModelOptions{4});
  r.lb.open(0, 0, 0);
  for (Psn psn = 1; psn <= 4; ++psn) r.lb.request(0, 0, psn, false);
  REQUIRE(r.lb.counters().efd_untracked == 0);
  r.lb.request(0, 0, 5, false);  // full: not tracked
  REQUIRE(r.lb.counters().efd_untracked == 1);
  r.lb.feedback(1, 0, FeedbackKind::Ack, 0, 1);
  r.lb.request(1, 0, 6, false);  // the ACK of psn 1 made room
  REQUIRE(r.lb.counters().efd_untracked == 1);
  REQUIRE(r.lb.counters().efd_tracked == 5);
  r.lb.finish();
  REQUIRE(r.lb.counters().efd_fired == 4);
}

TEST_CASE("Early failure: the hardware's open generation repeats every 2^n opens", "[efd]") {
  // Packet 1 is sent, then its group is opened k more times before the deadline: SPEC drops it at the
  // first reopen; with n-bit generations it applies at its deadline when k is a multiple of 2^n.
  for (const unsigned bits : {0U, 2U, 8U}) {
    for (const unsigned k : {1U, 3U, 4U, 255U, 256U, 512U}) {
      INFO("generation bits " << bits << ", reopens " << k);
      ModelOptions o{1024, 4, 2};
      o.open_generation_bits = bits;
      Recorder r(reps_config(), o);
      r.lb.open(0, 0, 7);
      r.lb.request(0, 0, 1, false);
      for (unsigned i = 0; i < k; ++i) r.lb.open(1, 0, 7);
      r.lb.request(2, 0, 2, false);  // sent in the last generation: always applies
      r.lb.finish();
      const bool wraps = bits != 0 && k % (1U << bits) == 0;
      REQUIRE(r.lb.counters().efd_fired == (wraps ? 2U : 1U));
      REQUIRE(r.lb.counters().efd_tracked == 2);
    }
  }
  ModelOptions bad;
  bad.open_generation_bits = 64;
  REQUIRE_THROWS_WITH(LoadBalancer(reps_config(), bad), Catch::Contains("open generation bits 64"));
  REQUIRE(kProductTracker.open_generation_bits == 8);
}

TEST_CASE("Early failure is off outside REPS", "[efd]") {
  Recorder r(Config{});
  r.lb.open(0, 0, 0);
  r.lb.request(0, 0, 1, false);
  r.lb.finish();
  REQUIRE(r.lb.counters().efd_tracked == 0);
  REQUIRE(r.rows.size() == 2);
}

TEST_CASE("PRNG: xorshift32 13/17/5 from the seed, and the seed changes the draws", "[prng]") {
  Xorshift32 p(1);
  REQUIRE(p.next() == 270369U);  // 1 ^ 1<<13 = 8193; ^ >>17 = 8193; ^ <<5 = 270369
  REQUIRE(p.next() == 67634689U);
  Config a = reps_config();
  Config b = reps_config();
  b.seed = 2;
  LoadBalancer la{a}, lb{b};
  la.open(0, 0, 0);
  lb.open(0, 0, 0);
  REQUIRE(la.request(0, 0, 0, false).ev != lb.request(0, 0, 0, false).ev);
}

TEST_CASE("Trace rows: open carries the local port, feedback carries psn, seq counts up", "[trace]") {
  Recorder r(reps_config());
  r.lb.open(3, 2, 4791);
  r.lb.request(4, 2, 8, true);
  r.lb.feedback(5, 2, FeedbackKind::NackTrimLastHop, 77, 8);
  REQUIRE(r.rows.size() == 3);
  REQUIRE(r.rows[0].event == EventKind::Open);
  REQUIRE(r.rows[0].ev == 4791);
  REQUIRE_FALSE(r.rows[0].psn);
  REQUIRE(r.rows[1].event == EventKind::Retx);
  REQUIRE(r.rows[1].decision == Decision::Explore);
  REQUIRE(r.rows[2].event == EventKind::NackTrimLastHop);
  REQUIRE(r.rows[2].psn == Psn{8});
  REQUIRE_FALSE(r.rows[2].decision);
  for (std::size_t k = 0; k < r.rows.size(); ++k) REQUIRE(r.rows[k].seq == k);
}

TEST_CASE("Early failure: due counts and the next deadline", "[efd]") {
  LoadBalancer lb{reps_config()};
  lb.open(0, 0, 0);
  REQUIRE_FALSE(lb.efd_next_deadline());
  lb.request(0, 0, 1, false);  // deadline 18000
  lb.set_base_rtt(10, 1'000);
  lb.request(10, 0, 2, false);  // deadline 3010
  lb.request(10, 0, 3, false);  // deadline 3010
  REQUIRE(lb.efd_next_deadline() == TimeNs{3'010});
  REQUIRE(lb.efd_due_before(3'010) == 0);
  REQUIRE(lb.efd_due_before(3'011) == 2);
  REQUIRE(lb.efd_due_before(18'001) == 3);
  lb.feedback(20, 0, FeedbackKind::Ack, 0, 2);
  REQUIRE(lb.efd_due_before(18'001) == 2);
}
