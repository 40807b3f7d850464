// CSV rows through a buffer of their own (private to the uetsim library).
#pragma once

#include <charconv>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <ostream>
#include <string_view>
#include <thread>
#include <vector>

namespace uetsim {

// CSV rows of integers and words, formatted by std::to_chars into a buffer that goes to the stream in
// large blocks (an ostream formats each number through its locale: a Chakra run writes hundreds of
// millions of rows). With `background`, a thread of its own writes the full blocks, in order, while the
// caller goes on: a ring over 8,192 ranks writes 6.5 GB of messages.csv, 14 s of the kernel's time that
// no longer stops the event loop. The stream is the thread's until flush() or the end: the caller must not
// touch it in between. A write error shows on the stream as it would without the thread.
class Rows {
 public:
  explicit Rows(std::ostream& out, bool background = false) : out_(out), buf_(kBlock) {
    if (background) writer_ = std::thread([this] { write_blocks(); });
  }
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  ~Rows() {
    flush();
    if (writer_.joinable()) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        stop_ = true;
      }
      wake_.notify_all();
      writer_.join();
    }
  }
  Rows& operator<<(std::uint64_t v) {
    room(24);
    used_ =
        static_cast<std::size_t>(std::to_chars(buf_.data() + used_, buf_.data() + buf_.size(), v).ptr - buf_.data());
    return *this;
  }
  Rows& operator<<(std::uint32_t v) { return *this << std::uint64_t{v}; }
  Rows& operator<<(std::uint16_t v) { return *this << std::uint64_t{v}; }
  Rows& operator<<(char c) {
    room(1);
    buf_[used_++] = c;
    return *this;
  }
  Rows& operator<<(std::string_view w) {
    room(w.size());
    w.copy(buf_.data() + used_, w.size());
    used_ += w.size();
    return *this;
  }
  /// Everything given so far is in the stream when this returns.
  void flush() {
    hand_over();
    if (!writer_.joinable()) return;
    std::unique_lock<std::mutex> lock(mu_);
    done_.wait(lock, [this] { return full_.empty() && !writing_; });
  }

 private:
  static constexpr std::size_t kBlock = std::size_t{1} << 20;
  static constexpr std::size_t kBlocksAhead = 4;  // full blocks waiting before the caller waits too

  void room(std::size_t n) {
    if (used_ + n > buf_.size()) hand_over();
  }
  // The block so far to the stream: written here, or queued for the writer (a spare block, or a new one,
  // takes its place).
  void hand_over() {
    if (used_ == 0) return;
    if (!writer_.joinable()) {
      out_.write(buf_.data(), static_cast<std::streamsize>(used_));
      used_ = 0;
      return;
    }
    std::vector<char> next;
    {
      std::unique_lock<std::mutex> lock(mu_);
      done_.wait(lock, [this] { return full_.size() < kBlocksAhead; });
      full_.push_back(Block{std::move(buf_), used_});
      if (!spare_.empty()) {
        next = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    wake_.notify_one();
    if (next.empty()) next.resize(kBlock);
    buf_ = std::move(next);
    used_ = 0;
  }
  void write_blocks() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      wake_.wait(lock, [this] { return stop_ || !full_.empty(); });
      if (full_.empty()) return;  // (stop_, and nothing left)
      Block block = std::move(full_.front());
      full_.pop_front();
      writing_ = true;
      lock.unlock();
      out_.write(block.data.data(), static_cast<std::streamsize>(block.used));
      lock.lock();
      writing_ = false;
      spare_.push_back(std::move(block.data));
      done_.notify_all();
    }
  }

  struct Block {
    std::vector<char> data;  // kBlock bytes
    std::size_t used;
  };
  std::ostream& out_;
  std::vector<char> buf_;  // kBlock bytes, the first used_ given
  std::size_t used_ = 0;
  std::thread writer_;
  std::mutex mu_;
  std::condition_variable wake_, done_;  // the writer has work; a block is written
  std::deque<Block> full_;               // blocks to write, in order
  std::vector<std::vector<char>> spare_;
  bool writing_ = false, stop_ = false;
};

}  // namespace uetsim
