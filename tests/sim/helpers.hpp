// Helpers the fabric's tests share: the model engine factory and reading a record back.
#pragma once

#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "uetsim/fabric.hpp"

namespace uetsim::test {

/// Each NIC's load balancer: the golden model with the product tracker's geometry.
inline EngineFactory model_factory() {
  return [](const uetlb::Config& c, std::uint32_t) {
    return std::make_unique<uetlb::ModelEngine>(c, uetlb::kProductTracker);
  };
}

/// A file's whole text.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

#ifdef UETSIM_TEST_TMP
/// A folder for a test's records, tmp/sim/NAME in the build tree (made if missing).
inline std::string tmpdir(const std::string& name) {
  const std::string d = std::string(UETSIM_TEST_TMP) + "/" + name;
  ::mkdir(UETSIM_TEST_TMP, 0755);
  ::mkdir(d.c_str(), 0755);
  return d;
}
#endif

}  // namespace uetsim::test
