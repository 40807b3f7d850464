// CSV rows through a buffer of their own (private to the uetsim library).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string_view>

namespace uetsim {

// CSV rows of integers and words, formatted by std::to_chars into a buffer that goes to the stream in
// large blocks (an ostream formats each number through its locale: a Chakra run writes hundreds of
// millions of rows).
class Rows {
 public:
  explicit Rows(std::ostream& out) : out_(out) {}
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  ~Rows() { flush(); }
  Rows& operator<<(std::uint64_t v) {
    room(24);
    used_ = static_cast<std::size_t>(std::to_chars(buf_ + used_, buf_ + sizeof buf_, v).ptr - buf_);
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
    w.copy(buf_ + used_, w.size());
    used_ += w.size();
    return *this;
  }
  void flush() {
    out_.write(buf_, static_cast<std::streamsize>(used_));
    used_ = 0;
  }

 private:
  void room(std::size_t n) {
    if (used_ + n > sizeof buf_) flush();
  }
  std::ostream& out_;
  char buf_[1 << 16];
  std::size_t used_ = 0;
};

}  // namespace uetsim
