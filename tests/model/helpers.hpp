// Shared helpers for the model tests.
#pragma once

#include <cstdint>
#include <vector>

#include "uetlb/load_balancer.hpp"

namespace uetlb::test {

/// An independent xorshift32 (shifts 13, 17, 5) and multiply-high map, to predict explore values.
class ExpectedPrng {
 public:
  explicit ExpectedPrng(std::uint32_t seed) : x_(seed) {}
  std::uint16_t next(std::uint32_t set_size) {
    x_ ^= x_ << 13;
    x_ ^= x_ >> 17;
    x_ ^= x_ << 5;
    return static_cast<std::uint16_t>((static_cast<std::uint64_t>(x_) * set_size) >> 32);
  }

 private:
  std::uint32_t x_;
};

inline Config reps_config(unsigned b = 3) {
  Config c;
  c.packet_spraying_type = SprayingType::Reps;
  c.reps_buffer_size_mask_bits = b;
  return c;
}

/// A load balancer that records its trace.
struct Recorder {
  explicit Recorder(const Config& c, ModelOptions o = {}) : lb(c, o) {
    lb.set_trace_sink([this](const TraceRow& r) { rows.push_back(r); });
  }
  LoadBalancer lb;
  std::vector<TraceRow> rows;
};

}  // namespace uetlb::test
