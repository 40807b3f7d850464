// What uet-fabric --engine rtl needs of the RTL build: checked before any run (and by --check), and the
// save file of a --wave-nic waveform. (Built only with the RTL: sim/CMakeLists.txt.)
#pragma once

#include <string>

#include "uetsim/scenario.hpp"

namespace uetsim {

/// The configuration's attributes within the build's widths (one engine is made and dropped: it refuses
/// them, and the error then names the CMake variable that raises the limit), and every NIC's groups within
/// NumGroups (refused when a NIC has more peers; a warning when it sends more messages without PDC
/// groups, a bound the run may not reach). Returns what --check adds to its line. Throws
/// uetlb::ConfigError.
std::string check_rtl_build(const Scenario& scenario, bool rtl_checks);

/// The save file of a --wave-nic waveform: tb/uetlb_run.gtkw (uetlb-run's, the 16-group build's) with each
/// group port as wide as this build's NumGroups makes it.
std::string fabric_gtkw();

}  // namespace uetsim
