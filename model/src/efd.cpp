#include "uetlb/efd.hpp"

#include <limits>

namespace uetlb {

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
  auto [it, inserted] = by_key_.try_emplace(key(group, psn), id);
  e.next_same_key = inserted ? kNone : it->second;
  it->second = id;

  if (runs_.empty() || runs_.back().delay != delay) runs_.push_back(Run{delay, {}});
  runs_.back().fifo.push_back(id);
  ++live_;
  return true;
}

void EarlyFailureDetector::clear(GroupId group, Psn psn) {
  const auto it = by_key_.find(key(group, psn));
  if (it == by_key_.end()) return;
  for (std::uint32_t id = it->second; id != kNone; id = entries_[id].next_same_key) {
    entries_[id].alive = false;  // the FIFO slot is released when it reaches the head
    --live_;
  }
  by_key_.erase(it);
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
}

void EarlyFailureDetector::unlink(std::uint32_t id) {
  const auto it = by_key_.find(key(entries_[id].packet.group, entries_[id].packet.psn));
  if (it == by_key_.end()) return;
  if (it->second == id) {
    if (entries_[id].next_same_key == kNone) {
      by_key_.erase(it);
    } else {
      it->second = entries_[id].next_same_key;
    }
    return;
  }
  for (std::uint32_t prev = it->second; entries_[prev].next_same_key != kNone; prev = entries_[prev].next_same_key) {
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

std::optional<TrackedPacket> EarlyFailureDetector::pop_due(TimeNs before) { return pop_earliest(false, before); }
std::optional<TrackedPacket> EarlyFailureDetector::pop_next() { return pop_earliest(true, 0); }

}  // namespace uetlb
