#include "uetsim/chakra.hpp"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_map>

#include "chakra_et.pb.h"
#include "uetlb/config.hpp"

namespace uetsim {

using uetlb::ConfigError;

const char* to_string(ChakraKind k) {
  switch (k) {
    case ChakraKind::Metadata: return "METADATA_NODE";
    case ChakraKind::MemLoad: return "MEM_LOAD_NODE";
    case ChakraKind::MemStore: return "MEM_STORE_NODE";
    case ChakraKind::Comp: return "COMP_NODE";
    case ChakraKind::Send: return "COMM_SEND_NODE";
    case ChakraKind::Recv: return "COMM_RECV_NODE";
    case ChakraKind::Coll: return "COMM_COLL_NODE";
  }
  return "?";
}

const char* to_string(ChakraColl c) {
  switch (c) {
    case ChakraColl::AllReduce: return "ALL_REDUCE";
    case ChakraColl::AllGather: return "ALL_GATHER";
    case ChakraColl::ReduceScatter: return "REDUCE_SCATTER";
    case ChakraColl::AllToAll: return "ALL_TO_ALL";
    case ChakraColl::Broadcast: return "BROADCAST";
  }
  return "?";
}

namespace {

std::string rank_file(const std::string& prefix, unsigned r) {
  return prefix + "." + std::to_string(r) + ".et";
}

// An integer attribute, in whichever integer field the writer chose (Chakra's own tools write comm_size as
// int64 and the ranks and tag as int32; other writers differ).
bool attr_int(const chakra::AttributeProto& a, std::int64_t& v) {
  switch (a.value_case()) {
    case chakra::AttributeProto::kInt32Val: v = a.int32_val(); return true;
    case chakra::AttributeProto::kInt64Val: v = a.int64_val(); return true;
    case chakra::AttributeProto::kUint32Val: v = a.uint32_val(); return true;
    case chakra::AttributeProto::kUint64Val: v = static_cast<std::int64_t>(a.uint64_val()); return true;
    case chakra::AttributeProto::kSint32Val: v = a.sint32_val(); return true;
    case chakra::AttributeProto::kSint64Val: v = a.sint64_val(); return true;
    case chakra::AttributeProto::kFixed32Val: v = a.fixed32_val(); return true;
    case chakra::AttributeProto::kFixed64Val: v = static_cast<std::int64_t>(a.fixed64_val()); return true;
    case chakra::AttributeProto::kSfixed32Val: v = a.sfixed32_val(); return true;
    case chakra::AttributeProto::kSfixed64Val: v = a.sfixed64_val(); return true;
    default: return false;
  }
}

// An integer attribute's value as written, for messages: an unsigned 64-bit value above 2^63-1 as itself,
// not as the negative number attr_int makes of it.
std::string attr_text(const chakra::AttributeProto& a, std::int64_t v) {
  if (a.value_case() == chakra::AttributeProto::kUint64Val) return std::to_string(a.uint64_val());
  if (a.value_case() == chakra::AttributeProto::kFixed64Val) return std::to_string(a.fixed64_val());
  return std::to_string(v);
}

[[noreturn]] void bad_node(const std::string& file, std::uint64_t id, const std::string& what) {
  throw ConfigError("Chakra trace '" + file + "', node " + std::to_string(id) + ": " + what);
}

ChakraNode convert(const chakra::Node& n, const std::string& file, bool data_only) {
  ChakraNode c;
  c.id = n.id();
  c.name = n.name();
  switch (n.type()) {
    case chakra::METADATA_NODE: c.kind = ChakraKind::Metadata; break;
    case chakra::MEM_LOAD_NODE: c.kind = ChakraKind::MemLoad; break;
    case chakra::MEM_STORE_NODE: c.kind = ChakraKind::MemStore; break;
    case chakra::COMP_NODE: c.kind = ChakraKind::Comp; break;
    case chakra::COMM_SEND_NODE: c.kind = ChakraKind::Send; break;
    case chakra::COMM_RECV_NODE: c.kind = ChakraKind::Recv; break;
    case chakra::COMM_COLL_NODE: c.kind = ChakraKind::Coll; break;
    default:
      bad_node(file, c.id,
               "node type " + std::to_string(static_cast<int>(n.type())) +
                   " is not one the fabric runs (METADATA, MEM_LOAD, MEM_STORE, COMP, COMM_SEND, COMM_RECV, "
                   "COMM_COLL)");
  }
  if (!data_only) c.deps.assign(n.ctrl_deps().begin(), n.ctrl_deps().end());
  c.deps.insert(c.deps.end(), n.data_deps().begin(), n.data_deps().end());
  c.duration_us = n.duration_micros();
  // The fabric's clock counts ns up to 2^62: a longer compute node would wrap when scaled to ns.
  constexpr std::uint64_t kMaxDurationUs = (std::uint64_t{1} << 62) / 1000;
  if (c.duration_us > kMaxDurationUs) {
    bad_node(file, c.id,
             "duration_micros " + std::to_string(c.duration_us) + " is outside 0.." + std::to_string(kMaxDurationUs) +
                 " (the fabric's clock ends at 2^62 ns)");
  }
  bool has_type = false, has_size = false, has_src = false, has_dst = false, cpu_op = false;
  std::int64_t comm_type = 0, v = 0;
  for (const auto& a : n.attr()) {
    const bool is_int = attr_int(a, v);
    auto need_int = [&]() {
      if (!is_int) bad_node(file, c.id, "attribute '" + a.name() + "' is not an integer");
    };
    if (a.name() == "comm_type") {
      need_int();
      comm_type = v;
      has_type = true;
    } else if (a.name() == "comm_size") {
      need_int();
      if (v < 0) bad_node(file, c.id, "comm_size " + attr_text(a, v) + " is outside 0..2^63-1");
      c.comm_size = static_cast<std::uint64_t>(v);
      has_size = true;
    } else if (a.name() == "comm_src" || a.name() == "comm_dst") {
      need_int();
      if (v < 0 || v > 0xffffffffLL) {
        bad_node(file, c.id, a.name() + " " + attr_text(a, v) + " is not a rank (0..4294967295)");
      }
      if ((a.name() == "comm_src") == (c.kind == ChakraKind::Recv)) c.peer = static_cast<std::uint32_t>(v);
      (a.name() == "comm_src" ? has_src : has_dst) = true;
    } else if (a.name() == "comm_tag") {
      need_int();
      if (v < 0 || v > 0xffffffffLL) bad_node(file, c.id, "comm_tag " + attr_text(a, v) + " is outside 0..4294967295");
      c.tag = static_cast<std::uint32_t>(v);
    } else if (a.name() == "is_cpu_op") {
      if (a.value_case() == chakra::AttributeProto::kBoolVal) {
        cpu_op = a.bool_val();
      } else if (is_int) {
        cpu_op = v != 0;
      } else {
        bad_node(file, c.id, "attribute 'is_cpu_op' is not a bool");
      }
    }
  }
  // A host-side operator (is_cpu_op) is the CPU's time only, whatever its type: a collective's launch on
  // the host, not the collective (ASTRA-sim's workload layer reads such nodes the same way; PyTorch traces
  // converted by Chakra carry one beside the GPU-side node that has the sizes).
  if (cpu_op && (c.kind == ChakraKind::Send || c.kind == ChakraKind::Recv || c.kind == ChakraKind::Coll)) {
    c.kind = ChakraKind::Comp;
    return c;
  }
  if (c.kind == ChakraKind::Send || c.kind == ChakraKind::Recv || c.kind == ChakraKind::Coll) {
    if (!has_size) bad_node(file, c.id, std::string(to_string(c.kind)) + " has no comm_size attribute");
  }
  if (c.kind == ChakraKind::Send && !has_dst) bad_node(file, c.id, "COMM_SEND_NODE has no comm_dst attribute");
  if (c.kind == ChakraKind::Recv && !has_src) bad_node(file, c.id, "COMM_RECV_NODE has no comm_src attribute");
  if (c.kind == ChakraKind::Coll) {
    if (!has_type) bad_node(file, c.id, "COMM_COLL_NODE has no comm_type attribute");
    switch (comm_type) {
      case chakra::ALL_REDUCE: c.coll = ChakraColl::AllReduce; break;
      case chakra::ALL_GATHER: c.coll = ChakraColl::AllGather; break;
      case chakra::REDUCE_SCATTER: c.coll = ChakraColl::ReduceScatter; break;
      case chakra::ALL_TO_ALL: c.coll = ChakraColl::AllToAll; break;
      case chakra::BROADCAST: c.coll = ChakraColl::Broadcast; break;
      default: {
        const std::string name =
            chakra::CollectiveCommType_IsValid(static_cast<int>(comm_type))
                ? chakra::CollectiveCommType_Name(static_cast<chakra::CollectiveCommType>(comm_type))
                : std::to_string(comm_type);
        bad_node(file, c.id,
                 "collective " + name +
                     " is not one the fabric runs (ALL_REDUCE, ALL_GATHER, REDUCE_SCATTER, ALL_TO_ALL, BROADCAST)");
      }
    }
  }
  return c;
}

// What a dependency error adds when control dependencies were read.
constexpr const char* kDepsHint =
    " (a PyTorch trace converted by Chakra keeps operator nesting in ctrl_deps; \"ChakraDeps\": \"data\" "
    "reads data_deps only, as ASTRA-sim does)";

ChakraRank read_rank(const std::string& file, bool data_only) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("Chakra trace: cannot open rank file '" + file + "'");
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::int64_t>(in.tellg());
  in.seekg(0);
  google::protobuf::io::IstreamInputStream raw(&in);
  google::protobuf::io::CodedInputStream coded(&raw);
  coded.SetTotalBytesLimit(std::numeric_limits<int>::max());
  ChakraRank rank;
  rank.file = file;
  // One length-delimited message: false at the clean end of the file.
  auto next = [&](google::protobuf::Message& m, const char* what) {
    const auto at = coded.CurrentPosition();
    if (at == size) return false;
    // Read as 64 bits: ReadVarint32 drops the high bits of a longer varint (2^62 read as 0, an empty
    // node reported as "node type 0").
    std::uint64_t len = 0;
    if (!coded.ReadVarint64(&len)) {
      throw ConfigError("Chakra trace '" + file + "': bad length prefix (varint) of a " + what + " at byte " +
                        std::to_string(at));
    }
    if (len > static_cast<std::uint64_t>(size - coded.CurrentPosition())) {
      throw ConfigError("Chakra trace '" + file + "': truncated: a " + what + " of " + std::to_string(len) +
                        " bytes at byte " + std::to_string(at) + " runs past the end of the file (" +
                        std::to_string(size) + " bytes)");
    }
    const auto limit = coded.PushLimit(static_cast<int>(len));
    if (!m.ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
      throw ConfigError("Chakra trace '" + file + "': malformed " + what + " at byte " + std::to_string(at) +
                        " (a bad tag, varint or field length)");
    }
    coded.PopLimit(limit);
    return true;
  };
  chakra::GlobalMetadata meta;
  if (!next(meta, "GlobalMetadata")) throw ConfigError("Chakra trace '" + file + "': empty file (no GlobalMetadata)");
  chakra::Node node;
  while (next(node, "Node")) {
    rank.nodes.push_back(convert(node, file, data_only));
    node.Clear();
  }
  // Ids unique, dependencies known, no cycle (Kahn's order over the rank's nodes).
  std::unordered_map<std::uint64_t, std::size_t> index;
  for (std::size_t i = 0; i < rank.nodes.size(); ++i) {
    if (!index.emplace(rank.nodes[i].id, i).second) bad_node(file, rank.nodes[i].id, "duplicate node id");
  }
  std::vector<std::vector<std::size_t>> children(rank.nodes.size());
  std::vector<std::size_t> waiting(rank.nodes.size(), 0);
  for (std::size_t i = 0; i < rank.nodes.size(); ++i) {
    for (std::uint64_t d : rank.nodes[i].deps) {
      const auto it = index.find(d);
      if (it == index.end())
        bad_node(
            file, rank.nodes[i].id,
            "depends on node " + std::to_string(d) + ", which the file does not hold" + (data_only ? "" : kDepsHint));
      children[it->second].push_back(i);
      ++waiting[i];
    }
  }
  std::vector<std::size_t> ready;
  for (std::size_t i = 0; i < rank.nodes.size(); ++i) {
    if (waiting[i] == 0) ready.push_back(i);
  }
  std::size_t done = 0;
  while (!ready.empty()) {
    const std::size_t i = ready.back();
    ready.pop_back();
    ++done;
    for (std::size_t c : children[i]) {
      if (--waiting[c] == 0) ready.push_back(c);
    }
  }
  if (done != rank.nodes.size()) {
    std::ostringstream ids;
    int shown = 0;
    for (std::size_t i = 0; i < rank.nodes.size() && shown < 5; ++i) {
      if (waiting[i] != 0) ids << (shown++ ? ", " : "") << rank.nodes[i].id;
    }
    throw ConfigError("Chakra trace '" + file + "': a dependency cycle: " + std::to_string(rank.nodes.size() - done) +
                      " nodes never become ready (among them " + ids.str() + ")" + (data_only ? "" : kDepsHint));
  }
  return rank;
}

}  // namespace

unsigned count_chakra_ranks(const std::string& prefix) {
  unsigned n = 0;
  struct stat st {};
  while (::stat(rank_file(prefix, n).c_str(), &st) == 0 && S_ISREG(st.st_mode)) ++n;
  // A gap (a missing rank file, or a folder or a FIFO in its place) before a later rank's file would run
  // the trace as fewer ranks: refused, naming both files.
  const std::filesystem::path p(prefix);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  const std::string base = p.filename().string() + ".";
  std::error_code ec;
  std::uint64_t later = 0;
  bool found = false;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= base.size() + 3 || name.compare(0, base.size(), base) != 0 ||
        name.compare(name.size() - 3, 3, ".et") != 0) {
      continue;
    }
    const std::string digits = name.substr(base.size(), name.size() - base.size() - 3);
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::uint64_t r = std::stoull(digits);
    if (r > n && (!found || r > later)) {
      later = r;
      found = true;
    }
  }
  const std::string next = rank_file(prefix, n);
  if (::stat(next.c_str(), &st) == 0) {
    throw ConfigError("Chakra trace: rank file '" + next +
                      "' is not a regular file (a folder, a device or a FIFO): every rank's trace must be a file");
  }
  if (found) {
    throw ConfigError("Chakra trace: rank file '" + next + "' does not exist but '" +
                      rank_file(prefix, static_cast<unsigned>(later)) + "' does: the rank files must be " + prefix +
                      ".0.et .. without a gap");
  }
  return n;
}

ChakraTrace read_chakra(const std::string& prefix, unsigned ranks, bool data_only) {
  GOOGLE_PROTOBUF_VERIFY_VERSION;
  ChakraTrace t;
  for (unsigned r = 0; r < ranks; ++r) t.ranks.push_back(read_rank(rank_file(prefix, r), data_only));
  // Across ranks: peers in range; every send matched by a receive of the same size, in order per
  // (source, destination, tag); every rank's collectives the same sequence.
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, std::vector<const ChakraNode*>> sends, recvs;
  for (unsigned r = 0; r < ranks; ++r) {
    for (const auto& n : t.ranks[r].nodes) {
      if (n.kind != ChakraKind::Send && n.kind != ChakraKind::Recv) continue;
      if (n.peer >= ranks) {
        bad_node(t.ranks[r].file, n.id,
                 std::string(n.kind == ChakraKind::Send ? "comm_dst " : "comm_src ") + std::to_string(n.peer) +
                     " names a rank with no trace file (ranks 0.." + std::to_string(ranks - 1) + ": " +
                     rank_file(prefix, n.peer) + " does not exist)");
      }
      if (n.peer == r) bad_node(t.ranks[r].file, n.id, "sends to or receives from its own rank");
      if (n.kind == ChakraKind::Send) {
        sends[{r, n.peer, n.tag}].push_back(&n);
      } else {
        recvs[{n.peer, r, n.tag}].push_back(&n);
      }
    }
  }
  auto unmatched = [&](const auto& from, const auto& other, const char* what, const char* missing) {
    for (const auto& [key, list] : from) {
      const auto it = other.find(key);
      const std::size_t have = it == other.end() ? 0 : it->second.size();
      if (have < list.size()) {
        const auto [src, dst, tag] = key;
        const ChakraNode* n = list[have];
        const unsigned owner = std::string(what) == "send" ? src : dst;
        bad_node(t.ranks[owner].file, n->id,
                 std::string("a ") + what + " from rank " + std::to_string(src) + " to rank " + std::to_string(dst) +
                     " (tag " + std::to_string(tag) + ") without its " + missing + " (" + std::to_string(list.size()) +
                     " " + what + "s, " + std::to_string(have) + " " + missing + "s)");
      }
    }
  };
  unmatched(sends, recvs, "send", "receive");
  unmatched(recvs, sends, "receive", "send");
  for (const auto& [key, list] : sends) {
    const auto& rl = recvs.at(key);
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i]->comm_size != rl[i]->comm_size) {
        bad_node(t.ranks[std::get<0>(key)].file, list[i]->id,
                 "sends " + std::to_string(list[i]->comm_size) + " bytes; its receive on rank " +
                     std::to_string(std::get<1>(key)) + " (node " + std::to_string(rl[i]->id) + ") expects " +
                     std::to_string(rl[i]->comm_size));
      }
    }
  }
  std::vector<std::vector<const ChakraNode*>> colls(ranks);
  for (unsigned r = 0; r < ranks; ++r) {
    for (const auto& n : t.ranks[r].nodes) {
      if (n.kind == ChakraKind::Coll) colls[r].push_back(&n);
    }
  }
  for (unsigned r = 1; r < ranks; ++r) {
    for (std::size_t k = 0; k < std::max(colls[0].size(), colls[r].size()); ++k) {
      if (k >= colls[r].size() || k >= colls[0].size()) {
        throw ConfigError("Chakra trace '" + t.ranks[r].file + "': " + std::to_string(colls[r].size()) +
                          " collectives, rank 0 has " + std::to_string(colls[0].size()) +
                          " (every rank takes part in every collective, in the same order)");
      }
      const ChakraNode& a = *colls[0][k];
      const ChakraNode& b = *colls[r][k];
      if (a.coll != b.coll || a.comm_size != b.comm_size) {
        bad_node(t.ranks[r].file, b.id,
                 "collective " + std::to_string(k) + " is " + to_string(b.coll) + " of " + std::to_string(b.comm_size) +
                     " bytes; on rank 0 (node " + std::to_string(a.id) + ") it is " + to_string(a.coll) + " of " +
                     std::to_string(a.comm_size));
      }
    }
  }
  return t;
}

}  // namespace uetsim
