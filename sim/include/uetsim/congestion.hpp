// Congestion control of a PDC's sending window, behind one interface: a fixed window, a DCTCP-like window
// (ECN-driven) and an NSCC-like window (queueing delay and ECN, in the spirit of UET's NSCC). The fabric
// calls it for each acknowledgement and NACK of a packet still outstanding.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "uetsim/scenario.hpp"

namespace uetsim {

/// A PDC's window and what the algorithms keep beside it.
struct Window {
  double cwnd = 0;                              ///< congestion window, bytes
  double alpha = 0;                             ///< DCTCP: running fraction of ECN-marked acknowledgements
  std::uint64_t win_acked = 0, win_marked = 0;  ///< DCTCP: acknowledged / marked bytes this window
  TimeNs last_decrease = 0;                     ///< NSCC: the last multiplicative decrease
  bool decreased = false;                       ///< NSCC: a decrease has happened (last_decrease is valid)
};

class CongestionControl {
 public:
  virtual ~CongestionControl() = default;
  /// An acknowledgement of `bytes` (`marked`: it echoed ECN) with round trip `rtt` at `now`.
  virtual void on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) = 0;
  /// A NACK (the packet was trimmed).
  virtual void on_nack(Window& w, TimeNs base_rtt, TimeNs now) = 0;

  /// The scenario's CongestionControl ("fixed", "dctcp", "nscc"); `packet` is a full packet's bytes on
  /// the wire, `window` the configured window (WindowBdp bandwidth-delay products) in bytes.
  static std::unique_ptr<CongestionControl> make(const Scenario& sc, double packet, double window);
};

/// The window never moves.
class FixedWindow final : public CongestionControl {
 public:
  void on_ack(Window&, std::uint32_t, bool, TimeNs, TimeNs, TimeNs) override {}
  void on_nack(Window&, TimeNs, TimeNs) override {}
};

/// Once per window of acknowledged bytes, alpha <- (1 - g) alpha + g F with F the marked fraction and
/// g = 1/16; then the window shrinks by alpha / 2 if anything was marked, else grows by one packet. It stays
/// between one packet and twice the configured window. NACKs do not move it.
class Dctcp final : public CongestionControl {
 public:
  Dctcp(double packet, double window) : packet_(packet), window_(window) {}
  void on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) override;
  void on_nack(Window&, TimeNs, TimeNs) override {}

 private:
  double packet_, window_;
};

/// Each acknowledgement's queueing delay (its RTT less the base RTT) against a target, and its ECN mark,
/// pick one of four moves:
///   no ECN, delay below target: increase; by the acknowledged bytes while the delay is under a quarter
///     of the target (the path is idle), else by a packet per window;
///   ECN, delay at or above target: multiplicative decrease by (delay - target) / delay, at most by half;
///   otherwise (a mark on a short queue, or delay without a mark): hold.
/// A NACK halves the window. Decreases happen at most once per base RTT. The window stays between one
/// packet and `max_window_bdp` configured windows.
class Nscc final : public CongestionControl {
 public:
  Nscc(double packet, double window, TimeNs target_delay, double max_window_bdp)
      : packet_(packet), window_(window), target_(static_cast<double>(target_delay)), max_bdp_(max_window_bdp) {}
  void on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) override;
  void on_nack(Window& w, TimeNs base_rtt, TimeNs now) override { decrease(w, 0.5, base_rtt, now); }

 private:
  void decrease(Window& w, double fraction, TimeNs base_rtt, TimeNs now) const;
  double packet_, window_, target_, max_bdp_;
};

}  // namespace uetsim
