// uetlb-tb: the cycle-accurate SystemC testbench. The Verilated core uet_lb runs against the golden model:
// constrained-random drivers on every interface, monitors, a scoreboard that feeds the model each event at
// the rising edge that takes it (the feedback lane's feedback, then the request lane's open or request:
// the order the core applies them in) and compares every response and every early-failure event, functional coverage,
// and an optional FST waveform.
//
// Time: the testbench owns now_i. It advances 1 ns per cycle, jumps over idle gaps, never past the next
// tracked deadline + 1 (so deadlines fall between events as well as far behind them); a long gap (seconds
// to days, --long-gap) is crossed in steps of at most 2^27 ns a cycle, as a clock of 8 Hz would, the
// slowest the core's freeze-start ages allow at 32-bit time (uet_lb_age); and time holds still
// while the core holds its streams for past-due packets (efd_due_o). The core fires the earliest past-due
// packet on the feedback lane in the first cycle whose events are past its deadline, and holds its streams
// while any other is past due, so it applies early failures before the events they precede, as the model
// does.
#include <systemc.h>
#include <verilated.h>
#include <verilated_fst_sc.h>
#if VM_COVERAGE
#include <verilated_cov.h>
#endif

#include <chrono>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "Vuet_lb_sc.h"
#include "coverage.hpp"
#include "knobs.hpp"
#include "uetlb/cli.hpp"
#include "uetlb/load_balancer.hpp"
#include "uetlb/output.hpp"
#include "uetlb/rtl_regs.hpp"
#include "uetlb/stimulus_rng.hpp"

using namespace uetlb;
using uetlb::tb::Coverage;
using uetlb::tb::Knobs;

namespace {

constexpr unsigned kCoreGroups = UETLB_RTL_GROUPS;
constexpr unsigned kCoreBufBits = UETLB_RTL_BUF_BITS;
constexpr unsigned kCoreTracker = UETLB_RTL_TRACKER;
constexpr unsigned kCoreWays = UETLB_RTL_WAYS;
constexpr unsigned kCoreRuns = UETLB_RTL_RUNS;

constexpr const char* kUsage = R"(usage: uetlb-tb [options]

Cycle-accurate SystemC testbench: the Verilated core against the golden model.

  --seed N               random seed (default 1); also picks the spraying type and attributes
  --cycles N             cycles to run after reset and configuration (default 200000)
  --start-time NS        time of the first cycle (default 0; 4291967296 crosses the RTL's 32-bit wrap)
  --groups N             groups in use, 1..NumGroups of the core (default: all)
  --skew P               probability that an event goes to group 0 (default 0)
  --type T               none, default, reps or random (default random: from the seed)
  --no-extremes          keep attributes at their defaults instead of drawing extremes from the seed
  --config FILE.json     attributes from a file (overrides --type and extremes)
  --req-rate P --fb-rate P                      request / feedback probability per cycle
  --fb-mix A,E,T,L,R     feedback weights: ack, ack_ecn, nack_trim, nack_trim_last_hop, rto
  --loss P               probability that a packet gets no feedback (early failure detection fires)
  --fail-burst P         probability per cycle that a burst of timeouts and losses starts
  --idle-gap P           probability per cycle of an idle gap (time jumps, freezing can end)
  --long-gap P           probability per cycle of an idle gap of 2^31 to 2^40 ns (default 0), crossed in
                         steps of 2^27 ns a cycle: frozen groups sit idle for seconds to days
  --flip P               probability per cycle of one bit flipped in the next stored state word or slot (one
                         in two) of a random group (the test-only ecc_inj_* port; default 0): with Ecc every
                         flip is corrected, so the traces still equal the model's, and the counter audit
                         expects CNT_ECC_DOUBLE 0
  --backpressure P       probability that rsp_ready is low in a cycle
  --reopen P             probability per cycle that a group is reopened mid-flight
  --rtt-change P         probability per cycle that the base RTT changes
  --bad-reg P            probability per cycle of an out-of-range register write (must be refused)
  --same-group P         probability that a feedback targets the group of the cycle's request
  --wave FILE.fst        write an FST waveform (open with tb/uetlb.gtkw)
  --wave-group N         group whose state the dbg_* signals show (default 0)
  --coverage-out FILE    write the coverage counts as JSON
  --rtl-coverage FILE    write Verilator line/toggle coverage (builds configured with UETLB_TB_COVERAGE)
  --require-coverage     exit 1 when a coverage bin is short of its goal
  --no-scoreboard        drive the core without the model (speed measurement)
  --quiet                print only the summary line and errors
  +verilator+rand+reset+2 +verilator+seed+N
                         Verilator's runtime options: every variable of the core starts random (from
                         seed N) instead of 0, so a register without a reset shows up as a mismatch
  --help

Exit status: 0 pass; 1 mismatch, assertion or coverage short; 2 bad arguments.
)";

// An output file's path, checked before the run (uetlb/output.hpp).
void check_out(const uetlb::cli::Args& cl, const std::string& opt, const std::string& path) {
  try {
    uetlb::output::check_output(opt, path);
  } catch (const uetlb::output::OutputError& e) {
    cl.fail(e.what());
  }
}

Knobs parse_args(uetlb::cli::Args& cl) {
  Knobs k;
  k.groups = kCoreGroups;
  while (cl.more()) {
    const std::string opt = cl.next();
    if (opt == "--help" || opt == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (opt == "--seed") {
      k.seed = static_cast<std::uint32_t>(cl.uint_value(opt, 0, 0xffffffffULL));
    } else if (opt == "--cycles") {
      k.cycles = cl.uint_value(opt, 1, 1ULL << 40);
    } else if (opt == "--start-time") {
      k.start_time = cl.uint_value(opt, 0, 1ULL << 40);
    } else if (opt == "--groups") {
      k.groups = static_cast<unsigned>(cl.uint_value(opt, 1, kCoreGroups));
    } else if (opt == "--skew") {
      k.skew = cl.prob_value(opt);
    } else if (opt == "--type") {
      k.type = cl.value(opt);
      if (k.type != "none" && k.type != "default" && k.type != "reps" && k.type != "random") {
        cl.fail("--type '" + k.type + "' is not none, default, reps or random");
      }
    } else if (opt == "--no-extremes") {
      k.extremes = false;
    } else if (opt == "--config") {
      if (k.config) cl.fail("--config given twice");
      const std::string f = cl.value(opt);
      k.config_path = f;
      try {
        k.config = Config::from_file(f);
      } catch (const ConfigError& e) {
        cl.fail(e.what());
      }
    } else if (opt == "--req-rate") {
      k.req_rate = cl.prob_value(opt);
    } else if (opt == "--fb-rate") {
      k.fb_rate = cl.prob_value(opt);
    } else if (opt == "--fb-mix") {
      std::stringstream ss(cl.value(opt));
      std::string item;
      int n = 0;
      double total = 0;
      while (std::getline(ss, item, ',')) {
        if (n >= 5) cl.fail("--fb-mix takes 5 weights");
        char* end = nullptr;
        const double w = std::strtod(item.c_str(), &end);
        if (item.empty() || *end != '\0' || w < 0) cl.fail("--fb-mix weight '" + item + "' is not >= 0");
        k.fb_mix[n++] = w;
        total += w;
      }
      if (n != 5 || total <= 0) cl.fail("--fb-mix takes 5 weights, not all 0");
    } else if (opt == "--loss") {
      k.loss = cl.prob_value(opt);
    } else if (opt == "--fail-burst") {
      k.fail_burst = cl.prob_value(opt);
    } else if (opt == "--idle-gap") {
      k.idle_gap = cl.prob_value(opt);
    } else if (opt == "--long-gap") {
      k.long_gap = cl.prob_value(opt);
    } else if (opt == "--flip") {
      k.flip = cl.prob_value(opt);
    } else if (opt == "--backpressure") {
      k.backpressure = cl.prob_value(opt);
    } else if (opt == "--reopen") {
      k.reopen = cl.prob_value(opt);
    } else if (opt == "--rtt-change") {
      k.rtt_change = cl.prob_value(opt);
    } else if (opt == "--bad-reg") {
      k.bad_reg = cl.prob_value(opt);
    } else if (opt == "--same-group") {
      k.same_group = cl.prob_value(opt);
    } else if (opt == "--wave") {
      k.wave = cl.value(opt);
      check_out(cl, opt, k.wave);
    } else if (opt == "--wave-group") {
      k.wave_group = static_cast<unsigned>(cl.uint_value(opt, 0, kCoreGroups - 1));
    } else if (opt == "--coverage-out") {
      k.coverage_out = cl.value(opt);
      check_out(cl, opt, k.coverage_out);
    } else if (opt == "--rtl-coverage") {
      k.rtl_coverage = cl.value(opt);
      check_out(cl, opt, k.rtl_coverage);
#if !VM_COVERAGE
      cl.fail("--rtl-coverage needs a build configured with -DUETLB_TB_COVERAGE=ON (scripts/hw/rtl_coverage.sh)");
#endif
    } else if (opt == "--require-coverage") {
      k.require_coverage = true;
    } else if (opt == "--no-scoreboard") {
      k.scoreboard = false;
    } else if (opt == "--quiet") {
      k.quiet = true;
    } else if (opt.rfind("+verilator+", 0) == 0) {
      // Verilator's own runtime options: Verilated::commandArgs has taken them.
    } else {
      cl.fail("unknown option '" + opt + "'");
    }
  }
  try {
    uetlb::output::check_distinct({{"--config", k.config_path, false},
                                   {"--wave", k.wave, true},
                                   {"--coverage-out", k.coverage_out, true},
                                   {"--rtl-coverage", k.rtl_coverage, true}});
  } catch (const uetlb::output::OutputError& e) {
    cl.fail(e.what());
  }
  return k;
}

// The attributes of a run: from --config, else the type and an attribute set drawn from the seed.
// Across consecutive seeds the sets visit every attribute extreme.
Config choose_config(const Knobs& k) {
  if (k.config) return *k.config;
  Config c;
  std::string type = k.type;
  if (type == "random") {
    static const char* kTypes[] = {"reps", "default", "reps", "none", "reps"};
    type = kTypes[k.seed % 5];
  }
  c.packet_spraying_type = type == "none"      ? SprayingType::None
                           : type == "default" ? SprayingType::Default
                                               : SprayingType::Reps;
  c.seed = k.seed == 0 ? 1 : k.seed;
  c.freezing_timeout_ns = 20'000;  // short enough that a 200k-cycle run freezes and thaws many times
  if (!k.extremes) return c;
  switch ((k.seed / 5) % 4) {
    case 0:  // extremes of the round robin; REPS with the smallest cache and set
      c.entropy_mask_bits = 8;
      c.starting_port_offset = 65535;
      c.reps_buffer_size_mask_bits = 0;
      c.entropy_value_set_size = 1;
      c.failure_detection_rtt_multiplier = 255;
      c.initial_base_rtt_ns = 100;  // M x RTT = 25.5 us
      break;
    case 1:  // mask 0; the largest cache the core holds; no early failure detection; no window
      c.entropy_mask_bits = 0;
      c.starting_port_offset = 0;
      c.reps_buffer_size_mask_bits = kCoreBufBits;
      c.entropy_value_set_size = 65536;
      c.failure_detection_rtt_multiplier = 0;
      c.initial_base_rtt_ns = 50;  // W = 0
      break;
    case 2:  // a small set, M = 1, a long window
      c.entropy_mask_bits = 3;
      c.reps_buffer_size_mask_bits = 2;
      c.entropy_value_set_size = 7;
      c.failure_detection_rtt_multiplier = 1;
      c.link_rate_bps = 1'600'000'000'000ULL;
      break;
    default:  // the product defaults, with a short freezing timeout
      break;
  }
  return c;
}

struct Outstanding {
  Psn psn;
  EntropyValue ev;
};

// Events held on their streams until the handshake.
struct OpenItem {
  GroupId group = 0;
  std::uint32_t port = 0;
};
struct FbItem {
  GroupId group = 0;
  std::uint32_t kind = 0, ev = 0;
  Psn psn = 0;
};
struct ReqItem {
  GroupId group = 0;
  Psn psn = 0;
  bool retx = false;
};

// What a rising edge took: sampled just before it (valid and ready are settled by then).
struct Edge {
  bool open = false, fb = false, req = false, rsp = false;
  bool req_stalled = false, fb_req_same_group = false;
  OpenItem o;
  FbItem f;
  ReqItem r;
  std::uint32_t rsp_ev = 0, rsp_decision = 0, rsp_group = 0, rsp_psn = 0;
  TimeNs now = 0;
};

// A request the core has taken and not yet answered, with the model's answer.
struct Owed {
  GroupId group;
  Psn psn;
  bool retx;
  Choice expect;
};

// The testbench over the Verilated SystemC uet_lb. Every stream is driven through its handshake: an event stays valid
// until the rising edge that takes it, and the testbench learns which edges took what by sampling valid and ready just
// before each edge.
template <class Dut>
class Testbench : public sc_module {
 public:
  // The clock (1 ns period, rising edges at whole nanoseconds) is written by the testbench's one process:
  // at the falling edge it changes in the same delta as the inputs, so the Verilated model evaluates
  // twice per cycle (rising edge; falling edge with the new inputs), and no separate clock process runs.
  sc_signal<bool> clk;
  sc_signal<bool> rst_n, open_valid, open_ready, fb_valid, fb_ready, req_valid, req_ready, req_retx;
  sc_signal<bool> rsp_valid, rsp_ready, rsp_retx, efd_valid, efd_due, efd_pending, idle, reg_we;
  sc_signal<bool> dbg_open, dbg_wrapped, dbg_freezing;
  sc_signal<std::uint32_t> now, base_rtt, open_group, open_port, fb_group, fb_kind, fb_ev, fb_psn;
  sc_signal<std::uint32_t> req_group, req_psn, rsp_ev, rsp_decision, rsp_group, rsp_psn;
  sc_signal<std::uint32_t> efd_group, efd_psn, efd_ev, efd_time, efd_tracked;
  sc_signal<std::uint32_t> reg_addr, reg_wdata, reg_rdata;
  sc_signal<bool> reg_werr;  // (the bus-error strobe; the testbench reads STATUS instead)
  sc_signal<std::uint32_t> dbg_group, dbg_count, dbg_wr, dbg_replay, dbg_freeze_start, dbg_window_left, dbg_slot0;
  // Error injection (test-only port): the mask's type is the port's (sc_bv of the stored word's width).
  using InjMask = typename std::remove_reference_t<decltype(std::declval<Dut&>().ecc_inj_mask_i)>::data_type;
  sc_signal<bool> ecc_inj;
  sc_signal<bool> ecc_inj_slot;
  sc_signal<std::uint32_t> ecc_inj_group;
  sc_signal<InjMask> ecc_inj_mask;

  Dut dut;

  SC_HAS_PROCESS(Testbench);
  Testbench(sc_module_name name, const Knobs& knobs, const Config& cfg)
      : sc_module(name),
        dut("uet_lb"),
        knobs_(knobs),
        cfg_(cfg),
        model_(cfg, regs::core_model_options(kCoreTracker, kCoreWays, kCoreRuns)),
        rng_(knobs.seed) {
    dut.clk_i(clk);
    dut.rst_ni(rst_n);
    dut.now_i(now);
    dut.base_rtt_i(base_rtt);
    dut.open_valid_i(open_valid);
    dut.open_ready_o(open_ready);
    dut.open_group_i(open_group);
    dut.open_port_i(open_port);
    dut.fb_valid_i(fb_valid);
    dut.fb_ready_o(fb_ready);
    dut.fb_group_i(fb_group);
    dut.fb_kind_i(fb_kind);
    dut.fb_ev_i(fb_ev);
    dut.fb_psn_i(fb_psn);
    dut.req_valid_i(req_valid);
    dut.req_ready_o(req_ready);
    dut.req_group_i(req_group);
    dut.req_psn_i(req_psn);
    dut.req_retx_i(req_retx);
    dut.rsp_valid_o(rsp_valid);
    dut.rsp_ready_i(rsp_ready);
    dut.rsp_ev_o(rsp_ev);
    dut.rsp_decision_o(rsp_decision);
    dut.rsp_group_o(rsp_group);
    dut.rsp_psn_o(rsp_psn);
    dut.rsp_retx_o(rsp_retx);
    dut.efd_valid_o(efd_valid);
    dut.efd_group_o(efd_group);
    dut.efd_psn_o(efd_psn);
    dut.efd_ev_o(efd_ev);
    dut.efd_time_o(efd_time);
    dut.efd_due_o(efd_due);
    dut.efd_pending_o(efd_pending);
    dut.efd_tracked_o(efd_tracked);
    dut.idle_o(idle);
    dut.dbg_group_i(dbg_group);
    dut.dbg_open_o(dbg_open);
    dut.dbg_count_o(dbg_count);
    dut.dbg_wr_o(dbg_wr);
    dut.dbg_replay_o(dbg_replay);
    dut.dbg_wrapped_o(dbg_wrapped);
    dut.dbg_freezing_o(dbg_freezing);
    dut.dbg_freeze_start_o(dbg_freeze_start);
    dut.dbg_window_left_o(dbg_window_left);
    dut.dbg_slot0_o(dbg_slot0);
    dut.reg_we_i(reg_we);
    dut.reg_addr_i(reg_addr);
    dut.reg_wdata_i(reg_wdata);
    dut.reg_rdata_o(reg_rdata);
    dut.reg_werr_o(reg_werr);
    dut.ecc_inj_i(ecc_inj);
    dut.ecc_inj_slot_i(ecc_inj_slot);
    dut.ecc_inj_group_i(ecc_inj_group);
    dut.ecc_inj_mask_i(ecc_inj_mask);

    model_.set_trace_sink([this](const TraceRow& r) {
      if (r.event == EventKind::Efd) model_efd_.push_back(r);
    });
    base_rtt_now_ = cfg_.initial_base_rtt_ns;
    set_time(knobs.start_time);
    edge_now_ = knobs.start_time;
    rst_n.write(false);
    base_rtt.write(static_cast<std::uint32_t>(base_rtt_now_));
    rsp_ready.write(true);
    dbg_group.write(knobs.wave_group);
    outstanding_.resize(kCoreGroups);
    next_psn_.resize(kCoreGroups, 0);
    declare_coverage();
    build_config_writes();

    SC_METHOD(on_edge);  // first run at time 0: the first rising edge
  }

  bool failed() const { return mismatches_ > 0 || config_failed_; }
  bool done() const { return phase_ == Phase::Done; }
  const Coverage& coverage() const { return cov_; }
  std::uint64_t run_cycles() const { return run_cycles_; }
  std::uint64_t total_cycles() const { return cycle_; }
  std::uint64_t mismatches() const { return mismatches_; }
  const Counters& model_counters() const { return model_.counters(); }
  std::uint64_t rtl_efd() const { return rtl_efd_count_; }
  std::uint64_t accepted() const { return accepted_; }
  std::uint64_t stalled() const { return stalled_; }

 private:
  enum class Phase { Reset, Configure, Run, Drain, Done };

  // ---------------------------------------------------------------------------------------------
  void declare_coverage() {
    const bool reps = cfg_.packet_spraying_type == SprayingType::Reps;
    const bool efd_on = reps && cfg_.failure_detection_rtt_multiplier > 0;
    const bool window = reps && cfg_.exploration_window() > 0;
    const bool long_run = knobs_.cycles >= 100'000;
    auto goal = [&](bool applies, std::uint64_t g) { return applies && long_run ? g : 0; };
    cov_.declare("decision.fixed", goal(cfg_.packet_spraying_type == SprayingType::None, 1000));
    cov_.declare("decision.round_robin", goal(cfg_.packet_spraying_type == SprayingType::Default, 1000));
    cov_.declare("decision.reuse", goal(reps, 1000));
    cov_.declare("decision.replay", goal(reps, 10));
    cov_.declare("decision.explore", goal(reps, 100));
    cov_.declare("window.position_explores", goal(window, 5));
    cov_.declare("window.position_reuses_or_replays", goal(window && cfg_.reps_buffer_size_mask_bits > 0, 5));
    cov_.declare("freeze.entered", goal(reps, 5));
    cov_.declare("freeze.exited", goal(reps, 5));
    cov_.declare("freeze.failure_ignored_frozen", goal(reps, 5));
    cov_.declare("freeze.failure_ignored_in_window", goal(window, 1));
    // Long gaps: a freeze that ends after 2^31 ns or more, and a recycle a whole turn of 2^32 ns or more after
    // the freeze start whose elapsed time mod 2^32 is below the timeout (a modular test alone keeps freezing).
    cov_.declare("freeze.exited_after_long_gap", goal(reps && knobs_.long_gap > 0, 1));
    cov_.declare("freeze.exited_across_turn", 0);
    cov_.declare("time.long_gap", goal(knobs_.long_gap > 0, 2));
    cov_.declare("ecc.flip_injected", goal(knobs_.flip > 0, 10));
    cov_.declare("ecc.flip_corrected", goal(knobs_.flip > 0 && knobs_.bad_reg > 0, 1));
    cov_.declare("cache.overwrite_when_full", goal(reps && cfg_.reps_buffer_size_mask_bits <= 3, 10));
    cov_.declare("replay.wrap", goal(reps, 5));
    cov_.declare("stream.same_group_fb_and_req", goal(true, 100));
    cov_.declare("stream.backpressure_stall", goal(knobs_.backpressure > 0, 100));
    cov_.declare("efd.fired", goal(efd_on, 10));
    cov_.declare("efd.cleared", goal(efd_on, 100));
    cov_.declare("efd.untracked", 0);
    cov_.declare("group.reopened", goal(knobs_.reopen > 0, 1));
    cov_.declare("group.feedback_unopened", 0);
    cov_.declare("base_rtt.changed", 0);
    cov_.declare("reg.bad_write_refused", goal(knobs_.bad_reg > 0, 3));
    cov_.declare("reg.locked_write_refused", goal(knobs_.bad_reg > 0, 1));
    cov_.declare("reg.counters_match_model", goal(knobs_.bad_reg > 0 && knobs_.scoreboard, 1));
    cov_.declare("reg.ctrl_clear", goal(knobs_.bad_reg > 0, 1));
    // Attribute extremes used by this run (goals apply to a merged regression, see --merge-coverage).
    cov_.declare("attr.EntropyMaskBits=0", 0);
    cov_.declare("attr.EntropyMaskBits=8", 0);
    cov_.declare("attr.StartingPortOffset=65535", 0);
    cov_.declare("attr.REPSBufferSizeMaskBits=0", 0);
    cov_.declare("attr.REPSBufferSizeMaskBits=max", 0);
    cov_.declare("attr.EntropyValueSetSize=1", 0);
    cov_.declare("attr.EntropyValueSetSize=65536", 0);
    cov_.declare("attr.FailureDetectionRTTMultiplier=0", 0);
    cov_.declare("attr.FailureDetectionRTTMultiplier=255", 0);
    cov_.declare("attr.W=0", 0);
    cov_.declare("attr.type=None", 0);
    cov_.declare("attr.type=Default", 0);
    cov_.declare("attr.type=REPS", 0);
    const bool dps = cfg_.packet_spraying_type == SprayingType::Default;  // the type that reads them
    if (dps && cfg_.entropy_mask_bits == 0) cov_.hit("attr.EntropyMaskBits=0");
    if (dps && cfg_.entropy_mask_bits == 8) cov_.hit("attr.EntropyMaskBits=8");
    if (dps && cfg_.starting_port_offset == 65535) cov_.hit("attr.StartingPortOffset=65535");
    if (reps && cfg_.reps_buffer_size_mask_bits == 0) cov_.hit("attr.REPSBufferSizeMaskBits=0");
    if (reps && cfg_.reps_buffer_size_mask_bits == kCoreBufBits) cov_.hit("attr.REPSBufferSizeMaskBits=max");
    if (reps && cfg_.entropy_value_set_size == 1) cov_.hit("attr.EntropyValueSetSize=1");
    if (reps && cfg_.entropy_value_set_size == 65536) cov_.hit("attr.EntropyValueSetSize=65536");
    if (reps && cfg_.failure_detection_rtt_multiplier == 0) cov_.hit("attr.FailureDetectionRTTMultiplier=0");
    if (reps && cfg_.failure_detection_rtt_multiplier == 255) cov_.hit("attr.FailureDetectionRTTMultiplier=255");
    if (reps && cfg_.exploration_window() == 0) cov_.hit("attr.W=0");
    cov_.hit(cfg_.packet_spraying_type == SprayingType::None      ? "attr.type=None"
             : cfg_.packet_spraying_type == SprayingType::Default ? "attr.type=Default"
                                                                  : "attr.type=REPS");
  }

  void build_config_writes() {
    config_writes_ = {
        {regs::kSprayType, static_cast<std::uint32_t>(cfg_.packet_spraying_type)},
        {regs::kEntropyMaskBits, cfg_.entropy_mask_bits},
        {regs::kStartPort, cfg_.starting_port_offset},
        {regs::kRepsBufBits, cfg_.reps_buffer_size_mask_bits},
        {regs::kEvSetSize, cfg_.entropy_value_set_size},
        {regs::kFreezeTimeout, static_cast<std::uint32_t>(cfg_.freezing_timeout_ns)},
        {regs::kEfdMult, cfg_.failure_detection_rtt_multiplier},
        {regs::kWindow, static_cast<std::uint32_t>(cfg_.exploration_window())},
        {regs::kSeed, cfg_.seed},
    };
  }

  std::uint32_t pick(std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng_); }
  TimeNs pick_wide(TimeNs n) { return std::uniform_int_distribution<TimeNs>(0, n - 1)(rng_); }
  // True with probability p, from one 32-bit draw (p = 1 is always true, p = 0 never draws).
  bool chance(double p) {
    if (p <= 0) return false;
    if (p >= 1) return true;
    return rng_() < static_cast<std::uint32_t>(p * 4294967296.0);
  }
  GroupId pick_group() { return chance(knobs_.skew) ? 0 : pick(knobs_.groups); }

  void mismatch(const std::string& what) {
    ++mismatches_;
    if (mismatches_ == 1) {
      std::cerr << "MISMATCH at cycle " << cycle_ << " (time " << now_ << " ns): " << what << '\n';
      stop_at_ = cycle_ + 20;  // keep 20 more cycles in the waveform
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Just before a rising edge: which streams the edge takes (valid and ready), and the response taken.
  void sample_edge() {
    Edge e;
    e.now = edge_now_;  // the time the core gives events this edge takes: now_i of the cycle before
    e.o = open_item_;
    e.f = fb_item_;
    e.r = req_item_;
    e.open = pend_open_ && open_ready.read();
    e.fb = pend_fb_ && fb_ready.read();
    e.req = pend_req_ && req_ready.read();
    e.req_stalled = pend_req_ && !e.req;
    e.fb_req_same_group = pend_fb_ && pend_req_ && fb_item_.group == req_item_.group;
    e.rsp = rsp_valid.read() && rsp_ready_now_;
    if (e.rsp) {
      e.rsp_ev = rsp_ev.read();
      e.rsp_decision = rsp_decision.read();
      e.rsp_group = rsp_group.read();
      e.rsp_psn = rsp_psn.read();
    }
    edge_ = e;
  }

  // Monitor + scoreboard, after the rising edge: the model takes the events in the order the core
  // applies them (at one edge: the feedback lane's, then the request lane's open or request), every response is
  // compared with the model's answer, and early failures are compared in order.
  void check_edge() {
    const Edge& e = edge_;
    if (efd_valid.read()) {
      ++rtl_efd_count_;
      const std::uint32_t back = static_cast<std::uint32_t>(e.now) - efd_time.read();
      rtl_efd_.push_back(TraceRow{0, e.now - back, efd_group.read(), EventKind::Efd,
                                  static_cast<EntropyValue>(efd_ev.read()), efd_psn.read(), std::nullopt});
    }
    if (e.req_stalled) {
      ++stalled_;
      cov_.hit("stream.backpressure_stall");
    }
    if (e.fb_req_same_group) cov_.hit("stream.same_group_fb_and_req");
    if (e.open) {
      pend_open_ = false;
      opened_since_clear_ = true;
    }
    if (e.fb) pend_fb_ = false;
    if (e.req) {
      pend_req_ = false;
      ++accepted_;
    }
    if (!knobs_.scoreboard) {
      if (e.rsp) record_sent(e.rsp_group, e.rsp_psn, static_cast<EntropyValue>(e.rsp_ev));
      return;
    }
    model_.advance_to(e.now);
    compare_efd();
    if (rtt_edges_left_ > 0 && --rtt_edges_left_ == 0) model_.set_base_rtt(e.now, base_rtt_now_);
    if (e.fb) apply_feedback(e.now, e.f);
    if (e.open) model_.open(e.now, e.o.group, static_cast<EntropyValue>(e.o.port));
    if (e.req) apply_request(e.now, e.r);
    if (e.rsp) check_response(e);
    compare_efd();
  }

  void apply_feedback(TimeNs t, const FbItem& f) {
    const auto kind = static_cast<FeedbackKind>(f.kind);
    const RepsGroup* st = model_.reps(f.group);
    const bool was_freezing = st && st->freezing();
    const bool in_window = st && st->window_left() > 0;
    const bool was_full = st && st->count() == st->capacity();
    const std::size_t tracked = model_.efd_tracked_now();
    const bool open = model_.is_open(f.group);
    model_.feedback(t, f.group, kind, static_cast<EntropyValue>(f.ev), f.psn);
    if (!open) {
      cov_.hit("group.feedback_unopened");
      return;
    }
    if (model_.efd_tracked_now() < tracked) cov_.hit("efd.cleared");
    if (!st) return;
    const bool recycle = kind == FeedbackKind::Ack || kind == FeedbackKind::NackTrimLastHop;
    if (recycle && was_full) cov_.hit("cache.overwrite_when_full");
    if (was_freezing && !st->freezing()) {
      cov_.hit("freeze.exited");
      const TimeNs frozen_for = t - st->freeze_start();  // (freeze_start is kept after the exit)
      if (frozen_for >= (TimeNs{1} << 31)) cov_.hit("freeze.exited_after_long_gap");
      if (frozen_for >= (TimeNs{1} << 32) && frozen_for % (TimeNs{1} << 32) < cfg_.freezing_timeout_ns) {
        cov_.hit("freeze.exited_across_turn");
      }
    }
    if (kind == FeedbackKind::Rto) {
      if (!was_freezing && st->freezing()) cov_.hit("freeze.entered");
      if (was_freezing) cov_.hit("freeze.failure_ignored_frozen");
      if (in_window) cov_.hit("freeze.failure_ignored_in_window");
    }
  }

  void apply_request(TimeNs t, const ReqItem& r) {
    const RepsGroup* st = model_.reps(r.group);
    const std::uint64_t wl = st ? st->window_left() : 0;
    const bool window_explore_slot = st && wl > 0 && (wl - 1) % st->capacity() == 0;
    const Choice expect = model_.request(t, r.group, r.psn, r.retx);
    owed_.push_back(Owed{r.group, r.psn, r.retx, expect});
    switch (expect.decision) {
      case Decision::Fixed: cov_.hit("decision.fixed"); break;
      case Decision::RoundRobin: cov_.hit("decision.round_robin"); break;
      case Decision::Reuse: cov_.hit("decision.reuse"); break;
      case Decision::Replay:
        cov_.hit("decision.replay");
        if (st && st->replay_index() == 0) cov_.hit("replay.wrap");
        break;
      case Decision::Explore: cov_.hit("decision.explore"); break;
    }
    if (wl > 0) cov_.hit(window_explore_slot ? "window.position_explores" : "window.position_reuses_or_replays");
    if (window_explore_slot && expect.decision != Decision::Explore) mismatch("model: window position did not explore");
  }

  // A response taken at the edge: it answers the oldest request the core took and has not answered.
  void check_response(const Edge& e) {
    if (owed_.empty()) {
      mismatch("a response (group " + std::to_string(e.rsp_group) + " psn " + std::to_string(e.rsp_psn) +
               ") for no request");
      return;
    }
    const Owed o = owed_.front();
    owed_.pop_front();
    const Choice got{static_cast<EntropyValue>(e.rsp_ev), static_cast<Decision>(e.rsp_decision)};
    if (e.rsp_psn != o.psn || e.rsp_group != o.group) {
      mismatch("response for group " + std::to_string(e.rsp_group) + " psn " + std::to_string(e.rsp_psn) +
               ", expected the request of group " + std::to_string(o.group) + " psn " + std::to_string(o.psn));
    } else if (!(got == o.expect)) {
      mismatch(std::string(o.retx ? "retx" : "tx") + " group " + std::to_string(o.group) + " psn " +
               std::to_string(o.psn) + ": expected " + std::to_string(o.expect.ev) + " " +
               to_string(o.expect.decision) + ", got " + std::to_string(got.ev) + " " + to_string(got.decision));
    }
    record_sent(o.group, o.psn, got.ev);
  }

  void compare_efd() {
    while (!model_efd_.empty() && !rtl_efd_.empty()) {
      const TraceRow& m = model_efd_.front();
      const TraceRow& r = rtl_efd_.front();
      if (m.group != r.group || m.psn != r.psn || m.ev != r.ev || m.time != r.time) {
        mismatch("efd: expected group " + std::to_string(m.group) + " psn " + std::to_string(*m.psn) + " ev " +
                 std::to_string(m.ev) + " at " + std::to_string(m.time) + ", got group " + std::to_string(r.group) +
                 " psn " + std::to_string(*r.psn) + " ev " + std::to_string(r.ev) + " at " + std::to_string(r.time));
      }
      cov_.hit("efd.fired");
      model_efd_.pop_front();
      rtl_efd_.pop_front();
    }
    // The model applies every due deadline before the events that follow; the core fires them one per
    // cycle, before the events it takes later: at most the core lags, never leads.
    if (!rtl_efd_.empty()) {
      const TraceRow& r = rtl_efd_.front();
      mismatch("the core fired an efd the model did not: group " + std::to_string(r.group) + " psn " +
               std::to_string(*r.psn) + " ev " + std::to_string(r.ev) + " at " + std::to_string(r.time));
    }
  }

  void record_sent(GroupId g, Psn psn, EntropyValue ev) {
    if (!chance(knobs_.loss) && !in_burst()) outstanding_[g].push_back({psn, ev});
  }
  bool in_burst() const { return burst_left_ > 0; }
  bool any_pending() const { return pend_open_ || pend_fb_ || pend_req_; }
  bool quiesced() const { return !any_pending() && idle.read() && !efd_due.read(); }

  // ---------------------------------------------------------------------------------------------
  // Drivers: inputs for the next rising edge. Each stream shows its pending event, unchanged, until an
  // edge takes it.
  void drive_streams() {
    open_valid.write(pend_open_);
    if (pend_open_) {
      open_group.write(open_item_.group);
      open_port.write(open_item_.port);
    }
    fb_valid.write(pend_fb_);
    if (pend_fb_) {
      fb_group.write(fb_item_.group);
      fb_kind.write(fb_item_.kind);
      fb_ev.write(fb_item_.ev);
      fb_psn.write(fb_item_.psn);
    }
    req_valid.write(pend_req_);
    if (pend_req_) {
      req_group.write(req_item_.group);
      req_psn.write(req_item_.psn);
      req_retx.write(req_item_.retx);
    }
  }

  void set_time(TimeNs t) {
    now_ = t;
    now.write(static_cast<std::uint32_t>(t));
  }
  // Called at every falling edge before the drivers: the time written a cycle ago is what the core gives
  // the events the next rising edge takes.
  void shift_time() { edge_now_ = now_; }

  // Time for the next cycle, and whether new events may be presented in it (not while the core fires
  // past-due packets: time holds still then).
  bool advance_time(bool gap) {
    if (efd_due.read()) return false;
    step_time(gap ? 30'000 + pick(150'000) : 1);
    return true;
  }

  // Error injection: arms a one-bit flip of the next stored state word or slot of a random group in use
  // (the core's test-only port; a pulse of one cycle). The bit is one of the mask's (a state word's) or
  // one of its low 32 (a slot's); the core ignores the bits beyond the stored word's.
  void maybe_flip() {
    ecc_inj.write(false);
    if (knobs_.flip <= 0 || !chance(knobs_.flip)) return;
    const bool slot = chance(0.5);
    InjMask mask;
    mask = 0;
    mask[static_cast<int>(pick(slot ? 32U : static_cast<std::uint32_t>(mask.length())))] = 1;
    ecc_inj.write(true);
    ecc_inj_slot.write(slot);
    ecc_inj_group.write(pick(knobs_.groups));
    ecc_inj_mask.write(mask);
    ++flips_;
    cov_.hit("ecc.flip_injected");
  }
  // A cycle of a long gap: at most 2^27 ns.
  void advance_long() {
    if (efd_due.read()) return;
    long_gap_left_ -= step_time(std::min(long_gap_left_, kLongStepNs));
  }

  // Moves time on by `step` ns (>= 1), but when the model tracks a deadline before that, only to just past
  // it (so deadlines fall between events as well as far behind them); returns the ns moved.
  TimeNs step_time(TimeNs step) {
    TimeNs target = now_ + step;
    if (knobs_.scoreboard) {
      if (const auto next = model_.efd_next_deadline(); next && *next + 1 < target) {
        target = std::max(now_ + 1, *next + 1);
      }
    }
    const TimeNs moved = target - now_;
    set_time(target);
    return moved;
  }

  void drive_run() {
    reg_we.write(false);
    maybe_flip();
    if (!opened_all_) {  // open every group in use, one at a time, first (and again after a CTRL clear)
      if (!advance_time(false)) return;
      if (pend_open_) return;
      const GroupId g = next_open_++;
      drive_open(g, 4791 + g);
      opened_all_ = next_open_ >= knobs_.groups;
      return;
    }
    // A CTRL clear: written in a cycle that does not move time (the core idle and nothing past due at
    // this time), and time holds still until it has applied (the model closed every group when it was
    // written), so no deadline passes in between.
    if (reg_seq_ == RegSeq::Cleared || (reg_seq_ == RegSeq::Quiesce && quiesced())) {
      maybe_register_activity();
      return;
    }
    if (burst_left_ > 0) --burst_left_;
    if (chance(knobs_.fail_burst)) burst_left_ = 200 + pick(800);
    if (long_gap_left_ == 0 && chance(knobs_.long_gap)) {
      // Around 2^31, around whole turns of 2^32 (within a FreezingTimeout either side), or 2^40 ns.
      const TimeNs turn = TimeNs{1} << 32;
      const TimeNs spread = std::max<TimeNs>(1, cfg_.freezing_timeout_ns);
      const TimeNs bases[] = {TimeNs{1} << 31, turn, 2 * turn, TimeNs{1} << 40};
      long_gap_left_ = bases[pick(4)] - spread + pick_wide(2 * spread);
      cov_.hit("time.long_gap");
    }
    if (long_gap_left_ > 0) {  // nothing new until the gap is crossed
      advance_long();
      return;
    }
    const bool gap = chance(knobs_.idle_gap);
    if (!advance_time(gap)) return;
    if (rtt_edges_left_ == 0 && chance(knobs_.rtt_change)) {  // one change in flight at a time
      base_rtt_now_ = 1'000 + pick(7'000);
      base_rtt.write(static_cast<std::uint32_t>(base_rtt_now_));
      // The model takes the new base RTT before the requests that use it: the core computes M x base RTT
      // in registered steps, so those the edges kSpanDelay after the next take.
      rtt_edges_left_ = rtl::kSpanDelay + 1;
      cov_.hit("base_rtt.changed");
    }
    if (gap) return;  // the gap cycle itself brings no new events
    // Waiting to write CTRL or for it to apply, or to read a counter: nothing new until the core is idle
    // (under a steady load the core, nine stages deep, is seldom idle by chance).
    if (reg_seq_ == RegSeq::Quiesce || reg_seq_ == RegSeq::Cleared || reg_seq_ == RegSeq::AuditFb ||
        reg_seq_ == RegSeq::AuditEfd || reg_seq_ == RegSeq::AuditEccDouble || reg_seq_ == RegSeq::AuditEccCorrected) {
      maybe_register_activity();
      return;
    }
    if (!pend_open_ && chance(knobs_.reopen)) {
      drive_open(pick_group(), pick(65536));
      cov_.hit("group.reopened");
    }
    GroupId rg = pick_group();
    if (!pend_req_ && chance(knobs_.req_rate)) {
      const bool retx = chance(0.05) && !outstanding_[rg].empty();
      req_item_ = ReqItem{rg, retx ? outstanding_[rg].front().psn : next_psn_[rg]++, retx};
      pend_req_ = true;
    }
    if (pend_req_) rg = req_item_.group;
    if (!pend_fb_) drive_feedback(rg);
    maybe_register_activity();
  }

  void drive_open(GroupId g, std::uint32_t port) {
    open_item_ = OpenItem{g, port};
    pend_open_ = true;
  }

  void drive_feedback(GroupId request_group) {
    if (!chance(knobs_.fb_rate)) return;
    if (knobs_.groups < kCoreGroups && chance(0.002)) {  // feedback for a group never opened
      set_feedback(knobs_.groups + pick(kCoreGroups - knobs_.groups), 0, pick(65536), pick(1000));
      return;
    }
    const GroupId g = chance(knobs_.same_group) ? request_group : pick_group();
    if (outstanding_[g].empty()) return;
    const Outstanding o = outstanding_[g].front();
    outstanding_[g].pop_front();
    std::uint32_t kind = 0;
    if (in_burst()) {
      kind = 4;  // rto
    } else {
      double total = 0;
      for (double w : knobs_.fb_mix) total += w;
      double r = std::uniform_real_distribution<double>(0, total)(rng_);
      while (kind < 4 && r >= knobs_.fb_mix[kind]) r -= knobs_.fb_mix[kind++];
    }
    const std::uint32_t ev = chance(0.02) ? pick(65536) : o.ev;  // now and then a foreign value
    set_feedback(g, kind, ev, o.psn);
  }

  void set_feedback(GroupId g, std::uint32_t kind, std::uint32_t ev, Psn psn) {
    fb_item_ = FbItem{g, kind, ev, psn};
    pend_fb_ = true;
  }

  // Register activity beside the traffic, one small sequence at a time:
  //  - an out-of-range write: then STATUS must show the error and ERR_ADDR the register; then W1C;
  //  - a write to a locked register while groups are open: STATUS.ERR_LOCKED; then W1C;
  //  - a counter audit: no new events until the core is idle, when its counters include every event it
  //    has taken; then CNT_FB_UNOPENED and CNT_EFD_UNTRACKED must equal the model's counts;
  //  - CTRL clear: no new events until none waits and the core is idle; then every group closes and the
  //    tracker empties; the groups are then reopened.
  enum class RegSeq {
    Idle,
    CheckError,
    CheckAddr,
    Clear,
    AuditFb,
    AuditEfd,
    AuditEccDouble,
    AuditEccCorrected,
    Quiesce,
    Cleared
  };

  void maybe_register_activity() {
    switch (reg_seq_) {
      case RegSeq::Idle: {
        if (!chance(knobs_.bad_reg)) return;
        // The kinds of activity take turns (six bad writes, two locked writes, a counter audit, a CTRL clear
        // in every ten), so every run with register activity has each kind whatever the draws.
        const std::uint32_t r = static_cast<std::uint32_t>(reg_activities_++ % 10);
        if (r < 6) {
          static const std::pair<std::uint8_t, std::uint32_t> kBad[] = {{regs::kSprayType, 3},
                                                                        {regs::kEntropyMaskBits, 9},
                                                                        {regs::kStartPort, 70000},
                                                                        {regs::kRepsBufBits, 17},
                                                                        {regs::kEvSetSize, 0},
                                                                        {regs::kEvSetSize, 65537},
                                                                        {regs::kFreezeTimeout, 0},
                                                                        {regs::kEfdMult, 256},
                                                                        {regs::kWindow, 1U << UETLB_RTL_WINDOW_WIDTH},
                                                                        {regs::kSeed, 0},
                                                                        {0x3f, 1},
                                                                        {regs::kId, 5}};
          const auto& [addr, value] = kBad[pick(sizeof(kBad) / sizeof(kBad[0]))];
          write_reg(addr, value);
          expect_error_ = regs::kStatusErrRange | regs::kStatusErrAddr;
          bad_addr_ = addr;
          reg_wait_ = kRegErrorDelay;
          reg_seq_ = RegSeq::CheckError;
        } else if (r < 8 && opened_since_clear_) {
          // In range, but locked while groups are open.
          bad_addr_ = pick(2) ? regs::kSprayType : regs::kRepsBufBits;
          write_reg(static_cast<std::uint8_t>(bad_addr_), bad_addr_ == regs::kSprayType
                                                              ? static_cast<std::uint32_t>(cfg_.packet_spraying_type)
                                                              : cfg_.reps_buffer_size_mask_bits);
          expect_error_ = regs::kStatusErrLocked;
          reg_wait_ = kRegErrorDelay;
          reg_seq_ = RegSeq::CheckError;
        } else if (r < 9) {
          reg_addr.write(regs::kCntFbUnopened);
          reg_seq_ = RegSeq::AuditFb;
        } else if (opened_all_) {
          reg_seq_ = RegSeq::Quiesce;  // a CTRL clear, once no event waits and the core is idle
        }
        return;
      }
      case RegSeq::Quiesce:
        if (!quiesced()) return;
        write_reg(regs::kCtrl, 1);  // close every group; they are reopened once it applies
        if (knobs_.scoreboard) model_.close_all();
        reg_wait_ = 2;  // (the write reaches the register block two edges on)
        reg_seq_ = RegSeq::Cleared;
        return;
      case RegSeq::Cleared:
        if (reg_wait_ > 0) {
          --reg_wait_;
          return;
        }
        if (!idle.read()) return;
        opened_all_ = false;
        opened_since_clear_ = false;
        next_open_ = 0;
        reg_seq_ = RegSeq::Idle;
        cov_.hit("reg.ctrl_clear");
        return;
      case RegSeq::CheckError:
        if (reg_wait_ > 0) {  // the refusal's error reaches STATUS two cycles after the write
          --reg_wait_;
          return;
        }
        reg_addr.write(regs::kStatus);
        reg_seq_ = RegSeq::CheckAddr;
        return;
      case RegSeq::CheckAddr: {
        const std::uint32_t status = reg_rdata.read();
        if ((status & expect_error_) == 0) {
          mismatch("a refused write to register " + std::to_string(bad_addr_) + " left STATUS " +
                   std::to_string(status));
        } else {
          cov_.hit(expect_error_ == regs::kStatusErrLocked ? "reg.locked_write_refused" : "reg.bad_write_refused");
        }
        reg_addr.write(regs::kErrAddr);
        reg_seq_ = RegSeq::Clear;
        return;
      }
      case RegSeq::Clear:
        if (reg_rdata.read() != bad_addr_) mismatch("ERR_ADDR does not name the refused register");
        write_reg(regs::kStatus, regs::kStatusErrors);  // write 1 to clear
        reg_seq_ = RegSeq::Idle;
        return;
      case RegSeq::AuditFb:
        if (!idle.read()) return;
        if (knobs_.scoreboard && reg_rdata.read() != model_.counters().feedback_unopened) {
          mismatch("CNT_FB_UNOPENED " + std::to_string(reg_rdata.read()) + ", model " +
                   std::to_string(model_.counters().feedback_unopened));
        }
        reg_addr.write(regs::kCntEfdUntracked);
        reg_seq_ = RegSeq::AuditEfd;
        return;
      case RegSeq::AuditEfd:
        if (!idle.read()) return;
        if (knobs_.scoreboard && reg_rdata.read() != model_.counters().efd_untracked) {
          mismatch("CNT_EFD_UNTRACKED " + std::to_string(reg_rdata.read()) + ", model " +
                   std::to_string(model_.counters().efd_untracked));
        } else {
          cov_.hit("reg.counters_match_model");
        }
        reg_addr.write(regs::kCntEccDouble);
        reg_seq_ = RegSeq::AuditEccDouble;
        return;
      case RegSeq::AuditEccDouble:  // only single flips are injected: every one corrected
        if (reg_rdata.read() != 0) mismatch("CNT_ECC_DOUBLE " + std::to_string(reg_rdata.read()) + ", expected 0");
        reg_addr.write(regs::kCntEccCorrected);
        reg_seq_ = RegSeq::AuditEccCorrected;
        return;
      case RegSeq::AuditEccCorrected:
        // (A flipped word is corrected at every read until its group's next write, which is the read's own
        // event's: so a read corrected without any flip injected is the failure to catch.)
        if (reg_rdata.read() != 0 && flips_ == 0) {
          mismatch("CNT_ECC_CORRECTED " + std::to_string(reg_rdata.read()) + " with no flip injected");
        }
        if (reg_rdata.read() > 0) cov_.hit("ecc.flip_corrected");
        reg_seq_ = RegSeq::Idle;
        return;
    }
  }

  void write_reg(std::uint8_t addr, std::uint32_t value) {
    reg_we.write(true);
    reg_addr.write(addr);
    reg_wdata.write(value);
  }

  void drive_configure() {
    reg_we.write(false);
    if (config_index_ < config_writes_.size()) {
      const auto [addr, value] = config_writes_[config_index_++];
      reg_we.write(true);
      reg_addr.write(addr);
      reg_wdata.write(value);
      return;
    }
    reg_addr.write(regs::kStatus);
    if (config_index_++ == config_writes_.size()) return;  // one cycle for STATUS to settle
    if ((reg_rdata.read() & regs::kStatusErrors) != 0) {
      std::cerr << "uetlb-tb: the core refused the configuration (STATUS " << reg_rdata.read() << ")\n";
      config_failed_ = true;
      phase_ = Phase::Done;
      return;
    }
    phase_ = Phase::Run;
  }

  // No new events; the pending ones are taken, every response comes back, every tracked packet fires.
  void drive_drain() {
    reg_we.write(false);
    const bool model_empty = !knobs_.scoreboard || model_.efd_tracked_now() == 0;
    if (!any_pending() && owed_.empty() && idle.read() && efd_tracked.read() == 0 && model_empty && !efd_due.read()) {
      if (knobs_.scoreboard) {
        model_.finish();
        compare_efd();
        if (!model_efd_.empty()) mismatch("the model fired early failures the core did not");
      }
      phase_ = Phase::Done;
      return;
    }
    if (++drain_cycles_ > kMaxDrainCycles) {
      mismatch("the core did not drain in " + std::to_string(kMaxDrainCycles) +
               " cycles: " + std::to_string(owed_.size()) + " responses owed, " + std::to_string(efd_tracked.read()) +
               " packets tracked");
      phase_ = Phase::Done;
      return;
    }
    advance_time(true);
  }

  // ---------------------------------------------------------------------------------------------
  void on_edge() {
    level_ = !level_;
    if (level_) sample_edge();
    clk.write(level_);
    if (!level_) on_negedge();
    next_trigger(500, SC_PS);
  }

  void on_negedge() {
    if (phase_ == Phase::Done) return;
    ++cycle_;
    if (phase_ == Phase::Reset) {
      if (cycle_ >= 3) {
        rst_n.write(true);
        Verilated::assertOn(true);  // (off while the state before reset may be random)
        phase_ = Phase::Configure;
      }
      return;
    }
    check_edge();
    shift_time();
    rsp_ready_now_ = true;
    if (phase_ == Phase::Run) {
      ++run_cycles_;
      rsp_ready_now_ = !chance(knobs_.backpressure);
    }
    rsp_ready.write(rsp_ready_now_);
    switch (phase_) {
      case Phase::Configure: drive_configure(); break;
      case Phase::Run:
        drive_run();
        if (run_cycles_ >= knobs_.cycles) phase_ = Phase::Drain;
        break;
      case Phase::Drain: drive_drain(); break;
      default: break;
    }
    drive_streams();
    if (stop_at_ != 0 && cycle_ >= stop_at_) phase_ = Phase::Done;
  }

  static constexpr std::uint64_t kMaxDrainCycles = 1'000'000;

  bool level_ = false;  // the clock level written last
  Knobs knobs_;
  Config cfg_;
  LoadBalancer model_;
  uetlb::StimulusRng rng_;
  Coverage cov_;
  Phase phase_ = Phase::Reset;
  std::vector<std::pair<std::uint8_t, std::uint32_t>> config_writes_;
  std::size_t config_index_ = 0;
  bool config_failed_ = false;
  TimeNs now_ = 0;
  TimeNs edge_now_ = 0;  // the time of events the next rising edge takes
  TimeNs base_rtt_now_ = 0;
  unsigned rtt_edges_left_ = 0;  // edges until the model takes base_rtt_now_ (0: it has it)
  // Extra cycles before a refused write's error shows in STATUS (registers.md: the port and the refusal
  // are registered before the sticky error).
  static constexpr unsigned kRegErrorDelay = 2;
  unsigned reg_wait_ = 0;
  std::uint64_t cycle_ = 0, run_cycles_ = 0, stop_at_ = 0, mismatches_ = 0, rtl_efd_count_ = 0, accepted_ = 0;
  std::uint64_t flips_ = 0;  // one-bit flips injected (--flip)
  std::uint64_t stalled_ = 0, drain_cycles_ = 0;
  bool pend_open_ = false, pend_fb_ = false, pend_req_ = false;  // an event waits on the stream
  OpenItem open_item_;
  FbItem fb_item_;
  ReqItem req_item_;
  Edge edge_;              // what the last rising edge took
  std::deque<Owed> owed_;  // requests taken, not yet answered, oldest first
  bool rsp_ready_now_ = true;
  unsigned next_open_ = 0;
  bool opened_all_ = false;
  bool opened_since_clear_ = false;   // an open was taken since the last CTRL clear: groups are open
  std::uint64_t reg_activities_ = 0;  // register activities begun (bad writes, audits, clears)
  unsigned burst_left_ = 0;
  TimeNs long_gap_left_ = 0;                              // ns of a long gap still to cross
  static constexpr TimeNs kLongStepNs = TimeNs{1} << 27;  // a long gap's step a cycle (uet_lb_age's bound)
  RegSeq reg_seq_ = RegSeq::Idle;
  std::uint32_t bad_addr_ = 0;
  std::uint32_t expect_error_ = 0;
  std::vector<std::deque<Outstanding>> outstanding_;
  std::vector<Psn> next_psn_;
  std::deque<TraceRow> model_efd_, rtl_efd_;
};

}  // namespace

// Runs the testbench over one core to the end; returns the exit status.
template <class Dut>
int run(const Knobs& knobs, const Config& cfg, const char* core) {
  if (!knobs.wave.empty()) Verilated::traceEverOn(true);

  Testbench<Dut> tb("tb", knobs, cfg);

  // Outputs under temporary names, renamed into place at the end (a failed run leaves none).
  std::unique_ptr<uetlb::output::AtomicFile> wave_file, coverage_file;
  if (!knobs.wave.empty()) wave_file = std::make_unique<uetlb::output::AtomicFile>("--wave", knobs.wave, false);
  if (!knobs.coverage_out.empty()) {
    coverage_file = std::make_unique<uetlb::output::AtomicFile>("--coverage-out", knobs.coverage_out);
  }
  VerilatedFstSc* tfp = nullptr;
  sc_start(SC_ZERO_TIME);
  if (wave_file) {
    tfp = new VerilatedFstSc;
    tb.dut.trace(tfp, 99);
    tfp->open(wave_file->temp_path().c_str());
  }

  const auto t0 = std::chrono::steady_clock::now();
  while (!tb.done()) sc_start(1000, SC_NS);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  tb.dut.final();
  if (tfp) {
    tfp->close();
    delete tfp;
    wave_file->commit();
  }

  const Counters& c = tb.model_counters();
  const auto short_bins = tb.coverage().short_bins();
  const bool fail = tb.failed() || (knobs.require_coverage && !short_bins.empty());
  if (!knobs.quiet) {
    std::cout << "uetlb-tb: " << core << ", seed " << knobs.seed << ", " << to_string(cfg.packet_spraying_type) << ", "
              << knobs.groups << " groups, B " << cfg.reps_buffer_size_mask_bits << ", mask " << cfg.entropy_mask_bits
              << ", set size " << cfg.entropy_value_set_size << ", M " << cfg.failure_detection_rtt_multiplier << ", W "
              << cfg.exploration_window() << "\n"
              << "  requests " << tb.accepted() << " (" << tb.stalled() << " cycles stalled; model: fixed "
              << c.decisions[0] << ", round_robin " << c.decisions[1] << ", reuse " << c.decisions[2] << ", replay "
              << c.decisions[3] << ", explore " << c.decisions[4] << "), feedback " << c.feedback << " (+"
              << c.feedback_unopened << " for unopened groups), efd " << tb.rtl_efd() << " (model " << c.efd_fired
              << "), untracked " << c.efd_untracked << "\n";
    tb.coverage().print(std::cout);
  }
  std::cout << "uetlb-tb: " << core << ", " << tb.run_cycles() << " cycles (" << tb.total_cycles()
            << " with reset and drain) in " << secs << " s = " << static_cast<std::uint64_t>(tb.total_cycles() / secs)
            << " cycles/s, " << (knobs.scoreboard ? "scoreboard on, " : "scoreboard off, ") << tb.mismatches()
            << " mismatches";
  if (knobs.require_coverage) std::cout << ", " << short_bins.size() << " coverage bins short";
  std::cout << (fail ? "  FAIL" : "  PASS") << "\n";
  for (const auto& b : short_bins) {
    if (knobs.require_coverage) std::cerr << "uetlb-tb: coverage bin '" << b << "' is short of its goal\n";
  }
  if (!knobs.wave.empty()) {
    std::cout << "waveform: " << knobs.wave << " (gtkwave -S tb/gtkwave/uetlb.tcl " << knobs.wave
              << " tb/uetlb.gtkw)\n";
  }
  if (coverage_file) {
    tb.coverage().write_json(coverage_file->stream());
    coverage_file->commit();
  }
#if VM_COVERAGE
  if (!knobs.rtl_coverage.empty()) Verilated::threadContextp()->coveragep()->write(knobs.rtl_coverage.c_str());
#endif
  return fail ? 1 : 0;
}

// Verilator's runtime options the testbench documents, checked before Verilator reads them (it aborts on a
// malformed one): +verilator+rand+reset+0..2 and +verilator+seed+N (N a decimal number >= 1).
void check_verilator_args(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("+verilator+", 0) != 0) continue;
    auto number = [](const std::string& t) {
      return !t.empty() && t.size() < 10 && t.find_first_not_of("0123456789") == std::string::npos;
    };
    const std::string reset = "+verilator+rand+reset+", seed = "+verilator+seed+";
    const bool ok = (a.rfind(reset, 0) == 0 && (a == reset + "0" || a == reset + "1" || a == reset + "2")) ||
                    (a.rfind(seed, 0) == 0 && number(a.substr(seed.size())) && std::stoul(a.substr(seed.size())) > 0);
    if (!ok) {
      std::cerr << "uetlb-tb: '" << a
                << "' is not +verilator+rand+reset+0|1|2 or +verilator+seed+N (N a number >= 1) (see --help)\n";
      std::exit(2);
    }
  }
}

int sc_main(int argc, char** argv) {
  check_verilator_args(argc, argv);
  Verilated::commandArgs(argc, argv);
  Verilated::assertOn(false);  // until reset is released: with +verilator+rand+reset+2 the state is random
  uetlb::cli::Args cl(argc, argv, "uetlb-tb", 2);
  const Knobs knobs = parse_args(cl);
  const Config cfg = choose_config(knobs);
  try {
    cfg.validate();
    if (cfg.reps_buffer_size_mask_bits > kCoreBufBits) {
      throw ConfigError("config key 'REPSBufferSizeMaskBits': " + std::to_string(cfg.reps_buffer_size_mask_bits) +
                        " is outside 0.." + std::to_string(kCoreBufBits) + " of the core");
    }
  } catch (const ConfigError& e) {
    cl.fail(e.what());
  }
  try {
    const int rc = run<Vuet_lb_sc>(knobs, cfg, "uet_lb");
    return cl.flush_stdout() ? rc : 1;
  } catch (const uetlb::output::OutputError& e) {
    std::cerr << "uetlb-tb: " << e.what() << "\n";
    return 1;
  }
}
