// The interface every load-balancer engine offers (the golden model, the Verilated RTL).
#pragma once

#include <string>

#include "uetlb/load_balancer.hpp"

namespace uetlb {

/// An engine applies load-balancer events in call order and reports each applied event to its trace sink.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string name() const = 0;
  virtual void set_trace_sink(LoadBalancer::TraceSink sink) = 0;
  virtual void open(TimeNs now, GroupId group, EntropyValue local_port) = 0;
  virtual Choice request(TimeNs now, GroupId group, Psn psn, bool retransmission) = 0;
  virtual void feedback(TimeNs now, GroupId group, FeedbackKind kind, EntropyValue ev, Psn psn) = 0;
  virtual void set_base_rtt(TimeNs now, TimeNs base_rtt) = 0;
  /// Lets time pass to `now` with no event: every early-failure deadline before it is applied (the
  /// hardware's timers run whether or not events come).
  virtual void advance_to(TimeNs now) = 0;
  /// Applies every outstanding early-failure deadline.
  virtual void finish() = 0;
  virtual Counters counters() const = 0;
};

/// The golden model behind the Engine interface.
class ModelEngine : public Engine {
 public:
  explicit ModelEngine(const Config& config, ModelOptions options = {}) : lb_(config, options) {}
  std::string name() const override { return "model"; }
  void set_trace_sink(LoadBalancer::TraceSink sink) override { lb_.set_trace_sink(std::move(sink)); }
  void open(TimeNs now, GroupId group, EntropyValue local_port) override { lb_.open(now, group, local_port); }
  Choice request(TimeNs now, GroupId group, Psn psn, bool retx) override { return lb_.request(now, group, psn, retx); }
  void feedback(TimeNs now, GroupId group, FeedbackKind kind, EntropyValue ev, Psn psn) override {
    lb_.feedback(now, group, kind, ev, psn);
  }
  void set_base_rtt(TimeNs now, TimeNs base_rtt) override { lb_.set_base_rtt(now, base_rtt); }
  void advance_to(TimeNs now) override { lb_.advance_to(now); }
  void finish() override { lb_.finish(); }
  Counters counters() const override { return lb_.counters(); }
  const LoadBalancer& model() const { return lb_; }

 private:
  LoadBalancer lb_;
};

}  // namespace uetlb
