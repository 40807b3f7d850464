#include "uetsim/scenario.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "uetlb/json_strict.hpp"
#include "uetlb/stimulus.hpp"
#include "workloads.hpp"

namespace uetsim {
namespace {

using json = nlohmann::json;
using uetlb::ConfigError;

std::uint64_t get_uint(const json& v, const std::string& key, std::uint64_t lo, std::uint64_t hi) {
  if (!v.is_number_integer() || (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0)) {
    bad(key, uetlb::json_brief(v), "the integers " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  const auto x = v.get<std::uint64_t>();
  if (x < lo || x > hi) bad(key, uetlb::json_brief(v), std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

bool get_bool(const json& v, const std::string& key) {
  if (!v.is_boolean()) bad(key, uetlb::json_brief(v), "true, false");
  return v.get<bool>();
}

// A time: an integer in ns or a string with a unit, either way at most 2^62 ns (the fabric adds times: a
// string passed no cap and wrapped).
TimeNs get_time(const json& v, const std::string& key) {
  if (!v.is_string()) return get_uint(v, key, 0, 1ULL << 62);
  const TimeNs t = uetlb::parse_time_ns(v.get<std::string>(), key);
  if (t > (1ULL << 62)) bad(key, uetlb::json_brief(v) + " (" + std::to_string(t) + " ns)", "0..2^62 ns");
  return t;
}

/// uet-htsim's defaults (htsim_uec at 40ccb05, read from its source) where the fabric has a like
/// mechanism, for every key the file does not set: 4,150-byte data packets (RdmaDataMSS 4,062 plus this
/// fabric's 88 bytes of headers), 1 us links, one-BDP switch queues that trim when full (the arriving or
/// the last queued packet, at random), ECN marks as a packet leaves with a probability rising from 0.2 to
/// 0.8 BDP of the queue behind it, the UEC's NSCC ("nscc-uec") aiming at 0.75 base RTT with a window
/// starting and capped at 1.5 BDP, the base RTT from the longest path, an RTO of 15 us plus six queue
/// drain times, 64 entropy values (htsim's -paths: EntropyMaskBits 6, EntropyValueSetSize 64), and an ACK
/// per 16 KB received (AckCoalescingBytes, htsim's receiver).
/// Its control queues hold twice QueueBytes (Scenario::control_queue_limit).
/// (BDP: the link rate times that path's RTT.)
void apply_htsim_profile(Scenario& s, const std::set<std::string>& given, bool nic_rtt, bool nic_mss, bool nic_mask,
                         bool nic_set) {
  const auto unset = [&given](const char* key) { return given.count(key) == 0; };
  if (!nic_mss) s.lb.rdma_data_mss = 4062;
  if (!nic_mask) s.lb.entropy_mask_bits = 6;       // htsim sprays over 64 entropy values (-paths)
  if (!nic_set) s.lb.entropy_value_set_size = 64;  // and its reps explores among the same 64
  if (unset("LinkDelay")) s.link_delay_ns = 1'000;
  if (unset("BaseRttFromPath") && !nic_rtt) s.base_rtt_from_path = true;
  const TimeNs rtt = s.path_rtt_ns();
  const auto bdp = static_cast<std::uint64_t>(static_cast<double>(s.link_rate_bps) * static_cast<double>(rtt) / 8e9);
  if (unset("QueueBytes")) s.queue_bytes = std::max<std::uint64_t>(bdp, 10'000);
  if (unset("TrimBytes")) s.trim_bytes = s.queue_bytes;
  if (unset("TrimVictim")) s.trim_either = true;
  if (unset("EcnAt")) s.ecn_on_dequeue = true;
  if (unset("ScaleDegradedQueues")) s.scale_degraded_queues = true;
  // htsim marks from 0.2 to 0.8 BDP whatever its queue size (-q): thresholds of the BDP, within the queue.
  const std::uint64_t ecn_bdp = std::max<std::uint64_t>(bdp, 10'000);
  if (unset("EcnBytes")) s.ecn_bytes = std::min(ecn_bdp / 5, s.queue_bytes);
  if (unset("EcnMaxBytes")) {
    s.ecn_max_bytes = std::min(ecn_bdp * 4 / 5, s.queue_bytes);
    if (s.ecn_max_bytes <= s.ecn_bytes) s.ecn_max_bytes = 0;  // (a queue below 0.2 BDP: mark above EcnBytes)
  }
  if (unset("CongestionControl")) s.congestion_control = "nscc-uec";
  if (unset("NsccTargetDelay")) s.nscc_target_delay_ns = std::max<TimeNs>(1, rtt * 3 / 4);
  if (unset("WindowBdp")) s.window_bdp = 1.5;
  if (unset("NsccMaxWindowBdp")) s.nscc_max_window_bdp = 1.5;
  if (unset("AckCoalescingBytes")) s.ack_coalescing_bytes = 16'384;  // htsim's receiver: an ACK per 16 KB
  if (unset("Rto")) {
    const auto drain =
        static_cast<TimeNs>(static_cast<double>(s.queue_bytes) * 8e9 / static_cast<double>(s.link_rate_bps));
    s.rto_ns = 15'000 + 6 * drain;
  }
}

}  // namespace

TimeNs Scenario::path_rtt_ns() const {
  const unsigned links = topology == "fat-tree" ? 6 : 4;  // host, then switch links, then host
  const double host = static_cast<double>(link_rate_bps);
  const double inner = host / oversubscription;
  auto ser = [](double bytes, double rate) { return bytes * 8e9 / rate; };
  const double data = lb.rdma_data_mss + uetlb::kPacketOverheadBytes;
  const double ack = kHeaderBytes;
  double rtt = 2.0 * links * static_cast<double>(link_delay_ns);
  rtt += 2 * ser(data, host) + (links - 2) * ser(data, inner);  // data out
  rtt += 2 * ser(ack, host) + (links - 2) * ser(ack, inner);    // ACK back
  return static_cast<TimeNs>(std::ceil(rtt));
}

void Scenario::finalize() {
  if (topology != "leaf-spine" && topology != "fat-tree")
    bad("Topology", "\"" + topology + "\"", "\"leaf-spine\", \"fat-tree\"");
  if (topology == "fat-tree" && (k < 2 || k % 2 != 0 || k > 64)) bad("K", std::to_string(k), "the even numbers 2..64");
  if (leaves < 1 || spines < 1 || hosts_per_leaf < 1)
    throw ConfigError("scenario: Leaves, Spines, HostsPerLeaf must be >= 1");
  if (hosts() < 2) throw ConfigError("scenario: at least 2 hosts are needed");
  if (trim_bytes > queue_bytes) bad("TrimBytes", std::to_string(trim_bytes), "0..QueueBytes");
  if (ecn_max_bytes != 0 && (ecn_max_bytes <= ecn_bytes || ecn_max_bytes > queue_bytes)) {
    bad("EcnMaxBytes", std::to_string(ecn_max_bytes),
        "0 (mark above EcnBytes) or EcnBytes + 1..QueueBytes (" + std::to_string(ecn_bytes + 1) + ".." +
            std::to_string(queue_bytes) + ")");
  }
  if (ecn_bytes > queue_bytes) {
    bad("EcnBytes", std::to_string(ecn_bytes),
        "0..QueueBytes (" + std::to_string(queue_bytes) +
            "): above it no "
            "packet is ever marked");
  }
  if (max_time_ns == 0) bad("MaxTime", "0", "> 0 ns (the run would stop before its first event)");
  lb.validate();
  build_workload(*this);  // the messages (workloads.cpp)
}

std::vector<std::string> Scenario::warnings() const {
  std::vector<std::string> w;
  for (const auto& f : failures) {
    if (f.at > max_time_ns) {
      w.push_back("the failure of " + f.a + "-" + f.b + " at " + std::to_string(f.at) + " ns comes after MaxTime (" +
                  std::to_string(max_time_ns) + " ns): it never happens");
    }
  }
  if (flowlet && lb.packet_spraying_type == uetlb::SprayingType::Reps) {
    w.push_back(
        "Recycled Entropy Packet Spraying with flowlet switches: the switches also move flows between "
        "members at gaps, so REPS's path feedback is less reliable (the run continues)");
  }
  return w;
}

// Every error names the file: a message that does not start with it gets it in front.
Scenario Scenario::from_json(const std::string& text, const std::string& source, const std::string& base_dir) {
  try {
    return parse(text, source, base_dir);
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    if (what.rfind(source, 0) == 0) throw;
    throw ConfigError(source + ": " + what);
  }
}

Scenario Scenario::parse(const std::string& text, const std::string& source, const std::string& base_dir) {
  const json doc = uetlb::parse_json_strict(text, source);
  if (!doc.is_object()) throw ConfigError(source + ": the scenario must be one JSON object");
  Scenario s;
  s.base_dir = base_dir;
  bool nic_rate = false, nic_rtt = false, nic_mss = false, nic_mask = false, nic_set = false;
  std::set<std::string> given;  // the keys the file sets (a profile fills in the others)
  for (const auto& [key, v] : doc.items()) {
    given.insert(key);
    if (key == "Profile") {
      if (!v.is_string() || (v.get<std::string>() != "htsim" && !v.get<std::string>().empty())) {
        bad(key, uetlb::json_brief(v), "\"htsim\" (uet-htsim's defaults), \"\" (none)");
      }
      s.profile = v.get<std::string>();
    } else if (key == "Name") {
      if (!v.is_string()) bad(key, uetlb::json_brief(v), "strings");
      s.name = v.get<std::string>();
    } else if (key == "Topology") {
      if (!v.is_string()) bad(key, uetlb::json_brief(v), "\"leaf-spine\", \"fat-tree\"");
      s.topology = v.get<std::string>();
    } else if (key == "K") {
      s.k = static_cast<unsigned>(get_uint(v, key, 2, 64));
    } else if (key == "Leaves") {
      s.leaves = static_cast<unsigned>(get_uint(v, key, 1, 256));
    } else if (key == "Spines") {
      s.spines = static_cast<unsigned>(get_uint(v, key, 1, 256));
    } else if (key == "HostsPerLeaf") {
      s.hosts_per_leaf = static_cast<unsigned>(get_uint(v, key, 1, 256));
    } else if (key == "LinkRate") {
      s.link_rate_bps =
          v.is_string() ? uetlb::parse_link_rate_bps(v.get<std::string>(), key) : get_uint(v, key, 1, ~0ULL);
    } else if (key == "Oversubscription") {
      if (!v.is_number() || v.get<double>() < 1.0 || v.get<double>() > 64.0)
        bad(key, uetlb::json_brief(v), "1.0..64.0");
      s.oversubscription = v.get<double>();
    } else if (key == "LinkDelay") {
      // At most 2^40 ns (about 18 minutes) a link: a path's round trip crosses up to 12 links and is added
      // to other times, which must stay under 2^64 (a delay of 2^62 made the path's RTT wrap to 0).
      s.link_delay_ns = get_time(v, key);
      if (s.link_delay_ns > (1ULL << 40)) {
        bad(key, uetlb::json_brief(v) + " (" + std::to_string(s.link_delay_ns) + " ns)",
            "0..2^40 ns (about 18 minutes: a path's round trip crosses up to 12 links)");
      }
    } else if (key == "EcmpHashMethod") {
      const auto m = v.is_string() ? parse_hash_method(v.get<std::string>()) : std::nullopt;
      if (!m) {
        bad(key, uetlb::json_brief(v),
            "\"crc32\", \"crc32WithSalt\", \"hash\", \"hashWithSalt\", \"dpr\", \"dprWithFallback\", "
            "\"crc32SaltPrepended\", \"hashSaltPrepended\"" +
                std::string(v == "crc32Mixed" ? " (crc32Mixed is now SPEC's crc32WithSalt)" : ""));
      }
      s.hash_method = *m;
    } else if (key == "LoadBalancingMethod") {
      if (!v.is_string() || (v.get<std::string>() != "ecmp" && v.get<std::string>() != "flowlet")) {
        bad(key, uetlb::json_brief(v), "\"ecmp\", \"flowlet\"");
      }
      s.flowlet = v.get<std::string>() == "flowlet";
    } else if (key == "FlowletGap") {
      s.flowlet_gap_ns = get_time(v, key);
    } else if (key == "QueueBytes") {
      s.queue_bytes = get_uint(v, key, 10'000, 1ULL << 40);
    } else if (key == "ControlQueueBytes") {  // (at least one header)
      s.control_queue_bytes = get_uint(v, key, kHeaderBytes, 1ULL << 40);
    } else if (key == "EcnBytes") {
      s.ecn_bytes = get_uint(v, key, 0, 1ULL << 40);
    } else if (key == "EcnMaxBytes") {
      s.ecn_max_bytes = get_uint(v, key, 0, 1ULL << 40);
    } else if (key == "TrimBytes") {
      s.trim_bytes = get_uint(v, key, 0, 1ULL << 40);
    } else if (key == "TrimVictim") {
      if (!v.is_string() || (v.get<std::string>() != "arriving" && v.get<std::string>() != "either")) {
        bad(key, uetlb::json_brief(v), "\"arriving\", \"either\" (the arriving or the last queued packet, at random)");
      }
      s.trim_either = v.get<std::string>() == "either";
    } else if (key == "EcnAt") {
      if (!v.is_string() || (v.get<std::string>() != "enqueue" && v.get<std::string>() != "dequeue")) {
        bad(key, uetlb::json_brief(v),
            "\"enqueue\" (at the depth a packet joins), \"dequeue\" (at the depth it leaves behind)");
      }
      s.ecn_on_dequeue = v.get<std::string>() == "dequeue";
    } else if (key == "Reconvergence") {
      s.reconvergence_ns = get_time(v, key);
    } else if (key == "LinkFailures") {
      if (!v.is_array()) bad(key, uetlb::json_brief(v), "arrays of {\"From\", \"To\", \"At\"}");
      for (const auto& f : v) {
        const auto optional_keys = [&f] {
          std::size_t n = 0;
          for (const char* k : {"RateFactor", "LossProbability", "Until", "OneWay"}) n += f.contains(k) ? 1 : 0;
          return n;
        };
        const std::size_t extra = f.is_object() ? optional_keys() : 0;
        const bool by_name = f.is_object() && f.size() == 3 + extra && f.contains("From") && f.contains("To") &&
                             f.contains("At") && f["From"].is_string() && f["To"].is_string();
        const bool by_index =
            f.is_object() && f.size() == 3 + extra && f.contains("Leaf") && f.contains("Spine") && f.contains("At");
        if (!by_name && !by_index) {
          bad(key, uetlb::json_brief(f),
              "objects {\"From\": switch, \"To\": switch, \"At\": time} or {\"Leaf\": n, \"Spine\": n, \"At\": time}, "
              "optionally with \"RateFactor\", \"LossProbability\", \"Until\", \"OneWay\"");
        }
        LinkFailure lf;
        if (by_name) {
          lf.a = f["From"].get<std::string>();
          lf.b = f["To"].get<std::string>();
        } else {
          lf.a = "leaf" + std::to_string(get_uint(f["Leaf"], "LinkFailures.Leaf", 0, 255));
          lf.b = "spine" + std::to_string(get_uint(f["Spine"], "LinkFailures.Spine", 0, 255));
        }
        lf.at = get_time(f["At"], "LinkFailures.At");
        if (f.contains("RateFactor")) {
          const auto& r = f["RateFactor"];
          if (!r.is_number() || r.get<double>() <= 0.0 || r.get<double>() > 1.0) {
            bad("LinkFailures.RateFactor", uetlb::json_brief(r), "a number in (0, 1] (1: full rate)");
          }
          lf.rate_factor = r.get<double>();
          lf.degraded = true;
        }
        if (f.contains("LossProbability")) {
          const auto& r = f["LossProbability"];
          if (!r.is_number() || r.get<double>() < 0.0 || r.get<double>() >= 1.0) {
            bad("LinkFailures.LossProbability", uetlb::json_brief(r), "a number in [0, 1)");
          }
          lf.loss = r.get<double>();
          lf.degraded = true;
        }
        if (f.contains("Until")) {
          lf.until = get_time(f["Until"], "LinkFailures.Until");
          if (lf.until <= lf.at) bad("LinkFailures.Until", uetlb::json_brief(f["Until"]), "a time after At");
        }
        if (f.contains("OneWay")) {
          lf.one_way = get_bool(f["OneWay"], "LinkFailures.OneWay");
          if (lf.one_way && !lf.degraded) {
            bad("LinkFailures.OneWay", "true",
                "a degraded link's option (RateFactor or LossProbability): a link down is down both ways");
          }
        }
        s.failures.push_back(lf);
      }
    } else if (key == "Nic") {
      if (!v.is_object()) bad(key, uetlb::json_brief(v), "objects of load-balancer attributes");
      s.lb = uetlb::Config::from_json(v.dump(), source + " (Nic)");
      nic_rate = v.contains("LinkRate");
      nic_rtt = v.contains("InitialBaseRTT");
      nic_mss = v.contains("RdmaDataMSS");
      nic_mask = v.contains("EntropyMaskBits");
      nic_set = v.contains("EntropyValueSetSize");
    } else if (key == "Rto") {
      s.rto_ns = get_time(v, key);
      if (s.rto_ns == 0) bad(key, "0", "> 0 ns");
    } else if (key == "WindowBdp") {
      if (!v.is_number() || v.get<double>() <= 0.0 || v.get<double>() > 100.0)
        bad(key, uetlb::json_brief(v), "(0, 100]");
      s.window_bdp = v.get<double>();
    } else if (key == "CongestionControl") {
      if (!v.is_string() || (v.get<std::string>() != "fixed" && v.get<std::string>() != "dctcp" &&
                             v.get<std::string>() != "nscc" && v.get<std::string>() != "nscc-uec")) {
        bad(key, uetlb::json_brief(v), "\"fixed\", \"dctcp\", \"nscc\", \"nscc-uec\"");
      }
      s.congestion_control = v.get<std::string>();
    } else if (key == "NicPacing") {
      s.nic_pacing = get_bool(v, key);
    } else if (key == "AckCoalescingBytes") {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() > kMaxAckCoalescingBytes) {
        bad(key, uetlb::json_brief(v),
            "0 (an ACK for every data packet, the product's NIC) or the bytes 1.." +
                std::to_string(kMaxAckCoalescingBytes) + " a receiver takes before it ACKs (htsim: 16384)");
      }
      s.ack_coalescing_bytes = static_cast<std::uint32_t>(v.get<std::uint64_t>());
    } else if (key == "RetransmitOnEfd") {
      s.retransmit_on_efd = get_bool(v, key);
    } else if (key == "BaseRttFromPath") {
      s.base_rtt_from_path = get_bool(v, key);
    } else if (key == "FeedbackForEveryPacket") {
      s.feedback_every_packet = get_bool(v, key);
    } else if (key == "ScaleDegradedQueues") {
      s.scale_degraded_queues = get_bool(v, key);
    } else if (key == "PriorityControl") {
      s.priority_control = get_bool(v, key);
    } else if (key == "NsccTargetDelay") {
      s.nscc_target_delay_ns = get_time(v, key);
      if (s.nscc_target_delay_ns == 0) bad(key, "0", "> 0 ns");
    } else if (key == "NsccMaxWindowBdp") {
      if (!v.is_number() || v.get<double>() < 1.0 || v.get<double>() > 100.0)
        bad(key, uetlb::json_brief(v), "[1, 100]");
      s.nscc_max_window_bdp = v.get<double>();
    } else if (key == "VerificationFreezingOff") {
      s.verification_freezing_off = get_bool(v, key);
    } else if (key == "Workload") {
      if (!v.is_string()) bad(key, uetlb::json_brief(v), "strings");
      s.workload = v.get<std::string>();
    } else if (key == "MessageBytes") {
      s.message_bytes = get_uint(v, key, 1, 1ULL << 40);
    } else if (key == "IncastSenders") {
      s.incast_senders = static_cast<unsigned>(get_uint(v, key, 1, 65535));
    } else if (key == "MessageList") {
      if (!v.is_string()) bad(key, uetlb::json_brief(v), "file names");
      s.message_list = v.get<std::string>();
    } else if (key == "ChakraHosts") {
      if (!v.is_array()) bad(key, uetlb::json_brief(v), "a list of host numbers, one per rank");
      s.chakra_hosts.clear();
      for (const auto& h : v) s.chakra_hosts.push_back(static_cast<unsigned>(get_uint(h, key, 0, 0xffffffffULL)));
    } else if (key == "ChakraDeps") {
      if (!v.is_string() || (v.get<std::string>() != "all" && v.get<std::string>() != "data")) {
        bad(key, uetlb::json_brief(v),
            "\"all\" (ctrl_deps and data_deps), \"data\" (data_deps only, as ASTRA-sim reads them)");
      }
      s.chakra_data_deps = v.get<std::string>() == "data";
    } else if (key == "ChakraTraces") {
      if (!v.is_string() || v.get<std::string>().empty())
        bad(key, uetlb::json_brief(v), "a rank files' prefix (prefix.R.et)");
      s.chakra_traces = v.get<std::string>();
    } else if (key == "Seed") {
      s.seed = static_cast<std::uint32_t>(get_uint(v, key, 1, 0xffffffffULL));
    } else if (key == "MaxTime") {
      s.max_time_ns = get_time(v, key);
    } else {
      throw ConfigError(source + ": unknown scenario key '" + key + "'");
    }
  }
  if (!s.message_list.empty() && s.workload != "list") {
    throw ConfigError(source + ": scenario key 'MessageList' is given but 'Workload' is \"" + s.workload +
                      "\": the list is read only with \"Workload\": \"list\"");
  }
  if ((!s.chakra_traces.empty() || !s.chakra_hosts.empty()) && s.workload != "chakra") {
    throw ConfigError(source + ": scenario key '" + (s.chakra_traces.empty() ? "ChakraHosts" : "ChakraTraces") +
                      "' is given but 'Workload' is \"" + s.workload +
                      "\": the traces are read only with \"Workload\": \"chakra\"");
  }
  if (s.workload == "chakra" && s.chakra_traces.empty()) {
    throw ConfigError(source +
                      ": \"Workload\": \"chakra\" needs the scenario key 'ChakraTraces' (the rank files' prefix)");
  }
  if (s.workload == "list" && s.message_list.empty()) {
    throw ConfigError(source + ": \"Workload\": \"list\" needs the scenario key 'MessageList' (a CSV file)");
  }
  if (!nic_rate) s.lb.link_rate_bps = s.link_rate_bps;
  if (s.profile == "htsim") apply_htsim_profile(s, given, nic_rtt, nic_mss, nic_mask, nic_set);
  if (!nic_rtt && s.base_rtt_from_path) s.lb.initial_base_rtt_ns = s.path_rtt_ns();  // the fabric's own round trip
  if (nic_rtt && s.base_rtt_from_path) {
    throw ConfigError(source + ": 'BaseRttFromPath' and the Nic's 'InitialBaseRTT' both set the base RTT; give one");
  }
  s.finalize();
  return s;
}

Scenario Scenario::default_scenario() {
  Scenario s;
  s.name = "default: 16-host permutation, leaf0-spine1 fails at 5 us";
  s.failures.push_back({"leaf0", "spine1", 5'000});
  s.finalize();
  return s;
}

Scenario Scenario::from_file(const std::string& path) {
  return from_json(uetlb::read_text_file(path, "scenario file"), path, folder_of(path));
}

std::string Scenario::folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
}

}  // namespace uetsim
