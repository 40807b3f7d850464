// A NIC's peers with a message in flight or a group: a few in the NIC's
// own storage, the rest in an open-addressing table. A Chakra ring over 8,192 ranks starts and ends 134
// million messages, each looking its peer up on both NICs; a node-based hash map cost an allocation, a
// free and two cache misses per message, where a ring's NIC has one or two peers at a time.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace uetsim {

// What a NIC keeps about a peer while it has a message in flight to it or a group for it.
struct Peer {
  std::uint32_t in_flight = 0;       // this NIC's messages in flight to the peer
  std::uint32_t group = 0;           // PDCGroupsEnabled: the group they use (while has_group)
  std::uint32_t group_messages = 0;  // this NIC's messages in flight using that group
  bool has_group = false;
};

class PeerTable {
 public:
  /// The peer's entry, a new one (all zero) if it has none.
  Peer& at(std::uint32_t host) {
    if (Peer* p = find(host)) return *p;
    for (Slot& s : near_) {
      if (s.host == kEmpty) return take(s, host);
    }
    if (2 * (far_count_ + 1) > far_.size()) grow();
    std::size_t i = home(host);
    while (far_[i].host != kEmpty) i = (i + 1) & (far_.size() - 1);
    ++far_count_;
    return take(far_[i], host);
  }
  Peer* find(std::uint32_t host) {
    for (Slot& s : near_) {
      if (s.host == host) return &s.peer;
    }
    if (far_count_ == 0) return nullptr;
    for (std::size_t i = home(host);; i = (i + 1) & (far_.size() - 1)) {
      if (far_[i].host == host) return &far_[i].peer;
      if (far_[i].host == kEmpty) return nullptr;
    }
  }
  const Peer* find(std::uint32_t host) const { return const_cast<PeerTable*>(this)->find(host); }
  void erase(std::uint32_t host);

 private:
  static constexpr std::uint32_t kEmpty = 0xffffffffU;  // (no host has this number)
  struct Slot {
    std::uint32_t host = kEmpty;
    Peer peer;
  };
  static Peer& take(Slot& s, std::uint32_t host) {
    s.host = host;
    s.peer = Peer{};
    return s.peer;
  }
  std::size_t home(std::uint32_t host) const {
    return static_cast<std::size_t>((host * 0x9E3779B97F4A7C15ULL) >> 32) & (far_.size() - 1);
  }
  void grow();
  std::array<Slot, 3> near_{};
  std::vector<Slot> far_;
  std::size_t far_count_ = 0;
};

inline void PeerTable::erase(std::uint32_t host) {
  for (Slot& s : near_) {
    if (s.host == host) {
      s.host = kEmpty;
      return;
    }
  }
  if (far_count_ == 0) return;
  const std::size_t mask = far_.size() - 1;
  std::size_t i = home(host);
  while (far_[i].host != host) {
    if (far_[i].host == kEmpty) return;
    i = (i + 1) & mask;
  }
  // Backward-shift deletion: later members of the probe run move into the hole.
  for (std::size_t j = (i + 1) & mask; far_[j].host != kEmpty; j = (j + 1) & mask) {
    const std::size_t h = home(far_[j].host);
    if (((j - h) & mask) >= ((j - i) & mask)) {
      far_[i] = far_[j];
      i = j;
    }
  }
  far_[i].host = kEmpty;
  --far_count_;
}

inline void PeerTable::grow() {
  std::vector<Slot> old(far_.empty() ? 8 : far_.size() * 2);
  old.swap(far_);
  far_count_ = 0;
  for (const Slot& s : old) {
    if (s.host == kEmpty) continue;
    std::size_t i = home(s.host);
    while (far_[i].host != kEmpty) i = (i + 1) & (far_.size() - 1);
    far_[i] = s;
    ++far_count_;
  }
}

}  // namespace uetsim
