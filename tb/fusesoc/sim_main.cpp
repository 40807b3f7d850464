// The FuseSoC simulation target of uet_lb_axi (fusesoc run --target=sim uet:lb:uet_lb): resets the
// wrapper, reads ID and writes the spraying type over AXI4-Lite, opens group 1 and sends eight requests on
// the streams, and checks the eight responses (Default Packet Spraying: distinct round-robin values from
// StartingPortOffset 256 over 2^7 ports). Exit status 0 on success.
#include <verilated.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <set>

#include "Vuet_lb_axi.h"

namespace {

struct Sim {
  VerilatedContext ctx;
  std::unique_ptr<Vuet_lb_axi> m;
  std::uint64_t cycle = 0;

  Sim(int argc, char** argv) {
    ctx.commandArgs(argc, argv);
    m = std::make_unique<Vuet_lb_axi>(&ctx, "uet_lb_axi");
  }
  void tick() {
    m->now_i = static_cast<IData>(cycle);
    m->aclk = 0;
    m->eval();
    m->aclk = 1;
    m->eval();
    ++cycle;
  }
  // One AXI4-Lite write (address and data together); returns BRESP, or -1 after 50 cycles without one.
  int write(std::uint32_t byte_addr, std::uint32_t value) {
    m->s_axil_awvalid = m->s_axil_wvalid = 1;
    m->s_axil_awaddr = byte_addr;
    m->s_axil_wdata = value;
    m->s_axil_wstrb = 0xF;
    for (int k = 0; k < 50; ++k) {
      m->eval();
      const bool aw = m->s_axil_awvalid && m->s_axil_awready, w = m->s_axil_wvalid && m->s_axil_wready;
      const bool b = m->s_axil_bvalid;
      const int resp = m->s_axil_bresp;
      tick();
      if (aw) m->s_axil_awvalid = 0;
      if (w) m->s_axil_wvalid = 0;
      if (b) return resp;
    }
    return -1;
  }
  // One AXI4-Lite read; returns the data (RRESP in *resp), or sets *resp to -1 after 50 cycles.
  std::uint32_t read(std::uint32_t byte_addr, int* resp) {
    m->s_axil_arvalid = 1;
    m->s_axil_araddr = byte_addr;
    for (int k = 0; k < 50; ++k) {
      m->eval();
      const bool ar = m->s_axil_arvalid && m->s_axil_arready;
      const bool r = m->s_axil_rvalid;
      const std::uint32_t data = m->s_axil_rdata;
      *resp = m->s_axil_rresp;
      tick();
      if (ar) m->s_axil_arvalid = 0;
      if (r) return data;
    }
    *resp = -1;
    return 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  Sim s(argc, argv);
  auto& m = *s.m;
  m.s_axis_open_tvalid = m.s_axis_fb_tvalid = m.s_axis_req_tvalid = 0;
  m.m_axis_rsp_tready = 1;
  m.s_axil_awvalid = m.s_axil_wvalid = m.s_axil_arvalid = 0;
  m.s_axil_bready = m.s_axil_rready = 1;
  m.base_rtt_i = 6000;
  m.aresetn = 0;
  s.tick();
  s.tick();
  m.aresetn = 1;
  for (int k = 0; k < 10000 && !m.idle_o; ++k) s.tick();
  int resp = 0;
  const std::uint32_t id = s.read(0x00, &resp);
  std::printf("ID 0x%08x (RRESP %d)\n", id, resp);
  if (id != 0x55450200u || resp != 0) return 1;
  if (s.write(0x0C, 1) != 0) return 1;  // SPRAY_TYPE: Default Packet Spraying
  if (s.write(0x0C, 3) != 2) return 1;  // out of range: SLVERR
  for (int k = 0; k < 100 && !m.idle_o; ++k) s.tick();

  m.s_axis_open_tvalid = 1;
  m.s_axis_open_tdata = (100u << 16) | 1u;  // group 1, local port 100
  for (int k = 0; k < 50; ++k) {
    m.eval();
    const bool taken = m.s_axis_open_tready;
    s.tick();
    if (taken) break;
  }
  m.s_axis_open_tvalid = 0;
  std::set<unsigned> evs;
  unsigned sent = 0, got = 0;
  for (int k = 0; k < 200 && got < 8; ++k) {
    m.s_axis_req_tvalid = sent < 8;
    m.s_axis_req_tdata = (std::uint64_t{sent} << 32) | 1u;  // PSN, group 1
    m.s_axis_req_tuser = 0;
    m.eval();
    const bool req = m.s_axis_req_tvalid && m.s_axis_req_tready;
    if (m.m_axis_rsp_tvalid) {
      const unsigned ev = (m.m_axis_rsp_tdata >> 16) & 0xFFFF;
      const unsigned decision = m.m_axis_rsp_tuser & 7;
      std::printf("response: group %u psn %u ev %u decision %u\n", unsigned(m.m_axis_rsp_tdata & 0xFFFF),
                  unsigned(m.m_axis_rsp_tdata >> 32), ev, decision);
      if (decision != 1 || ev < 256 || ev >= 256 + 128) return 1;
      evs.insert(ev);
      ++got;
    }
    s.tick();
    if (req) ++sent;
  }
  m.final();
  const bool ok = got == 8 && evs.size() == 8;
  std::printf("%s: %u responses, %zu distinct entropy values\n", ok ? "PASS" : "FAIL", got, evs.size());
  return ok ? 0 : 1;
}
