// An AXI4-Lite master for a Verilated model with the s_axil_* ports of uet_lb_axi (the driver of the worked
// example and the wrapper's tests use it): whole-register writes and reads, each held until its handshake,
// the write address optionally some cycles before or after the data.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>

namespace uetlb {

template <class V>
class AxilMaster {
 public:
  /// `tick` advances the model one clock cycle (inputs already set).
  AxilMaster(V& m, std::function<void()> tick) : m_(m), tick_(std::move(tick)) { idle(); }

  /// No request offered, responses always taken.
  void idle() {
    m_.s_axil_awvalid = m_.s_axil_wvalid = m_.s_axil_arvalid = 0;
    m_.s_axil_bready = m_.s_axil_rready = 1;
  }

  /// Writes `value` at byte address `addr`, the address `aw_lead` cycles before the data (negative:
  /// after). Returns BRESP (0 OKAY, 2 SLVERR), or -1 when no response came within `max_cycles`.
  int write(std::uint32_t addr, std::uint32_t value, unsigned strb = 0xF, int aw_lead = 0, int max_cycles = 100) {
    bool aw_done = false, w_done = false;
    for (int k = 0; k < max_cycles; ++k) {
      m_.s_axil_awvalid = !aw_done && k >= (aw_lead < 0 ? -aw_lead : 0);
      m_.s_axil_awaddr = addr;
      m_.s_axil_wvalid = !w_done && k >= (aw_lead > 0 ? aw_lead : 0);
      m_.s_axil_wdata = value;
      m_.s_axil_wstrb = strb;
      m_.eval();
      const bool aw = m_.s_axil_awvalid && m_.s_axil_awready, w = m_.s_axil_wvalid && m_.s_axil_wready;
      const bool b = m_.s_axil_bvalid;
      const int resp = m_.s_axil_bresp;
      if (b && !(aw_done && w_done)) early_response_ = true;  // a B before its address and data were taken
      tick_();
      aw_done |= aw;
      w_done |= w;
      if (b) {
        idle();
        return resp;
      }
    }
    idle();
    return -1;
  }

  /// Reads byte address `addr`: {RDATA, RRESP}, RRESP -1 when no response came within `max_cycles`.
  std::pair<std::uint32_t, int> read(std::uint32_t addr, int max_cycles = 100) {
    bool ar_done = false;
    for (int k = 0; k < max_cycles; ++k) {
      m_.s_axil_arvalid = !ar_done;
      m_.s_axil_araddr = addr;
      m_.eval();
      const bool ar = m_.s_axil_arvalid && m_.s_axil_arready;
      const bool r = m_.s_axil_rvalid;
      const std::pair<std::uint32_t, int> got{m_.s_axil_rdata, m_.s_axil_rresp};
      if (r && !ar_done) early_response_ = true;  // an R before its address was taken
      tick_();
      ar_done |= ar;
      if (r) {
        idle();
        return got;
      }
    }
    idle();
    return {0, -1};
  }

  /// A response came before the request it answers was taken (a protocol violation of the slave).
  bool early_response() const { return early_response_; }

 private:
  V& m_;
  std::function<void()> tick_;
  bool early_response_ = false;
};

}  // namespace uetlb
