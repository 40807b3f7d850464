// The Verilated RTL core behind the Engine interface (uetlb-run --engine rtl).
#pragma once

#include <memory>
#include <string>

#include "uetlb/engine.hpp"

namespace uetlb {

/// The build parameters of the Verilated core.
struct RtlBuild {
  unsigned num_groups;
  unsigned buf_bits_max;
  unsigned tracker_entries;
  unsigned tracker_ways;
  unsigned tracker_runs;
  unsigned window_width;
  unsigned base_rtt_width;
};
RtlBuild rtl_build();

/// The model options that mirror the build's early-failure tracker.
ModelOptions rtl_model_options();

/// Creates the RTL engine. Throws ConfigError when the configuration needs more than the build offers
/// (REPSBufferSizeMaskBits, W, FreezingTimeout, InitialBaseRTT) or the tracker's geometry differs from the
/// build's. `wave` names an FST file to write, or is empty. A non-zero `random_reset_seed` starts every
/// variable of the core random (Verilator's random reset from that seed) instead of 0, so that a register
/// lacking a reset shows up; assertions are off until reset is released.
std::unique_ptr<Engine> make_rtl_engine(const Config& config, const ModelOptions& options, const std::string& wave,
                                        int random_reset_seed = 0);

}  // namespace uetlb
