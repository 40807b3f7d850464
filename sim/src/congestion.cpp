#include "uetsim/congestion.hpp"

#include <algorithm>

#include "uetlb/config.hpp"

namespace uetsim {

std::unique_ptr<CongestionControl> CongestionControl::make(const Scenario& sc, double packet, double window) {
  if (sc.congestion_control == "dctcp") return std::make_unique<Dctcp>(packet, window);
  if (sc.congestion_control == "nscc")
    return std::make_unique<Nscc>(packet, window, sc.nscc_target_delay_ns, sc.nscc_max_window_bdp);
  if (sc.congestion_control == "nscc-uec")
    return std::make_unique<NsccUec>(packet, window / std::max(sc.window_bdp, 1e-9), sc.nscc_target_delay_ns,
                                     sc.nscc_max_window_bdp);
  if (sc.congestion_control == "fixed") return std::make_unique<FixedWindow>();
  throw uetlb::ConfigError("scenario key 'CongestionControl': \"" + sc.congestion_control +
                           "\" is not one of \"fixed\", \"dctcp\", \"nscc\", \"nscc-uec\"");
}

void Dctcp::on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs, TimeNs, TimeNs) {
  w.win_acked += bytes;
  if (marked) w.win_marked += bytes;
  if (static_cast<double>(w.win_acked) < w.cwnd) return;
  const double f = static_cast<double>(w.win_marked) / static_cast<double>(w.win_acked);
  w.alpha = (1.0 - 1.0 / 16) * w.alpha + f / 16;
  if (w.win_marked > 0) {
    w.cwnd *= 1.0 - w.alpha / 2;
  } else {
    w.cwnd += packet_;
  }
  w.cwnd = std::clamp(w.cwnd, packet_, 2.0 * window_);
  w.win_acked = w.win_marked = 0;
}

void Nscc::on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) {
  const double delay = rtt > base_rtt ? static_cast<double>(rtt - base_rtt) : 0.0;
  if (!marked && delay < target_) {
    w.cwnd += delay < target_ / 4 ? bytes : packet_ * bytes / std::max(w.cwnd, packet_);
  } else if (marked && delay >= target_) {
    decrease(w, std::min(0.5, (delay - target_) / std::max(delay, 1.0)), base_rtt, now);
  }
  w.cwnd = std::clamp(w.cwnd, packet_, max_bdp_ * window_);
}

void Nscc::decrease(Window& w, double fraction, TimeNs base_rtt, TimeNs now) const {
  if (w.decreased && now - w.last_decrease < base_rtt) return;
  w.cwnd *= 1.0 - fraction;
  w.cwnd = std::max(w.cwnd, packet_);
  w.last_decrease = now;
  w.decreased = true;
}

NsccUec::NsccUec(double packet, double bdp, TimeNs target_delay, double max_window_bdp)
    : packet_(packet), max_window_(std::max(packet, max_window_bdp * bdp)), target_(static_cast<double>(target_delay)) {
  constexpr double kReferenceBdp = 100e9 / 8 * 12e-6;  // 100 Gb/s x 12 us, bytes
  const double s = bdp / kReferenceBdp;
  const double b = target_ / 12'000.0;
  alpha_ = 4.0 * packet_ * s * b / std::max(target_, 1.0);
  fi_ = 5.0 * packet_ * s;
  eta_ = 0.15 * packet_ * s;
  fast_scale_ = 0.25 * s;
}

bool NsccUec::quick_adapt(Window& w, bool loss, bool marked, double delay, TimeNs base_rtt, TimeNs now) const {
  bool done = false;
  if (w.ignored < w.ignore && marked) {
    done = true;
  } else if (now > w.qa_end) {
    if (w.qa_end != 0 && (w.qa_trigger || loss || delay > 4 * target_) &&
        static_cast<double>(w.achieved) < max_window_ / 8) {
      w.cwnd = std::max(static_cast<double>(w.achieved), packet_);
      w.ignore = w.in_flight;
      w.ignored = 0;
      w.qa_trigger = false;
      done = true;
    }
    w.achieved = 0;
    w.qa_end = now + base_rtt + static_cast<TimeNs>(target_);
  }
  if (done) {
    w.owed = 0;
    w.since_adjust = 0;
  }
  return done;
}

void NsccUec::on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) {
  const double delay = rtt > base_rtt ? static_cast<double>(rtt - base_rtt) : 0.0;
  // The average: an unmarked acknowledgement over target counts as a quarter of the base RTT (htsim).
  average(w, !marked && delay > target_ ? static_cast<double>(base_rtt) * 0.25 : delay);
  w.achieved += bytes;
  w.ignored += bytes;
  if (quick_adapt(w, false, marked, delay, base_rtt, now)) return;
  w.since_adjust += bytes;
  const double b = static_cast<double>(bytes);
  if (!marked && delay >= target_) {
    w.owed += fi_ * b;
  } else if (!marked) {
    bool fast_now = false;
    if (delay < 1000.0) {
      w.fast_count += bytes;
      if (static_cast<double>(w.fast_count) > w.cwnd || w.fast) {
        w.cwnd += b * fast_scale_;
        w.fast = fast_now = true;
      }
    } else {
      w.fast_count = 0;
    }
    if (!fast_now) {
      w.fast = false;
      w.owed += alpha_ * b * (target_ - delay);
    }
  } else if (delay >= target_) {
    w.fast = false;
    w.fast_count = 0;
    if (w.avg_delay > target_ && (!w.decreased || now - w.last_decrease > base_rtt)) {
      w.cwnd *= std::max(1.0 - 0.8 * (w.avg_delay - target_) / w.avg_delay, 0.5);
      w.last_decrease = now;
      w.decreased = true;
    }
  }
  w.cwnd = std::clamp(w.cwnd, packet_, max_window_);
  if (static_cast<double>(w.since_adjust) > 8 * packet_ || now - w.last_adjust > base_rtt) {
    w.cwnd += w.owed / w.cwnd;
    if (now - w.last_adjust >= base_rtt) {
      w.cwnd += eta_;
      w.last_adjust = now;
    }
    w.owed = 0;
    w.since_adjust = 0;
  }
  w.cwnd = std::clamp(w.cwnd, packet_, max_window_);
}

void NsccUec::on_nack(Window& w, TimeNs base_rtt, TimeNs now) {
  // A trimmed packet waited about a base RTT's worth of queue (htsim's estimate of the trimming depth).
  average(w, static_cast<double>(base_rtt));
  w.ignored += static_cast<std::uint64_t>(packet_);
  w.qa_trigger = true;
  if (quick_adapt(w, true, true, 0.0, base_rtt, now)) return;
  w.cwnd = std::max(packet_, w.cwnd - packet_);
}

}  // namespace uetsim
