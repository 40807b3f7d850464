// The load balancer's pseudo-random generator (SPEC section 8).
#pragma once

#include <cstdint>

#include "uetlb/types.hpp"

namespace uetlb {

/// xorshift32 with shifts 13, 17, 5; one generator per load-balancer instance.
class Xorshift32 {
 public:
  explicit Xorshift32(std::uint32_t seed) : state_(seed) {}

  /// Steps the generator once and returns the new state.
  std::uint32_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
  }

  /// One explore draw: step once, then map onto 0..set_size-1 by the high word of state x set_size.
  EntropyValue draw(std::uint32_t set_size) {
    return static_cast<EntropyValue>((static_cast<std::uint64_t>(next()) * set_size) >> 32);
  }

  std::uint32_t state() const { return state_; }

 private:
  std::uint32_t state_;
};

}  // namespace uetlb
