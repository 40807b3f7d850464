// Driver of the worked example (docs/integration.md): programs uet_lb_axi inside nic_top through the
// register header generated from rtl/regs/uet_lb_regs.rdl (uet_lb_regs.h: offsets from the register struct,
// field masks and resets), starts a flow of packets on one PDC group, and reports what the core chose.
//   nic_example [--packets N] [--wave FILE.fst]     (gtkwave FILE.fst examples/integration/nic_top.gtkw)
#include <uet_lb_regs.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "Vnic_top.h"
#include "axil_master.hpp"

namespace {

using uetlb::AxilMaster;

struct Board {
  VerilatedContext ctx;
  std::unique_ptr<Vnic_top> m;
  AxilMaster<Vnic_top> axil;
  std::unique_ptr<VerilatedFstC> fst;
  std::uint64_t cycle = 0;

  explicit Board(const std::string& wave) : m(make_top(ctx, !wave.empty())), axil(*m, [this] { tick(); }) {
    if (!wave.empty()) {
      fst = std::make_unique<VerilatedFstC>();
      m->trace(fst.get(), 99);
      fst->open(wave.c_str());
    }
  }
  static std::unique_ptr<Vnic_top> make_top(VerilatedContext& c, bool traced) {
    c.traceEverOn(traced);
    return std::make_unique<Vnic_top>(&c, "nic_top");
  }
  ~Board() {
    m->final();
    if (fst) fst->close();
  }
  // One cycle of 1 ns (now_i = the cycle number), the rising edge half-way.
  void tick() {
    m->now_i = static_cast<IData>(cycle);
    m->aclk = 0;
    m->eval();
    if (fst) fst->dump(2 * cycle);
    m->aclk = 1;
    m->eval();
    if (fst) fst->dump(2 * cycle + 1);
    ++cycle;
  }
  // Register access over AXI4-Lite at the header's byte offsets; a missing response ends the run.
  int write(std::size_t offset, std::uint32_t value) {
    const int resp = axil.write(static_cast<std::uint32_t>(offset), value);
    if (resp < 0) fail("no write response", offset);
    return resp;
  }
  std::uint32_t read(std::size_t offset) {
    const auto [data, resp] = axil.read(static_cast<std::uint32_t>(offset));
    if (resp < 0) fail("no read response", offset);
    return data;
  }
  [[noreturn]] static void fail(const char* what, std::size_t offset) {
    std::fprintf(stderr, "nic_example: %s for offset 0x%zx\n", what, offset);
    std::exit(1);
  }
};

#define REG(name) offsetof(uet_lb_regs_t, name)

}  // namespace

int main(int argc, char** argv) {
  unsigned packets = 200;
  std::string wave;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--packets" && i + 1 < argc) {
      packets = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
    } else if (a == "--wave" && i + 1 < argc) {
      wave = argv[++i];
    } else {
      std::fprintf(stderr, "nic_example: unknown argument '%s' (usage: nic_example [--packets N] [--wave F.fst])\n",
                   a.c_str());
      return 2;
    }
  }
  if (packets == 0 || packets > 65535) {
    std::fprintf(stderr, "nic_example: --packets must be 1..65535\n");
    return 2;
  }
  Board b(wave);
  auto& m = *b.m;
  m.start_i = 0;
  m.aresetn = 0;
  b.tick();
  b.tick();
  m.aresetn = 1;
  for (int k = 0; k < 100; ++k) b.tick();  // the core's reset sweep

  // Program the core: identify it, then REPS with a 4-entry cache and a 20-packet exploration window.
  const std::uint32_t id = b.read(REG(ID));
  if (id != UET_LB_REGS__ID__VALUE_reset) {
    std::fprintf(stderr, "nic_example: ID reads 0x%08x, not a uet_lb\n", id);
    return 1;
  }
  const bool ok = b.write(REG(SPRAY_TYPE), 2) == 0 && b.write(REG(REPS_BUF_BITS), 2) == 0 &&
                  b.write(REG(WINDOW), 20) == 0 && b.write(REG(FREEZE_TIMEOUT), 5000) == 0;
  // A value out of range is refused with SLVERR and leaves ERR_RANGE set in STATUS.
  const int refused = b.write(REG(ENTROPY_MASK_BITS), 9);
  const std::uint32_t status = b.read(REG(STATUS));
  if (!ok || refused != 2 || (status & UET_LB_REGS__STATUS__ERR_RANGE_bm) == 0) {
    std::fprintf(stderr, "nic_example: programming failed (refused write answered %d, STATUS 0x%x)\n", refused, status);
    return 1;
  }
  b.write(REG(STATUS), UET_LB_REGS__STATUS__ERR_RANGE_bm);  // write 1 to clear

  // The flow: group 1, local port 4791, `packets` packets.
  m.group_i = 1;
  m.port_i = 4791;
  m.packets_i = packets;
  m.start_i = 1;
  b.tick();
  m.start_i = 0;
  std::array<unsigned, 5> decisions{};
  unsigned responses = 0;
  for (int k = 0; k < 100000 && m.busy_o; ++k) {
    m.eval();
    if (m.rsp_valid_o) {
      ++responses;
      if (m.rsp_decision_o < decisions.size()) ++decisions[m.rsp_decision_o];
    }
    b.tick();
  }
  const char* names[] = {"fixed", "round_robin", "reuse", "replay", "explore"};
  std::printf("nic_example: %u packets sent, %u ACKs returned in %llu cycles;", unsigned(m.sent_o), unsigned(m.acked_o),
              static_cast<unsigned long long>(b.cycle));
  for (std::size_t d = 0; d < decisions.size(); ++d) std::printf(" %s %u", names[d], decisions[d]);
  std::printf("\n");
  if (!wave.empty())
    std::printf("waveform: %s (gtkwave %s examples/integration/nic_top.gtkw)\n", wave.c_str(), wave.c_str());
  // Every packet answered; REPS explored first (an empty cache), then reused the EVs its ACKs recycled.
  const bool pass = responses == packets && m.acked_o == packets && !m.busy_o && decisions[4] > 0 &&
                    (packets < 100 || decisions[2] > 0);
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
