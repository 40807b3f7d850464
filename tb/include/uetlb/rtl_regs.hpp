// The uet_lb register port as the C++ tests and tools use it: the generated map (rtl_regs_map.hpp, from
// rtl/uet_lb_regs.rdl) and the port's timing.
#pragma once

#include <cstdint>

#include "uetlb/rtl_regs_map.hpp"  // addresses, fields, resets: generated from rtl/uet_lb_regs.rdl

namespace uetlb::regs {

/// Cycles from a change of base_rtt_i to the first accepted request whose deadline uses it (M x base RTT
/// is computed in two registered steps, docs/interfaces.md).
inline constexpr unsigned kSpanDelay = 2;
/// Cycles from a request's acceptance to its response, when the response queue is empty and taken.
inline constexpr unsigned kRspLatency = 9;
/// Width of a group's open generation (uet_lb.sv GenW): the model mirrors it (ModelOptions::open_generation_bits).
inline constexpr unsigned kOpenGenBits = 8;

inline constexpr std::uint32_t kStatusErrors = kStatusErrRange | kStatusErrLocked | kStatusErrAddr | kStatusErrGroup;

}  // namespace uetlb::regs
