// The RTL engine: drives the Verilated uet_lb (--cc) one event at a time, and turns what the core does
// into the same trace rows the golden model writes.
//
// Handshakes. Each event is held valid until its stream is ready. A request waits for its response (nine
// cycles); an open or a feedback returns once the core has taken it, since the core applies events in
// the order it takes them whatever the stages hold, and the next event follows in the next cycle.
//
// Time. The core sees now_i = time mod 2^32, and an event takes the now_i of the cycle before the one that
// takes it. Before the events of time t, the engine moves now_i to t in steps of at most 2^27 ns (the
// core's freeze-start ages need now_i to advance at most 2^(TsWidth-5) ns a cycle: uet_lb_age), clocks a
// cycle after each, and clocks on while an early failure is pending (efd_pending_o: due,
// firing, or on its way to efd_valid_o): the tracker fires past-due packets in SPEC section 6 order itself,
// and each early failure's trace row comes before the next event's.
//
// Counters. Requests and decisions come from the responses, early failures from efd_valid_o. What the
// engine cannot see per event it reads from the core's registers when asked (counters()): feedback for
// groups that are not open (CNT_FB_UNOPENED) and requests the tracker could not take (CNT_EFD_UNTRACKED).
// A request for a group that is not open is refused before it reaches the core, as the model refuses it.
#include "uetlb/rtl_engine.hpp"

#include <verilated.h>
#include <verilated_fst_c.h>

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "Vuet_lb.h"
#include "Vuet_lb_traced.h"
#include "uetlb/random_reset.hpp"
#include "uetlb/rtl_regs.hpp"

namespace uetlb {
namespace {

constexpr unsigned kWindowWidth = UETLB_RTL_WINDOW_WIDTH;  // the build's parameters (rtl/CMakeLists.txt)
constexpr TimeNs kMaxJumpNs = TimeNs{1} << 27;             // at most 2^(32-5) ns a cycle (uet_lb_age)
constexpr TimeNs kTurnNs = TimeNs{1} << 32;                // now_i wraps
constexpr TimeNs kSettledNs = TimeNs{1} << 33;             // stepped through, nothing in the core depends on time
constexpr unsigned kBaseRttWidth = UETLB_RTL_BASE_RTT_WIDTH;
constexpr long kMaxWaitCycles = 1'000'000;  // far above any stall (a tracker full of packets firing)

// The test-only side of an RTL engine (rtl_inject_flips, rtl_ecc_status), apart from Engine's interface.
class RtlFaults {
 public:
  virtual ~RtlFaults() = default;
  virtual void inject_flips(GroupId group, const std::vector<unsigned>& bits, RtlFlipTarget target) = 0;
  virtual RtlEccStatus ecc_status() const = 0;
};

// Top is the Verilated core: Vuet_lb, the fast build (no assertions, no tracing), or Vuet_lb_traced, the
// checked build (assertions on, FST tracing compiled in); Traced says a wave is written (only the checked
// build has trace()). rtl/CMakeLists.txt builds both.
template <class Top, bool Traced>
class RtlEngine final : public Engine, public RtlFaults {
 public:
  RtlEngine(const Config& cfg, const ModelOptions& opts, const std::string& wave, int random_reset_seed,
            bool debug_follows_failure)
      : cfg_(cfg), debug_follows_(debug_follows_failure) {
    check_fits(cfg, opts);
    ctx_ = std::make_unique<VerilatedContext>();
    ctx_->fatalOnError(true);
    if (random_reset_seed != 0) start_random(*ctx_, random_reset_seed);  // (assertions on once reset is released)
    if constexpr (Traced) ctx_->traceEverOn(true);
    top_ = std::make_unique<Top>(ctx_.get(), "uet_lb");
    if constexpr (Traced) {
      tfp_ = std::make_unique<VerilatedFstC>();
      top_->trace(tfp_.get(), 99);
      tfp_->open(wave.c_str());
    }
    open_.assign(rtl_build().num_groups, false);
    reset();
    configure();
  }

  ~RtlEngine() override {
    // Verilator unregisters the checked build's scopes from the thread's current context, not the model's
    // (verilator/verilator#8265): with several engines alive that may be another engine's, or one already
    // gone. Make it this engine's before the model finishes and goes.
    Verilated::threadContextp(ctx_.get());
    top_->final();
    if (tfp_) tfp_->close();
    tfp_.reset();
    top_.reset();
  }

  std::string name() const override { return "rtl"; }
  void set_trace_sink(LoadBalancer::TraceSink sink) override { trace_ = std::move(sink); }

  void open(TimeNs now, GroupId group, EntropyValue local_port) override {
    check_group(group);
    advance_to(now);
    top_->open_valid_i = 1;
    put(top_->open_group_i, group);
    top_->open_port_i = local_port;
    handshake(top_->open_ready_o);
    top_->open_valid_i = 0;
    open_[group] = true;
    emit(now, group, EventKind::Open, local_port, std::nullopt, std::nullopt);
  }

  Choice request(TimeNs now, GroupId group, Psn psn, bool retx) override {
    check_group(group);
    if (!open_[group]) {
      throw UsageError(std::string(retx ? "retx" : "tx") + " for group " + std::to_string(group) +
                       ", which is not open");
    }
    advance_to(now);
    top_->req_valid_i = 1;
    put(top_->req_group_i, group);
    top_->req_psn_i = psn;
    top_->req_retx_i = retx;
    top_->rsp_ready_i = 1;
    handshake(top_->req_ready_o);
    top_->req_valid_i = 0;
    for (long wait = 0; !top_->rsp_valid_o; ++wait) {
      if (wait == kMaxWaitCycles) throw std::logic_error("rtl: no response to an accepted request");
      tick();
    }
    const Choice c{static_cast<EntropyValue>(top_->rsp_ev_o), static_cast<Decision>(top_->rsp_decision_o)};
    // The response is taken at the next edge, whatever clocks it (rsp_ready_i stays high): the next event's
    // first cycle, or the next wait. Every path that reads a response clocks first (the handshake's edge),
    // so this one is never read twice; not clocking here saves one cycle in twelve of a request.
    counters_.requests++;
    counters_.decisions[static_cast<int>(c.decision)]++;
    if (cfg_.packet_spraying_type == SprayingType::Reps && cfg_.failure_detection_rtt_multiplier > 0) {
      ++allocations_;
    }
    emit(now, group, retx ? EventKind::Retx : EventKind::Tx, c.ev, psn, c.decision);
    return c;
  }

  void feedback(TimeNs now, GroupId group, FeedbackKind kind, EntropyValue ev, Psn psn) override {
    if (group >= rtl_build().num_groups) {  // names no group of the core: as for an unopened group
      ++out_of_range_feedback_;
      return;
    }
    advance_to(now);
    top_->fb_valid_i = 1;
    put(top_->fb_group_i, group);
    if (kind == FeedbackKind::Rto) follow_on_debug(group);
    top_->fb_kind_i = static_cast<CData>(kind);
    top_->fb_ev_i = ev;
    top_->fb_psn_i = psn;
    handshake(top_->fb_ready_o);
    top_->fb_valid_i = 0;
    if (!open_[group]) return;  // the core counts it (CNT_FB_UNOPENED)
    counters_.feedback++;
    emit(now, group, to_event(kind), ev, psn, std::nullopt);
  }

  void set_base_rtt(TimeNs now, TimeNs base_rtt) override {
    if (base_rtt == 0 || base_rtt >= (TimeNs{1} << kBaseRttWidth)) {
      throw UsageError("base RTT " + std::to_string(base_rtt) + " ns is outside the RTL's 1.." +
                       std::to_string((1U << kBaseRttWidth) - 1) + " (BaseRttWidth " + std::to_string(kBaseRttWidth) +
                       ")");
    }
    advance_to(now);
    top_->base_rtt_i = static_cast<IData>(base_rtt);
    // M x base RTT takes kSpanDelay cycles to reach the requests the core accepts.
    for (unsigned i = 0; i < rtl::kSpanDelay; ++i) tick();
  }

  void finish() override {
    wait_idle();
    while (top_->efd_tracked_o != 0) advance_to(time_ + kMaxJumpNs);
    wait_idle();
  }

  void inject_flips(GroupId group, const std::vector<unsigned>& bits, RtlFlipTarget target) override {
    check_group(group);
    const std::uint32_t ecc = read_reg(regs::kEcc);
    const bool slot = target == RtlFlipTarget::Slot;
    const unsigned code_bits = slot ? (ecc & regs::kEccSlotBits) >> 16 : ecc & regs::kEccCodeBits;
    for (unsigned b : bits) {
      if (b >= code_bits) {
        throw UsageError("flip of bit " + std::to_string(b) + ": a stored " + (slot ? "slot" : "group-state word") +
                         " has bits 0.." + std::to_string(code_bits - 1));
      }
    }
    auto& mask = top_->ecc_inj_mask_i;
    if constexpr (std::is_integral_v<std::remove_reference_t<decltype(mask)>>) {
      mask = 0;
      for (unsigned b : bits) mask |= decltype(+mask){1} << b;
    } else {
      for (unsigned w = 0; w < sizeof(mask) / sizeof(mask[0]); ++w) mask[w] = 0;
      for (unsigned b : bits) mask[b / 32] |= EData{1} << (b % 32);
    }
    wait_idle();  // the events taken so far have written their words: the flip goes to a later event's
    put(top_->ecc_inj_group_i, group);
    top_->ecc_inj_slot_i = slot ? 1 : 0;
    top_->ecc_inj_i = 1;
    tick();  // a pulse of one cycle arms it
    top_->ecc_inj_i = 0;
  }

  RtlEccStatus ecc_status() const override {
    const std::uint32_t ecc = read_reg(regs::kEcc);
    return {read_reg(regs::kCntEccCorrected),
            read_reg(regs::kCntEccDouble),
            (read_reg(regs::kStatus) & regs::kStatusEccDouble) != 0,
            ecc & regs::kEccCodeBits,
            (ecc & regs::kEccOn) != 0,
            (ecc & regs::kEccSlotBits) >> 16};
  }

  Counters counters() const override {
    Counters c = counters_;
    c.feedback_unopened = read_reg(regs::kCntFbUnopened) + out_of_range_feedback_;
    c.efd_untracked = read_reg(regs::kCntEfdUntracked);
    c.efd_tracked = allocations_ - c.efd_untracked;
    return c;
  }

 private:
  static void check_fits(const Config& cfg, const ModelOptions& opts) {
    const RtlBuild b = rtl_build();
    auto refuse = [](const std::string& key, std::uint64_t v, const std::string& allowed) {
      throw ConfigError("config key '" + key + "': " + std::to_string(v) + " is outside " + allowed +
                        " of the RTL build");
    };
    if (cfg.reps_buffer_size_mask_bits > b.buf_bits_max) {
      refuse("REPSBufferSizeMaskBits", cfg.reps_buffer_size_mask_bits, "0.." + std::to_string(b.buf_bits_max));
    }
    if (cfg.exploration_window() >= (std::uint64_t{1} << b.window_width)) {
      refuse("exploration window W (from LinkRate, InitialBaseRTT, RdmaDataMSS)", cfg.exploration_window(),
             "0.." + std::to_string((1U << b.window_width) - 1));
    }
    if (cfg.freezing_timeout_ns > 0x7fffffffULL) refuse("FreezingTimeout", cfg.freezing_timeout_ns, "1..2147483647 ns");
    if (cfg.initial_base_rtt_ns >= (std::uint64_t{1} << b.base_rtt_width)) {
      refuse("InitialBaseRTT", cfg.initial_base_rtt_ns, "1.." + std::to_string((1U << b.base_rtt_width) - 1) + " ns");
    }
    if (opts.efd_tracker_entries != b.tracker_entries || opts.efd_tracker_ways != b.tracker_ways ||
        opts.efd_tracker_runs != b.tracker_runs) {
      throw ConfigError("early-failure tracker " + std::to_string(opts.efd_tracker_entries) + " entries, " +
                        std::to_string(opts.efd_tracker_ways) + " ways, " + std::to_string(opts.efd_tracker_runs) +
                        " runs differs from the RTL build's TrackerEntries " + std::to_string(b.tracker_entries) +
                        ", TrackerWays " + std::to_string(b.tracker_ways) + ", TrackerRuns " +
                        std::to_string(b.tracker_runs) + " (use --efd-entries " + std::to_string(b.tracker_entries) +
                        ")");
    }
    if (opts.open_generation_bits != rtl::kGenW) {
      throw ConfigError("open generation bits " + std::to_string(opts.open_generation_bits) +
                        " differ from the core's " + std::to_string(rtl::kGenW) + " (GenW)");
    }
  }

  // A value onto a port of the port's own width: a group port is 8 bits wide in a build of up to 256 groups
  // and 16 above (Verilator's CData, SData).
  template <class Port>
  static void put(Port& port, std::uint64_t value) {
    port = static_cast<Port>(value);
  }

  // With debug_follows_, the debug port shows the first group with a path failure from then on.
  void follow_on_debug(GroupId group) const {
    if (!debug_follows_ || followed_) return;
    put(top_->dbg_group_i, group);
    followed_ = true;
  }

  static void check_group(GroupId group) {
    if (group >= rtl_build().num_groups) {
      throw UsageError("group " + std::to_string(group) + " is outside the RTL build's 0.." +
                       std::to_string(rtl_build().num_groups - 1) +
                       " (NumGroups: CMake variable UETSIM_RTL_GROUPS for uet-fabric, UETLB_ENGINE_GROUPS for "
                       "uetlb-run)");
    }
  }

  // Clocks until the stream whose valid is set is ready, then the edge that takes the event.
  void handshake(const CData& ready) const {
    eval_low();
    for (long wait = 0; !ready; ++wait) {
      if (wait == kMaxWaitCycles) throw std::logic_error("rtl: a stream stayed not ready");
      tick();
    }
    tick();
  }

  // Clocks idle cycles until every accepted event and register write has been applied.
  void wait_idle() const {
    top_->eval();
    for (long wait = 0; !top_->idle_o; ++wait) {
      if (wait == kMaxWaitCycles) throw std::logic_error("rtl: the core stayed busy");
      tick();
    }
  }

  // The outputs for the inputs just set, read before the next edge: evaluated with the clock low, which
  // is the first half of the next tick() (it need not evaluate again: one eval() a handshake fewer). Only
  // where a tick() follows before any input changes: a handshake always clocks its event in.
  void eval_low() const {
    top_->clk_i = 0;
    top_->eval();
    low_ = true;
  }

  // One clock cycle: inputs are already set; the rising edge comes half-way. The outputs are current
  // afterwards until an input changes: only a change needs another eval(). (const: counters() reads
  // registers, which takes cycles but changes nothing the events see.)
  void tick() const {
    if (!low_) eval_low();
    if (tfp_) tfp_->dump(static_cast<std::uint64_t>(2 * cycle_));
    top_->clk_i = 1;
    top_->eval();
    low_ = false;
    if (tfp_) tfp_->dump(static_cast<std::uint64_t>(2 * cycle_ + 1));
    ++cycle_;
    if (top_->efd_valid_o) collect_efd();
  }

  void collect_efd() const {
    // efd_time_o is the deadline mod 2^32; it lies at most 2^31 ns before the current time.
    const std::uint32_t back = static_cast<std::uint32_t>(time_) - top_->efd_time_o;
    const TimeNs deadline = time_ - back;
    counters_.efd_fired++;
    follow_on_debug(top_->efd_group_o);
    emit(deadline, top_->efd_group_o, EventKind::Efd, static_cast<EntropyValue>(top_->efd_ev_o),
         static_cast<Psn>(top_->efd_psn_o), std::nullopt);
  }

  void set_time(TimeNs t) {
    time_ = t;
    top_->now_i = static_cast<IData>(t);
  }

  // After a change of time: a cycle for the core to take it, then lets every tracked packet past its
  // deadline fire and be applied (tick() records each as efd_valid_o shows it).
  void settle() {
    tick();
    for (long wait = 0; top_->efd_pending_o; ++wait) {
      if (wait == kMaxWaitCycles) throw std::logic_error("rtl: early failures kept the core busy");
      tick();
    }
  }

  void advance_to(TimeNs t) override {
    if (t < time_) {
      throw UsageError("time " + std::to_string(t) + " ns is before the previous event's " + std::to_string(time_) +
                       " ns; events must come in non-decreasing time");
    }
    TimeNs stepped = 0;
    while (time_ < t) {
      // A long jump: once 2^33 ns were stepped through, nothing in the core changes with time any more
      // (every tracked packet fired, every run's tail is stale, every freeze start's age is long past), and
      // now_i is time mod 2^32, so whole turns of 2^32 ns are skipped rather than stepped (a jump to 2^63 ns
      // took hours).
      if (stepped >= kSettledNs && t - time_ >= kTurnNs) {
        if (top_->efd_tracked_o != 0) throw std::logic_error("rtl: packets still tracked 2^33 ns after the last event");
        time_ += (t - time_) / kTurnNs * kTurnNs;
        continue;
      }
      const TimeNs next = std::min(t, time_ + kMaxJumpNs);
      stepped += next - time_;
      set_time(next);
      settle();
    }
  }

  void reset() {
    top_->rst_ni = 0;
    top_->rsp_ready_i = 1;
    top_->open_valid_i = top_->fb_valid_i = top_->req_valid_i = top_->reg_we_i = top_->ecc_inj_i =
        top_->ecc_inj_slot_i = 0;
    top_->base_rtt_i = static_cast<IData>(cfg_.initial_base_rtt_ns);
    set_time(0);
    for (int i = 0; i < 2; ++i) tick();
    top_->rst_ni = 1;
    ctx_->assertOn(true);
    wait_idle();  // the sweep that closes every group
  }

  void write_reg(std::uint8_t addr, std::uint32_t value, const char* key) {
    top_->reg_we_i = 1;
    top_->reg_addr_i = addr;
    top_->reg_wdata_i = value;
    tick();
    top_->reg_we_i = 0;
    tick();  // the write is taken at this edge
    wait_idle();
    const std::uint32_t status = read_reg(regs::kStatus);
    if (status & regs::kStatusErrors) {
      throw ConfigError(std::string("config key '") + key + "': the RTL refused " + std::to_string(value) +
                        " (STATUS " + std::to_string(status) + ")");
    }
  }

  // The address for a cycle: the data come in the cycle after it.
  std::uint32_t read_reg(std::uint8_t addr) const {
    top_->reg_addr_i = addr;
    tick();
    return top_->reg_rdata_o;
  }

  void configure() {
    if (read_reg(regs::kId) != regs::kCoreId) throw std::logic_error("rtl: unexpected ID register");
    write_reg(regs::kSprayType, static_cast<std::uint32_t>(cfg_.packet_spraying_type), "PacketSprayingType");
    write_reg(regs::kEntropyMaskBits, cfg_.entropy_mask_bits, "EntropyMaskBits");
    write_reg(regs::kStartPort, cfg_.starting_port_offset, "StartingPortOffset");
    write_reg(regs::kRepsBufBits, cfg_.reps_buffer_size_mask_bits, "REPSBufferSizeMaskBits");
    write_reg(regs::kEvSetSize, cfg_.entropy_value_set_size, "EntropyValueSetSize");
    write_reg(regs::kFreezeTimeout, static_cast<std::uint32_t>(cfg_.freezing_timeout_ns), "FreezingTimeout");
    write_reg(regs::kEfdMult, cfg_.failure_detection_rtt_multiplier, "FailureDetectionRTTMultiplier");
    write_reg(regs::kWindow, static_cast<std::uint32_t>(cfg_.exploration_window()), "exploration window W");
    write_reg(regs::kSeed, cfg_.seed, "Seed");
  }

  void emit(TimeNs time, GroupId group, EventKind event, EntropyValue ev, std::optional<Psn> psn,
            std::optional<Decision> decision) const {
    const std::uint64_t seq = seq_++;
    if (trace_) trace_(TraceRow{seq, time, group, event, ev, psn, decision});
  }

  Config cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Top> top_;
  std::unique_ptr<VerilatedFstC> tfp_;
  LoadBalancer::TraceSink trace_;
  mutable Counters counters_;
  std::vector<bool> open_;
  std::uint64_t allocations_ = 0;            // requests under REPS with M > 0 (tracked or not)
  std::uint64_t out_of_range_feedback_ = 0;  // feedback naming a group the build does not have
  TimeNs time_ = 0;
  mutable std::uint64_t cycle_ = 0;
  mutable bool low_ = false;  // evaluated with clk_i low and the inputs as they are (eval_low())
  mutable std::uint64_t seq_ = 0;
  bool debug_follows_ = false;
  mutable bool followed_ = false;
};

}  // namespace

void rtl_inject_flips(Engine& engine, GroupId group, const std::vector<unsigned>& bits, RtlFlipTarget target) {
  auto* faults = dynamic_cast<RtlFaults*>(&engine);
  if (faults == nullptr) throw UsageError("flips need the RTL engine, not '" + engine.name() + "'");
  faults->inject_flips(group, bits, target);
}

RtlEccStatus rtl_ecc_status(const Engine& engine) {
  const auto* faults = dynamic_cast<const RtlFaults*>(&engine);
  if (faults == nullptr) throw UsageError("ECC registers need the RTL engine, not '" + engine.name() + "'");
  return faults->ecc_status();
}

RtlBuild rtl_build() {
  return {UETLB_RTL_GROUPS, UETLB_RTL_BUF_BITS, UETLB_RTL_TRACKER, UETLB_RTL_WAYS,
          UETLB_RTL_RUNS,   kWindowWidth,       kBaseRttWidth};
}

ModelOptions rtl_model_options() {
  const RtlBuild b = rtl_build();
  return regs::core_model_options(b.tracker_entries, b.tracker_ways, b.tracker_runs);
}

std::unique_ptr<Engine> make_rtl_engine(const Config& config, const ModelOptions& options, const std::string& wave,
                                        RtlChecks checks, int random_reset_seed, bool debug_follows_failure) {
  if (!wave.empty()) {
    return std::make_unique<RtlEngine<Vuet_lb_traced, true>>(config, options, wave, random_reset_seed,
                                                             debug_follows_failure);
  }
  if (checks == RtlChecks::On) {
    return std::make_unique<RtlEngine<Vuet_lb_traced, false>>(config, options, wave, random_reset_seed,
                                                              debug_follows_failure);
  }
  return std::make_unique<RtlEngine<Vuet_lb, false>>(config, options, wave, random_reset_seed, debug_follows_failure);
}

}  // namespace uetlb
