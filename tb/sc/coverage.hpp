// Functional coverage of the testbench: named bins counted during a run, each with a goal.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace uetlb::tb {

class Coverage {
 public:
  /// Declares a bin with its goal (0: counted, never required).
  void declare(const std::string& bin, std::uint64_t goal) { bins_[bin].goal = goal; }
  void hit(const std::string& bin, std::uint64_t n = 1) { bins_[bin].count += n; }
  std::uint64_t count(const std::string& bin) const;
  /// Bins whose count is below their goal.
  std::vector<std::string> short_bins() const;
  void print(std::ostream& out) const;
  void write_json(std::ostream& out) const;

 private:
  struct Bin {
    std::uint64_t count = 0;
    std::uint64_t goal = 0;
  };
  std::map<std::string, Bin> bins_;  // ordered: deterministic output
};

}  // namespace uetlb::tb
