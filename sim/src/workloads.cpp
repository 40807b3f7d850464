// The scenario's workloads: the messages each one sends (permutation, incast, all-to-all, ring, a message
// list file) or the Chakra trace it reads, made when the scenario is finalized (Scenario::finalize), with
// the same seed giving the same messages.
#include "workloads.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <set>
#include <sstream>

#include "uetlb/output.hpp"
#include "uetlb/stimulus.hpp"
#include "uetsim/fabric.hpp"

namespace uetsim {

using uetlb::ConfigError;

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& allowed) {
  throw ConfigError("scenario key '" + key + "': " + value + " is outside " + allowed);
}

namespace {

std::vector<Message> read_message_list(const std::string& path, unsigned hosts) {
  const std::string problem = uetlb::output::unreadable(path);
  if (!problem.empty()) throw ConfigError("scenario key 'MessageList': '" + path + "' " + problem);
  std::ifstream in(path);
  if (!in) throw ConfigError("scenario key 'MessageList': cannot open '" + path + "'");
  std::vector<Message> out;
  std::string line;
  std::size_t n = 0;
  const std::string header = "start_ns,src,dst,bytes";
  for (;;) {
    const uetlb::LineRead got = uetlb::read_line(in, line);
    if (got == uetlb::LineRead::End) break;
    if (got == uetlb::LineRead::TooLong) {
      throw ConfigError(path + ":" + std::to_string(n + 1) + ": the line is longer than " +
                        std::to_string(uetlb::kMaxLineBytes) + " bytes (not a message list)");
    }
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (n == 1) {
      if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark
      if (line != header) throw ConfigError(path + ":1: header must be '" + header + "'");
      continue;
    }
    if (line.empty()) continue;
    const std::string at = path + ":" + std::to_string(n) + ": ";
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    if (!line.empty() && line.back() == ',') f.emplace_back();
    if (f.size() != 4) {
      throw ConfigError(at + "expected 4 fields (" + header + "), found " + std::to_string(f.size()));
    }
    const char* names[] = {"start_ns", "src", "dst", "bytes"};
    const std::uint64_t max[] = {1ULL << 62, hosts - 1ULL, hosts - 1ULL, 1ULL << 40};
    std::uint64_t v[4];
    for (int i = 0; i < 4; ++i) {
      const auto x = uetlb::parse_uint(f[i], max[i]);
      if (!x) {
        throw ConfigError(at + names[i] + " '" + uetlb::shown(f[i]) + "' is not an integer in 0.." +
                          std::to_string(max[i]) + (i == 1 || i == 2 ? " (the hosts of the topology)" : ""));
      }
      v[i] = *x;
    }
    if (v[1] == v[2]) throw ConfigError(at + "src and dst are both host " + std::to_string(v[1]));
    if (v[3] == 0) throw ConfigError(at + "bytes '0': a message carries at least one byte");
    out.push_back({v[0], static_cast<unsigned>(v[1]), static_cast<unsigned>(v[2]), v[3]});
  }
  if (n == 0) throw ConfigError(path + ": the message list is empty (expected header '" + header + "', then rows)");
  if (out.empty()) throw ConfigError(path + ": the message list holds no message, only its header");
  return out;
}

}  // namespace

void build_workload(Scenario& sc) {
  const unsigned n = sc.hosts();
  {  // All-to-all and ring make n^2 messages: counted before they are built (65,536 hosts: 4.3 billion,
     // which ran out of memory in --check before the run's own memory check could say so).
    const std::uint64_t count = sc.workload == "all-to-all" ? std::uint64_t{n} * (n - 1)
                                : sc.workload == "ring"     ? 2ULL * (n - 1) * n
                                                            : 0;
    const std::uint64_t have =
        static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
    if (count > 0 && count > have / sizeof(Message)) {
      bad("Workload", "\"" + sc.workload + "\" over " + std::to_string(n) + " hosts",
          "what fits this machine's memory: its " + std::to_string(count) + " messages alone take " +
              std::to_string(count * sizeof(Message) / (1ULL << 20)) + " MiB of " +
              std::to_string(have / (1ULL << 20)) + " MiB; use fewer hosts");
    }
  }
  sc.messages.clear();
  std::mt19937 rng(sc.seed);
  if (sc.workload == "permutation") {
    std::vector<unsigned> dst(n);
    std::iota(dst.begin(), dst.end(), 0U);
    // A random derangement: shuffle until no host sends to itself (rejection sampling, deterministic).
    do {
      std::shuffle(dst.begin(), dst.end(), rng);
    } while (std::any_of(dst.begin(), dst.end(), [&, i = 0U](unsigned d) mutable { return d == i++; }));
    for (unsigned s = 0; s < n; ++s) sc.messages.push_back({0, s, dst[s], sc.message_bytes});
  } else if (sc.workload == "incast") {
    if (sc.incast_senders >= n) bad("IncastSenders", std::to_string(sc.incast_senders), "1.." + std::to_string(n - 1));
    for (unsigned s = 1; s <= sc.incast_senders; ++s) sc.messages.push_back({0, s, 0, sc.message_bytes});
  } else if (sc.workload == "all-to-all") {
    for (unsigned s = 0; s < n; ++s) {
      for (unsigned d = 0; d < n; ++d) {
        if (s != d) sc.messages.push_back({0, s, d, sc.message_bytes});
      }
    }
  } else if (sc.workload == "ring") {
    if (sc.message_bytes < n) {
      bad("MessageBytes", std::to_string(sc.message_bytes),
          ">= the hosts (" + std::to_string(n) + ") for \"Workload\": \"ring\": each step sends MessageBytes / hosts");
    }
    // Ring all-reduce of MessageBytes per host: 2(n-1) steps (reduce-scatter, then all-gather); in each
    // step every host sends one chunk of MessageBytes / n to the next host, after it has received the
    // previous step's chunk from the host before it.
    const std::uint64_t chunk = std::max<std::uint64_t>(1, sc.message_bytes / n);
    for (unsigned step = 0; step < 2 * (n - 1); ++step) {
      for (unsigned s = 0; s < n; ++s) {
        const std::int64_t after = step == 0 ? -1 : static_cast<std::int64_t>((step - 1) * n + (s + n - 1) % n);
        sc.messages.push_back({0, s, (s + 1) % n, chunk, after});
      }
    }
  } else if (sc.workload == "list") {
    sc.messages = read_message_list(sc.message_list, n);
  } else if (sc.workload == "chakra") {
    // Rank r on host r unless ChakraHosts places it; every rank's file read and checked now, before any run.
    const std::string prefix = (!sc.chakra_traces.empty() && sc.chakra_traces[0] != '/' && !sc.base_dir.empty())
                                   ? sc.base_dir + "/" + sc.chakra_traces
                                   : sc.chakra_traces;
    const unsigned ranks = count_chakra_ranks(prefix);
    if (ranks == 0) {
      bad("ChakraTraces", "\"" + uetlb::shown(sc.chakra_traces) + "\"",
          "a prefix with rank files " + prefix + ".0.et, " + prefix + ".1.et, ...: " + prefix + ".0.et does not exist");
    }
    if (ranks > n) {
      bad("ChakraTraces", "\"" + uetlb::shown(sc.chakra_traces) + "\"",
          "at most one rank per host: " + std::to_string(ranks) + " rank files for " + std::to_string(n) + " hosts");
    }
    if (!sc.chakra_hosts.empty()) {
      if (sc.chakra_hosts.size() != ranks) {
        bad("ChakraHosts", std::to_string(sc.chakra_hosts.size()) + " hosts",
            "one host per rank: " + std::to_string(ranks) + " rank files");
      }
      std::vector<char> taken(n, 0);
      for (unsigned r = 0; r < ranks; ++r) {
        const unsigned h = sc.chakra_hosts[r];
        if (h >= n)
          bad("ChakraHosts", std::to_string(h),
              "hosts 0.." + std::to_string(n - 1) + " (rank " + std::to_string(r) + ")");
        if (taken[h]++)
          bad("ChakraHosts", std::to_string(h), "a host given to one rank only (rank " + std::to_string(r) + ")");
      }
    }
    if (!sc.chakra || sc.chakra->ranks.size() != ranks)
      sc.chakra = std::make_shared<const ChakraTrace>(read_chakra(prefix, ranks, sc.chakra_data_deps));
  } else {
    bad("Workload", "\"" + sc.workload + "\"",
        "\"permutation\", \"incast\", \"all-to-all\", \"ring\", \"list\", \"chakra\"");
  }
}

GroupNeed groups_needed(const Scenario& sc) {
  GroupNeed need;
  need.per_peer = sc.lb.pdc_groups_enabled;
  auto consider = [&need](std::uint64_t groups, std::uint32_t nic) {
    if (groups > need.groups) need = {groups, nic, need.per_peer};
  };
  if (sc.chakra) {
    const auto& ranks = sc.chakra->ranks;
    const std::uint32_t n = static_cast<std::uint32_t>(ranks.size());
    for (std::uint32_t r = 0; r < n; ++r) {
      std::set<std::uint32_t> peers;
      std::uint64_t messages = 0;
      bool everyone = false;  // an all-to-all, or a broadcast from this rank: every other rank
      for (const ChakraNode& node : ranks[r].nodes) {
        if (node.kind == ChakraKind::Send) {
          peers.insert(node.peer);
          ++messages;
        } else if (node.kind == ChakraKind::Coll) {
          const bool direct = node.coll == ChakraColl::AllToAll || (node.coll == ChakraColl::Broadcast && r == 0);
          everyone = everyone || direct;
          if (node.coll != ChakraColl::AllToAll && node.coll != ChakraColl::Broadcast) peers.insert((r + 1) % n);
          messages += direct                               ? n - 1
                      : node.coll == ChakraColl::AllReduce ? 2ULL * (n - 1)
                      : node.coll == ChakraColl::Broadcast ? 0
                                                           : n - 1;
        }
      }
      const std::uint32_t host = sc.chakra_hosts.empty() ? r : sc.chakra_hosts[r];
      consider(need.per_peer ? (everyone ? n - 1 : peers.size()) : messages, host);
    }
    return need;
  }
  // Messages by source, then destination: the distinct destinations (or the messages) of each source.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  pairs.reserve(sc.messages.size());
  for (const Message& m : sc.messages) pairs.emplace_back(m.src, m.dst);
  std::sort(pairs.begin(), pairs.end());
  std::uint64_t count = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const bool new_source = i == 0 || pairs[i].first != pairs[i - 1].first;
    if (new_source) count = 0;
    if (!need.per_peer || new_source || pairs[i].second != pairs[i - 1].second) ++count;
    consider(count, pairs[i].first);
  }
  return need;
}

}  // namespace uetsim
