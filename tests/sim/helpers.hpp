// Helpers the fabric's tests share: the model engine factory and reading a record back.
#pragma once

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "uetsim/fabric.hpp"

namespace uetsim::test {

/// Each NIC's load balancer: the golden model with the product tracker's geometry.
inline EngineFactory model_factory() {
  return [](const uetlb::Config& c) { return std::make_unique<uetlb::ModelEngine>(c, uetlb::kProductTracker); };
}

/// A file's whole text.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace uetsim::test
