// Configuration of one load balancer (SPEC section 2): attributes, their ranges, and the JSON file.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "uetlb/types.hpp"

namespace uetlb {

/// Raised for any configuration value outside its range, unknown key or malformed file.
/// The message names the key (or file), the value and what is allowed.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Every attribute of SPEC section 2, with its default.
struct Config {
  SprayingType packet_spraying_type = SprayingType::Default;  ///< PacketSprayingType
  unsigned entropy_mask_bits = 7;                             ///< EntropyMaskBits, 0..8
  unsigned starting_port_offset = 256;                        ///< StartingPortOffset, 0..65535
  unsigned reps_buffer_size_mask_bits = 3;                    ///< REPSBufferSizeMaskBits, 0..16
  std::uint32_t entropy_value_set_size = 65536;               ///< EntropyValueSetSize, 1..65536
  TimeNs freezing_timeout_ns = 100'000;                       ///< FreezingTimeout, > 0
  unsigned failure_detection_rtt_multiplier = 3;              ///< FailureDetectionRTTMultiplier, 0..255
  TimeNs initial_base_rtt_ns = 6'000;                         ///< InitialBaseRTT, > 0
  std::uint64_t link_rate_bps = 400'000'000'000ULL;           ///< LinkRate, > 0
  std::uint32_t rdma_data_mss = 4096;                         ///< RdmaDataMSS, > 0
  bool pdc_groups_enabled = true;                             ///< PDCGroupsEnabled
  std::uint32_t seed = 1;                                     ///< Seed, 1..2^32-1

  /// Throws ConfigError naming the first attribute outside its range.
  void validate() const;

  /// Number of REPS cache slots, C = 2^REPSBufferSizeMaskBits (SPEC section 5).
  std::uint32_t reps_cache_size() const { return 1U << reps_buffer_size_mask_bits; }

  /// Exploration window length W = floor(link rate x InitialBaseRTT / 8 / (RdmaDataMSS + 88)) (SPEC section 5).
  std::uint64_t exploration_window() const;

  /// Parses a JSON object (SPEC section 2, configuration file). `source` names the file in messages.
  static Config from_json(const std::string& text, const std::string& source);
  /// Reads and parses a JSON configuration file.
  static Config from_file(const std::string& path);
};

/// Bytes of protocol overhead added to RdmaDataMSS for the nominal packet size.
inline constexpr std::uint32_t kPacketOverheadBytes = 88;

/// `text` as an error message shows it: control bytes (escape codes, newlines) as \xNN, and at most `max`
/// bytes of it, with its length when cut.
std::string shown(std::string_view text, std::size_t max = 80);

/// Reads a whole text file; throws ConfigError "PATH: cannot open WHAT" when it cannot.
std::string read_text_file(const std::string& path, const std::string& what);

/// Parses a time: an integer (ns) or a string with unit ns/us/ms/s ("100us", "1.5us"). Throws ConfigError
/// mentioning `key` when the text is malformed or not a whole number of nanoseconds.
TimeNs parse_time_ns(const std::string& text, const std::string& key);
/// Parses a link rate: a string with unit bps/Kbps/Mbps/Gbps/Tbps ("400Gbps", "1.6Tbps").
std::uint64_t parse_link_rate_bps(const std::string& text, const std::string& key);

}  // namespace uetlb
