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
  std::uint64_t in_flight = 0;                  ///< bytes sent and not yet acknowledged (the transport's)
  double alpha = 0;                             ///< DCTCP: running fraction of ECN-marked acknowledgements
  std::uint64_t win_acked = 0, win_marked = 0;  ///< DCTCP: acknowledged / marked bytes this window
  TimeNs last_decrease = 0;                     ///< NSCC: the last multiplicative decrease
  bool decreased = false;                       ///< NSCC: a decrease has happened (last_decrease is valid)
  // NSCC (UEC): the averaged queueing delay, the increase owed at the next adjustment, and its counters.
  double avg_delay = 0;            ///< ns, an exponential average of the acknowledgements' queueing delays
  double owed = 0;                 ///< bytes^2: fair and proportional increases, applied as owed / cwnd
  std::uint64_t since_adjust = 0;  ///< bytes acknowledged since the last adjustment
  std::uint64_t fast_count = 0;    ///< bytes acknowledged in a row on an idle path (under 1 us of delay)
  bool fast = false;               ///< fast increase is on
  TimeNs last_adjust = 0;          ///< the last periodic (eta) increase
  // NSCC (UEC) quick adapt: bytes delivered in the current period, when it ends, a NACK seen in it, and
  // the marked acknowledgements' bytes to pass over after a quick adapt (what was in flight then).
  std::uint64_t achieved = 0, ignore = 0, ignored = 0;
  TimeNs qa_end = 0;
  bool qa_trigger = false;
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

/// NSCC as the Ultra Ethernet specification describes it, with uet-htsim's constants (htsim_uec at
/// 40ccb05; docs/fabric.md, "Congestion control"). Each acknowledgement's queueing delay d (its RTT less
/// the base RTT), its ECN mark and the averaged delay (an exponential average, weight 1/80) choose:
///   no mark, d >= target: fair increase, fi x bytes owed (fi = 5 packets x s);
///   no mark, d < target: fast increase when d stayed under 1 us for a window of bytes (the window grows
///     by bytes x s / 4 at once), else proportional increase, alpha x bytes x (target - d) owed
///     (alpha = 4 packets x s x target / 12 us / target);
///   mark, d >= target: multiplicative decrease by gamma (avg - target) / avg (gamma 0.8, at most half),
///     at most once per base RTT, when the average is above target;
///   mark, d < target: nothing.
/// Every 8 packets of acknowledged bytes or base RTT the owed increase is applied (cwnd += owed / cwnd),
/// and once per base RTT the window also grows by eta = 0.15 packets x s. s = the path's bandwidth-delay
/// product over 100 Gb/s x 12 us. Quick adapt: periods of base RTT + target; at the first acknowledgement
/// or NACK after a period in which a NACK came or the delay passed 4 x target, and in which fewer bytes
/// were delivered than an eighth of the window's maximum, the window becomes the bytes delivered (at
/// least a packet) and the marked acknowledgements of what was then in flight change nothing more. Else a
/// NACK takes a packet off the window. The window stays between one packet and `max_window_bdp`
/// bandwidth-delay products.
class NsccUec final : public CongestionControl {
 public:
  /// `bdp`: the path's bandwidth-delay product in bytes.
  NsccUec(double packet, double bdp, TimeNs target_delay, double max_window_bdp);
  void on_ack(Window& w, std::uint32_t bytes, bool marked, TimeNs rtt, TimeNs base_rtt, TimeNs now) override;
  void on_nack(Window& w, TimeNs base_rtt, TimeNs now) override;

 private:
  /// Quick adapt at `now`; true when it acted or passes over this feedback (the update stops there).
  bool quick_adapt(Window& w, bool loss, bool marked, double delay, TimeNs base_rtt, TimeNs now) const;
  /// The averaged delay takes a sample with weight 1/80.
  static void average(Window& w, double sample) { w.avg_delay = 0.0125 * sample + (1.0 - 0.0125) * w.avg_delay; }
  double packet_, max_window_, target_, alpha_, fi_, eta_, fast_scale_;
};

}  // namespace uetsim
