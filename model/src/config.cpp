#include "uetlb/config.hpp"

#include <array>
#include <cctype>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>

#include "uetlb/json_strict.hpp"
#include "uetlb/output.hpp"

namespace uetlb {
namespace {

using json = nlohmann::json;

[[noreturn]] void fail(const std::string& key, const std::string& value, const std::string& allowed) {
  throw ConfigError("config key '" + key + "': " + value + " is outside " + allowed);
}

void check_range(const std::string& key, std::uint64_t v, std::uint64_t lo, std::uint64_t hi,
                 const std::string& allowed) {
  if (v < lo || v > hi) fail(key, std::to_string(v), allowed);
}

// Splits "1.6Tbps" into the decimal number and the unit, and scales the number by the unit's
// power of ten exactly; throws when the result is not a whole number.
template <std::size_t N>
std::uint64_t parse_scaled(const std::string& text, const std::string& key,
                           const std::array<std::pair<const char*, int>, N>& units, const char* what) {
  std::size_t i = 0;
  std::string int_digits;
  std::string frac_digits;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) int_digits += text[i++];
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) frac_digits += text[i++];
  }
  const std::string unit = text.substr(i);
  int exponent = -1;
  for (const auto& [name, exp] : units) {
    if (unit == name) exponent = exp;
  }
  if (int_digits.empty() || exponent < 0) {
    throw ConfigError("config key '" + key + "': \"" + shown(text) + "\" is not a " + what);
  }
  // value = int_digits.frac_digits x 10^exponent, which must be a whole number.
  std::string digits = int_digits + frac_digits;
  int shift = exponent - static_cast<int>(frac_digits.size());
  while (shift < 0) {
    if (digits.back() != '0') {
      throw ConfigError("config key '" + key + "': \"" + shown(text) + "\" is not a whole number of units");
    }
    digits.pop_back();
    ++shift;
  }
  digits.append(static_cast<std::size_t>(shift), '0');
  std::uint64_t v = 0;
  for (char c : digits) {
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (std::numeric_limits<std::uint64_t>::max() - d) / 10) {
      throw ConfigError("config key '" + key + "': \"" + shown(text) + "\" is too large");
    }
    v = v * 10 + d;
  }
  return v;
}

constexpr std::array<std::pair<const char*, int>, 4> kTimeUnits{{{"ns", 0}, {"us", 3}, {"ms", 6}, {"s", 9}}};
constexpr std::array<std::pair<const char*, int>, 5> kRateUnits{
    {{"bps", 0}, {"Kbps", 3}, {"Mbps", 6}, {"Gbps", 9}, {"Tbps", 12}}};

std::uint64_t get_unsigned(const json& v, const std::string& key) {
  if (!v.is_number_integer()) fail(key, json_brief(v), "the integers");
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  const auto s = v.get<std::int64_t>();
  if (s < 0) fail(key, json_brief(v), "the non-negative integers");
  return static_cast<std::uint64_t>(s);
}

TimeNs get_time(const json& v, const std::string& key) {
  if (v.is_string()) return parse_time_ns(v.get<std::string>(), key);
  return get_unsigned(v, key);
}

}  // namespace

std::string shown(std::string_view text, std::size_t kMax) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < kMax; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMax) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

TimeNs parse_time_ns(const std::string& text, const std::string& key) {
  return parse_scaled(text, key, kTimeUnits, "time (an integer in ns, or a number with unit ns, us, ms or s)");
}

std::uint64_t parse_link_rate_bps(const std::string& text, const std::string& key) {
  return parse_scaled(text, key, kRateUnits,
                      "link rate (an integer in bit/s, or a number with unit bps, Kbps, Mbps, Gbps or Tbps)");
}

void Config::validate() const {
  constexpr std::uint64_t kMaxTime = std::numeric_limits<std::int64_t>::max();
  check_range("EntropyMaskBits", entropy_mask_bits, 0, 8, "0..8");
  check_range("StartingPortOffset", starting_port_offset, 0, 65535, "0..65535");
  check_range("REPSBufferSizeMaskBits", reps_buffer_size_mask_bits, 0, 16, "0..16");
  check_range("EntropyValueSetSize", entropy_value_set_size, 1, 65536, "1..65536");
  check_range("FreezingTimeout", freezing_timeout_ns, 1, kMaxTime, "1..2^63-1 ns (it must be > 0)");
  check_range("FailureDetectionRTTMultiplier", failure_detection_rtt_multiplier, 0, 255, "0..255");
  check_range("InitialBaseRTT", initial_base_rtt_ns, 1, kMaxTime, "1..2^63-1 ns (it must be > 0)");
  check_range("LinkRate", link_rate_bps, 1, std::numeric_limits<std::uint64_t>::max(), "> 0 bit/s");
  check_range("RdmaDataMSS", rdma_data_mss, 1, std::numeric_limits<std::uint32_t>::max(), "1..2^32-1 bytes");
  check_range("Seed", seed, 1, std::numeric_limits<std::uint32_t>::max(), "1..4294967295");
}

std::uint64_t Config::exploration_window() const {
  // floor(rate[bit/s] x rtt[ns] / 1e9 / 8 / (MSS + 88)); 128-bit product so no rate/RTT overflows.
  const unsigned __int128 bits = static_cast<unsigned __int128>(link_rate_bps) * initial_base_rtt_ns;
  const unsigned __int128 denom = static_cast<unsigned __int128>(8'000'000'000ULL) *
                                  (static_cast<std::uint64_t>(rdma_data_mss) + kPacketOverheadBytes);
  const unsigned __int128 w = bits / denom;
  return w > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                       : static_cast<std::uint64_t>(w);
}

Config Config::from_json(const std::string& text, const std::string& source) {
  const json doc = parse_json_strict(text, source);
  if (!doc.is_object()) throw ConfigError(source + ": the configuration must be one JSON object");

  Config c;
  for (const auto& [key, v] : doc.items()) {
    if (key == "PacketSprayingType") {
      const auto t = v.is_string() ? parse_spraying_type(v.get<std::string>()) : std::nullopt;
      if (!t) {
        fail(key, json_brief(v), "\"None\", \"Default Packet Spraying\", \"Recycled Entropy Packet Spraying\"");
      }
      c.packet_spraying_type = *t;
    } else if (key == "EntropyMaskBits") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 0, 8, "0..8");
      c.entropy_mask_bits = static_cast<unsigned>(x);
    } else if (key == "StartingPortOffset") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 0, 65535, "0..65535");
      c.starting_port_offset = static_cast<unsigned>(x);
    } else if (key == "REPSBufferSizeMaskBits") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 0, 16, "0..16");
      c.reps_buffer_size_mask_bits = static_cast<unsigned>(x);
    } else if (key == "EntropyValueSetSize") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 1, 65536, "1..65536");
      c.entropy_value_set_size = static_cast<std::uint32_t>(x);
    } else if (key == "FreezingTimeout") {
      c.freezing_timeout_ns = get_time(v, key);
    } else if (key == "FailureDetectionRTTMultiplier") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 0, 255, "0..255");
      c.failure_detection_rtt_multiplier = static_cast<unsigned>(x);
    } else if (key == "InitialBaseRTT") {
      c.initial_base_rtt_ns = get_time(v, key);
    } else if (key == "LinkRate") {
      c.link_rate_bps = v.is_string() ? parse_link_rate_bps(v.get<std::string>(), key) : get_unsigned(v, key);
    } else if (key == "RdmaDataMSS") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 1, std::numeric_limits<std::uint32_t>::max(), "1..2^32-1 bytes");
      c.rdma_data_mss = static_cast<std::uint32_t>(x);
    } else if (key == "PDCGroupsEnabled") {
      if (!v.is_boolean()) fail(key, json_brief(v), "true, false");
      c.pdc_groups_enabled = v.get<bool>();
    } else if (key == "Seed") {
      const auto x = get_unsigned(v, key);
      check_range(key, x, 1, std::numeric_limits<std::uint32_t>::max(), "1..4294967295");
      c.seed = static_cast<std::uint32_t>(x);
    } else {
      throw ConfigError(source + ": unknown config key '" + key +
                        "' (known: PacketSprayingType, EntropyMaskBits, StartingPortOffset, "
                        "REPSBufferSizeMaskBits, EntropyValueSetSize, FreezingTimeout, "
                        "FailureDetectionRTTMultiplier, InitialBaseRTT, LinkRate, RdmaDataMSS, "
                        "PDCGroupsEnabled, Seed)");
    }
  }
  c.validate();
  return c;
}

std::string read_text_file(const std::string& path, const std::string& what) {
  const std::string problem = output::unreadable(path);
  if (!problem.empty()) throw ConfigError(what + " '" + path + "' " + problem);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open " + what);
  // Bounded, for a pipe that never ends (a regular file's size is known, a pipe's is not).
  constexpr std::size_t kMaxBytes = std::size_t{64} << 20;
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxBytes) {
      throw ConfigError(what + " '" + path + "' is larger than 64 MiB (the project's JSON files are a few KB)");
    }
  }
  if (in.bad()) throw ConfigError(what + " '" + path + "': read failed");
  return text;
}

Config Config::from_file(const std::string& path) {
  return from_json(read_text_file(path, "configuration file"), path);
}

}  // namespace uetlb
