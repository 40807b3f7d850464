// The RTL (Verilated uet_lb behind the RTL engine) against the golden model: identical traces and counters
// on every SPEC section 12 vector and on random event streams across configurations.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <sstream>

#include "uetlb/rtl_engine.hpp"
#include "uetlb/stimulus.hpp"

using namespace uetlb;

namespace {

std::string trace_of(Engine& e, const std::vector<StimulusRow>& rows, const std::string& source) {
  std::ostringstream out;
  e.set_trace_sink([&](const TraceRow& r) { write_trace_row(out, r); });
  run_stimulus(e, rows, source);
  return out.str();
}

ModelOptions rtl_options() {
  return rtl_model_options();
}

void require_same_counters(const Counters& m, const Counters& r) {
  REQUIRE(m.requests == r.requests);
  REQUIRE(m.feedback == r.feedback);
  REQUIRE(m.feedback_unopened == r.feedback_unopened);
  REQUIRE(m.efd_tracked == r.efd_tracked);
  REQUIRE(m.efd_untracked == r.efd_untracked);
  REQUIRE(m.efd_fired == r.efd_fired);
  for (int d = 0; d < 5; ++d) REQUIRE(m.decisions[d] == r.decisions[d]);
}

// A random stimulus in the shape a NIC produces: opens, requests, feedback a round trip later
// (some lost), base-RTT changes, idle gaps that end freezing, reopens, feedback for unopened groups.
std::vector<StimulusRow> random_stimulus(std::uint32_t seed, int packets, GroupId groups, GroupId opened,
                                         bool long_gaps = false) {
  std::mt19937 rng(seed);
  auto pick = [&](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); };
  struct Pending {
    TimeNs t;
    std::size_t order;
    StimulusRow row;
  };
  std::vector<Pending> ev;
  std::size_t order = 0;
  auto add = [&](TimeNs t, StimulusRow r) {
    r.time = t;
    ev.push_back({t, order++, r});
  };
  std::vector<Psn> psn(groups, 0);
  for (GroupId g = 0; g < opened; ++g) {
    StimulusRow r;
    r.event = EventKind::Open;
    r.group = g;
    r.value = 4791 + g;
    add(0, r);
  }
  TimeNs t = 0;
  const EventKind fb_kinds[] = {EventKind::Ack,
                                EventKind::Ack,
                                EventKind::Ack,
                                EventKind::Ack,
                                EventKind::AckEcn,
                                EventKind::NackTrim,
                                EventKind::NackTrimLastHop,
                                EventKind::Rto};
  for (int k = 0; k < packets; ++k) {
    t += pick(6) == 0 ? 0 : pick(300);
    if (pick(500) == 0) t += 30'000 + pick(120'000);
    if (long_gaps && pick(150) == 0) {  // idle for seconds to days: around 2^31, 2^32 and beyond
      const TimeNs base[] = {TimeNs{1} << 31, TimeNs{1} << 32, TimeNs{3} << 32, TimeNs{1} << 40};
      t += base[pick(4)] - 200'000 + pick(400'000);
    }
    if (pick(800) == 0) {
      StimulusRow r;
      r.base_rtt = true;
      r.value = 2'000 + pick(6'000);
      add(t, r);
    }
    const GroupId g = pick(opened);
    if (pick(400) == 0) {
      StimulusRow r;
      r.event = EventKind::Open;
      r.group = g;
      r.value = pick(65536);
      add(t, r);
    }
    StimulusRow req;
    req.event = pick(15) == 0 ? EventKind::Retx : EventKind::Tx;
    req.group = g;
    req.psn = psn[g]++;
    add(t, req);
    if (pick(30) == 0) continue;  // lost: no feedback at all
    StimulusRow fb;
    fb.event = fb_kinds[pick(8)];
    fb.group = g;
    fb.psn = req.psn;
    if (pick(10) == 0) fb.value = pick(65536);  // otherwise the EV last sent for the psn
    add(t + 3'000 + pick(20'000), fb);
    if (opened < groups && pick(50) == 0) {  // feedback for a group that was never opened
      StimulusRow u = fb;
      u.group = opened + pick(groups - opened);
      u.value = 7;
      add(t, u);
    }
  }
  std::stable_sort(ev.begin(), ev.end(), [](const Pending& a, const Pending& b) { return a.t < b.t; });
  std::vector<StimulusRow> rows;
  for (std::size_t i = 0; i < ev.size(); ++i) {
    rows.push_back(ev[i].row);
    rows.back().line = i + 2;
  }
  return rows;
}

}  // namespace

TEST_CASE("RTL = model on every SPEC 12 vector", "[rtl][equivalence][spec]") {
  int vector_index = 0;
  for (const char* v :
       {"v01_default", "v02_default_wrap", "v03_mask0", "v03_none", "v04_reps_reuse", "v05_reps_overwrite",
        "v06_reps_discard", "v07_reps_window", "v07_reps_window_empty", "v08_reps_freezing", "v09_reps_rto_empty",
        "v10_efd", "v10_efd_acked", "v10_efd_base_rtt", "v10_efd_off", "v11_set_size_1", "v11_set_size_256"}) {
    INFO("vector " << v);
    const std::string base = std::string(UETLB_VECTORS_DIR) + "/" + v;
    const Config cfg = Config::from_file(base + ".json");
    const auto rows = read_stimulus_file(base + ".csv");
    ModelEngine model(cfg, rtl_options());
    const std::string expected = trace_of(model, rows, base);
    // Both builds of the core: the checked one from random state, the fast one (no assertions) as it runs.
    auto checked = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, 100 + vector_index++);
    REQUIRE(trace_of(*checked, rows, base) == expected);
    require_same_counters(model.counters(), checked->counters());
    auto fast = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::Off);
    REQUIRE(trace_of(*fast, rows, base) == expected);
    require_same_counters(model.counters(), fast->counters());
  }
}

TEST_CASE("RTL = model on random streams across configurations", "[rtl][equivalence][random]") {
  struct Case {
    const char* name;
    std::string json;
  };
  const std::vector<Case> cases = {
      {"reps defaults", R"({"PacketSprayingType":"Recycled Entropy Packet Spraying"})"},
      {"reps B=0 set 5 seed 9",
       R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","REPSBufferSizeMaskBits":0,
           "EntropyValueSetSize":5,"Seed":9,"FreezingTimeout":"10us"})"},
      {"reps B=1 W=0", R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","REPSBufferSizeMaskBits":1,
                          "InitialBaseRTT":"10ns","FreezingTimeout":"3us"})"},
      {"reps B=4 800G M=1", R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","REPSBufferSizeMaskBits":4,
                               "LinkRate":"800Gbps","FailureDetectionRTTMultiplier":1,"FreezingTimeout":"7us",
                               "Seed":4294967295})"},
      {"reps M=0 set 1", R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","FailureDetectionRTTMultiplier":0,
                            "EntropyValueSetSize":1,"FreezingTimeout":"1ns"})"},
      {"reps M=255", R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","FailureDetectionRTTMultiplier":255,
                        "InitialBaseRTT":"1us"})"},
      {"default mask 8 offset 65535", R"({"EntropyMaskBits":8,"StartingPortOffset":65535})"},
      {"default mask 0", R"({"EntropyMaskBits":0,"StartingPortOffset":0})"},
      {"none", R"({"PacketSprayingType":"None"})"},
  };
  const GroupId groups = static_cast<GroupId>(rtl_build().num_groups);
  std::uint32_t seed = 1;
  for (const auto& c : cases) {
    for (int rep = 0; rep < 2; ++rep, ++seed) {
      INFO("case " << c.name << ", stimulus seed " << seed);
      const Config cfg = Config::from_json(c.json, c.name);
      const auto rows = random_stimulus(seed, 3000, groups, groups - 3);
      ModelEngine model(cfg, rtl_options());
      // The core starts from random state (a seed per run): nothing without a reset may matter.
      auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, static_cast<int>(seed));
      const std::string expected = trace_of(model, rows, "random");
      const std::string got = trace_of(*rtl, rows, "random");
      if (got != expected) {
        std::istringstream a(expected), b(got);
        std::string la, lb;
        int line = 0;
        while (std::getline(a, la) && std::getline(b, lb) && la == lb) ++line;
        FAIL("first difference at trace row " << line << ": model '" << la << "' rtl '" << lb << "'");
      }
      require_same_counters(model.counters(), rtl->counters());
      REQUIRE(model.counters().requests == 3000);
    }
  }
}

TEST_CASE("RTL engine refuses configurations the build cannot hold", "[rtl][errors]") {
  Config c;
  c.reps_buffer_size_mask_bits = rtl_build().buf_bits_max + 1;
  REQUIRE_THROWS_WITH(make_rtl_engine(c, rtl_options(), ""), Catch::Contains("'REPSBufferSizeMaskBits'"));
  Config w;
  w.initial_base_rtt_ns = 1'000'000;  // W = 11950 >= 2^12
  REQUIRE_THROWS_WITH(make_rtl_engine(w, rtl_options(), ""), Catch::Contains("exploration window W"));
  REQUIRE_THROWS_WITH(make_rtl_engine(Config{}, ModelOptions{0}, ""), Catch::Contains("TrackerEntries"));
  auto e = make_rtl_engine(Config{}, rtl_options(), "");
  REQUIRE_THROWS_WITH(e->open(0, rtl_build().num_groups, 1), Catch::Contains("outside the RTL build"));
  REQUIRE_THROWS_WITH(e->request(0, 0, 1, false), Catch::Contains("which is not open"));
}

TEST_CASE("RTL = model across jumps of time up to 2^63 ns", "[rtl][equivalence][time]") {
  // A packet left unacknowledged fires before the first jump; the engine steps through 2^33 ns, then skips
  // whole turns of now_i (a jump to 2^63 - 1 ns had taken hours of 2^30 ns steps).
  const std::string text =
      "time_ns,group,event,value,psn\n"
      "0,0,open,7,\n0,0,tx,,1\n0,0,tx,,2\n1000,0,ack,,1\n"
      "4611686018427387904,0,tx,,3\n4611686018427388904,0,ack,,3\n"
      "4611686022722355200,0,tx,,4\n"
      "9223372036854775807,0,tx,,5\n";
  std::istringstream in(text);
  const auto rows = read_stimulus(in, "jumps");
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  ModelEngine model(cfg, rtl_options());
  auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On);
  const std::string expected = trace_of(model, rows, "jumps");
  REQUIRE(trace_of(*rtl, rows, "jumps") == expected);
  require_same_counters(model.counters(), rtl->counters());
  REQUIRE(model.counters().efd_fired == 3);  // psn 2 before the first jump, 4 and 5 after theirs
}

// The decision of the first tx row of (group, psn) in a trace.
std::string decision_in(const std::string& trace, GroupId group, Psn psn) {
  std::istringstream in(trace);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream ls(line);
    for (std::string x; std::getline(ls, x, ',');) f.push_back(x);
    if (f.size() == 7 && f[2] == std::to_string(group) && f[3] == "tx" && f[5] == std::to_string(psn)) return f[6];
  }
  return "";
}

// A stimulus that leaves groups in every REPS state (frozen with a cached value, frozen with none, in the
// exploration window, thawed, tracked packets pending, a lowered base RTT) and then goes quiet for `gap`
// ns; after it each group gets a recycle, a failure or a reopen and a run of requests. Around each whole
// turn of 2^32 ns the modular freezing test reads a small elapsed time: only the core's freeze-start ages
// (uet_lb_age) give the model's answer there.
std::vector<StimulusRow> gap_stimulus(TimeNs gap) {
  std::vector<std::pair<TimeNs, std::string>> rows;  // (time, the rest of the row), put in time order below
  auto row = [&](TimeNs t, const std::string& rest) { rows.emplace_back(t, rest); };
  // Group 0: a cached value, frozen at 1000 (rto), replays. Group 1: frozen with nothing cached.
  // Group 2: frozen, thawed at 200 us: in its window. Group 3: frozen just before the gap, a request left
  // unacknowledged (its early failure fires inside the gap), the base RTT lowered.
  for (int g = 0; g < 4; ++g) row(0, std::to_string(g) + ",open," + std::to_string(100 + g) + ",");
  row(0, "0,tx,,1"), row(10, "0,ack,,1"), row(1000, "0,rto,,1"), row(1000, "0,tx,,2"), row(1000, "0,tx,,3");
  row(0, "1,tx,,1"), row(1000, "1,rto,,1"), row(1000, "1,tx,,2");
  row(0, "2,tx,,1"), row(10, "2,ack,,1"), row(1000, "2,rto,,1"), row(200'000, "2,ack,,1"), row(200'000, "2,tx,,2");
  row(200'000, "2,tx,,3");
  row(300'000, "3,tx,,1"), row(300'010, "3,ack,,1"), row(300'500, "3,rto,,1"), row(300'500, "3,tx,,2");
  row(300'600, "0,base_rtt,4000,"), row(300'600, "3,tx,,3");
  // After the gap.
  const TimeNs t = 300'600 + gap;
  row(t, "0,ack,,3"), row(t, "0,tx,,4"), row(t, "0,tx,,5"), row(t, "0,tx,,6");
  row(t, "1,ack,,2"), row(t, "1,tx,,3"), row(t, "1,tx,,4");
  row(t, "2,rto,,3"), row(t, "2,tx,,4"), row(t, "2,tx,,5");
  row(t, "3,ack,,3"), row(t + 5, "3,tx,,4"), row(t + 5, "3,rto,,4"), row(t + 5, "3,tx,,5");
  // Group 1 reopened: frozen again, still frozen at 100 us, thawed at 250 us.
  row(t + 7, "1,open,201,"), row(t + 7, "1,tx,,1"), row(t + 7, "1,rto,,1");
  row(t + 100'000, "1,ack,,1"), row(t + 100'000, "1,tx,,2"), row(t + 100'000, "1,tx,,3");
  row(t + 250'000, "1,ack,,3"), row(t + 250'000, "1,tx,,4");
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string text = std::string(kStimulusHeader) + "\n";
  for (const auto& [time, rest] : rows) text += std::to_string(time) + "," + rest + "\n";
  std::istringstream in(text);
  return read_stimulus(in, "gap");
}

TEST_CASE("RTL = model after a group's idle gap of any length", "[rtl][equivalence][time][gap]") {
  const TimeNs turn = TimeNs{1} << 32;
  const TimeNs timeout = 100'000;  // FreezingTimeout (the default)
  // Gaps around half a turn, a turn (where the modular test reads less than the timeout: elapsed mod 2^32
  // below 100 us), several turns, 2^40 and 2^62 ns.
  const std::vector<TimeNs> gaps = {
      TimeNs{1} << 31, (TimeNs{1} << 31) + 1,  turn - timeout, turn - 1'000,    turn,
      turn + 1'000,    turn + timeout - 1'001, 3 * turn + 5,   TimeNs{1} << 40, (TimeNs{1} << 62) + 17};
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  int seed = 700;
  for (const TimeNs gap : gaps) {
    INFO("gap " << gap << " ns");
    const auto rows = gap_stimulus(gap);
    ModelEngine model(cfg, rtl_options());
    auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, seed++);
    const std::string expected = trace_of(model, rows, "gap");
    REQUIRE(trace_of(*rtl, rows, "gap") == expected);
    require_same_counters(model.counters(), rtl->counters());
    // The stimulus does what it is for: after the gap the recycles end freezing, so groups 0 and 1 explore
    // their second request where a group still frozen would replay, and early failures fired in the gap.
    REQUIRE(model.counters().efd_fired >= 2);
    REQUIRE(decision_in(expected, 0, 5) == "explore");
    REQUIRE(decision_in(expected, 1, 4) == "explore");
  }
}

TEST_CASE("RTL = model on random streams with idle gaps of seconds to days", "[rtl][equivalence][time][gap]") {
  const GroupId groups = static_cast<GroupId>(rtl_build().num_groups);
  const char* json = R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","FreezingTimeout":"40us"})";
  const Config cfg = Config::from_json(json, "long gaps");
  for (std::uint32_t seed = 31; seed < 34; ++seed) {
    INFO("stimulus seed " << seed);
    const auto rows = random_stimulus(seed, 2000, groups, groups - 2, true);
    REQUIRE(rows.back().time > (TimeNs{1} << 33));  // the stream holds long gaps
    ModelEngine model(cfg, rtl_options());
    auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, static_cast<int>(seed));
    const std::string expected = trace_of(model, rows, "random long gaps");
    REQUIRE(trace_of(*rtl, rows, "random long gaps") == expected);
    require_same_counters(model.counters(), rtl->counters());
  }
}

TEST_CASE("RTL = model with one bit flipped in stored group words and slots", "[rtl][equivalence][ecc]") {
  // A flip armed before about one row in fifteen, in the next stored state word or slot (one in two) of a
  // random open group, at a random bit of the codeword: SECDED corrects every one, so the traces are the
  // model's.
  const GroupId groups = static_cast<GroupId>(rtl_build().num_groups);
  const char* configs[] = {R"({"PacketSprayingType":"Recycled Entropy Packet Spraying","FreezingTimeout":"20us"})",
                           R"({"PacketSprayingType":"Default Packet Spraying"})", R"({"PacketSprayingType":"None"})"};
  std::uint32_t seed = 51;
  for (const char* json : configs) {
    INFO("config " << json << ", seed " << seed);
    const Config cfg = Config::from_json(json, "flips");
    const auto rows = random_stimulus(seed, 2000, groups, groups - 2);
    ModelEngine model(cfg, rtl_options());
    auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, static_cast<int>(seed));
    const unsigned code_bits = rtl_ecc_status(*rtl).code_bits;
    const unsigned slot_bits = rtl_ecc_status(*rtl).slot_bits;
    std::mt19937 rng(seed++);
    auto pick = [&](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); };
    int flips = 0;
    const std::string expected = trace_of(model, rows, "flips");
    std::ostringstream got;
    rtl->set_trace_sink([&](const TraceRow& r) { write_trace_row(got, r); });
    run_stimulus(*rtl, rows, "flips", [&](std::size_t) {
      if (pick(15) != 0) return;
      if (pick(2) == 0) {
        rtl_inject_flips(*rtl, pick(groups - 2), {pick(code_bits)});
      } else {
        rtl_inject_flips(*rtl, pick(groups - 2), {pick(slot_bits)}, RtlFlipTarget::Slot);
      }
      ++flips;
    });
    REQUIRE(got.str() == expected);
    require_same_counters(model.counters(), rtl->counters());
    const RtlEccStatus s = rtl_ecc_status(*rtl);
    REQUIRE(s.on);
    REQUIRE(flips > 100);
    REQUIRE(s.corrected > 50);  // (a flipped word is read unless a newer result of its group is forwarded)
    REQUIRE(s.doubles == 0);
    REQUIRE_FALSE(s.double_flag);
  }
}

TEST_CASE("RTL corrects a flip of every bit of a stored group word", "[rtl][ecc]") {
  // Group 0 under REPS: before each tx, a flip of the next bit; the tx stores the flipped word and the ack
  // a round trip later reads it (no newer result to forward by then), so each bit is corrected exactly once.
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  ModelEngine model(cfg, rtl_options());
  auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, 77);
  const unsigned code_bits = rtl_ecc_status(*rtl).code_bits;
  REQUIRE(code_bits > 64);  // (the word and its 8 check bits: 78 in the engine's build, BufBitsMax 4)
  std::ostringstream rows_text;
  rows_text << "time_ns,group,event,value,psn\n0,0,open,4791,\n";
  for (unsigned b = 0; b < code_bits; ++b) {
    rows_text << 1000 * (b + 1) << ",0,tx,," << b << "\n" << 1000 * (b + 1) + 500 << ",0,ack,," << b << "\n";
  }
  std::istringstream in(rows_text.str());
  const auto rows = read_stimulus(in, "every bit");
  const std::string expected = trace_of(model, rows, "every bit");
  std::ostringstream got;
  rtl->set_trace_sink([&](const TraceRow& r) { write_trace_row(got, r); });
  run_stimulus(*rtl, rows, "every bit", [&](std::size_t i) {
    if (i >= 1 && i % 2 == 1) rtl_inject_flips(*rtl, 0, {static_cast<unsigned>(i / 2)});
  });
  REQUIRE(got.str() == expected);
  const RtlEccStatus s = rtl_ecc_status(*rtl);
  REQUIRE(s.corrected == code_bits);
  REQUIRE(s.doubles == 0);
  REQUIRE_THROWS_WITH(rtl_inject_flips(*rtl, 0, {code_bits}),
                      Catch::Contains("bits 0.." + std::to_string(code_bits - 1)));
  REQUIRE_THROWS_WITH(rtl_inject_flips(model, 0, {0}), Catch::Contains("RTL engine"));
}

TEST_CASE("RTL corrects a flip of every bit of a stored slot", "[rtl][ecc]") {
  // Group 0 under REPS: for each bit, a packet goes out, the slot its ACK recycles the value into is
  // stored with that bit flipped, and the next packet reuses the value; its ACK recycles it into a clean
  // slot (every packet is acknowledged: no early failure, no freezing, so no replay reads a slot again).
  // Each bit is corrected exactly once.
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  ModelEngine model(cfg, rtl_options());
  auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, 79);
  const unsigned slot_bits = rtl_ecc_status(*rtl).slot_bits;
  REQUIRE(slot_bits == 22);  // (16 bits and 6 check bits)
  std::ostringstream rows_text;
  rows_text << "time_ns,group,event,value,psn\n0,0,open,4791,\n";
  for (unsigned b = 0; b < slot_bits; ++b) {
    const unsigned t = 1000 * (b + 1);
    rows_text << t << ",0,tx,," << 2 * b << "\n"
              << t + 300 << ",0,ack,," << 2 * b << "\n"
              << t + 600 << ",0,tx,," << 2 * b + 1 << "\n"
              << t + 900 << ",0,ack,," << 2 * b + 1 << "\n";
  }
  std::istringstream in(rows_text.str());
  const auto rows = read_stimulus(in, "every slot bit");
  const std::string expected = trace_of(model, rows, "every slot bit");
  std::ostringstream got;
  rtl->set_trace_sink([&](const TraceRow& r) { write_trace_row(got, r); });
  run_stimulus(*rtl, rows, "every slot bit", [&](std::size_t i) {
    if (i % 4 == 2) rtl_inject_flips(*rtl, 0, {static_cast<unsigned>(i / 4)}, RtlFlipTarget::Slot);
  });
  REQUIRE(got.str() == expected);
  for (unsigned b = 0; b < slot_bits; ++b) REQUIRE(decision_in(got.str(), 0, 2 * b + 1) == "reuse");
  const RtlEccStatus s = rtl_ecc_status(*rtl);
  REQUIRE(s.corrected == slot_bits);
  REQUIRE(s.doubles == 0);
  REQUIRE_THROWS_WITH(rtl_inject_flips(*rtl, 0, {slot_bits}, RtlFlipTarget::Slot),
                      Catch::Contains("slot has bits 0.." + std::to_string(slot_bits - 1)));
}

// REPS, group 0: two packets explore and are acknowledged (two values cached), then two more packets
// reuse them. Before row `at`, two bits are flipped in the next stored word of the given kind. Returns the
// model's trace, the RTL's and its ECC registers at the end.
struct DoubleFlipRun {
  std::string expected, got;
  RtlEccStatus status;
};
DoubleFlipRun run_double_flip(int seed, std::size_t at, const std::vector<unsigned>& bits, RtlFlipTarget target) {
  Config cfg;
  cfg.packet_spraying_type = SprayingType::Reps;
  ModelEngine model(cfg, rtl_options());
  auto rtl = make_rtl_engine(cfg, rtl_options(), "", RtlChecks::On, seed);
  std::istringstream in(
      "time_ns,group,event,value,psn\n0,0,open,4791,\n100,0,tx,,0\n200,0,tx,,1\n3000,0,ack,,0\n3100,0,ack,,1\n"
      "4000,0,tx,,2\n5000,0,tx,,3\n");
  const auto rows = read_stimulus(in, "double");
  DoubleFlipRun r;
  r.expected = trace_of(model, rows, "double");
  std::ostringstream got;
  rtl->set_trace_sink([&](const TraceRow& row) { write_trace_row(got, row); });
  run_stimulus(*rtl, rows, "double", [&](std::size_t i) {
    if (i == at) rtl_inject_flips(*rtl, 0, bits, target);
  });
  r.got = got.str();
  r.status = rtl_ecc_status(*rtl);
  return r;
}

TEST_CASE("RTL explores and reopens a group whose slot has two flipped bits", "[rtl][ecc]") {
  // REPS, group 0: two packets explore; the ACK of the first recycles its value into a slot stored with
  // two bits flipped, the second's into a clean one. The next packet reuses the first value: the RTL finds
  // the slot uncorrectable and explores instead (the model, which has no fault, reuses), counts and flags
  // it, and opens the group again: the packet after finds nothing cached and explores too, where the model
  // reuses the second value.
  // (the ACK of psn 0, row 3, recycles into the flipped slot)
  const DoubleFlipRun r = run_double_flip(80, 3, {3, 17}, RtlFlipTarget::Slot);
  const std::string& expected = r.expected;
  const RtlEccStatus& s = r.status;
  REQUIRE(decision_in(expected, 0, 2) == "reuse");
  REQUIRE(decision_in(r.got, 0, 2) == "explore");   // the slot is not trusted
  REQUIRE(decision_in(expected, 0, 3) == "reuse");  // the model: the second cached value
  REQUIRE(decision_in(r.got, 0, 3) == "explore");   // opened again: nothing cached
  REQUIRE(s.doubles == 1);
  REQUIRE(s.double_flag);
  REQUIRE(s.corrected == 0);
}

TEST_CASE("RTL resets a group whose stored word has two flipped bits, counted and flagged", "[rtl][ecc]") {
  // REPS, group 0 with two values cached; the request that reuses the first stores the group's word with
  // two bits flipped. The next request (after the first's response: no newer result to forward) finds the
  // word uncorrectable: the group starts afresh, as an open leaves it, and explores where the model, which
  // has no fault, reuses the second cached value. CNT_ECC_DOUBLE and STATUS.ECC_DOUBLE say so.
  // (the request for psn 2, row 5, stores the word with two flips)
  const DoubleFlipRun r = run_double_flip(78, 5, {5, 40}, RtlFlipTarget::StateWord);
  const std::string& expected = r.expected;
  const RtlEccStatus& s = r.status;
  REQUIRE(decision_in(expected, 0, 2) == "reuse");
  REQUIRE(decision_in(r.got, 0, 2) == "reuse");     // (read before the flips)
  REQUIRE(decision_in(expected, 0, 3) == "reuse");  // the model: the second cached value
  REQUIRE(decision_in(r.got, 0, 3) == "explore");   // the fresh state: nothing cached, not frozen
  REQUIRE(s.doubles == 1);
  REQUIRE(s.double_flag);
  REQUIRE(s.corrected == 0);
}
