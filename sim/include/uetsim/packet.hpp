// What travels on the fabric's links (data packets, trimmed headers, ACKs, NACKs), and the fabric's own
// random draws.
#pragma once

#include <cstdint>

#include "uetsim/scenario.hpp"

namespace uetsim {

/// The UET UDP destination port (every packet's; the source port carries the entropy value).
inline constexpr std::uint16_t kUetPort = 4793;

enum class Kind : std::uint8_t { Data, Ack, Nack };

struct Packet {
  Kind kind = Kind::Data;
  bool trimmed = false;            ///< data whose payload a switch cut: the header goes on, the receiver NACKs it
  bool last_hop = false;           ///< trimmed at a switch's port to a host (NACK kind NackTrimLastHop)
  bool ecn = false;                ///< marked congestion experienced (data), echoed (ACK)
  bool retx = false;               ///< a retransmission
  bool ack_req = false;            ///< data, with AckCoalescingBytes: the sender asks for an ACK at once
  std::uint32_t src = 0, dst = 0;  ///< hosts
  std::uint32_t size = 0;          ///< bytes on the wire
  std::uint32_t pdc = 0;           ///< the sending PDC (message) index
  std::uint32_t psn = 0;
  std::uint16_t ev = 0;       ///< UDP source port
  std::uint16_t echo_ev = 0;  ///< ACK, NACK: the entropy value of the data packet
  TimeNs sent_at = 0;         ///< data: when it was sent (echoed in its ACK)
  // A coalesced ACK (AckCoalescingBytes): it acknowledges every PSN below `cum` and PSN sack_base(psn, cum)
  // + i for each bit i set in `sack`; `psn` is the packet that made the receiver send it.
  std::uint32_t cum = 0;
  std::uint64_t sack = 0;
};

/// The first PSN a coalesced ACK's bitmap covers: the 64 PSNs up to the one that made the ACK, or from
/// the first PSN above `cum` when that is later (so `psn` is covered, by the bitmap or by `cum`).
inline std::uint32_t sack_base(std::uint32_t psn, std::uint32_t cum) {
  const std::uint32_t low = psn >= 63 ? psn - 63 : 0;
  return low > cum + 1 ? low : cum + 1;
}

/// Where a link ends.
enum class NodeKind : std::uint8_t { Host, Switch };

/// Uniform draws in [0, 1) from a splitmix64 state. The fabric keeps one generator per purpose (degraded
/// links' losses, the switches' random choices) so that draws for one never shift the other's sequence.
class UnitRng {
 public:
  explicit UnitRng(std::uint64_t state = 0) : state_(state) {}
  double next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * (1.0 / 9007199254740992.0);
  }

 private:
  std::uint64_t state_;
};

}  // namespace uetsim
