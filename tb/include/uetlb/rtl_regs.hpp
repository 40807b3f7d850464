// The uet_lb register port as the C++ tests and tools use it: the generated map (rtl_regs_map.hpp, from
// rtl/regs/uet_lb_regs.rdl) and the core's shared facts (rtl_pkg.hpp, from rtl/pkg/uet_lb_pkg.sv).
#pragma once

#include <cstddef>
#include <cstdint>

#include "uetlb/load_balancer.hpp"
#include "uetlb/rtl_pkg.hpp"       // constants and encodings: generated from rtl/pkg/uet_lb_pkg.sv
#include "uetlb/rtl_regs_map.hpp"  // addresses, fields, resets: generated from rtl/regs/uet_lb_regs.rdl

namespace uetlb::regs {

// The core's encodings are the model's enums in order (rtl/pkg/uet_lb_pkg.sv is their one source).
static_assert(rtl::kDecExplore == static_cast<unsigned>(Decision::Explore) &&
              rtl::kDecRoundRobin == static_cast<unsigned>(Decision::RoundRobin) &&
              rtl::kDecReplay == static_cast<unsigned>(Decision::Replay));
static_assert(rtl::kFbRto == static_cast<unsigned>(FeedbackKind::Rto) &&
              rtl::kFbNackTrimLastHop == static_cast<unsigned>(FeedbackKind::NackTrimLastHop) &&
              rtl::kFbAckEcn == static_cast<unsigned>(FeedbackKind::AckEcn));
static_assert(rtl::kSprayReps == static_cast<unsigned>(SprayingType::Reps) &&
              rtl::kSprayDefault == static_cast<unsigned>(SprayingType::Default));

/// The model options that mirror a core with this tracker (entries, ways, runs) and its open generation.
inline ModelOptions core_model_options(std::size_t entries, std::size_t ways, std::size_t runs) {
  ModelOptions o;
  o.efd_tracker_entries = entries;
  o.efd_tracker_ways = ways;
  o.efd_tracker_runs = runs;
  o.open_generation_bits = rtl::kGenW;
  return o;
}

inline constexpr std::uint32_t kStatusErrors = kStatusErrRange | kStatusErrLocked | kStatusErrAddr | kStatusErrGroup;

}  // namespace uetlb::regs
