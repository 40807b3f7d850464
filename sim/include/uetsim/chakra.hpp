// Chakra execution traces (MLCommons): one file per rank, `prefix.R.et`, a length-delimited GlobalMetadata
// and then length-delimited Node messages (decoded with the protobuf library, sim/proto/chakra_et.proto).
// read_chakra() reads and checks every rank's file before any run starts: each error names the file and,
// where there is one, the node id and what is wrong.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uetsim {

enum class ChakraKind : std::uint8_t { Metadata, MemLoad, MemStore, Comp, Send, Recv, Coll };
/// The collectives the fabric runs (ring for the first three, direct for the others: docs/fabric.md).
enum class ChakraColl : std::uint8_t { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast };

const char* to_string(ChakraKind k);
const char* to_string(ChakraColl c);

struct ChakraNode {
  std::uint64_t id = 0;
  std::string name;
  ChakraKind kind = ChakraKind::Comp;
  std::vector<std::uint64_t> deps;  ///< control and data dependencies (node ids of the same rank)
  std::uint64_t duration_us = 0;    ///< COMP: its run time
  ChakraColl coll = ChakraColl::AllReduce;
  std::uint64_t comm_size = 0;  ///< bytes (SEND, RECV, COLL)
  std::uint32_t peer = 0;       ///< SEND: comm_dst; RECV: comm_src
  std::uint32_t tag = 0;        ///< SEND, RECV: comm_tag
};

struct ChakraRank {
  std::string file;
  std::vector<ChakraNode> nodes;  ///< in file order
};

struct ChakraTrace {
  std::vector<ChakraRank> ranks;
};

/// Reads `prefix.0.et` ... `prefix.(ranks-1).et`. Throws uetlb::ConfigError: a missing or unreadable file, a
/// truncated message, a malformed message (bad varint, tag or length), a node type or collective the
/// fabric cannot run, an unknown or duplicate node id, a dependency cycle, a peer rank out of range, a
/// send without its receive (or a receive without its send, or sizes that differ), collectives that differ
/// between ranks.
/// `data_only`: dependencies are the nodes' data_deps alone (ASTRA-sim's reading); else ctrl_deps too.
ChakraTrace read_chakra(const std::string& prefix, unsigned ranks, bool data_only = false);

/// The number of consecutive rank files `prefix.0.et`, `prefix.1.et`, ... that exist. Throws
/// uetlb::ConfigError when the first missing one is there but not a regular file, or a later one exists.
unsigned count_chakra_ranks(const std::string& prefix);

}  // namespace uetsim
