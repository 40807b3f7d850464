// Knobs of the constrained-random testbench: what the stimulus may do, and how often.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "uetlb/config.hpp"

namespace uetlb::tb {

struct Knobs {
  std::uint32_t seed = 1;
  std::uint64_t cycles = 200'000;       ///< clock cycles to simulate after reset
  std::uint64_t start_time = 0;         ///< now_i (ns) of the first cycle; near 2^32 the run crosses the wrap
  unsigned groups = 16;                 ///< groups in use (<= the core's NumGroups)
  double skew = 0.0;                    ///< probability that an event goes to group 0
  std::string type = "random";          ///< none, default, reps, or random (chosen from the seed)
  bool extremes = true;                 ///< draw attributes at their extremes (from the seed)
  std::optional<Config> config;         ///< attributes from --config (overrides type/extremes)
  std::string config_path;              ///< the --config file (no output may be it)
  double req_rate = 0.9;                ///< probability of a request in a cycle
  double fb_rate = 0.9;                 ///< probability of a feedback in a cycle (when one is outstanding)
  double fb_mix[5] = {70, 8, 8, 7, 2};  ///< weights: ack, ack_ecn, nack_trim, nack_trim_last_hop, rto
  double loss = 0.03;                   ///< probability that a packet gets no feedback at all
  double fail_burst = 0.0005;           ///< probability per cycle that a failure burst starts
  double idle_gap = 0.0003;             ///< probability per cycle of an idle gap long enough to end freezing
  double long_gap = 0.0;                ///< probability per cycle of an idle gap of seconds to days (2^31..2^40 ns)
  double flip = 0.0;                    ///< probability per cycle of a bit flipped in a group's next stored word
  double backpressure = 0.1;            ///< probability that rsp_ready is low in a cycle
  double reopen = 0.0005;               ///< probability per cycle that a group is reopened
  double rtt_change = 0.0003;           ///< probability per cycle that the base RTT changes
  double bad_reg = 0.0005;              ///< probability per cycle of an out-of-range register write
  double same_group = 0.2;              ///< probability that a feedback goes to the request's group
  unsigned wave_group = 0;              ///< group shown on the dbg_* waveform signals
  std::string wave;                     ///< FST file, or empty
  std::string coverage_out;             ///< functional coverage counts (JSON), or empty
  std::string rtl_coverage;             ///< Verilator line/toggle coverage data file, or empty
  bool require_coverage = false;        ///< exit non-zero when a coverage goal is not met
  bool scoreboard = true;               ///< compare with the golden model
  bool quiet = false;
};

}  // namespace uetlb::tb
