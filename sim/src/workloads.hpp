// The scenario's workloads (private to the uetsim library): Scenario::finalize builds its messages here.
#pragma once

#include <string>

#include "uetsim/scenario.hpp"

namespace uetsim {

/// Fills sc.messages for sc.workload (or reads sc.chakra's trace); a ConfigError naming the key on bad
/// values. Deterministic: the same scenario and seed give the same messages.
void build_workload(Scenario& sc);

/// Throws the scenario's ConfigError: key, the value given, what is allowed.
[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& allowed);

}  // namespace uetsim
