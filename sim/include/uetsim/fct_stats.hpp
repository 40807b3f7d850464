// Exact order statistics of the messages' completion times without keeping one word per message: a
// count per nanosecond below kDense (one millisecond) and the longer times themselves. A Chakra ring over
// 8,192 ranks completes 134 million messages of a few microseconds each; a vector of their times took
// 1 GiB and its growth copied it twice over. The answers are those of sorting every time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace uetsim {

class FctStats {
 public:
  static constexpr std::uint64_t kDense = std::uint64_t{1} << 20;  // ns counted per value below this

  void add(std::uint64_t t) {
    ++count_;
    total_ += t;
    if (t < kDense) {
      if (t >= dense_.size())
        dense_.resize(std::min<std::uint64_t>(kDense, std::max<std::uint64_t>(t + 1, 2 * dense_.size())));
      ++dense_[t];
    } else {
      long_.push_back(t);
    }
  }
  std::uint64_t count() const { return count_; }
  /// The sum of every time (exact: 128 bits).
  unsigned __int128 total() const { return total_; }
  /// The k-th smallest time (0-based), k < count(): the k-th of all of them sorted.
  std::uint64_t kth(std::uint64_t k) {
    for (std::uint64_t v = 0; v < dense_.size(); ++v) {
      if (k < dense_[v]) return v;
      k -= dense_[v];
    }
    std::nth_element(long_.begin(), long_.begin() + static_cast<std::ptrdiff_t>(k), long_.end());
    return long_[k];
  }

 private:
  std::uint64_t count_ = 0;
  unsigned __int128 total_ = 0;
  std::vector<std::uint64_t> dense_;  // dense_[t]: times of exactly t ns
  std::vector<std::uint64_t> long_;   // times >= kDense
};

}  // namespace uetsim
