#include "uetlb/load_balancer.hpp"

#include <string>

namespace uetlb {

void validate(const ModelOptions& o) {
  if (o.open_generation_bits > 63) {
    throw ConfigError("open generation bits " + std::to_string(o.open_generation_bits) + " is outside 0..63");
  }
  if (o.efd_tracker_entries == 0) return;  // unbounded: the other two do not apply
  if (o.efd_tracker_ways != 1 && o.efd_tracker_ways != 2 && o.efd_tracker_ways != 4) {
    throw ConfigError("tracker ways " + std::to_string(o.efd_tracker_ways) + " is not 1, 2 or 4");
  }
  const std::size_t n = o.efd_tracker_entries;
  if ((n & (n - 1)) != 0 || n < o.efd_tracker_ways) {
    throw ConfigError("tracker entries " + std::to_string(n) + " is not a power of 2 of at least the ways (" +
                      std::to_string(o.efd_tracker_ways) + ")");
  }
  if (o.efd_tracker_runs < 1 || o.efd_tracker_runs > 4) {
    throw ConfigError("tracker runs " + std::to_string(o.efd_tracker_runs) + " is outside 1..4");
  }
}

namespace {
// The tracker's geometry, once the configuration and the options are known to be good (each refused with a
// ConfigError naming what is wrong, before anything is built).
TrackerGeometry checked_geometry(const Config& config, const ModelOptions& o) {
  config.validate();
  validate(o);
  return {o.efd_tracker_entries, o.efd_tracker_ways, o.efd_tracker_runs, o.efd_tracker_run_depth};
}
}  // namespace

LoadBalancer::LoadBalancer(const Config& config, ModelOptions options)
    : config_(config),
      prng_(config.seed),
      efd_(checked_geometry(config, options)),
      base_rtt_(config.initial_base_rtt_ns) {
  if (options.open_generation_bits != 0) gen_mask_ = (std::uint64_t{1} << options.open_generation_bits) - 1;
  reps_settings_.buffer_size_mask_bits = config_.reps_buffer_size_mask_bits;
  reps_settings_.window_length = config_.exploration_window();
  reps_settings_.freezing_timeout_ns = config_.freezing_timeout_ns;
  reps_settings_.entropy_value_set_size = config_.entropy_value_set_size;
  reps_settings_.verification_freezing_off = options.verification_freezing_off;
}

void LoadBalancer::check_time(TimeNs now) {
  if (now < last_time_) {
    throw UsageError("time " + std::to_string(now) + " ns is before the previous event's " +
                     std::to_string(last_time_) + " ns; events must come in non-decreasing time");
  }
  advance_to(now);
}

void LoadBalancer::advance_to(TimeNs now) {
  // SPEC section 6: a deadline at t is applied after every other event at t, so only deadlines
  // strictly before `now` are due here.
  while (auto p = efd_.pop_due(now)) apply_early_failure(*p);
  if (now > last_time_) last_time_ = now;
}

void LoadBalancer::close_all() {
  for (Group& g : groups_) g = Group{};
  efd_.reset();
}

void LoadBalancer::finish() {
  while (auto p = efd_.pop_next()) apply_early_failure(*p);
}

void LoadBalancer::apply_early_failure(const TrackedPacket& p) {
  // With the hardware's open generation: a packet of a group reopened since (by the generation's count)
  // leaves without effect.
  Group& g = groups_[p.group];
  if (((g.opens ^ p.generation) & gen_mask_) != 0) return;
  counters_.efd_fired++;
  emit(p.deadline, p.group, EventKind::Efd, p.ev, p.psn, std::nullopt);
  if (g.reps) g.reps->path_failure(p.deadline);
  if (p.deadline > last_time_) last_time_ = p.deadline;
}

void LoadBalancer::open(TimeNs now, GroupId group, EntropyValue local_port) {
  check_time(now);
  if (group > kMaxModelGroup) {
    throw UsageError("group " + std::to_string(group) + " is outside 0.." + std::to_string(kMaxModelGroup));
  }
  if (group >= groups_.size()) groups_.resize(static_cast<std::size_t>(group) + 1);
  Group& g = groups_[group];
  g.open = true;
  g.local_port = local_port;
  g.step = 0;
  g.opens++;
  if (config_.packet_spraying_type == SprayingType::Reps) {
    if (g.reps) {
      g.reps->restart();
    } else {
      g.reps.emplace(reps_settings_);
    }
  } else {
    g.reps.reset();
  }
  if (gen_mask_ == 0) efd_.drop_group(group);
  emit(now, group, EventKind::Open, local_port, std::nullopt, std::nullopt);
}

Choice LoadBalancer::choose_default(Group& g) const {
  // SPEC section 4: (StartingPortOffset + (s mod 2^EntropyMaskBits)) mod 65536, then s += 1.
  const std::uint64_t span = std::uint64_t{1} << config_.entropy_mask_bits;
  const auto ev = static_cast<EntropyValue>((config_.starting_port_offset + g.step % span) % 65536);
  g.step += 1;
  return {ev, Decision::RoundRobin};
}

Choice LoadBalancer::request(TimeNs now, GroupId group, Psn psn, bool retransmission) {
  check_time(now);
  if (!is_open(group)) {
    throw UsageError(std::string(retransmission ? "retx" : "tx") + " for group " + std::to_string(group) +
                     ", which is not open");
  }
  Group& g = groups_[group];
  Choice c;
  switch (config_.packet_spraying_type) {
    case SprayingType::None: c = {g.local_port, Decision::Fixed}; break;
    case SprayingType::Default: c = choose_default(g); break;
    case SprayingType::Reps: c = g.reps->choose(prng_); break;
  }
  counters_.requests++;
  counters_.decisions[static_cast<int>(c.decision)]++;
  emit(now, group, retransmission ? EventKind::Retx : EventKind::Tx, c.ev, psn, c.decision);

  const unsigned m = config_.failure_detection_rtt_multiplier;
  if (config_.packet_spraying_type == SprayingType::Reps && m > 0) {
    TimeNs delay = 0;
    if (__builtin_mul_overflow(static_cast<TimeNs>(m), base_rtt_, &delay)) delay = ~TimeNs{0};
    if (efd_.track(group, psn, c.ev, now, delay, g.opens)) {
      counters_.efd_tracked++;
    } else {
      counters_.efd_untracked++;
    }
  }
  return c;
}

void LoadBalancer::feedback(TimeNs now, GroupId group, FeedbackKind kind, EntropyValue ev, Psn psn) {
  check_time(now);
  if (!is_open(group)) {
    counters_.feedback_unopened++;
    return;
  }
  counters_.feedback++;
  emit(now, group, to_event(kind), ev, psn, std::nullopt);
  Group& g = groups_[group];
  if (kind != FeedbackKind::Rto) efd_.clear(group, psn);  // any ACK or NACK proves the path delivers
  if (!g.reps) return;                                    // None and Default ignore feedback
  switch (kind) {
    case FeedbackKind::Ack:
    case FeedbackKind::NackTrimLastHop: g.reps->recycle(ev, now); break;
    case FeedbackKind::AckEcn:
    case FeedbackKind::NackTrim: break;  // discarded
    case FeedbackKind::Rto: g.reps->path_failure(now); break;
  }
}

void LoadBalancer::set_base_rtt(TimeNs now, TimeNs base_rtt) {
  check_time(now);
  if (base_rtt == 0) throw UsageError("base RTT must be > 0 ns");
  base_rtt_ = base_rtt;
}

const RepsGroup* LoadBalancer::reps(GroupId group) const {
  if (!is_open(group) || !groups_[group].reps) return nullptr;
  return &*groups_[group].reps;
}

void LoadBalancer::emit(TimeNs time, GroupId group, EventKind event, EntropyValue ev, std::optional<Psn> psn,
                        std::optional<Decision> decision) {
  const std::uint64_t seq = seq_++;
  if (trace_) trace_(TraceRow{seq, time, group, event, ev, psn, decision});
}

}  // namespace uetlb
