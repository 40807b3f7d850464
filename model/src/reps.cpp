#include "uetlb/reps.hpp"

#include <algorithm>

namespace uetlb {

RepsGroup::RepsGroup(const RepsSettings& settings)
    : settings_(&settings), slot_(std::size_t{1} << settings.buffer_size_mask_bits, 0) {}

void RepsGroup::restart() {
  std::vector<EntropyValue> slots = std::move(slot_);
  std::fill(slots.begin(), slots.end(), EntropyValue{0});
  *this = RepsGroup(*settings_, std::move(slots));
}

RepsGroup::RepsGroup(const RepsSettings& settings, std::vector<EntropyValue> slots)
    : settings_(&settings), slot_(std::move(slots)) {}

void RepsGroup::recycle(EntropyValue v, TimeNs now) {
  const auto c = capacity();
  slot_[wr_] = v;
  wr_ = (wr_ + 1) % c;
  count_ = std::min(count_ + 1, c);
  filled_ = std::min(filled_ + 1, c);
  // A recycle at or after FreezingTimeout ends freezing and opens the exploration window.
  if (freezing_ && now - freeze_start_ >= settings_->freezing_timeout_ns) {
    freezing_ = false;
    window_left_ = window_len_ = settings_->window_length;
  }
}

void RepsGroup::path_failure(TimeNs now) {
  // Ignored while freezing (the timer is not restarted) and inside the exploration window. (The
  // verification-only switch turns freezing off altogether.)
  if (!freezing_ && window_left_ == 0 && !settings_->verification_freezing_off) {
    freezing_ = true;
    freeze_start_ = now;
  }
}

Choice RepsGroup::choose(Xorshift32& prng) {
  const auto c = capacity();
  // Step 1: the exploration window. Position i is 1-based; (W - i) mod C == 0 explores.
  if (window_left_ > 0) {
    const std::uint64_t i = window_len_ - window_left_ + 1;
    window_left_ -= 1;
    if ((window_len_ - i) % c == 0) return explore(prng);
  }
  // Step 2: reuse the oldest unconsumed value.
  if (count_ > 0) {
    const EntropyValue v = slot_[(wr_ + c - count_) % c];
    count_ -= 1;
    return {v, Decision::Reuse};
  }
  // Step 3: while freezing, replay the written slots in storage order, cyclically.
  if (freezing_ && filled_ > 0) {
    const EntropyValue v = slot_[replay_];
    replay_ = (replay_ + 1) % filled_;
    return {v, Decision::Replay};
  }
  // Step 4: explore.
  return explore(prng);
}

Choice RepsGroup::explore(Xorshift32& prng) const {
  return {prng.draw(settings_->entropy_value_set_size), Decision::Explore};
}

std::vector<EntropyValue> RepsGroup::unconsumed() const {
  const auto c = capacity();
  std::vector<EntropyValue> out;
  for (std::uint32_t k = count_; k > 0; --k) out.push_back(slot_[(wr_ + c - k) % c]);
  return out;
}

}  // namespace uetlb
