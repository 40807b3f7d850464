// The fabric simulator's inputs: scenario files (values, workloads, profiles, the product NIC's defaults
// and the errors a bad file gets), message lists, and the memory estimate a scenario is checked against.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "helpers.hpp"
#include "uetsim/fabric.hpp"
#include "uetsim/port.hpp"

using namespace uetsim;

namespace {

using test::model_factory;

}  // namespace

TEST_CASE("sim scenario file: values, workloads and errors", "[sim][scenario]") {
  const Scenario s = Scenario::from_json(
      R"({"Leaves":2,"Spines":3,"HostsPerLeaf":4,"LinkRate":"100Gbps","EcmpHashMethod":"hash","Workload":"incast",
          "IncastSenders":5,"MessageBytes":8192,"LinkFailures":[{"Leaf":1,"Spine":2,"At":"3us"}],
          "Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"},"Rto":"30us"})",
      "t.json");
  REQUIRE(s.hosts() == 8);
  REQUIRE(s.messages.size() == 5);
  REQUIRE(s.lb.link_rate_bps == 100'000'000'000ULL);  // the NIC's W follows the fabric's rate
  REQUIRE(s.failures[0].at == 3'000);
  REQUIRE(s.failures[0].a == "leaf1");
  REQUIRE(Scenario::from_json(R"({"Workload":"all-to-all","Leaves":2,"HostsPerLeaf":2})", "t").messages.size() == 12);
  const Scenario ring = Scenario::from_json(R"({"Workload":"ring","MessageBytes":262144})", "t");
  REQUIRE(ring.messages.size() == 2 * 15 * 16);  // 2(n-1) steps of n chunks
  REQUIRE(ring.messages[16].after == 15);        // host 0, step 1, waits for host 15 step 0
  REQUIRE(Fabric(ring, model_factory()).run().completed == ring.messages.size());
  const Scenario flow = Scenario::from_json(
      R"({"LoadBalancingMethod":"flowlet","Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}})", "t");
  REQUIRE(flow.warnings().size() == 1);
  REQUIRE(Fabric(flow, model_factory()).run().completed == 16);  // the run continues

  auto msg = [](const std::string& text) {
    try {
      Scenario::from_json(text, "bad.json");
    } catch (const uetlb::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  REQUIRE_THAT(msg(R"({"Spine":4})"), Catch::Contains("unknown scenario key 'Spine'"));
  REQUIRE_THAT(msg(R"({"EcmpHashMethod":"crc64"})"), Catch::Contains("'EcmpHashMethod'"));
  REQUIRE_THAT(msg(R"({"LinkFailures":[{"Leaf":0,"Spine":0,"At":0,"X":1}]})"), Catch::Contains("LinkFailures"));
  REQUIRE_THAT(msg(R"({"Workload":"shuffle"})"), Catch::Contains("'Workload'"));
  REQUIRE_THAT(msg(R"({"Nic":{"EntropyMaskBits":9}})"), Catch::Contains("'EntropyMaskBits': 9"));
  REQUIRE_THAT(msg(R"({"Workload":"list","MessageList":"/nonexistent.csv"})"),
               Catch::Contains("'MessageList': '/nonexistent.csv' does not exist"));
  REQUIRE_THAT(msg(R"({"Oversubscription":0.5})"), Catch::Contains("'Oversubscription'"));
  REQUIRE_THAT(msg(R"({"Leaves":2,"Leaves":3})"), Catch::Contains("key 'Leaves' is given twice"));
  REQUIRE_THAT(msg(R"({"Nic":{"Seed":2,"Seed":3}})"), Catch::Contains("key 'Seed' is given twice"));
  REQUIRE_THAT(msg(R"({"MessageBytes":1e309})"), Catch::Contains("bad.json: a number does not fit"));
  REQUIRE_THAT(msg(std::string("{\"Leaves\":2}\0{}", 15)), Catch::Contains("byte 13 is a NUL byte"));
  REQUIRE_THAT(msg(R"({"Workload":"list"})"), Catch::Contains("needs the scenario key 'MessageList'"));
  REQUIRE_THAT(msg(R"({"MessageList":"m.csv"})"), Catch::Contains("'MessageList' is given but 'Workload' is"));
  REQUIRE_THAT(msg(R"({"QueueBytes":100000,"TrimBytes":100000,"EcnBytes":200000})"),
               Catch::Contains("'EcnBytes': 200000"));
  REQUIRE_THAT(msg(R"({"MaxTime":0})"), Catch::Contains("'MaxTime': 0"));
  REQUIRE_THAT(msg(R"({"Workload":"ring","MessageBytes":1})"), Catch::Contains("'MessageBytes': 1 is outside >="));
  const Scenario late =
      Scenario::from_json(R"({"MaxTime":"1us","LinkFailures":[{"Leaf":0,"Spine":0,"At":"2us"}]})", "t");
  REQUIRE(late.warnings().size() == 1);
  REQUIRE_THAT(late.warnings()[0], Catch::Contains("comes after MaxTime"));
}

TEST_CASE("sim memory estimate: the network, per-peer counters and per-packet state grow as the scenario does",
          "[sim][limits]") {
  const Scenario small = Scenario::from_json(R"({"MessageBytes":40960})", "t");  // 16 hosts, 10 packets each
  const std::uint64_t s = memory_estimate(small, true);
  REQUIRE(s > 16 * 16 * 4 + 16 * 10 * 24);
  REQUIRE(s < 1'000'000);
  REQUIRE(memory_estimate(small, false) < s);  // the monitor rows count
  const Scenario big = Scenario::from_json(R"({"Topology":"fat-tree","K":64,"MessageBytes":1073741824})", "t");
  REQUIRE(memory_estimate(big, true) > (1ULL << 40));  // 65,536 hosts x 1 GiB: refused by uet-fabric
  // No term grows with hosts squared: 65,536 hosts with 2 MiB each fit in 16 GiB (issue: the scale goal).
  const Scenario wide = Scenario::from_json(R"({"Topology":"fat-tree","K":64,"MessageBytes":2097152})", "t");
  REQUIRE(memory_estimate(wide, false) < (16ULL << 30));
  // The network counts: a k = 64 fat tree has 393,216 ports (their queues allocate nothing while empty).
  const Scenario net = Scenario::from_json(R"({"Topology":"fat-tree","K":64,"MessageBytes":64})", "t");
  REQUIRE(memory_estimate(net, false) > 393'216ULL * sizeof(Port));
  REQUIRE(memory_estimate(net, false) < 393'216ULL * (sizeof(Port) + 1'152));  // no empty std::deque counted
}

TEST_CASE("sim message list: every row checked, named by file and line", "[sim][scenario][errors]") {
  const std::string dir = UETSIM_TEST_TMP;
  std::filesystem::create_directories(dir);
  auto msg = [&](const std::string& rows) {
    const std::string path = dir + "/list.csv";
    std::ofstream(path) << rows;
    try {
      Scenario::from_json(R"({"Workload":"list","MessageList":")" + path + R"("})", "t.json");
    } catch (const uetlb::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string hdr = "start_ns,src,dst,bytes\n";
  REQUIRE(msg("\xEF\xBB\xBF" + hdr + "0,0,1,100\n") == "no error");  // a byte order mark is taken
  REQUIRE_THAT(msg(hdr + "0,0,1,-1\n"),
               Catch::Contains("list.csv:2: bytes '-1' is not an integer in 0..1099511627776"));
  REQUIRE_THAT(msg(hdr + "0,4294967296,1,10\n"), Catch::Contains(":2: src '4294967296' is not an integer in 0..15"));
  REQUIRE_THAT(msg(hdr + "0,0,16,10\n"), Catch::Contains(":2: dst '16'"));
  REQUIRE_THAT(msg(hdr + "0,0,1,10,7\n"), Catch::Contains(":2: expected 4 fields"));
  REQUIRE_THAT(msg(hdr + "0,0,1,10,\n"), Catch::Contains(":2: expected 4 fields"));
  REQUIRE_THAT(msg(hdr + "0,3,3,10\n"), Catch::Contains(":2: src and dst are both host 3"));
  REQUIRE_THAT(msg(hdr + "0,0,1,0\n"), Catch::Contains(":2: bytes '0'"));
  REQUIRE_THAT(msg(hdr), Catch::Contains("holds no message"));
  REQUIRE_THAT(msg(""), Catch::Contains("list.csv: the message list is empty"));
}

TEST_CASE("sim NIC defaults: the product's NIC unless an option says otherwise", "[sim][nic]") {
  const Scenario d = Scenario::default_scenario();
  REQUIRE(!d.retransmit_on_efd);
  REQUIRE(!d.feedback_every_packet);
  REQUIRE(d.lb.initial_base_rtt_ns == 6'000);  // SPEC's InitialBaseRTT, not the fabric's path RTT
  const Scenario path = Scenario::from_json(R"({"BaseRttFromPath":true})", "t");
  REQUIRE(path.lb.initial_base_rtt_ns == path.path_rtt_ns());
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"BaseRttFromPath":true,"Nic":{"InitialBaseRTT":"5us"}})", "t"),
                      Catch::Contains("give one"));
  // Each NIC's PRNG from the scenario seed, the configured seed and the NIC number: all differ, and the
  // scenario's Seed changes them.
  std::set<std::uint32_t> seeds;
  for (std::uint32_t n = 0; n < 1024; ++n) seeds.insert(nic_seed(1, 1, n));
  REQUIRE(seeds.size() == 1024);
  REQUIRE(nic_seed(1, 1, 0) != nic_seed(2, 1, 0));
  REQUIRE(nic_seed(1, 1, 0) != nic_seed(1, 2, 0));
  REQUIRE(nic_seed(1, 1, 5) == nic_seed(1, 1, 5));
  // The product's NIC resends nothing on an early failure.
  Scenario s = Scenario::from_json(R"({"Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}})", "t");
  s.failures = d.failures;
  const RunSummary product = Fabric(s, model_factory()).run();
  REQUIRE(product.completed == product.messages);
  REQUIRE(product.efd_retransmits == 0);
  // Feedback only for outstanding packets: with early failures resent on packets that were only late
  // (unpaced NICs), both copies are acknowledged, and the second ACK reaches no load balancer by default.
  s = Scenario::from_json(R"({"Topology":"fat-tree","K":4,"MessageBytes":2097152,"RetransmitOnEfd":true,
      "NicPacing":false,"Rto":"1ms","Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}})",
                          "t");
  const RunSummary late = Fabric(s, model_factory()).run();
  s.feedback_every_packet = true;
  const RunSummary every = Fabric(s, model_factory()).run();
  REQUIRE(late.efd_retransmits > 0);
  REQUIRE(late.lb_feedback < every.lb_feedback);
}

TEST_CASE("sim profile htsim: htsim's defaults where the file is silent, the file's keys where it is not",
          "[sim][profile]") {
  const Scenario h =
      Scenario::from_json(R"({"Profile":"htsim","Topology":"fat-tree","K":4,"LinkRate":"400Gbps"})", "h");
  // 4,150-byte packets, 1 us links, the base RTT from the path, the UEC's NSCC at 1.5 BDP aiming at 0.75
  // RTT, 64 entropy values.
  REQUIRE(h.lb.rdma_data_mss + uetlb::kPacketOverheadBytes == 4150);
  REQUIRE(h.link_delay_ns == 1'000);
  REQUIRE(h.base_rtt_from_path);
  REQUIRE(h.lb.initial_base_rtt_ns == h.path_rtt_ns());
  REQUIRE(h.congestion_control == "nscc-uec");
  REQUIRE(h.lb.entropy_mask_bits == 6);
  REQUIRE(h.lb.entropy_value_set_size == 64);
  REQUIRE(h.window_bdp == 1.5);
  REQUIRE(h.nscc_max_window_bdp == 1.5);
  REQUIRE(h.nscc_target_delay_ns == h.path_rtt_ns() * 3 / 4);
  // One-BDP queues that trim when full (either victim); ECN from 0.2 to 0.8 BDP; RTO 15 us + 6 drains.
  const auto bdp = static_cast<std::uint64_t>(400e9 * static_cast<double>(h.path_rtt_ns()) / 8e9);
  REQUIRE(h.queue_bytes == bdp);
  REQUIRE(h.trim_bytes == h.queue_bytes);
  REQUIRE(h.trim_either);
  REQUIRE(h.ecn_bytes == h.queue_bytes / 5);
  REQUIRE(h.ecn_max_bytes == h.queue_bytes * 4 / 5);
  REQUIRE(h.rto_ns == 15'000 + 6 * static_cast<TimeNs>(static_cast<double>(h.queue_bytes) * 8e9 / 400e9));
  // A key the file sets wins over the profile's.
  const Scenario o =
      Scenario::from_json(R"({"Profile":"htsim","LinkDelay":500,"Rto":"60us","QueueBytes":200000})", "o");
  REQUIRE(o.link_delay_ns == 500);
  REQUIRE(o.rto_ns == 60'000);
  REQUIRE(o.queue_bytes == 200'000);
  REQUIRE(o.trim_bytes == 200'000);
  // ECN stays at 0.2 to 0.8 BDP whatever the queue (htsim's -q changes neither), within the queue.
  const auto obdp = static_cast<std::uint64_t>(400e9 * static_cast<double>(o.path_rtt_ns()) / 8e9);
  REQUIRE(o.ecn_bytes == obdp / 5);
  REQUIRE(o.ecn_max_bytes == std::min<std::uint64_t>(obdp * 4 / 5, 200'000));
  const Scenario big = Scenario::from_json(R"({"Profile":"htsim","QueueBytes":2075000})", "q");
  const auto bbdp = static_cast<std::uint64_t>(400e9 * static_cast<double>(big.path_rtt_ns()) / 8e9);
  REQUIRE(big.ecn_bytes == bbdp / 5);
  REQUIRE(big.ecn_max_bytes == bbdp * 4 / 5);
  const Scenario small = Scenario::from_json(R"({"Profile":"htsim","QueueBytes":20000})", "s");
  REQUIRE(small.ecn_bytes == 20'000);
  REQUIRE(small.ecn_max_bytes == 0);
  const Scenario nic = Scenario::from_json(
      R"({"Profile":"htsim","CongestionControl":"nscc","Nic":{"EntropyMaskBits":8,"EntropyValueSetSize":1000}})", "n");
  REQUIRE(nic.congestion_control == "nscc");
  REQUIRE(nic.lb.entropy_mask_bits == 8);
  REQUIRE(nic.lb.entropy_value_set_size == 1000);
  // Without a profile the product's NIC and this fabric's switches stay as they were.
  const Scenario d = Scenario::from_json("{}", "d");
  REQUIRE(d.profile.empty());
  REQUIRE(d.ecn_max_bytes == 0);
  REQUIRE_FALSE(d.trim_either);
  REQUIRE(d.lb.rdma_data_mss == 4096);
  REQUIRE(d.lb.entropy_mask_bits == 7);
  REQUIRE(d.lb.entropy_value_set_size == 65536);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"Profile":"ns3"})", "t"), Catch::Contains("'Profile'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"TrimVictim":"oldest"})", "t"), Catch::Contains("'TrimVictim'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"EcnAt":"middle"})", "t"), Catch::Contains("'EcnAt'"));
  REQUIRE(Scenario::from_json(R"({"EcnAt":"dequeue"})", "t").ecn_on_dequeue);
  REQUIRE(Scenario::from_json(R"({"Profile":"htsim"})", "t").ecn_on_dequeue);
  REQUIRE_FALSE(Scenario::from_json(R"({"Profile":"htsim","EcnAt":"enqueue"})", "t").ecn_on_dequeue);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"EcnBytes":100000,"EcnMaxBytes":100000})", "t"),
                      Catch::Contains("'EcnMaxBytes'"));
}

TEST_CASE("sim scenario: ControlQueueBytes read, by default from QueueBytes (twice it under htsim), checked",
          "[sim][scenario][profile]") {
  // Unset: as large as the data queue (the product's switches), twice it under the htsim profile, following
  // QueueBytes wherever it comes from.
  const Scenario d = Scenario::from_json("{}", "d");
  REQUIRE(d.control_queue_limit() == d.queue_bytes);
  REQUIRE(Scenario::from_json(R"({"QueueBytes":2000000})", "q").control_queue_limit() == 2'000'000);
  const Scenario h = Scenario::from_json(R"({"Profile":"htsim"})", "h");
  REQUIRE(h.control_queue_limit() == 2 * h.queue_bytes);
  REQUIRE(Scenario::from_json(R"({"Profile":"htsim","QueueBytes":200000})", "q").control_queue_limit() == 400'000);
  // Given: the file's value, under either profile, and the switches' rules take it.
  const Scenario g = Scenario::from_json(R"({"ControlQueueBytes":6400})", "g");
  REQUIRE(g.control_queue_limit() == 6'400);
  REQUIRE(QueueRules::of(g).control_bytes == 6'400);
  REQUIRE(QueueRules::of(h).control_bytes == 2 * h.queue_bytes);
  REQUIRE(Scenario::from_json(R"({"Profile":"htsim","ControlQueueBytes":64})", "g").control_queue_limit() == 64);
  REQUIRE(Scenario::from_json(R"({"ControlQueueBytes":1099511627776})", "g").control_queue_limit() == (1ULL << 40));
  // Refused with the key, the value and the range: below one header, above 2^40, not an integer.
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ControlQueueBytes":63})", "t"),
                      Catch::Contains("'ControlQueueBytes': 63") && Catch::Contains("64..1099511627776"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ControlQueueBytes":1099511627777})", "t"),
                      Catch::Contains("'ControlQueueBytes': 1099511627777"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ControlQueueBytes":0})", "t"), Catch::Contains("'ControlQueueBytes'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ControlQueueBytes":"1MB"})", "t"),
                      Catch::Contains("'ControlQueueBytes'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ControlQueueBytes":-1})", "t"), Catch::Contains("'ControlQueueBytes'"));
}
