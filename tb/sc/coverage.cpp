#include "coverage.hpp"

#include <iomanip>

namespace uetlb::tb {

std::uint64_t Coverage::count(const std::string& bin) const {
  const auto it = bins_.find(bin);
  return it == bins_.end() ? 0 : it->second.count;
}

std::vector<std::string> Coverage::short_bins() const {
  std::vector<std::string> out;
  for (const auto& [name, b] : bins_) {
    if (b.count < b.goal) out.push_back(name);
  }
  return out;
}

void Coverage::print(std::ostream& out) const {
  out << "functional coverage (bin: count / goal)\n";
  for (const auto& [name, b] : bins_) {
    out << "  " << std::left << std::setw(34) << name << std::right << std::setw(10) << b.count << " / ";
    if (b.goal == 0) {
      out << "-";
    } else {
      out << b.goal << (b.count >= b.goal ? "  ok" : "  SHORT");
    }
    out << '\n';
  }
}

void Coverage::write_json(std::ostream& out) const {
  out << "{";
  bool first = true;
  for (const auto& [name, b] : bins_) {
    out << (first ? "" : ",") << "\n  \"" << name << "\": {\"count\": " << b.count << ", \"goal\": " << b.goal << "}";
    first = false;
  }
  out << "\n}\n";
}

}  // namespace uetlb::tb
