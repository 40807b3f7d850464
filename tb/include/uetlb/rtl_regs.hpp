// The uet_lb register port as the C++ tests and tools use it: the generated map (rtl_regs_map.hpp, from
// rtl/uet_lb_regs.rdl) and the port's timing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "uetlb/load_balancer.hpp"
#include "uetlb/rtl_regs_map.hpp"  // addresses, fields, resets: generated from rtl/uet_lb_regs.rdl

namespace uetlb::regs {

/// Cycles from a change of base_rtt_i to the first accepted request whose deadline uses it (M x base RTT
/// is computed in two registered steps, docs/interfaces.md).
inline constexpr unsigned kSpanDelay = 2;
/// Cycles from a request's acceptance to its response, when the response queue is empty and taken.
inline constexpr unsigned kRspLatency = 9;
/// Width of a group's open generation (uet_lb.sv GenW): the model mirrors it (ModelOptions::open_generation_bits).
inline constexpr unsigned kOpenGenBits = 8;

/// The model options that mirror a core with this tracker (entries, ways, runs) and its open generation.
inline ModelOptions core_model_options(std::size_t entries, std::size_t ways, std::size_t runs) {
  ModelOptions o;
  o.efd_tracker_entries = entries;
  o.efd_tracker_ways = ways;
  o.efd_tracker_runs = runs;
  o.open_generation_bits = kOpenGenBits;
  return o;
}

inline constexpr std::uint32_t kStatusErrors = kStatusErrRange | kStatusErrLocked | kStatusErrAddr | kStatusErrGroup;

}  // namespace uetlb::regs
