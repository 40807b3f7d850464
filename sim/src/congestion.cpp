#include "uetsim/congestion.hpp"

#include <algorithm>

#include "uetlb/config.hpp"

namespace uetsim {

std::unique_ptr<CongestionControl> CongestionControl::make(const Scenario& sc, double packet, double window) {
  if (sc.congestion_control == "dctcp") return std::make_unique<Dctcp>(packet, window);
  if (sc.congestion_control == "nscc")
    return std::make_unique<Nscc>(packet, window, sc.nscc_target_delay_ns, sc.nscc_max_window_bdp);
  if (sc.congestion_control == "fixed") return std::make_unique<FixedWindow>();
  throw uetlb::ConfigError("scenario key 'CongestionControl': \"" + sc.congestion_control +
                           "\" is not one of \"fixed\", \"dctcp\", \"nscc\"");
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

}  // namespace uetsim
