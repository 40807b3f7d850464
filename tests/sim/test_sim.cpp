// The fabric simulator: hash functions, ECMP behaviour, the default scenario's story, records, determinism,
// the model and RTL engines giving identical records, fat trees, congestion control and failures. Its
// inputs are tested in test_scenario.cpp, its parts in test_parts.cpp.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "helpers.hpp"
#include "uetsim/fabric.hpp"
#ifdef UETLB_WITH_RTL
#include "uetlb/rtl_engine.hpp"
#endif

using namespace uetsim;

namespace {

using test::model_factory;
using test::slurp;
using test::tmpdir;

Scenario small(uetlb::SprayingType t) {
  Scenario s;
  s.leaves = 2;
  s.spines = 2;
  s.hosts_per_leaf = 2;
  s.message_bytes = 64 * 1024;
  s.failures.push_back({"leaf0", "spine1", 2'000});
  s.reconvergence_ns = 40'000;
  s.lb.packet_spraying_type = t;
  s.finalize();
  return s;
}

}  // namespace

TEST_CASE("sim hash: CRC-32/IEEE and FNV-1a reference values", "[sim][hash]") {
  const std::string check = "123456789";
  REQUIRE(crc32(reinterpret_cast<const std::uint8_t*>(check.data()), check.size()) == 0xCBF43926U);
  REQUIRE(fnv1a32(nullptr, 0) == 0x811C9DC5U);
  const std::string a = "a", foobar = "foobar";
  REQUIRE(fnv1a32(reinterpret_cast<const std::uint8_t*>(a.data()), 1) == 0xE40C292CU);
  REQUIRE(fnv1a32(reinterpret_cast<const std::uint8_t*>(foobar.data()), 6) == 0xBF9CF968U);
  // The tuple in network order: 10.0.0.1 -> 10.0.0.2, UDP 17, sport 0x1234, dport 4793.
  FlowTuple t{0x0A000001U, 0x0A000002U, 0x1234, 4793};
  const auto b = t.bytes();
  const std::array<std::uint8_t, 13> expect = {10, 0, 0, 1, 10, 0, 0, 2, 17, 0x12, 0x34, 0x12, 0xB9};
  REQUIRE(b == expect);
  REQUIRE(flow_hash(HashMethod::Crc32, t, 99) == crc32(b.data(), b.size()));
  REQUIRE(flow_hash(HashMethod::Crc32WithSalt, t, 1) != flow_hash(HashMethod::Crc32WithSalt, t, 2));
  REQUIRE(flow_hash(HashMethod::Hash, t, 99) == fnv1a32(b.data(), b.size()));
  REQUIRE(parse_hash_method("dprWithFallback") == HashMethod::DprWithFallback);
  REQUIRE_FALSE(parse_hash_method("crc64"));
}

TEST_CASE("sim ECMP: Default spraying over 128 ports covers every member of an 8-way set", "[sim][ecmp]") {
  for (HashMethod m : {HashMethod::Crc32, HashMethod::Crc32WithSalt, HashMethod::Hash, HashMethod::HashWithSalt}) {
    std::set<std::uint32_t> members;
    for (std::uint16_t ev = 256; ev < 384; ++ev)
      members.insert(flow_hash(m, {0x0A000001U, 0x0A000009U, ev, 4793}, 7) % 8);
    REQUIRE(members.size() == 8);
  }
}

TEST_CASE("sim ECMP: dpr pins one destination to one member whatever the entropy value", "[sim][ecmp]") {
  std::set<std::uint32_t> members;
  for (std::uint32_t ev = 0; ev < 65536; ev += 97) {
    members.insert(flow_hash(HashMethod::Dpr, {0x0A000001U, 0x0A000009U, static_cast<std::uint16_t>(ev), 4793}, 7) % 8);
  }
  REQUIRE(members.size() == 1);
  // And with dpr the whole default scenario puts a leaf's traffic to one destination on one spine:
  // far less even than crc32WithSalt.
  Scenario s = Scenario::default_scenario();
  s.failures.clear();
  s.hash_method = HashMethod::Dpr;
  Fabric f(s, model_factory());
  const RunSummary dpr = f.run();
  s.hash_method = HashMethod::Crc32WithSalt;
  Fabric g(s, model_factory());
  const RunSummary salted = g.run();
  REQUIRE(dpr.ecmp_imbalance > salted.ecmp_imbalance);
}

TEST_CASE("sim default scenario: with a failed link REPS retransmits less than Default", "[sim][scenario]") {
  Scenario s = Scenario::default_scenario();
  s.lb.packet_spraying_type = uetlb::SprayingType::Default;
  const RunSummary dps = Fabric(s, model_factory()).run();
  s.lb.packet_spraying_type = uetlb::SprayingType::Reps;
  const RunSummary reps = Fabric(s, model_factory()).run();
  REQUIRE(dps.completed == dps.messages);
  REQUIRE(reps.completed == reps.messages);
  REQUIRE(dps.drops_failed_link > 0);  // the failure bites
  REQUIRE(reps.retransmissions < dps.retransmissions);
  REQUIRE(reps.fct_mean_us < dps.fct_mean_us);
  // The product's NIC waits for the timeout on a lost packet, Default also for reconvergence.
  REQUIRE(reps.fct_max_us < dps.fct_max_us);
  REQUIRE(reps.efd_retransmits == 0);
  // Resending on an early failure (the option) shortens REPS's tail further.
  s.retransmit_on_efd = true;
  const RunSummary resend = Fabric(s, model_factory()).run();
  REQUIRE(resend.efd_retransmits > 0);
  REQUIRE(resend.fct_max_us < reps.fct_max_us);
}

TEST_CASE("sim groups: the most groups a NIC holds at once, what the RTL build must hold", "[sim][groups]") {
  // An all-to-all over 64 hosts: 63 peers per NIC, a group each; without PDC groups, a group per message.
  Scenario a2a = Scenario::from_json(
      R"({"Leaves":8,"Spines":8,"HostsPerLeaf":8,"Workload":"all-to-all","MessageBytes":4096})", "a2a.json");
  const GroupNeed peers = groups_needed(a2a);
  REQUIRE(peers.groups == 63);
  REQUIRE(peers.per_peer);
  // Two messages to the same peer share its group; two peers are two groups (NIC 2 here).
  Scenario list = Scenario::from_json(R"({"Workload":"incast","IncastSenders":3})", "incast.json");
  list.messages = {{0, 2, 0, 4096, -1}, {0, 2, 0, 4096, -1}, {0, 2, 5, 4096, -1}, {0, 1, 0, 4096, -1}};
  GroupNeed two = groups_needed(list);
  REQUIRE(two.groups == 2);
  REQUIRE(two.nic == 2);
  list.lb.pdc_groups_enabled = false;
  two = groups_needed(list);
  REQUIRE(two.groups == 3);
  REQUIRE_FALSE(two.per_peer);
}

TEST_CASE("sim summary: the workload's completion time and spurious early failures", "[sim][summary]") {
  // An 8-to-1 incast that loses nothing (queues deep enough never to trim or drop, no timeout within the
  // run) and M = 1: every early failure fires for a packet waiting in a queue, which is then delivered
  // and acknowledged with the entropy value the early failure named: every one is spurious.
  Scenario q = Scenario::from_json(
      R"({"Workload":"incast","IncastSenders":8,"MessageBytes":262144,"QueueBytes":100000000,
          "TrimBytes":100000000,"ControlQueueBytes":100000000,"Rto":"10ms",
          "Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying","FailureDetectionRTTMultiplier":1}})",
      "incast.json");
  const RunSummary quiet = Fabric(q, model_factory()).run();
  REQUIRE(quiet.completed == quiet.messages);
  REQUIRE(quiet.drops_queue + quiet.drops_control + quiet.drops_failed_link + quiet.trims == 0);
  REQUIRE(quiet.efd_fired > 0);
  REQUIRE(quiet.efd_spurious == quiet.efd_fired);
  // Every message starts at 0: the workload is done when the slowest is.
  REQUIRE(static_cast<double>(quiet.done_at_ns) / 1000.0 == Approx(quiet.fct_max_us));

  // Around a failed link some early failures name packets the link lost: those are not spurious.
  Scenario s = Scenario::default_scenario();
  s.lb.packet_spraying_type = uetlb::SprayingType::Reps;
  const RunSummary reps = Fabric(s, model_factory()).run();
  REQUIRE(reps.drops_failed_link > 0);
  REQUIRE(reps.efd_spurious < reps.efd_fired);
  REQUIRE(reps.done_at_ns > 0);
  // Without early failure detection there is nothing to count; an unfinished run has no completion time.
  s.lb.failure_detection_rtt_multiplier = 0;
  s.max_time_ns = 20'000;
  const RunSummary off = Fabric(s, model_factory()).run();
  REQUIRE(off.efd_fired == 0);
  REQUIRE(off.efd_spurious == 0);
  REQUIRE(off.completed < off.messages);
  REQUIRE(off.done_at_ns == 0);
}

TEST_CASE("sim records: required columns, and the same scenario gives the same records", "[sim][records]") {
  const Scenario s = small(uetlb::SprayingType::Reps);
  const std::string a = tmpdir("records_a"), b = tmpdir("records_b");
  for (const auto& dir : {a, b}) {
    Fabric f(s, model_factory());
    f.set_monitor(true);
    f.run();
    f.write_records(dir);
  }
  REQUIRE(slurp(a + "/uet-monitor.csv").rfind("time_ns,nic,group,psn,direction,entropy_value,decision,bytes", 0) == 0);
  REQUIRE(
      slurp(a + "/uet-transport-stats.csv").rfind("nic,num_out_of_order_events_on_nic,max_out_of_order_on_flow", 0) ==
      0);
  REQUIRE(slurp(a + "/scala-switch-load-balancing-stats.csv").rfind("switch,ecmp_set,member,packets,bytes\n", 0) == 0);
  REQUIRE(slurp(a + "/messages.csv").rfind("message,src,dst,bytes,start_ns,end_ns,fct_ns", 0) == 0);
  REQUIRE(slurp(a + "/failed-link-drops.csv").rfind("time_ns,nic,pdc,psn,entropy_value,sent_ns\n", 0) == 0);
  for (const char* f : {"uet-monitor.csv", "uet-transport-stats.csv", "scala-switch-load-balancing-stats.csv",
                        "messages.csv", "failed-link-drops.csv"}) {
    REQUIRE(slurp(a + "/" + f) == slurp(b + "/" + f));
  }
  REQUIRE(slurp(a + "/uet-monitor.csv").find(",ReTx,") != std::string::npos);
}

#ifdef UETLB_WITH_RTL
TEST_CASE("sim engines: the model and the RTL core give identical records on a small scenario", "[sim][rtl]") {
  for (auto t : {uetlb::SprayingType::Reps, uetlb::SprayingType::Default}) {
    const Scenario s = small(t);
    const std::string m = tmpdir("engine_model");
    Fabric fm(s, model_factory());
    fm.set_monitor(true);
    const RunSummary sm = fm.run();
    fm.write_records(m);
    REQUIRE(sm.completed == sm.messages);
    // Both builds of the core: the fast one (the default) and the checked one (every assertion on).
    for (auto checks : {uetlb::RtlChecks::Off, uetlb::RtlChecks::On}) {
      INFO("checks " << (checks == uetlb::RtlChecks::On ? "on" : "off"));
      const std::string r = tmpdir("engine_rtl");
      Fabric fr(s, [checks](const uetlb::Config& c, std::uint32_t) {
        return uetlb::make_rtl_engine(c, uetlb::rtl_model_options(), "", checks);
      });
      fr.set_monitor(true);
      fr.run();
      fr.write_records(r);
      for (const char* f : {"uet-monitor.csv", "uet-transport-stats.csv", "scala-switch-load-balancing-stats.csv",
                            "messages.csv", "failed-link-drops.csv"}) {
        INFO(f);
        REQUIRE(slurp(m + "/" + f) == slurp(r + "/" + f));
      }
    }
  }
}
#endif

TEST_CASE("sim fat tree: a k = 4 fat tree delivers every message, also around a failed aggregation-core link",
          "[sim][fattree]") {
  Scenario s = Scenario::from_json(
      R"({"Topology":"fat-tree","K":4,"MessageBytes":131072,"Workload":"all-to-all",
          "LinkFailures":[{"From":"agg0.0","To":"core0","At":"2us"}],"Reconvergence":"20us",
          "Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}})",
      "ft.json");
  REQUIRE(s.hosts() == 16);
  REQUIRE(s.messages.size() == 240);
  Fabric f(s, model_factory());
  const RunSummary r = f.run();
  REQUIRE(r.completed == r.messages);
  REQUIRE(r.drops_failed_link > 0);  // traffic did cross the failed link before routing moved off it
  // A link that does not exist is named in the error.
  Scenario bad = s;
  bad.failures = {{"agg0.0", "core3", 0}};  // agg j connects to cores j*k/2 .. j*k/2 + k/2 - 1 only
  REQUIRE_THROWS_WITH(Fabric(bad, model_factory()), Catch::Contains("no link between agg0.0 and core3"));
  bad.failures = {{"leaf9", "spine0", 0}};
  REQUIRE_THROWS_WITH(Fabric(bad, model_factory()), Catch::Contains("'leaf9' is not a switch"));
}

TEST_CASE("sim congestion control: a DCTCP-like window keeps an incast's queues shorter than a fixed window",
          "[sim][cc]") {
  Scenario s = Scenario::from_json(R"({"Workload":"incast","IncastSenders":8,"MessageBytes":4194304})", "incast.json");
  const RunSummary fixed = Fabric(s, model_factory()).run();
  s.congestion_control = "dctcp";
  const RunSummary dctcp = Fabric(s, model_factory()).run();
  REQUIRE(fixed.completed == fixed.messages);
  REQUIRE(dctcp.completed == dctcp.messages);
  REQUIRE(fixed.ecn_marks > 0);
  REQUIRE(dctcp.ecn_marks < fixed.ecn_marks);
  REQUIRE(dctcp.trims + dctcp.drops_queue <= fixed.trims + fixed.drops_queue);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"CongestionControl":"cubic"})", "t"),
                      Catch::Contains("'CongestionControl'"));
}

TEST_CASE("sim degraded links: slowed, lossy and transient failures", "[sim][failures]") {
  auto run = [](const std::string& failures) {
    Scenario s = Scenario::from_json(R"({"Leaves":2,"Spines":2,"HostsPerLeaf":2,"MessageBytes":2097152,
        "Reconvergence":"40us","LinkFailures":)" +
                                         failures + "}",
                                     "degraded.json");
    return Fabric(s, model_factory()).run();
  };
  const RunSummary healthy = run("[]");
  // A link slowed to a quarter: nothing lost, the flows crossing it finish later.
  const RunSummary slow = run(R"([{"Leaf":0,"Spine":1,"At":0,"RateFactor":0.25}])");
  REQUIRE(healthy.completed == healthy.messages);
  REQUIRE(slow.completed == slow.messages);
  REQUIRE(slow.drops_failed_link + slow.drops_lossy_link == 0);
  REQUIRE(slow.fct_max_us > 1.2 * healthy.fct_max_us);
  // A lossy link: packets are lost on it (routing does not notice) and sent again; the same seed loses
  // the same packets.
  const RunSummary lossy = run(R"([{"Leaf":0,"Spine":1,"At":0,"LossProbability":0.05}])");
  REQUIRE(lossy.completed == lossy.messages);
  REQUIRE(lossy.drops_lossy_link > 0);
  REQUIRE(lossy.drops_failed_link == 0);
  REQUIRE(lossy.retransmissions > 0);
  const RunSummary again = run(R"([{"Leaf":0,"Spine":1,"At":0,"LossProbability":0.05}])");
  REQUIRE(again.drops_lossy_link == lossy.drops_lossy_link);
  REQUIRE(again.retransmissions == lossy.retransmissions);
  // A link down from 2 us: until routing moves off it at 42 us, or only until it is whole again at 10 us.
  const RunSummary down = run(R"([{"Leaf":0,"Spine":1,"At":"2us"}])");
  const RunSummary transient = run(R"([{"Leaf":0,"Spine":1,"At":"2us","Until":"10us"}])");
  REQUIRE(down.completed == down.messages);
  REQUIRE(transient.completed == transient.messages);
  REQUIRE(transient.drops_failed_link > 0);
  REQUIRE(transient.drops_failed_link < down.drops_failed_link);
  // Bad values are named.
  auto msg = [](const std::string& f) {
    try {
      Scenario::from_json(R"({"LinkFailures":[)" + f + "]}", "bad.json");
    } catch (const uetlb::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  REQUIRE_THAT(msg(R"({"Leaf":0,"Spine":0,"At":0,"RateFactor":0})"), Catch::Contains("'LinkFailures.RateFactor'"));
  REQUIRE_THAT(msg(R"({"Leaf":0,"Spine":0,"At":0,"LossProbability":1})"),
               Catch::Contains("'LinkFailures.LossProbability'"));
  REQUIRE_THAT(msg(R"({"Leaf":0,"Spine":0,"At":"5us","Until":"5us"})"), Catch::Contains("'LinkFailures.Until'"));
  REQUIRE_THAT(msg(R"({"Leaf":0,"Spine":0,"At":0,"Rate":0.5})"), Catch::Contains("LinkFailures"));
  // The verification-only switch parses, and only as a boolean.
  REQUIRE(Scenario::from_json(R"({"VerificationFreezingOff":true})", "t").verification_freezing_off);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"VerificationFreezingOff":1})", "t"),
                      Catch::Contains("'VerificationFreezingOff'"));
}

TEST_CASE("sim links: a switch's port launches a lone packet, one event a hop, and a failure on the wire loses it",
          "[sim][failures]") {
  // One 1,088-byte packet each way between two leaves over one spine at 1 Gb/s (8,704 ns on the wire), links
  // 2 us long. Host 0's packet is on leaf 0's wire to the spine from 10,704 to 19,408 ns; host 1's reaches
  // the spine at 21,408 ns and is sent down to leaf 0 then.
  auto run = [](const std::string& at, const std::string& until) {
    Scenario s = Scenario::from_json(R"({"Leaves":2,"Spines":1,"HostsPerLeaf":1,"LinkRate":"1Gbps",
        "LinkDelay":"2us","MessageBytes":1000,"Nic":{"PacketSprayingType":"None"},
        "LinkFailures":[{"Leaf":0,"Spine":0,"At":")" +
                                         at + R"(","Until":")" + until + R"("}]})",
                                     "wire.json");
    return Fabric(s, model_factory()).run();
  };
  // Whole again before host 0's last bit leaves: both packets arrive; nothing is resent.
  const RunSummary whole = run("13us", "19us");
  REQUIRE((whole.completed == 2 && whole.drops_failed_link == 0 && whole.retransmissions == 0));
  // A hop is one event (its arrival) where nothing waits behind the packet; a NIC's port also ends its
  // transmission (its senders wake). The old two events a hop would be at least 2 x packet_hops.
  REQUIRE(whole.packet_hops == 16);
  REQUIRE(whole.events < 2 * whole.packet_hops);
  // Still down when it leaves (at the last bit itself too): lost on the wire; host 1's packet, offered to
  // the failed link, is dropped there. Both are sent again and arrive.
  for (const char* at : {"13us", "19.408us"}) {
    const RunSummary lost = run(at, "30us");
    REQUIRE((lost.completed == 2 && lost.drops_failed_link == 2 && lost.retransmissions == 2));
  }
  // Down from just before host 0's packet reaches the leaf to 12 us: the leaf drops it as it comes (a failed
  // link takes nothing); host 1's comes after.
  const RunSummary early = run("10.703us", "12us");
  REQUIRE((early.completed == 2 && early.drops_failed_link == 1 && early.retransmissions == 1));
}

TEST_CASE("sim transport: around a failed link REPS's early failures resend what was lost, on good paths",
          "[sim][transport]") {
  // k = 4 fat tree, 2 MiB permutation, switches that do not polarize; one aggregation-core link down from
  // the start (routing moves off it after 200 us, long after the messages would be done).
  auto run = [](const std::string& type, const std::string& extra) {
    Scenario s = Scenario::from_json(R"({"Topology":"fat-tree","K":4,"MessageBytes":2097152,
        "EcmpHashMethod":"crc32WithSalt","Nic":{"PacketSprayingType":")" +
                                         type + "\"}" + extra + "}",
                                     "t.json");
    return Fabric(s, model_factory()).run();
  };
  const std::string down = R"(,"LinkFailures":[{"From":"agg0.0","To":"core0","At":0}])";
  const std::string resend = R"(,"RetransmitOnEfd":true)";  // the option; the product's NIC resends nothing
  const RunSummary healthy = run("Recycled Entropy Packet Spraying", resend);
  const RunSummary reps = run("Recycled Entropy Packet Spraying", down + resend);
  const RunSummary dflt = run("Default Packet Spraying", down);
  REQUIRE(healthy.completed == healthy.messages);
  REQUIRE(reps.completed == reps.messages);
  REQUIRE(healthy.retransmissions == 0);
  REQUIRE(healthy.efd_fired == 0);  // the NIC sends as its port frees: no early failure without a loss
  REQUIRE(reps.efd_retransmits > 0);
  REQUIRE(2 * reps.retransmissions <= dflt.retransmissions);
  REQUIRE(reps.fct_max_us <= 1.5 * healthy.fct_max_us);
  REQUIRE(dflt.fct_max_us > 1.5 * healthy.fct_max_us);  // Default waits for timeouts and reconvergence
  // Without resending on early failures, the lost packets wait for the retransmission timeout.
  const RunSummary no_efd = run("Recycled Entropy Packet Spraying", down);
  REQUIRE(no_efd.efd_retransmits == 0);
  REQUIRE(no_efd.timeouts > reps.timeouts);
  REQUIRE(no_efd.fct_max_us > reps.fct_max_us);
  // Without NIC pacing, packets queue in the NIC behind the window's burst and early failures fire
  // on packets that were not lost.
  const RunSummary unpaced = run("Recycled Entropy Packet Spraying", R"(,"NicPacing":false,"Rto":"1ms")" + resend);
  REQUIRE(unpaced.efd_fired > 0);
  REQUIRE(unpaced.drops_queue + unpaced.drops_failed_link + unpaced.drops_lossy_link == 0);
}

TEST_CASE("sim ECMP: SPEC's salted hashes decorrelate the fat tree's tiers, a prepended salt polarizes",
          "[sim][ecmp]") {
  auto imbalance = [](const std::string& method) {
    Scenario s = Scenario::from_json(R"({"Topology":"fat-tree","K":8,"MessageBytes":262144,"EcmpHashMethod":")" +
                                         method + "\",\"Nic\":{\"PacketSprayingType\":\"Default Packet Spraying\"}}",
                                     "t.json");
    return Fabric(s, model_factory()).run().ecmp_imbalance;
  };
  REQUIRE(imbalance("crc32SaltPrepended") > 2.0);
  REQUIRE(imbalance("crc32WithSalt") < 1.5);
  REQUIRE(imbalance("hashWithSalt") < 1.5);
  // SPEC section 10's formulas, with fmix32 written out here: fmix32(unsalted hash XOR salt).
  auto fmix = [](std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x85EBCA6BU;
    h ^= h >> 13;
    h *= 0xC2B2AE35U;
    return h ^ (h >> 16);
  };
  const FlowTuple t{0x0A000001, 0x0A000002, 300, 4793};
  const auto b = t.bytes();
  REQUIRE(flow_hash(HashMethod::Crc32WithSalt, t, 7) == fmix(crc32(b.data(), b.size()) ^ 7));
  REQUIRE(flow_hash(HashMethod::HashWithSalt, t, 7) == fmix(fnv1a32(b.data(), b.size()) ^ 7));
  REQUIRE(flow_hash(HashMethod::DprWithFallback, t, 9) == flow_hash(HashMethod::Crc32WithSalt, t, 9));
  REQUIRE(flow_hash(HashMethod::Crc32WithSalt, t, 7) != flow_hash(HashMethod::Crc32WithSalt, t, 8));
  REQUIRE(flow_hash(HashMethod::Crc32, t, 7) == flow_hash(HashMethod::Crc32, t, 8));  // unsalted
}

TEST_CASE("sim congestion control: both NSCCs keep an incast's queues shorter than a fixed window", "[sim][cc]") {
  Scenario s = Scenario::from_json(R"({"Workload":"incast","IncastSenders":8,"MessageBytes":4194304})", "incast.json");
  const RunSummary fixed = Fabric(s, model_factory()).run();
  s.congestion_control = "nscc";
  const RunSummary nscc = Fabric(s, model_factory()).run();
  REQUIRE(nscc.completed == nscc.messages);
  REQUIRE(nscc.trims + nscc.drops_queue < fixed.trims + fixed.drops_queue);
  REQUIRE(nscc.ecn_marks < fixed.ecn_marks);
  s.congestion_control = "nscc-uec";  // the UEC's NSCC: the same, through its quick adapt and decreases
  const RunSummary uec = Fabric(s, model_factory()).run();
  REQUIRE(uec.completed == uec.messages);
  REQUIRE(uec.trims + uec.drops_queue < fixed.trims + fixed.drops_queue);
  REQUIRE(uec.ecn_marks < fixed.ecn_marks);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"CongestionControl":"nscc-x"})", "t"),
                      Catch::Contains("'CongestionControl'") && Catch::Contains("\"nscc-uec\""));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"NsccTargetDelay":0})", "t"), Catch::Contains("'NsccTargetDelay'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"NsccMaxWindowBdp":0.5})", "t"), Catch::Contains("'NsccMaxWindowBdp'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"PriorityControl":"yes"})", "t"), Catch::Contains("'PriorityControl'"));
}

TEST_CASE(
    "sim switches: an ECN ramp marks fewer packets than a step, and trimming the last queued packet "
    "shares the trims",
    "[sim][profile]") {
  Scenario s = Scenario::from_json(R"({"Workload":"incast","IncastSenders":8,"MessageBytes":1048576})", "incast.json");
  const RunSummary step = Fabric(s, model_factory()).run();
  s.ecn_max_bytes = s.queue_bytes;  // from 0 at EcnBytes to 1 at the queue's size
  const RunSummary ramp = Fabric(s, model_factory()).run();
  REQUIRE(step.completed == step.messages);
  REQUIRE(ramp.completed == ramp.messages);
  REQUIRE(ramp.ecn_marks > 0);
  REQUIRE(ramp.ecn_marks < step.ecn_marks);
  // The same run again: the switches' draws come from the scenario's seed.
  REQUIRE(Fabric(s, model_factory()).run().ecn_marks == ramp.ecn_marks);
  // A queued packet trimmed arrives after later ones: more reordering. The effect is under 1 % of the
  // out-of-order events and one run's tie order moves them by as much, so it is summed over six seeds.
  std::uint64_t ooo_arriving = 0, ooo_either = 0;
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    Scenario t = Scenario::from_json(R"({"Workload":"incast","IncastSenders":8,"MessageBytes":1048576})", "t.json");
    t.seed = seed;
    const RunSummary arriving = Fabric(t, model_factory()).run();
    t.trim_either = true;
    const RunSummary either = Fabric(t, model_factory()).run();
    REQUIRE(arriving.trims > 0);
    REQUIRE(either.trims > 0);
    REQUIRE(either.completed == either.messages);
    REQUIRE(either.drops_queue == 0);
    ooo_arriving += arriving.ooo_events;
    ooo_either += either.ooo_events;
  }
  REQUIRE(ooo_either > ooo_arriving);
}

TEST_CASE("sim switches: a slowed link's full queue drops no ACK, NACK or header, a full control queue does",
          "[sim][profile]") {
  // Two core links into agg0.0 slowed to 25 %, their queues scaled to exactly 10 data packets (htsim's
  // -q 500 at 1,024 nodes holds exactly 125): while such a queue is full, control packets have room in
  // their own queue (twice QueueBytes under the htsim profile). Before they had a queue limit of their own,
  // this run dropped 690 of them, each a timeout.
  const std::string base =
      R"({"Topology":"fat-tree","K":4,"MessageBytes":2097152,"LinkRate":"100Gbps","Profile":"htsim",)"
      R"("QueueBytes":166000,"LinkFailures":[{"From":"core0","To":"agg0.0","At":0,"RateFactor":0.25,"OneWay":true},)"
      R"({"From":"core1","To":"agg0.0","At":0,"RateFactor":0.25,"OneWay":true}])";
  const RunSummary own = Fabric(Scenario::from_json(base + "}", "o"), model_factory()).run();
  REQUIRE(own.completed == own.messages);
  REQUIRE(own.trims > 0);
  REQUIRE((own.drops_control == 0 && own.drops_queue == 0 && own.timeouts == 0));
  // A control queue of ten headers overflows: its drops are counted as control drops, not data drops.
  const RunSummary small =
      Fabric(Scenario::from_json(base + R"(,"ControlQueueBytes":640})", "s"), model_factory()).run();
  REQUIRE(small.completed == small.messages);
  REQUIRE(small.drops_control > 0);
  REQUIRE(small.drops_queue == 0);
  REQUIRE(small.timeouts > 0);
}

TEST_CASE("sim degraded links: one direction only, and a degraded queue scaled with its rate", "[sim][profile]") {
  const std::string base =
      R"({"Topology":"fat-tree","K":4,"MessageBytes":262144,"LinkRate":"100Gbps","Profile":"htsim","LinkFailures":[)";
  // Slowing core0 -> agg0.0 only leaves the other direction at full rate: fewer packets wait than when both
  // directions are slowed.
  const RunSummary both =
      Fabric(Scenario::from_json(base + R"({"From":"core0","To":"agg0.0","At":0,"RateFactor":0.1}]})", "b"),
             model_factory())
          .run();
  const RunSummary one = Fabric(Scenario::from_json(base + R"({"From":"core0","To":"agg0.0","At":0,"RateFactor":0.1,)"
                                                           R"("OneWay":true}]})",
                                                    "o"),
                                model_factory())
                             .run();
  REQUIRE(both.completed == both.messages);
  REQUIRE(one.completed == one.messages);
  REQUIRE(one.fct_max_us < both.fct_max_us);
  // With the degraded queue scaled to a tenth, it trims earlier than at full size.
  Scenario full =
      Scenario::from_json(base + R"({"From":"core0","To":"agg0.0","At":0,"RateFactor":0.1,"OneWay":true}]})", "f");
  full.scale_degraded_queues = false;
  const RunSummary unscaled = Fabric(full, model_factory()).run();
  REQUIRE(one.trims > unscaled.trims);
  REQUIRE_THROWS_WITH(
      Scenario::from_json(R"({"LinkFailures":[{"From":"leaf0","To":"spine1","At":0,"OneWay":true}]})", "t"),
      Catch::Contains("'LinkFailures.OneWay'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ScaleDegradedQueues":1})", "t"),
                      Catch::Contains("'ScaleDegradedQueues'"));
}
