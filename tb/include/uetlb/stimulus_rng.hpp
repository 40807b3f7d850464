// The testbenches' and benchmarks' random source: xoshiro128** (Blackman and Vigna), seeded through splitmix64. It is a
// UniformRandomBitGenerator (usable with <random> distributions) and costs a few instructions per draw,
// which matters at several draws per simulated cycle. Same seed, same sequence, on every platform.
#pragma once

#include <cstdint>
#include <limits>

namespace uetlb {

class StimulusRng {
 public:
  using result_type = std::uint32_t;

  explicit StimulusRng(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9e3779b97f4a7c15ULL;  // splitmix64
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = static_cast<std::uint32_t>((z ^ (z >> 31)) >> 16);
    }
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;  // the all-zero state is a fixed point
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  result_type operator()() {
    const std::uint32_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint32_t t = s_[1] << 9;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 11);
    return result;
  }

 private:
  static std::uint32_t rotl(std::uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
  std::uint32_t s_[4];
};

}  // namespace uetlb
