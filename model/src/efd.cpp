#include "uetlb/efd.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

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

EarlyFailureDetector::EarlyFailureDetector(TrackerGeometry geometry) : geo_(geometry) {
  if (!bounded()) return;
  if (geo_.runs < 1 || geo_.runs > TrackerGeometry::kMaxRuns || geo_.ways < 1 || geo_.ways > geo_.entries) {
    throw std::invalid_argument("tracker geometry: " + std::to_string(geo_.runs) + " runs, " +
                                std::to_string(geo_.ways) + " ways of " + std::to_string(geo_.entries) + " entries");
  }
  const std::size_t sets = geo_.entries / geo_.ways;
  while ((std::size_t{1} << set_bits_) < sets) ++set_bits_;
  set_used_.assign(sets, 0);
  run_depth_ = geo_.run_depth != 0 ? geo_.run_depth : std::max<std::size_t>(64, 2 * geo_.entries);
}

std::size_t EarlyFailureDetector::run_size(std::size_t r) {
  auto& q = run_fifo_[r];
  while (!q.empty()) {
    const Entry& e = entries_[q.front().first];
    if (e.holds && e.packet.send_order == q.front().second) break;
    q.pop_front();
  }
  return q.size();
}

std::uint32_t EarlyFailureDetector::hardware_set(GroupId group, Psn psn, unsigned set_bits) {
  if (set_bits == 0) return 0;
  const std::uint32_t mask = (std::uint32_t{1} << set_bits) - 1;
  std::uint32_t s = static_cast<std::uint32_t>(psn) & mask;
  for (unsigned shift = 0; shift < 32; shift += set_bits) {
    const std::uint32_t chunk = (static_cast<std::uint32_t>(group) >> shift) & mask;
    std::uint32_t reversed = 0;
    for (unsigned k = 0; k < set_bits; ++k) {
      if ((chunk >> k) & 1U) reversed |= std::uint32_t{1} << (set_bits - 1 - k);
    }
    s ^= reversed;
  }
  return s;
}

bool EarlyFailureDetector::track(GroupId group, Psn psn, EntropyValue ev, TimeNs now, TimeNs delay,
                                 std::uint64_t generation) {
  TimeNs deadline = 0;
  if (__builtin_add_overflow(now, delay, &deadline)) deadline = std::numeric_limits<TimeNs>::max();

  std::uint32_t set = 0;
  std::size_t hw_run = 0;
  if (bounded()) {
    // A place in its set, a run its deadline does not go below, and room in that run.
    set = hardware_set(group, psn, set_bits_);
    if (set_used_[set] >= geo_.ways) return false;
    const auto fits = [&](std::size_t r) { return !run_tail_[r] || deadline >= *run_tail_[r]; };
    std::size_t run = run_cur_;
    if (!fits(run)) {
      run = geo_.runs;
      for (std::size_t r = 0; r < geo_.runs && run == geo_.runs; ++r) {
        if (fits(r)) run = r;
      }
      if (run == geo_.runs) return false;
    }
    if (run_size(run) >= run_depth_) return false;  // the run is full
    run_cur_ = run;
    run_tail_[run] = deadline;
    ++set_used_[set];
    hw_run = run;
  }

  std::uint32_t id = 0;
  if (!free_.empty()) {
    id = free_.back();
    free_.pop_back();
  } else {
    id = static_cast<std::uint32_t>(entries_.size());
    entries_.emplace_back();
  }
  Entry& e = entries_[id];
  e.packet = {group, psn, ev, deadline, next_order_++, generation};
  e.alive = true;
  e.holds = bounded();
  e.set = set;
  const std::uint32_t previous = by_key_.exchange(key(group, psn), id);
  e.next_same_key = previous == FlatIndex::kAbsent ? kNone : previous;
  if (deadline < earliest_ || (live_ == 0 && held_dropped_ == 0)) earliest_ = deadline;

  if (runs_.empty() || runs_.back().delay != delay) runs_.push_back(Run{delay, {}});
  runs_.back().fifo.push_back(id);
  if (bounded()) run_fifo_[hw_run].push_back({id, e.packet.send_order});
  ++live_;
  return true;
}

void EarlyFailureDetector::release(std::uint32_t id) {
  Entry& e = entries_[id];
  if (e.holds) {
    --set_used_[e.set];
    if (!e.alive) --held_dropped_;
    e.holds = false;
  }
  if (e.alive) {
    e.alive = false;
    --live_;
  }
}

void EarlyFailureDetector::clear(GroupId group, Psn psn) {
  const std::uint32_t first = by_key_.find(key(group, psn));
  if (first == FlatIndex::kAbsent) return;
  // Every packet of the key, a dropped one still holding its place included (the hardware cannot tell
  // them apart by key). Their run slots are released when they reach the head.
  for (std::uint32_t id = first; id != kNone; id = entries_[id].next_same_key) release(id);
  by_key_.erase(key(group, psn));
  release_dead();
}

void EarlyFailureDetector::drop_group(GroupId group) {
  for (auto& run : runs_) {
    for (std::uint32_t id : run.fifo) {
      Entry& e = entries_[id];
      if (!e.alive || e.packet.group != group) continue;
      e.alive = false;
      --live_;
      if (e.holds) {
        ++held_dropped_;  // keeps its place until its deadline (or a clear of its key)
      } else {
        unlink(id);
      }
    }
  }
  release_dead();
}

void EarlyFailureDetector::reset() {
  entries_.clear();
  free_.clear();
  runs_.clear();
  by_key_ = FlatIndex();
  std::fill(set_used_.begin(), set_used_.end(), 0);
  run_tail_.fill(std::nullopt);
  for (auto& q : run_fifo_) q.clear();
  run_cur_ = 0;
  live_ = 0;
  held_dropped_ = 0;
  earliest_ = 0;
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

std::size_t EarlyFailureDetector::forget_exhausted() {
  // Exhausted runs at the front, except the newest (it may still grow).
  std::size_t n = 0;
  while (n + 1 < runs_.size() && runs_[n].fifo.empty()) ++n;
  runs_.erase(runs_.begin(), runs_.begin() + static_cast<std::ptrdiff_t>(n));
  return n;
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
  while (!run.fifo.empty() && !entries_[run.fifo.front()].alive && !entries_[run.fifo.front()].holds) {
    free_.push_back(run.fifo.front());
    run.fifo.pop_front();
  }
}

std::optional<TrackedPacket> EarlyFailureDetector::pop_earliest(bool any, TimeNs before) {
  for (;;) {
    std::size_t best = runs_.size();
    for (std::size_t r = 0; r < runs_.size(); ++r) {
      release_dead_heads(runs_[r]);
      if (runs_[r].fifo.empty()) continue;
      if (best == runs_.size()) {
        best = r;
        continue;
      }
      const TrackedPacket& p = entries_[runs_[r].fifo.front()].packet;
      const TrackedPacket& b = entries_[runs_[best].fifo.front()].packet;
      if (p.deadline < b.deadline || (p.deadline == b.deadline && p.send_order < b.send_order)) best = r;
    }
    const bool none = best == runs_.size();
    best -= forget_exhausted();  // (none of them is the best, which holds a packet)
    if (none) return std::nullopt;
    Run& run = runs_[best];
    const std::uint32_t id = run.fifo.front();
    Entry& e = entries_[id];
    if (!any && e.packet.deadline >= before) return std::nullopt;
    run.fifo.pop_front();
    unlink(id);
    const bool fires = e.alive;
    release(id);  // a dropped packet leaves silently, freeing its place
    free_.push_back(id);
    if (fires) return e.packet;
  }
}

std::optional<TrackedPacket> EarlyFailureDetector::pop_due(TimeNs before) {
  if ((live_ == 0 && held_dropped_ == 0) || before <= earliest_) return std::nullopt;  // nothing due yet
  auto p = pop_earliest(false, before);
  if (!p) {
    // Nothing due: the earliest deadline still held is a new lower bound.
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
