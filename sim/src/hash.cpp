#include "uetsim/hash.hpp"

#include <array>
#include <utility>

namespace uetsim {
namespace {

constexpr std::array<std::pair<HashMethod, const char*>, 8> kNames{{
    {HashMethod::Crc32, "crc32"},
    {HashMethod::Crc32WithSalt, "crc32WithSalt"},
    {HashMethod::Hash, "hash"},
    {HashMethod::HashWithSalt, "hashWithSalt"},
    {HashMethod::Dpr, "dpr"},
    {HashMethod::DprWithFallback, "dprWithFallback"},
    {HashMethod::Crc32SaltPrepended, "crc32SaltPrepended"},
    {HashMethod::HashSaltPrepended, "hashSaltPrepended"},
}};

std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}

const std::array<std::uint32_t, 256>& crc_table() {
  static const auto table = make_crc_table();
  return table;
}

void put32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}

}  // namespace

std::array<std::uint8_t, 13> FlowTuple::bytes() const {
  std::array<std::uint8_t, 13> b{};
  put32(&b[0], src_ip);
  put32(&b[4], dst_ip);
  b[8] = 17;
  b[9] = static_cast<std::uint8_t>(src_port >> 8);
  b[10] = static_cast<std::uint8_t>(src_port);
  b[11] = static_cast<std::uint8_t>(dst_port >> 8);
  b[12] = static_cast<std::uint8_t>(dst_port);
  return b;
}

std::optional<HashMethod> parse_hash_method(const std::string& s) {
  for (const auto& [m, name] : kNames) {
    if (s == name) return m;
  }
  return std::nullopt;
}

const char* to_string(HashMethod m) {
  for (const auto& [mm, name] : kNames) {
    if (mm == m) return name;
  }
  return "?";
}

std::uint32_t fmix32(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85EBCA6BU;
  h ^= h >> 13;
  h *= 0xC2B2AE35U;
  h ^= h >> 16;
  return h;
}

std::uint32_t nic_seed(std::uint32_t scenario_seed, std::uint32_t config_seed, std::uint32_t nic) {
  const std::uint32_t s = fmix32(config_seed ^ fmix32(scenario_seed ^ fmix32(nic + 0x9E3779B9U)));
  return s == 0 ? 1 : s;
}

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc) {
  // `crc` is the running value before the final xor (0 to start a new CRC).
  std::uint32_t c = crc ^ 0xFFFFFFFFU;
  const auto& t = crc_table();
  for (std::size_t i = 0; i < n; ++i) c = t[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFU;
}

std::uint32_t fnv1a32(const std::uint8_t* data, std::size_t n) {
  std::uint32_t h = 0x811C9DC5U;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= data[i];
    h *= 0x01000193U;
  }
  return h;
}

std::uint32_t flow_hash(HashMethod method, const FlowTuple& t, std::uint32_t salt) {
  const auto tuple = t.bytes();
  std::array<std::uint8_t, 17> salted{};
  put32(&salted[0], salt);
  for (std::size_t i = 0; i < tuple.size(); ++i) salted[4 + i] = tuple[i];
  switch (method) {
    case HashMethod::Crc32: return crc32(tuple.data(), tuple.size());
    case HashMethod::Crc32WithSalt:
    case HashMethod::DprWithFallback: return fmix32(crc32(tuple.data(), tuple.size()) ^ salt);
    case HashMethod::Hash: return fnv1a32(tuple.data(), tuple.size());
    case HashMethod::HashWithSalt: return fmix32(fnv1a32(tuple.data(), tuple.size()) ^ salt);
    case HashMethod::Dpr: return crc32(&tuple[4], 4);
    case HashMethod::Crc32SaltPrepended: return crc32(salted.data(), salted.size());
    case HashMethod::HashSaltPrepended: return fnv1a32(salted.data(), salted.size());
  }
  return 0;
}

}  // namespace uetsim
