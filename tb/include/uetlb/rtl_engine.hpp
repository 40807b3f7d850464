// The Verilated RTL core behind the Engine interface (uetlb-run --engine rtl).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

/// Which Verilated build of the core an engine runs. Both are the same RTL with the same parameters and
/// give the same records; they differ in what is compiled in.
enum class RtlChecks {
  Off,  ///< the fast build: no assertions, no tracing (the default: long fabric runs)
  On,   ///< the checked build: every SystemVerilog assertion of the core on, FST tracing compiled in
};

/// Creates the RTL engine. Throws ConfigError when the configuration needs more than the build offers
/// (REPSBufferSizeMaskBits, W, FreezingTimeout, InitialBaseRTT) or the tracker's geometry differs from the
/// build's. `wave` names an FST file to write, or is empty; a wave runs the checked build whatever
/// `checks` says. A non-zero `random_reset_seed` starts every variable of the core random (Verilator's
/// random reset from that seed) instead of 0, so that a register lacking a reset shows up; assertions are
/// off until reset is released. With `debug_follows_failure`, the debug port (dbg_group_i, whose state a
/// wave shows) follows the first group that has a path failure (an rto or an early failure), so that a
/// wave shows that group's freezing; else it shows group 0.
std::unique_ptr<Engine> make_rtl_engine(const Config& config, const ModelOptions& options, const std::string& wave,
                                        RtlChecks checks = RtlChecks::Off, int random_reset_seed = 0,
                                        bool debug_follows_failure = false);

/// What the core's ECC registers say (CNT_ECC_CORRECTED, CNT_ECC_DOUBLE, STATUS.ECC_DOUBLE, ECC).
struct RtlEccStatus {
  std::uint32_t corrected;
  std::uint32_t doubles;
  bool double_flag;
  unsigned code_bits;  ///< bits of a stored group-state word (check bits included)
  bool on;             ///< the build stores check bits (Ecc)
  unsigned slot_bits;  ///< bits of a stored slot (check bits included)
};

/// Which stored words an injection flips.
enum class RtlFlipTarget {
  StateWord,  ///< the group's state word, at its next write (the group's next event)
  Slot,       ///< the next slot written for the group (REPS: its next recycle)
};

/// Test-only faults of an engine that make_rtl_engine made (the core's ecc_inj_* port, docs/registers.md):
/// once every event given so far has been applied, arms the flip of `bits` in the next write of `group`'s
/// state word, which the group's next event makes (indexes below RtlEccStatus::code_bits), or with
/// RtlFlipTarget::Slot in the next slot written for `group` (below RtlEccStatus::slot_bits). Throws
/// UsageError for another engine, a group outside the build or a bit out of range.
void rtl_inject_flips(Engine& engine, GroupId group, const std::vector<unsigned>& bits,
                      RtlFlipTarget target = RtlFlipTarget::StateWord);

/// The ECC registers of an engine that make_rtl_engine made (UsageError for another engine).
RtlEccStatus rtl_ecc_status(const Engine& engine);

}  // namespace uetlb
