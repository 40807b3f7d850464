// Command-line reading shared by the project's programs: option values, bounded numbers, and one
// "PROGRAM: what is wrong (see --help)" line with a non-zero exit for anything malformed.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <set>
#include <string>

#include "uetlb/config.hpp"  // uetlb::shown

namespace uetlb::cli {

/// Standard input, output or error closed when the program starts is held by /dev/null opened read-only,
/// so no file the program opens takes its descriptor (a record would receive the summary) and a write to
/// it fails, as it should be reported.
inline void hold_standard_fds() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      const int held = ::open("/dev/null", O_RDONLY);
      if (held >= 0 && held != fd) {
        ::dup2(held, fd);
        ::close(held);
      }
    }
  }
}

class Args {
 public:
  /// `exit_code` is what a malformed command line exits with (2 in every program: 1 is for bad input
  /// files and failed runs).
  /// (Holds closed standard descriptors: hold_standard_fds.)
  Args(int argc, char** argv, std::string program, int exit_code = 2)
      : argc_(argc), argv_(argv), program_(std::move(program)), exit_code_(exit_code) {
    hold_standard_fds();
  }

  /// Flushes standard output; false, with a line on standard error, when a write to it failed (closed,
  /// full): what the program printed was lost, so it must not exit 0.
  bool flush_stdout() const {
    std::cout.flush();
    if (std::cout) return true;
    std::cerr << program_ << ": standard output: a write failed (closed or full): what the run printed was lost\n";
    return false;
  }

  bool more() const { return next_ < argc_; }
  /// The next argument (an option or an operand).
  std::string next() { return argv_[next_++]; }

  /// The value following option `opt`. An option that takes a value may be given once: a second one is
  /// refused, not taken over the first.
  std::string value(const std::string& opt) {
    if (!seen_.insert(opt).second) fail(opt + " given twice");
    if (next_ >= argc_) fail("option " + opt + " needs a value");
    return argv_[next_++];
  }

  /// The value of `opt` as an integer in lo..hi, written with decimal digits only (no sign, space, or
  /// leading '+': strtoull alone takes " 8" and "+8").
  std::uint64_t uint_value(const std::string& opt, std::uint64_t lo, std::uint64_t hi) {
    const std::string v = value(opt);
    const bool digits = !v.empty() && v.size() <= 20 && v.find_first_not_of("0123456789") == std::string::npos;
    errno = 0;
    const unsigned long long x = digits ? std::strtoull(v.c_str(), nullptr, 10) : 0;
    if (!digits || errno == ERANGE || x < lo || x > hi) {
      fail(opt + " '" + shown(v) + "' is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    }
    return x;
  }

  /// The value of `opt` as a probability in 0..1, written as a decimal number ("0.25", "1", "5e-3"; not
  /// " 0.5", "+0.5", a hex float or nan).
  double prob_value(const std::string& opt) {
    const std::string v = value(opt);
    const bool decimal = !v.empty() && (std::isdigit(static_cast<unsigned char>(v[0])) || v[0] == '.') &&
                         v.find_first_not_of("0123456789.eE+-") == std::string::npos;
    char* end = nullptr;
    const double p = decimal ? std::strtod(v.c_str(), &end) : -1.0;
    if (!decimal || *end != '\0' || !(p >= 0.0 && p <= 1.0)) {
      fail(opt + " '" + shown(v) + "' is not a probability in 0..1");
    }
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
  std::set<std::string> seen_;
};

}  // namespace uetlb::cli
