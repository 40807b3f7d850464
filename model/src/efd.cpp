#include "uetlb/efd.hpp"

#include <algorithm>
#include <limits>

namespace uetlb {

std::uint32_t FlatIndex::find(std::uint64_t key) const {
  for (std::size_t i = home(key);; i = (i + 1) & (slots_.size() - 1)) {
    if (slots_[i].value == kAbsent) return kAbsent;
    if (slots_[i].key == key) return slots_[i].value;
  }
}

std::uint32_t FlatIndex::exchange(std::uint64_t key, std::uint32_t value) {
  if (2 * (size_ + 1) > slots_.size()) grow();
  for (std::size_t i = home(key);; i = (i + 1) & (slots_.size() - 1)) {
    if (slots_[i].value == kAbsent) {
      slots_[i] = {key, value};
      ++size_;
      return kAbsent;
    }
    if (slots_[i].key == key) {
      const std::uint32_t old = slots_[i].value;
      slots_[i].value = value;
      return old;
    }
  }
}

void FlatIndex::erase(std::uint64_t key) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = home(key);
  while (slots_[i].value != kAbsent && slots_[i].key != key) i = (i + 1) & mask;
  if (slots_[i].value == kAbsent) return;
  // Backward-shift deletion: pull later members of the probe run into the hole.
  for (std::size_t j = (i + 1) & mask; slots_[j].value != kAbsent; j = (j + 1) & mask) {
    const std::size_t h = home(slots_[j].key);
    // Move j into the hole at i when its home is not in the cyclic range (i, j].
    if (((j - h) & mask) >= ((j - i) & mask)) {
      slots_[i] = slots_[j];
      i = j;
    }
  }
  slots_[i].value = kAbsent;
  --size_;
}

void FlatIndex::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  size_ = 0;
  for (const Slot& s : old) {
    if (s.value != kAbsent) exchange(s.key, s.value);
  }
}

bool EarlyFailureDetector::track(GroupId group, Psn psn, EntropyValue ev, TimeNs now, TimeNs delay) {
  if (capacity_ != 0 && live_ >= capacity_) return false;
  TimeNs deadline = 0;
  if (__builtin_add_overflow(now, delay, &deadline)) deadline = std::numeric_limits<TimeNs>::max();

  std::uint32_t id = 0;
  if (!free_.empty()) {
    id = free_.back();
    free_.pop_back();
  } else {
    id = static_cast<std::uint32_t>(entries_.size());
    entries_.emplace_back();
  }
  Entry& e = entries_[id];
  e.packet = {group, psn, ev, deadline, next_order_++};
  e.alive = true;
  const std::uint32_t previous = by_key_.exchange(key(group, psn), id);
  e.next_same_key = previous == FlatIndex::kAbsent ? kNone : previous;
  if (deadline < earliest_ || live_ == 0) earliest_ = deadline;

  if (runs_.empty() || runs_.back().delay != delay) runs_.push_back(Run{delay, {}});
  runs_.back().fifo.push_back(id);
  ++live_;
  return true;
}

void EarlyFailureDetector::clear(GroupId group, Psn psn) {
  const std::uint32_t first = by_key_.find(key(group, psn));
  if (first == FlatIndex::kAbsent) return;
  for (std::uint32_t id = first; id != kNone; id = entries_[id].next_same_key) {
    entries_[id].alive = false;  // the FIFO slot is released when it reaches the head
    --live_;
  }
  by_key_.erase(key(group, psn));
  release_dead();
}

void EarlyFailureDetector::drop_group(GroupId group) {
  for (auto& run : runs_) {
    for (std::uint32_t id : run.fifo) {
      Entry& e = entries_[id];
      if (e.alive && e.packet.group == group) {
        unlink(id);
        e.alive = false;
        --live_;
      }
    }
  }
  release_dead();
}

void EarlyFailureDetector::release_dead() {
  // After a clear or a drop: release the dead heads now, so next_deadline() and count_due() start at a
  // live entry, and forget the runs that emptied (except the newest: it may still grow).
  for (auto& run : runs_) release_dead_heads(run);
  for (std::size_t i = 0; i + 1 < runs_.size();) {
    if (runs_[i].fifo.empty()) {
      runs_.erase(runs_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

void EarlyFailureDetector::unlink(std::uint32_t id) {
  const std::uint64_t k = key(entries_[id].packet.group, entries_[id].packet.psn);
  const std::uint32_t first = by_key_.find(k);
  if (first == FlatIndex::kAbsent) return;
  if (first == id) {
    if (entries_[id].next_same_key == kNone) {
      by_key_.erase(k);
    } else {
      by_key_.exchange(k, entries_[id].next_same_key);
    }
    return;
  }
  for (std::uint32_t prev = first; entries_[prev].next_same_key != kNone; prev = entries_[prev].next_same_key) {
    if (entries_[prev].next_same_key == id) {
      entries_[prev].next_same_key = entries_[id].next_same_key;
      return;
    }
  }
}

void EarlyFailureDetector::release_dead_heads(Run& run) {
  while (!run.fifo.empty() && !entries_[run.fifo.front()].alive) {
    free_.push_back(run.fifo.front());
    run.fifo.pop_front();
  }
}

std::optional<TrackedPacket> EarlyFailureDetector::pop_earliest(bool any, TimeNs before) {
  Run* best = nullptr;
  for (auto& run : runs_) {
    release_dead_heads(run);
    if (run.fifo.empty()) continue;
    const TrackedPacket& p = entries_[run.fifo.front()].packet;
    if (best == nullptr) {
      best = &run;
      continue;
    }
    const TrackedPacket& b = entries_[best->fifo.front()].packet;
    if (p.deadline < b.deadline || (p.deadline == b.deadline && p.send_order < b.send_order)) best = &run;
  }
  // Forget exhausted runs, except the newest (it may still grow).
  while (runs_.size() > 1 && runs_.front().fifo.empty()) runs_.pop_front();
  if (best == nullptr) return std::nullopt;
  const std::uint32_t id = best->fifo.front();
  Entry& e = entries_[id];
  if (!any && e.packet.deadline >= before) return std::nullopt;
  best->fifo.pop_front();
  unlink(id);
  e.alive = false;
  --live_;
  free_.push_back(id);
  return e.packet;
}

std::optional<TrackedPacket> EarlyFailureDetector::pop_due(TimeNs before) {
  if (live_ == 0 || before <= earliest_) return std::nullopt;  // nothing can be due yet
  auto p = pop_earliest(false, before);
  if (!p) {
    // Nothing due: the earliest live deadline is a new lower bound.
    TimeNs lo = std::numeric_limits<TimeNs>::max();
    for (const Run& run : runs_) {
      if (!run.fifo.empty()) lo = std::min(lo, entries_[run.fifo.front()].packet.deadline);
    }
    earliest_ = lo;
  }
  return p;
}
std::size_t EarlyFailureDetector::count_due(TimeNs before) const {
  std::size_t n = 0;
  for (const Run& run : runs_) {
    for (std::uint32_t id : run.fifo) {  // deadlines are non-decreasing along a run
      const Entry& e = entries_[id];
      if (e.packet.deadline >= before) break;
      if (e.alive) ++n;
    }
  }
  return n;
}

std::optional<TimeNs> EarlyFailureDetector::next_deadline() const {
  std::optional<TimeNs> best;
  for (const Run& run : runs_) {
    for (std::uint32_t id : run.fifo) {
      const Entry& e = entries_[id];
      if (!e.alive) continue;
      if (!best || e.packet.deadline < *best) best = e.packet.deadline;
      break;
    }
  }
  return best;
}

std::optional<TrackedPacket> EarlyFailureDetector::pop_next() {
  return pop_earliest(true, 0);
}

}  // namespace uetlb
