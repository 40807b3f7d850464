// One NIC of a fabric run, for a closer look (uet-fabric --export-nic, --wave-nic): its load balancer's
// calls as a stimulus file uetlb-run replays, its configuration as a file, and a GTKWave save file for the
// waveform of its core.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "uetlb/engine.hpp"

namespace uetsim {

/// An engine that passes every call on to `inner` and writes it to `out` as a stimulus row
/// (`time_ns,group,event,value,psn`, the header first): replayed by uetlb-run with the same configuration,
/// the calls give the same decisions. Time passing with no event (advance_to) and the end (finish) write
/// nothing: the runner applies the deadlines before each row and at the end itself.
class RecordingEngine final : public uetlb::Engine {
 public:
  RecordingEngine(std::unique_ptr<uetlb::Engine> inner, std::ostream& out);
  std::string name() const override { return inner_->name(); }
  void set_trace_sink(uetlb::LoadBalancer::TraceSink sink) override { inner_->set_trace_sink(std::move(sink)); }
  void open(uetlb::TimeNs now, uetlb::GroupId group, uetlb::EntropyValue local_port) override;
  uetlb::Choice request(uetlb::TimeNs now, uetlb::GroupId group, uetlb::Psn psn, bool retransmission) override;
  void feedback(uetlb::TimeNs now, uetlb::GroupId group, uetlb::FeedbackKind kind, uetlb::EntropyValue ev,
                uetlb::Psn psn) override;
  void set_base_rtt(uetlb::TimeNs now, uetlb::TimeNs base_rtt) override;
  void advance_to(uetlb::TimeNs now) override { inner_->advance_to(now); }
  void finish() override { inner_->finish(); }
  uetlb::Counters counters() const override { return inner_->counters(); }

 private:
  std::unique_ptr<uetlb::Engine> inner_;
  std::ostream& out_;
};

/// A configuration as the JSON file uetlb-run --config reads: every attribute, by name.
std::string config_json(const uetlb::Config& config);

/// The save file of the RTL engine's waveform (`run_gtkw`: the text of tb/uetlb_run.gtkw, made for the
/// 16-group build) for a core of `groups` groups: each group port with its width.
std::string gtkw_for_groups(const std::string& run_gtkw, unsigned groups);

}  // namespace uetsim
