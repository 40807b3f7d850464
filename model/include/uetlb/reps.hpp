// Recycled Entropy Packet Spraying state of one PDC group (SPEC section 5).
#pragma once

#include <cstdint>
#include <vector>

#include "uetlb/prng.hpp"
#include "uetlb/types.hpp"

namespace uetlb {

/// Settings every REPS group of one load balancer shares.
struct RepsSettings {
  unsigned buffer_size_mask_bits = 3;    ///< C = 2^this
  std::uint64_t window_length = 71;      ///< W
  TimeNs freezing_timeout_ns = 100'000;  ///< FreezingTimeout
  std::uint32_t entropy_value_set_size = 65536;
  bool verification_freezing_off = false;  ///< ModelOptions::verification_freezing_off (never freeze)
};

/// The cache, freezing and exploration-window state of one group. Names follow SPEC section 5.
class RepsGroup {
 public:
  explicit RepsGroup(const RepsSettings& settings);
  /// Starts afresh, as a group just built does, keeping the slots' storage (a Chakra run opens a group for
  /// nearly every message).
  void restart();

  /// Recycle(v): `ack` and `nack_trim_last_hop`. May end freezing and open the exploration window.
  void recycle(EntropyValue v, TimeNs now);
  /// Path failure: `rto` and `efd`. Starts freezing unless freezing or inside the window.
  void path_failure(TimeNs now);
  /// Choose: the entropy value for one request (window, reuse, replay, explore).
  Choice choose(Xorshift32& prng);

  // Observers (tests and coverage).
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(slot_.size()); }
  std::uint32_t count() const { return count_; }
  std::uint32_t filled() const { return filled_; }
  std::uint32_t replay_index() const { return replay_; }
  bool freezing() const { return freezing_; }
  TimeNs freeze_start() const { return freeze_start_; }
  std::uint64_t window_left() const { return window_left_; }
  /// The unconsumed values, oldest first.
  std::vector<EntropyValue> unconsumed() const;

 private:
  RepsGroup(const RepsSettings& settings, std::vector<EntropyValue> slots);  // (restart: zeroed slots of C)
  Choice explore(Xorshift32& prng) const;

  const RepsSettings* settings_;
  std::vector<EntropyValue> slot_;  // C slots
  std::uint32_t wr_ = 0;            // next slot to write
  std::uint32_t count_ = 0;         // unconsumed values, 0..C
  std::uint32_t filled_ = 0;        // slots ever written, 0..C
  std::uint32_t replay_ = 0;        // replay index
  bool freezing_ = false;
  TimeNs freeze_start_ = 0;
  std::uint64_t window_left_ = 0;  // packets left in the exploration window, 0 = no window
  std::uint64_t window_len_ = 0;
};

}  // namespace uetlb
