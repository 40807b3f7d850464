// Command-line reading shared by the project's programs: option values, bounded numbers, and one
// "PROGRAM: what is wrong (see --help)" line with a non-zero exit for anything malformed.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

namespace uetlb::cli {

class Args {
 public:
  /// `exit_code` is what a malformed command line exits with (2 in every program: 1 is for bad input
  /// files and failed runs).
  Args(int argc, char** argv, std::string program, int exit_code = 2)
      : argc_(argc), argv_(argv), program_(std::move(program)), exit_code_(exit_code) {}

  bool more() const { return next_ < argc_; }
  /// The next argument (an option or an operand).
  std::string next() { return argv_[next_++]; }

  /// The value following option `opt`.
  std::string value(const std::string& opt) {
    if (next_ >= argc_) fail("option " + opt + " needs a value");
    return argv_[next_++];
  }

  /// The value of `opt` as an integer in lo..hi.
  std::uint64_t uint_value(const std::string& opt, std::uint64_t lo, std::uint64_t hi) {
    const std::string v = value(opt);
    char* end = nullptr;
    const unsigned long long x = std::strtoull(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || v[0] == '-' || x < lo || x > hi) {
      fail(opt + " '" + v + "' is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    }
    return x;
  }

  /// The value of `opt` as a probability in 0..1.
  double prob_value(const std::string& opt) {
    const std::string v = value(opt);
    char* end = nullptr;
    const double p = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(p >= 0.0 && p <= 1.0)) fail(opt + " '" + v + "' is not a probability in 0..1");
    return p;
  }

  [[noreturn]] void fail(const std::string& msg) const {
    std::cerr << program_ << ": " << msg << " (see --help)\n";
    std::exit(exit_code_);
  }

 private:
  int argc_;
  char** argv_;
  int next_ = 1;
  std::string program_;
  int exit_code_;
};

}  // namespace uetlb::cli
