// A first-in first-out queue on one vector, for the per-packet queues of the model's early-failure tracker
// and of the fabric: nothing allocated while it has never held anything (an empty std::deque allocates a
// 512-byte block and its map: 640 bytes for each of a 65,536-host fabric's 786,432 port queues and for
// each of a Chakra run's millions of PDCs), the front one load away (a deque's is two), the removed front
// reclaimed as the queue drains or when it is half the storage.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace uetlb {

template <class T>
class Fifo {
 public:
  bool empty() const { return head_ == items_.size(); }
  std::size_t size() const { return items_.size() - head_; }
  T& front() { return items_[head_]; }
  const T& front() const { return items_[head_]; }
  T& back() { return items_.back(); }
  const T& back() const { return items_.back(); }
  T& operator[](std::size_t i) { return items_[head_ + i]; }
  const T& operator[](std::size_t i) const { return items_[head_ + i]; }
  void push_back(T v) { items_.push_back(std::move(v)); }
  void pop_back() {
    items_.pop_back();
    if (empty()) clear();
  }
  void pop_front() {
    ++head_;
    if (empty()) {
      clear();  // (keeps the storage for the next packets)
    } else if (head_ >= 64 && head_ * 2 >= items_.size()) {
      items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }
  /// The items, front first.
  typename std::vector<T>::const_iterator begin() const { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
  typename std::vector<T>::const_iterator end() const { return items_.end(); }
  typename std::vector<T>::iterator begin() { return items_.begin() + static_cast<std::ptrdiff_t>(head_); }
  typename std::vector<T>::iterator end() { return items_.end(); }
  /// Empties the queue, keeping its storage.
  void clear() {
    items_.clear();
    head_ = 0;
  }
  /// Empties the queue and gives its storage back.
  void release() {
    std::vector<T>().swap(items_);
    head_ = 0;
  }

 private:
  std::vector<T> items_;
  std::size_t head_ = 0;
};

}  // namespace uetlb
