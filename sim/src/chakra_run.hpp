// Runs a Chakra trace on the fabric (private to the uetsim library): each rank's nodes start when their
// dependencies are done; a COMP node takes its duration; metadata and memory nodes take no time; a SEND
// is a message to its peer, done when the message is (every packet acknowledged); the k-th RECV of a
// (source, destination, tag) is done when it is ready and the k-th SEND's message is done; a collective
// is expanded into messages among all ranks (docs/fabric.md, "Chakra traces"). Rank r runs on host r.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "uetsim/chakra.hpp"
#include "uetsim/scenario.hpp"

namespace uetsim {

class ChakraRun {
 public:
  /// `send(src, dst, bytes, token)` starts a message now (token >= 1); the fabric calls message_done(token)
  /// when it is done. `timer(at, token)` calls timer_done(token) at `at`.
  using SendFn = std::function<void(unsigned src, unsigned dst, std::uint64_t bytes, std::uint64_t token)>;
  using TimerFn = std::function<void(TimeNs at, std::uint64_t token)>;

  /// `link_rate_bps`: the hosts' link rate (for each collective's bandwidth bound in the records).
  ChakraRun(const ChakraTrace& trace, SendFn send, TimerFn timer, std::uint64_t link_rate_bps);
  /// Starts every node with no dependency (time 0).
  void start(TimeNs now);
  void message_done(std::uint64_t token, TimeNs now);
  void timer_done(std::uint64_t token, TimeNs now);

  bool done() const { return nodes_done_ == nodes_total_; }
  TimeNs end_time() const { return end_; }
  std::size_t nodes_done() const { return nodes_done_; }
  std::size_t nodes_total() const { return nodes_total_; }
  /// The nodes that never finished, a few per rank, with what each waits for (empty when done()).
  std::string stuck() const;
  /// collectives.csv: each SEND, RECV and collective node: rank, node, name, kind, algorithm, bytes,
  /// start (ready) and end in ns, whether it finished, and the bandwidth bound of its algorithm in ns (the
  /// time the bytes one rank must send take at the link rate: ring all-reduce 2(N-1)/N x size, all-gather
  /// and reduce-scatter (N-1)/N x size, all-to-all (N-1)/N x size, broadcast (N-1) x size from rank 0,
  /// point-to-point the size).
  void write_collectives(std::ostream& out) const;
  /// chakra-nodes.csv: every node (compute and communication): rank, node, kind, start, end (the timeline).
  void write_nodes(std::ostream& out) const;

 private:
  struct NodeState {
    std::uint32_t waiting = 0;  // dependencies not yet done
    bool started = false, finished = false;
    TimeNs start = 0, end = 0;
    std::uint32_t coll = 0;  // COLL: its instance
    std::uint32_t seq = 0;   // SEND, RECV: its order (in file order) within its (src, dst, tag)
  };
  struct Rank {
    std::vector<NodeState> st;
    std::vector<std::vector<std::uint32_t>> children;
  };
  // A message and what it completes.
  enum class MsgKind : std::uint8_t { Send, CollStep };
  struct MsgInfo {
    MsgKind kind;
    std::uint32_t rank, node;                   // Send: the sending rank and node; CollStep: the sending rank
    std::uint32_t coll = 0, step = 0, dst = 0;  // CollStep
  };
  struct Pair {  // the sends and receives of one (source, destination, tag), in order
    std::vector<char> msg_done, recv_ready;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> recv_node;  // (rank, node) by order
    std::uint32_t sends = 0;
  };
  struct CollRank {
    bool joined = false, finished = false;
    std::uint32_t node = 0;
    std::uint32_t sends_done = 0, recvs_done = 0;
    std::vector<char> recv_step;  // ring: step s's chunk from the rank before has arrived
  };
  struct Coll {
    ChakraColl type;
    std::uint64_t bytes = 0, chunk = 0;
    std::uint32_t steps = 0;  // ring: steps per rank
    std::vector<CollRank> r;
  };

  const ChakraTrace& trace_;
  std::uint64_t rate_bps_;
  SendFn send_;
  TimerFn timer_;
  std::vector<Rank> ranks_;
  std::vector<Coll> colls_;
  // The messages in flight, by token (a slot, reused once its message is done: a ring all-reduce over
  // thousands of ranks sends hundreds of millions of messages, a few thousand at a time).
  std::vector<MsgInfo> msgs_;
  std::vector<std::uint32_t> free_msgs_;
  std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>, Pair> pairs_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ready_;  // (rank, node) to start
  std::size_t nodes_done_ = 0, nodes_total_ = 0;
  TimeNs end_ = 0;

  void send(unsigned src, unsigned dst, std::uint64_t bytes, MsgInfo info);
  void drain(TimeNs now);
  void begin(std::uint32_t rank, std::uint32_t node, TimeNs now);
  void finish(std::uint32_t rank, std::uint32_t node, TimeNs now);
  void coll_join(std::uint32_t rank, std::uint32_t node, TimeNs now);
  void coll_send(std::uint32_t c, std::uint32_t rank, std::uint32_t step);
  void send_done(std::uint32_t rank, std::uint32_t node, TimeNs now);
  void coll_check(std::uint32_t c, std::uint32_t rank, TimeNs now);
  std::uint32_t n() const { return static_cast<std::uint32_t>(ranks_.size()); }
};

}  // namespace uetsim
