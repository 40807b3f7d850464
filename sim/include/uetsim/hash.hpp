// Switch-side flow hashing (SPEC section 10): the 13-byte flow identity and the EcmpHashMethod functions.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace uetsim {

/// Source IP, destination IP, protocol 17, UDP source port (= EV), UDP destination port 4793, in network
/// byte order: 4 + 4 + 1 + 2 + 2 = 13 bytes.
struct FlowTuple {
  std::uint32_t src_ip = 0;
  std::uint32_t dst_ip = 0;
  std::uint16_t src_port = 0;
  std::uint16_t dst_port = 4793;
  std::array<std::uint8_t, 13> bytes() const;
};

/// SPEC section 10's methods, and `Crc32Mixed` (not in SPEC: CRC-32 of the tuple, then the switch's salt
/// mixed in non-linearly, so that switches of different tiers pick members independently, as switches with
/// per-tier hash seeds or functions do; for comparisons with simulators whose switches do not polarize).
enum class HashMethod { Crc32, Crc32WithSalt, Hash, HashWithSalt, Dpr, DprWithFallback, Crc32Mixed };

std::optional<HashMethod> parse_hash_method(const std::string& s);
const char* to_string(HashMethod m);

/// CRC-32/IEEE (reflected polynomial 0xEDB88320, initial and final xor 0xFFFFFFFF).
std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc = 0);
/// FNV-1a, 32 bits.
std::uint32_t fnv1a32(const std::uint8_t* data, std::size_t n);

/// The flow hash of `method` for a switch with `salt`. `dpr` uses the destination address only;
/// dprWithFallback's fallback is decided by the caller (it needs the member's link state).
std::uint32_t flow_hash(HashMethod method, const FlowTuple& t, std::uint32_t salt);

}  // namespace uetsim
