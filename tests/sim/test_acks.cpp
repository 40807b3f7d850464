// The fabric's ACKs: one per data packet (the product's NIC), or coalesced per AckCoalescingBytes as
// uet-htsim's receiver does (the key, its checks and the htsim profile's 16 KB; what the sender, its load
// balancer and its congestion control see); and the record of the data packets a failed link lost.
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "uetsim/fabric.hpp"

using namespace uetsim;

namespace {

using test::model_factory;
using test::slurp;
using test::tmpdir;

std::string refused(const std::string& text) {
  try {
    Scenario::from_json(text, "acks.json");
  } catch (const uetlb::ConfigError& e) {
    return e.what();
  }
  return "no error";
}

// A CSV record's rows as column -> value maps.
std::vector<std::map<std::string, std::string>> csv_rows(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> head;
  for (std::istringstream h(line); std::getline(h, line, ',');) head.push_back(line);
  std::vector<std::map<std::string, std::string>> out;
  while (std::getline(in, line)) {
    std::map<std::string, std::string> row;
    std::istringstream r(line);
    for (const auto& col : head) std::getline(r, row[col], ',');
    out.push_back(row);
  }
  return out;
}

struct AckRun {
  RunSummary sum;
  std::uint64_t acks = 0;  // ACKs the senders received
  std::map<std::string, std::uint64_t> decisions;
  std::string dir;
};

// A 4-host leaf-spine (2 leaves, 2 spines), REPS, a permutation of 256 KiB messages (63 full packets and a
// short one each), optionally with a failed link, its records in tmp/NAME.
AckRun run(const std::string& name, const std::string& extra) {
  const Scenario s = Scenario::from_json(R"({"Leaves":2,"Spines":2,"HostsPerLeaf":2,"MessageBytes":262144,
      "Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"})" +
                                             extra + "}",
                                         name + ".json");
  Fabric f(s, model_factory());
  f.set_monitor(true);
  AckRun r;
  r.sum = f.run();
  r.dir = tmpdir(name);
  f.write_records(r.dir);
  for (const auto& row : csv_rows(slurp(r.dir + "/uet-transport-stats.csv")))
    r.acks += std::stoull(row.at("acks_received"));
  for (const auto& row : csv_rows(slurp(r.dir + "/uet-monitor.csv"))) r.decisions[row.at("decision")]++;
  return r;
}

}  // namespace

TEST_CASE("sim scenario: AckCoalescingBytes read (16 KB under the htsim profile) and checked",
          "[sim][scenario][acks]") {
  REQUIRE(Scenario::from_json("{}", "d").ack_coalescing_bytes == 0);  // the product's NIC: an ACK per packet
  REQUIRE(Scenario::from_json(R"({"Profile":"htsim"})", "h").ack_coalescing_bytes == 16'384);
  REQUIRE(Scenario::from_json(R"({"Profile":"htsim","AckCoalescingBytes":0})", "h").ack_coalescing_bytes == 0);
  REQUIRE(Scenario::from_json(R"({"AckCoalescingBytes":4096})", "g").ack_coalescing_bytes == 4'096);
  REQUIRE(Scenario::from_json(R"({"AckCoalescingBytes":1073741824})", "g").ack_coalescing_bytes == (1U << 30));
  // Refused with the file, the key, the value and what is allowed.
  const std::string allowed =
      "is outside 0 (an ACK for every data packet, the product's NIC) or the bytes 1..1073741824";
  REQUIRE_THAT(refused(R"({"AckCoalescingBytes":-1})"),
               Catch::Contains("acks.json: scenario key 'AckCoalescingBytes': -1 " + allowed));
  REQUIRE_THAT(refused(R"({"AckCoalescingBytes":1073741825})"),
               Catch::Contains("'AckCoalescingBytes': 1073741825 " + allowed));
  REQUIRE_THAT(refused(R"({"AckCoalescingBytes":16.5})"), Catch::Contains("'AckCoalescingBytes': 16.5 " + allowed));
  REQUIRE_THAT(refused(R"({"AckCoalescingBytes":"16KB"})"), Catch::Contains("'AckCoalescingBytes': \"16KB\""));
  REQUIRE_THAT(refused(R"({"AckCoalescingBytes":true})"), Catch::Contains("'AckCoalescingBytes': true"));
}

TEST_CASE("sim transport: coalesced ACKs, one per 16 KB, acknowledge every packet and recycle one value each",
          "[sim][transport][acks]") {
  AckRun each = run("acks_each", "");
  AckRun coal = run("acks_16k", R"(,"AckCoalescingBytes":16384)");
  const std::uint64_t packets = 4 * 64;
  REQUIRE(each.sum.completed == 4);
  REQUIRE(coal.sum.completed == 4);
  REQUIRE(each.acks == packets);
  // Four 4,184-byte packets make 16 KB: an ACK per four packets, and a few at once (each PDC's first packet,
  // the sender's ACK requests at a full window and at the last packet).
  REQUIRE(coal.acks >= packets / 4);
  REQUIRE(coal.acks < packets / 2);
  // Every packet is acknowledged without a retransmission, and the packets an ACK covers besides its own
  // clear their early-failure entries: no early failure fires on a healthy fabric.
  REQUIRE(coal.sum.retransmissions == 0);
  REQUIRE(coal.sum.efd_fired == 0);
  REQUIRE(each.sum.efd_fired == 0);
  // One value recycled per ACK: no more reuses than ACKs, so REPS explores where each ACK would have given
  // it a value.
  REQUIRE(coal.decisions["reuse"] <= coal.acks);
  REQUIRE(coal.decisions["explore"] > each.decisions["explore"]);
  REQUIRE(coal.decisions["reuse"] + coal.decisions["explore"] == packets);
  // Deterministic: the same records again.
  const AckRun again = run("acks_16k_again", R"(,"AckCoalescingBytes":16384)");
  for (const char* f : {"uet-monitor.csv", "uet-transport-stats.csv", "messages.csv"}) {
    REQUIRE(slurp(coal.dir + "/" + f) == slurp(again.dir + "/" + f));
  }
}

TEST_CASE(
    "sim transport: around a failed link, coalesced ACKs still acknowledge what arrived and the lost data is listed",
    "[sim][transport][acks][failures]") {
  const std::string down = R"(,"LinkFailures":[{"Leaf":0,"Spine":1,"At":"2us"}],"Reconvergence":"40us")";
  const AckRun each = run("acks_down_each", down);
  const AckRun coal = run("acks_down_16k", down + R"(,"AckCoalescingBytes":16384)");
  for (const AckRun* r : {&each, &coal}) {
    REQUIRE(r->sum.completed == 4);
    REQUIRE(r->sum.drops_failed_link_data > 0);
    REQUIRE(r->sum.drops_failed_link_data <= r->sum.drops_failed_link);
    // One row per data packet the link lost, each naming a transmission of the monitor (NIC, PDC, PSN,
    // value and send time).
    const auto drops = csv_rows(slurp(r->dir + "/failed-link-drops.csv"));
    REQUIRE(drops.size() == r->sum.drops_failed_link_data);
    std::map<std::string, int> sent;
    for (const auto& m : csv_rows(slurp(r->dir + "/uet-monitor.csv"))) {
      sent[m.at("nic") + "," + m.at("pdc") + "," + m.at("psn") + "," + m.at("entropy_value") + "," + m.at("time_ns")]++;
    }
    for (const auto& d : drops) {
      REQUIRE(sent.count(d.at("nic") + "," + d.at("pdc") + "," + d.at("psn") + "," + d.at("entropy_value") + "," +
                         d.at("sent_ns")) == 1);
    }
    // A lost data packet is sent again (the timeout), never more often than the packets lost and trimmed.
    REQUIRE(r->sum.retransmissions >= r->sum.drops_failed_link_data);
  }
  // A coalesced ACK the link lost is made good by the next one (cumulative): no more retransmissions than
  // with an ACK per packet, where each lost ACK costs its packet a timeout.
  REQUIRE(coal.sum.retransmissions <= each.sum.retransmissions);
}
