#include "uetsim/ecmp.hpp"

#include <algorithm>

namespace uetsim {

std::uint32_t Switch::salt_of(std::uint32_t id, std::uint32_t seed) {
  const std::uint8_t b[8] = {static_cast<std::uint8_t>(id),
                             static_cast<std::uint8_t>(id >> 8),
                             0x5A,
                             static_cast<std::uint8_t>(seed),
                             static_cast<std::uint8_t>(seed >> 8),
                             static_cast<std::uint8_t>(seed >> 16),
                             static_cast<std::uint8_t>(seed >> 24),
                             0xA5};
  return crc32(b, sizeof b);
}

std::uint32_t Switch::flowlet(const std::vector<std::uint32_t>& members, const FlowTuple& t, TimeNs now,
                              const EcmpRules& rules, std::uint32_t hashed) {
  const std::uint64_t key = crc32(t.bytes().data(), 13);
  auto [it, fresh] = flowlets_.try_emplace(key, FlowletEntry{hashed, now});
  if (fresh) return hashed;
  const bool still_valid = std::find(members.begin(), members.end(), it->second.member) != members.end();
  if (now - it->second.last > rules.flowlet_gap_ns || !still_valid) {
    it->second.member = members[flow_hash(rules.method, t, salt + static_cast<std::uint32_t>(now)) % members.size()];
  }
  it->second.last = now;
  return it->second.member;
}

}  // namespace uetsim
