// Chakra execution traces: written here with the same schema and the protobuf library, read by the fabric,
// run, and refused with a clear error when malformed or inconsistent.
#include <google/protobuf/util/delimited_message_util.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "chakra_et.pb.h"
#include "helpers.hpp"
#include "uetsim/fabric.hpp"

using namespace uetsim;
namespace pb = uetsim::chakra;

namespace {

std::string tmp_prefix(const std::string& name) {
  const std::string d = std::string(UETSIM_TEST_TMP) + "/chakra";
  std::filesystem::create_directories(d);
  for (int r = 0; r < 16; ++r) std::remove((d + "/" + name + "." + std::to_string(r) + ".et").c_str());
  return d + "/" + name;
}

// A small trace writer: nodes per rank, each file a GlobalMetadata and then the nodes, length-delimited.
struct Writer {
  std::map<int, std::vector<pb::Node>> ranks;
  pb::Node& add(int rank, std::uint64_t id, pb::NodeType type, std::vector<std::uint64_t> deps = {}) {
    pb::Node n;
    n.set_id(id);
    n.set_name("n" + std::to_string(id));
    n.set_type(type);
    for (auto d : deps) n.add_data_deps(d);
    ranks[rank].push_back(n);
    return ranks[rank].back();
  }
  static void attr_int(pb::Node& n, const std::string& name, std::int64_t v, bool as64 = true) {
    auto* a = n.add_attr();
    a->set_name(name);
    if (as64) {
      a->set_int64_val(v);
    } else {
      a->set_int32_val(static_cast<std::int32_t>(v));
    }
  }
  pb::Node& comp(int rank, std::uint64_t id, std::uint64_t us, std::vector<std::uint64_t> deps = {}) {
    auto& n = add(rank, id, pb::COMP_NODE, deps);
    n.set_duration_micros(us);
    return n;
  }
  pb::Node& send(int rank, std::uint64_t id, int dst, std::int64_t bytes, std::vector<std::uint64_t> deps = {}) {
    auto& n = add(rank, id, pb::COMM_SEND_NODE, deps);
    attr_int(n, "comm_dst", dst, false);
    attr_int(n, "comm_size", bytes);
    attr_int(n, "comm_tag", 7, false);
    return n;
  }
  pb::Node& recv(int rank, std::uint64_t id, int src, std::int64_t bytes, std::vector<std::uint64_t> deps = {}) {
    auto& n = add(rank, id, pb::COMM_RECV_NODE, deps);
    attr_int(n, "comm_src", src, false);
    attr_int(n, "comm_size", bytes);
    attr_int(n, "comm_tag", 7, false);
    return n;
  }
  pb::Node& coll(int rank, std::uint64_t id, pb::CollectiveCommType t, std::int64_t bytes,
                 std::vector<std::uint64_t> deps = {}) {
    auto& n = add(rank, id, pb::COMM_COLL_NODE, deps);
    attr_int(n, "comm_type", t);
    attr_int(n, "comm_size", bytes);
    return n;
  }
  void write(const std::string& prefix) const {
    for (const auto& [rank, nodes] : ranks) {
      std::ofstream out(prefix + "." + std::to_string(rank) + ".et", std::ios::binary);
      pb::GlobalMetadata meta;
      meta.set_version("0.0.4");
      google::protobuf::util::SerializeDelimitedToOstream(meta, &out);
      for (const auto& n : nodes) google::protobuf::util::SerializeDelimitedToOstream(n, &out);
    }
  }
};

Scenario chakra_scenario(const std::string& prefix, bool data_deps_only = false) {
  Scenario s;
  s.chakra_data_deps = data_deps_only;
  s.leaves = 2;
  s.spines = 2;
  s.hosts_per_leaf = 4;
  s.link_rate_bps = 100'000'000'000ULL;
  s.workload = "chakra";
  s.chakra_traces = prefix;
  s.lb.packet_spraying_type = uetlb::SprayingType::Reps;
  s.finalize();
  return s;
}

using test::slurp;

int lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace

TEST_CASE("sim chakra: compute delays its dependents, a send completes its receive", "[sim][chakra]") {
  const std::string p = tmp_prefix("p2p");
  Writer w;
  w.comp(0, 1, 20);                 // 20 us of compute
  w.send(0, 2, 1, 64 * 1024, {1});  // then 64 KiB to rank 1
  w.recv(1, 10, 0, 64 * 1024);
  w.comp(1, 11, 5, {10});  // 5 us after the receive
  w.write(p);
  Scenario sc = chakra_scenario(p);
  REQUIRE(sc.chakra->ranks.size() == 2);
  Fabric f(sc, test::model_factory());
  const RunSummary r = f.run();
  REQUIRE(r.workload_stuck.empty());
  REQUIRE(r.workload_nodes_done == 4);
  REQUIRE(r.messages == 1);
  REQUIRE(r.completed == 1);
  // 20 us of compute, the message (64 KiB at 100 Gb/s is 5.2 us plus a round trip), then 5 us.
  REQUIRE(r.workload_end_ns > 20'000 + 5'200 + 5'000);
  REQUIRE(r.workload_end_ns < 20'000 + 5'200 + 5'000 + 20'000);
  const std::string dir = std::string(UETSIM_TEST_TMP) + "/chakra/p2p_out";
  std::filesystem::create_directories(dir);
  f.write_records(dir);
  const std::string coll = slurp(dir + "/collectives.csv");
  REQUIRE(coll.rfind("rank,node,name,kind,algorithm,bytes,start_ns,end_ns,completed,bound_ns\n", 0) == 0);
  REQUIRE(lines(coll) == 3);  // header, the send, the receive
  REQUIRE(coll.find("0,2,n2,COMM_SEND_NODE,point-to-point,65536,20000,") != std::string::npos);
  REQUIRE(coll.find(",1,5243\n") != std::string::npos);  // 64 KiB at 100 Gb/s: 5,243 ns
  REQUIRE(lines(slurp(dir + "/chakra-nodes.csv")) == 5);
}

TEST_CASE("sim chakra: collectives expand into the documented messages", "[sim][chakra]") {
  struct Case {
    pb::CollectiveCommType type;
    std::size_t messages;  // with 4 ranks
  };
  // Ring all-reduce 2(N-1) steps per rank, all-gather and reduce-scatter N-1, all-to-all N-1 per rank,
  // broadcast N-1 from rank 0.
  for (const Case c : {Case{pb::ALL_REDUCE, 4 * 6}, Case{pb::ALL_GATHER, 4 * 3}, Case{pb::REDUCE_SCATTER, 4 * 3},
                       Case{pb::ALL_TO_ALL, 4 * 3}, Case{pb::BROADCAST, 3}}) {
    const std::string p = tmp_prefix("coll" + std::to_string(c.type));
    Writer w;
    for (int r = 0; r < 4; ++r) {
      w.comp(r, 1, static_cast<std::uint64_t>(r));  // ranks join at different times
      w.coll(r, 2, c.type, 256 * 1024, {1});
      w.comp(r, 3, 1, {2});
    }
    w.write(p);
    Fabric f(chakra_scenario(p), test::model_factory());
    const RunSummary r = f.run();
    INFO("collective " << c.type);
    REQUIRE(r.workload_stuck.empty());
    REQUIRE(r.messages == c.messages);
    REQUIRE(r.completed == c.messages);
    REQUIRE(r.workload_nodes_done == 12);
  }
}

TEST_CASE("sim chakra: messages.csv written as the run goes is the one kept to the end", "[sim][chakra][records]") {
  // A ring all-reduce over 8 ranks (112 messages), packets lost on a leaf uplink and every ACK passed to the
  // load balancer (FeedbackForEveryPacket: a late ACK of a PDC whose row is written names its group).
  const std::string p = tmp_prefix("stream");
  Writer w;
  for (int r = 0; r < 8; ++r) w.coll(r, 1, pb::ALL_REDUCE, 256 * 1024);
  w.write(p);
  Scenario sc = chakra_scenario(p);
  sc.feedback_every_packet = true;
  LinkFailure lossy;
  lossy.a = "leaf0";
  lossy.b = "spine0";
  lossy.loss = 0.2;
  lossy.degraded = true;
  sc.failures.push_back(lossy);
  sc.finalize();
  const std::string base = std::string(UETSIM_TEST_TMP) + "/chakra/stream_";
  for (const char* d : {"kept", "streamed", "other"}) {
    std::filesystem::remove_all(base + d);
    std::filesystem::create_directories(base + d);
  }
  Fabric kept(sc, test::model_factory());
  const RunSummary rk = kept.run();
  kept.write_records(base + "kept");
  Fabric streamed(sc, test::model_factory());
  streamed.stream_messages(base + "streamed");
  // (Under its temporary name until write_records.)
  REQUIRE_FALSE(std::filesystem::exists(base + "streamed/messages.csv"));
  const RunSummary rs = streamed.run();
  REQUIRE_THROWS_WITH(streamed.write_records(base + "other"), Catch::Contains("is not the folder messages.csv"));
  streamed.write_records(base + "streamed");
  REQUIRE_THROWS_WITH(streamed.write_records(base + "streamed"), Catch::Contains("already complete"));

  REQUIRE(rk.messages == 112);
  REQUIRE(rk.completed == 112);
  REQUIRE(rk.drops_lossy_link > 0);
  REQUIRE(rk.retransmissions > 0);
  REQUIRE(rs.completed == rk.completed);
  REQUIRE(rs.lb_feedback == rk.lb_feedback);
  REQUIRE(rs.fct_p99_us == rk.fct_p99_us);
  const std::string a = slurp(base + "kept/messages.csv"), b = slurp(base + "streamed/messages.csv");
  REQUIRE(a == b);
  // One row a message, in message order, each completed, with its completion time.
  std::istringstream rows(a);
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "message,src,dst,bytes,start_ns,end_ns,fct_ns,completed");
  long expect = 0;
  while (std::getline(rows, line)) {
    INFO(line);
    REQUIRE(line.rfind(std::to_string(expect) + ",", 0) == 0);
    REQUIRE(line.substr(line.size() - 2) == ",1");
    ++expect;
  }
  REQUIRE(expect == 112);
}

TEST_CASE("sim chakra: a run that cannot finish reports the stuck nodes and ends", "[sim][chakra]") {
  // Each rank waits to receive before it sends: nothing ever moves.
  const std::string p = tmp_prefix("deadlock");
  Writer w;
  w.recv(0, 1, 1, 1000);
  w.send(0, 2, 1, 1000, {1});
  w.recv(1, 1, 0, 1000);
  w.send(1, 2, 0, 1000, {1});
  w.write(p);
  Fabric f(chakra_scenario(p), test::model_factory());
  const RunSummary r = f.run();
  REQUIRE(r.workload_nodes_done == 0);
  REQUIRE_THAT(r.workload_stuck,
               Catch::Contains("rank 0 node 1 (COMM_RECV_NODE n1): waits for the message from rank 1"));
  REQUIRE_THAT(r.workload_stuck, Catch::Contains("rank 1 node 1"));
}

TEST_CASE("sim chakra: host-side operators and control dependencies as converted PyTorch traces have them",
          "[sim][chakra]") {
  // A collective launched on the host (is_cpu_op, no sizes) is compute time; a control dependency names
  // the parent operator, which the trace does not hold, and another forms a cycle with data dependencies.
  const std::string p = tmp_prefix("pytorch");
  Writer w;
  for (int r = 0; r < 2; ++r) {
    auto& host = w.add(r, 1, pb::COMM_COLL_NODE);
    host.set_duration_micros(7);
    auto* a = host.add_attr();
    a->set_name("is_cpu_op");
    a->set_bool_val(true);
    host.add_ctrl_deps(99);  // the parent operator: not in the file
    w.coll(r, 2, pb::ALL_REDUCE, 8192, {1}).add_ctrl_deps(3);
    w.comp(r, 3, 2, {2}).add_ctrl_deps(2);
  }
  w.write(p);
  // Read with control dependencies (the default): refused, with the way to read it.
  REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("depends on node 99, which the file does not hold") &&
                                              Catch::Contains("\"ChakraDeps\": \"data\""));
  // With data dependencies only (ASTRA-sim's reading): it runs; the host-side node is 7 us of compute,
  // the all-reduce follows it, and the compute node follows the all-reduce.
  Scenario sc = chakra_scenario(p, true);
  REQUIRE(sc.chakra->ranks[0].nodes[0].kind == ChakraKind::Comp);
  Fabric f(sc, test::model_factory());
  const RunSummary r = f.run();
  REQUIRE(r.workload_stuck.empty());
  REQUIRE(r.workload_nodes_done == 6);
  const std::string dir = std::string(UETSIM_TEST_TMP) + "/chakra/pytorch_out";
  std::filesystem::create_directories(dir);
  f.write_records(dir);
  const std::string coll = slurp(dir + "/collectives.csv");
  REQUIRE(lines(coll) == 3);  // header, the all-reduce on each rank (the host-side node is not one)
  REQUIRE(coll.find("0,2,n2,ALL_REDUCE,ring,8192,7000,") != std::string::npos);
  REQUIRE(slurp(dir + "/chakra-nodes.csv").find("0,1,COMP_NODE,0,7000,1") != std::string::npos);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ChakraDeps":"ctrl"})", "t"), Catch::Contains("'ChakraDeps'"));
}

TEST_CASE("sim chakra: bad traces are refused with the file, the node and what is wrong", "[sim][chakra][errors]") {
  auto refused = [](const std::string& name, const Writer& w, const std::string& what) {
    const std::string p = tmp_prefix(name);
    w.write(p);
    INFO(name);
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains(what));
  };
  {
    Writer w;
    w.send(0, 1, 1, 100);
    refused("nosend", w, "comm_dst 1 names a rank with no trace file");  // only rank 0 has a file
  }
  {
    Writer w;
    w.send(0, 1, 1, 100);
    w.comp(1, 1, 1);
    refused("norecv", w, "node 1: a send from rank 0 to rank 1 (tag 7) without its receive");
  }
  {
    Writer w;
    w.send(0, 1, 1, 100);
    w.recv(1, 1, 0, 200);
    refused("size", w, "sends 100 bytes; its receive on rank 1 (node 1) expects 200");
  }
  {
    Writer w;
    w.comp(0, 1, 1, {2});
    w.comp(0, 2, 1, {1});
    refused("cycle", w, "a dependency cycle: 2 nodes never become ready");
  }
  {
    Writer w;
    w.comp(0, 1, 1, {99});
    refused("unknown", w, "node 1: depends on node 99, which the file does not hold");
  }
  {
    Writer w;
    w.coll(0, 1, pb::GATHER, 100);
    refused("gather", w, "node 1: collective GATHER is not one the fabric runs");
  }
  {
    Writer w;
    w.add(0, 5, pb::INVALID_NODE);
    refused("invalid", w, "node 5: node type 0 is not one the fabric runs");
  }
  {
    Writer w;
    w.coll(0, 1, pb::ALL_REDUCE, 100);
    w.coll(1, 1, pb::ALL_GATHER, 100);
    refused("mismatch", w, "collective 0 is ALL_GATHER of 100 bytes; on rank 0 (node 1) it is ALL_REDUCE");
  }
  // Truncated and malformed files.
  const std::string p = tmp_prefix("trunc");
  Writer w;
  w.comp(0, 1, 1);
  w.comp(0, 2, 1, {1});
  w.write(p);
  const std::string file = p + ".0.et";
  std::string bytes = slurp(file);
  {
    std::ofstream(file, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("trunc.0.et': truncated: a Node"));
  }
  {
    std::ofstream(file, std::ios::binary) << bytes << std::string(10, '\xff');
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("bad length prefix (varint) of a Node at byte"));
  }
  {
    // A length that fits, over bytes that are no Node (field 0 is no valid tag).
    std::ofstream(file, std::ios::binary) << bytes << std::string("\x02\x00\x00", 3);
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("malformed Node at byte"));
  }
  {
    std::ofstream(file, std::ios::binary) << "";
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("empty file (no GlobalMetadata)"));
  }
  REQUIRE_THROWS_WITH(chakra_scenario(tmp_prefix("none")), Catch::Contains("none.0.et does not exist"));
}

TEST_CASE("sim chakra: values that would wrap and missing ranks are refused, not run", "[sim][chakra][errors]") {
  auto refused = [](const std::string& name, const Writer& w, const std::string& what) {
    const std::string p = tmp_prefix(name);
    w.write(p);
    INFO(name);
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains(what));
  };
  {
    // duration_micros x 1000 wrapped past 2^64: the compute node finished in nanoseconds.
    Writer w;
    w.comp(0, 1, 18'446'744'073'709'552ULL);
    w.comp(1, 1, 1);
    refused("duration", w, "node 1: duration_micros 18446744073709552 is outside 0..4611686018427387");
  }
  {
    // A 64-bit rank was truncated to 32 bits: rank 2^32 + 1 became rank 1.
    Writer w;
    auto& n = w.add(0, 1, pb::COMM_SEND_NODE);
    Writer::attr_int(n, "comm_dst", (std::int64_t{1} << 32) + 1);
    Writer::attr_int(n, "comm_size", 100);
    w.recv(1, 1, 0, 100);
    refused("rank64", w, "node 1: comm_dst 4294967297 is not a rank (0..4294967295)");
  }
  {
    // A missing middle rank file ran the trace as fewer ranks.
    Writer w;
    w.comp(0, 1, 1);
    w.comp(1, 1, 1);
    w.comp(2, 1, 1);
    const std::string p = tmp_prefix("gap");
    w.write(p);
    std::remove((p + ".1.et").c_str());
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("gap.1.et' does not exist but '" + p + ".2.et' does"));
    std::filesystem::create_directory(p + ".1.et");
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("gap.1.et' is not a regular file"));
    std::filesystem::remove(p + ".1.et");
  }
  {
    // An unsigned 64-bit size above 2^63-1 was reported as a negative number.
    Writer w;
    auto& n = w.add(0, 1, pb::COMM_COLL_NODE);
    Writer::attr_int(n, "comm_type", pb::ALL_REDUCE);
    auto* a = n.add_attr();
    a->set_name("comm_size");
    a->set_uint64_val(18'446'744'073'709'551'611ULL);
    w.coll(1, 1, pb::ALL_REDUCE, 100);
    refused("size64", w, "node 1: comm_size 18446744073709551611 is outside 0..2^63-1");
  }
  {
    // A 2^62 length prefix was read as 32 bits (0): an empty node, reported as "node type 0".
    Writer w;
    w.comp(0, 1, 1);
    const std::string p = tmp_prefix("len62");
    w.write(p);
    std::ofstream(p + ".0.et", std::ios::binary | std::ios::app) << std::string(8, '\x80') << '\x40';
    REQUIRE_THROWS_WITH(chakra_scenario(p), Catch::Contains("truncated: a Node of 4611686018427387904 bytes"));
  }
}

TEST_CASE("sim chakra: scenario keys, and trace paths relative to the scenario file", "[sim][chakra][scenario]") {
  const std::string p = tmp_prefix("rel");
  Writer w;
  w.comp(0, 1, 3);
  w.write(p);
  const std::string dir = std::string(UETSIM_TEST_TMP) + "/chakra";
  { std::ofstream(dir + "/rel.json") << R"({"Workload": "chakra", "ChakraTraces": "rel", "Leaves": 2, "Spines": 2})"; }
  const Scenario s = Scenario::from_file(dir + "/rel.json");
  REQUIRE(s.chakra->ranks.size() == 1);
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"Workload": "chakra"})", "x.json"),
                      Catch::Contains("needs the scenario key 'ChakraTraces'"));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ChakraTraces": "a"})", "x.json"),
                      Catch::Contains("'ChakraTraces' is given but 'Workload' is \"permutation\""));
  REQUIRE_THROWS_WITH(Scenario::from_json(R"({"ChakraHosts": [1]})", "x.json"),
                      Catch::Contains("'ChakraHosts' is given but 'Workload' is \"permutation\""));
  // ChakraHosts places the ranks: one host each, in range.
  const std::string two = tmp_prefix("hosts");
  Writer w2;
  w2.send(0, 1, 1, 4096);
  w2.recv(1, 1, 0, 4096);
  w2.write(two);
  auto placed = [&](const std::string& hosts) {
    return Scenario::from_json(R"({"Workload": "chakra", "ChakraTraces": ")" + two + R"(", "ChakraHosts": )" + hosts +
                                   R"(, "Leaves": 2, "Spines": 2})",
                               "x.json");
  };
  Fabric f(placed("[5, 2]"), test::model_factory());
  REQUIRE(f.run().completed == 1);
  const std::string out = dir + "/hosts_out";
  std::filesystem::create_directories(out);
  f.write_records(out);
  REQUIRE(slurp(out + "/messages.csv").find("\n0,5,2,4096,") != std::string::npos);
  REQUIRE_THROWS_WITH(placed("[5]"),
                      Catch::Contains("'ChakraHosts': 1 hosts is outside one host per rank: 2 rank files"));
  REQUIRE_THROWS_WITH(placed("[5, 5]"),
                      Catch::Contains("key 'ChakraHosts': 5 is outside a host given to one rank only (rank 1)"));
  REQUIRE_THROWS_WITH(placed("[5, 8]"), Catch::Contains("8 is outside hosts 0..7 (rank 1)"));
}
