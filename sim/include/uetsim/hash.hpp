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

/// SPEC section 10's methods (the salted ones mix the switch's salt in non-linearly: fmix32 of the unsalted
/// hash XOR the salt), and the first version's salted methods, kept as options to show what they did:
/// `crc32SaltPrepended` and `hashSaltPrepended` hash the salt's four bytes and then the tuple. CRC-32 and
/// FNV-1a's low bits are then affine in the salt, so the switches of two tiers pick correlated members.
enum class HashMethod {
  Crc32,
  Crc32WithSalt,
  Hash,
  HashWithSalt,
  Dpr,
  DprWithFallback,
  Crc32SaltPrepended,
  HashSaltPrepended
};

std::optional<HashMethod> parse_hash_method(const std::string& s);
const char* to_string(HashMethod m);

/// The MurmurHash3 32-bit finalizer (SPEC section 10): a bijection whose every output bit depends
/// non-linearly on every input bit.
std::uint32_t fmix32(std::uint32_t h);
/// NIC `nic`'s load-balancer Seed (SPEC section 10: NICs do not explore the same sequence):
/// fmix32(config_seed XOR fmix32(scenario_seed XOR fmix32(nic + 0x9E3779B9))), 1 where that is 0.
std::uint32_t nic_seed(std::uint32_t scenario_seed, std::uint32_t config_seed, std::uint32_t nic);
/// CRC-32/IEEE (reflected polynomial 0xEDB88320, initial and final xor 0xFFFFFFFF).
std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc = 0);
/// FNV-1a, 32 bits.
std::uint32_t fnv1a32(const std::uint8_t* data, std::size_t n);

/// The flow hash of `method` for a switch with `salt`. `dpr` uses the destination address only;
/// dprWithFallback's fallback is decided by the caller (it needs the member's link state).
std::uint32_t flow_hash(HashMethod method, const FlowTuple& t, std::uint32_t salt);

}  // namespace uetsim
