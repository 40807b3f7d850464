// Tests of uet_lb_axi (the core behind AXI4-Stream and AXI4-Lite), Verilated with random initial values
// (--x-assign unique --x-initial unique, Verilator's random reset from a seed): the register slave's
// responses (OKAY, SLVERR for a refused, unknown or partial write, the sticky STATUS bits), address and
// data in either order and a read beside a write; and the streams against the golden model under random
// valid and ready on every channel, with beats the core cannot carry answered or dropped and counted.
#include <verilated.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <random>

#include "Vuet_lb_axi.h"
#include "axil_master.hpp"
#include "uetlb/load_balancer.hpp"
#include "uetlb/random_reset.hpp"
#include "uetlb/rtl_regs.hpp"

using namespace uetlb;
using uetlb::AxilMaster;

namespace {

constexpr unsigned kOkay = 0;
constexpr unsigned kSlverr = 2;

struct Axi {
  VerilatedContext ctx;
  std::unique_ptr<Vuet_lb_axi> m;
  std::unique_ptr<AxilMaster<Vuet_lb_axi>> axil;
  std::uint64_t cycle = 0;

  explicit Axi(int seed) {
    start_random(ctx, seed);
    m = std::make_unique<Vuet_lb_axi>(&ctx, "uet_lb_axi");
    axil = std::make_unique<AxilMaster<Vuet_lb_axi>>(*m, [this] { tick(); });
    idle_inputs();
    m->aresetn = 0;
    tick();
    tick();
    m->aresetn = 1;
    ctx.assertOn(true);
    for (int k = 0; k < (1 << 14) && !m->idle_o; ++k) tick();  // the sweep that closes every group
  }
  ~Axi() { m->final(); }

  void idle_inputs() {
    m->s_axis_open_tvalid = m->s_axis_fb_tvalid = m->s_axis_req_tvalid = 0;
    m->m_axis_rsp_tready = 1;
    axil->idle();
    m->s_axil_awprot = m->s_axil_arprot = 0;
    m->base_rtt_i = 6000;
  }

  void tick() {
    m->now_i = static_cast<IData>(cycle);
    m->aclk = 0;
    m->eval();
    m->aclk = 1;
    m->eval();
    ++cycle;
  }

  /// A write through AXI4-Lite (word address; the address `aw_lead` cycles before the data, negative:
  /// after); returns BRESP. No response before both beats were taken, and one within 100 cycles.
  unsigned write(std::uint32_t word, std::uint32_t value, unsigned strb = 0xF, int aw_lead = 0) {
    const int resp = axil->write(word * 4, value, strb, aw_lead);
    REQUIRE(resp >= 0);
    REQUIRE(!axil->early_response());
    return static_cast<unsigned>(resp);
  }

  /// A read through AXI4-Lite: (RDATA, RRESP).
  std::pair<std::uint32_t, unsigned> read(std::uint32_t word) {
    const auto [data, resp] = axil->read(word * 4);
    REQUIRE(resp >= 0);
    REQUIRE(!axil->early_response());
    return {data, static_cast<unsigned>(resp)};
  }

  /// Waits until every accepted event and register write has been applied.
  void settle() {
    for (int k = 0; k < 1000 && !m->idle_o; ++k) tick();
    REQUIRE(m->idle_o);
  }
};

}  // namespace

TEST_CASE("rtl axi: register slave answers OKAY and SLVERR and keeps the sticky STATUS bits", "[rtl][axi]") {
  for (const int seed : {1, 2, 3}) {
    INFO("random-reset seed " << seed);
    Axi a(seed);
    auto [id, id_resp] = a.read(regs::kId);
    CHECK(id == regs::kCoreId);
    CHECK(id_resp == kOkay);
    // A good write, address before data, data before address, both at once; each reads back.
    CHECK(a.write(regs::kStartPort, 1000, 0xF, 2) == kOkay);
    CHECK(a.read(regs::kStartPort).first == 1000);
    CHECK(a.write(regs::kStartPort, 2000, 0xF, -3) == kOkay);
    CHECK(a.read(regs::kStartPort).first == 2000);
    CHECK(a.write(regs::kSprayType, 2) == kOkay);
    CHECK(a.read(regs::kSprayType) == std::make_pair(std::uint32_t{2}, kOkay));
    CHECK((a.read(regs::kStatus).first & regs::kStatusErrors) == 0);
    // Out of range: SLVERR, old value kept, ERR_RANGE set and ERR_ADDR naming the register.
    CHECK(a.write(regs::kSprayType, 3) == kSlverr);
    CHECK(a.read(regs::kSprayType).first == 2);
    CHECK((a.read(regs::kStatus).first & regs::kStatusErrRange) != 0);
    CHECK(a.read(regs::kErrAddr).first == regs::kSprayType);
    // A read-only register and an unknown address: SLVERR, ERR_ADDR set.
    CHECK(a.write(regs::kId, 5) == kSlverr);
    CHECK(a.write(0x30, 5) == kSlverr);
    CHECK((a.read(regs::kStatus).first & regs::kStatusErrAddr) != 0);
    // Sticky until written 1: clearing is itself an OKAY write.
    CHECK(a.write(regs::kStatus, regs::kStatusErrors) == kOkay);
    CHECK((a.read(regs::kStatus).first & regs::kStatusErrors) == 0);
    // A partial write (WSTRB not 0xF) is refused without reaching the register.
    CHECK(a.write(regs::kStartPort, 7, 0x3) == kSlverr);
    CHECK(a.read(regs::kStartPort).first == 2000);
    // Reads of addresses that name no register: SLVERR, data 0. CTRL is write-only and reads 0, OKAY.
    CHECK(a.read(0x13) == std::make_pair(std::uint32_t{0}, kSlverr));
    CHECK(a.read(0x3F) == std::make_pair(std::uint32_t{0}, kSlverr));
    CHECK(a.read(regs::kCtrl) == std::make_pair(std::uint32_t{0}, kOkay));
    // A locked register while a group is open: SLVERR and ERR_LOCKED.
    a.m->s_axis_open_tvalid = 1;
    a.m->s_axis_open_tdata = (100u << 16) | 3u;
    a.m->eval();
    for (int k = 0; k < 20 && !a.m->s_axis_open_tready; ++k) {
      a.tick();
      a.m->eval();
    }
    REQUIRE(a.m->s_axis_open_tready);
    a.tick();
    a.m->s_axis_open_tvalid = 0;
    a.settle();
    CHECK(a.write(regs::kSprayType, 1) == kSlverr);
    CHECK((a.read(regs::kStatus).first & (regs::kStatusErrLocked | regs::kStatusActive)) ==
          (regs::kStatusErrLocked | regs::kStatusActive));
  }
}

TEST_CASE("rtl axi: a read overlapping a write gets its own data", "[rtl][axi]") {
  Axi a(4);
  REQUIRE(a.write(regs::kEfdMult, 7) == kOkay);
  // AW, W and AR in one cycle, BREADY and RREADY low for a while: both responses wait, then both arrive.
  a.m->s_axil_bready = a.m->s_axil_rready = 0;
  a.m->s_axil_awvalid = a.m->s_axil_wvalid = a.m->s_axil_arvalid = 1;
  a.m->s_axil_awaddr = regs::kEfdMult * 4;
  a.m->s_axil_wdata = 9;
  a.m->s_axil_wstrb = 0xF;
  a.m->s_axil_araddr = regs::kEfdMult * 4;
  bool aw = false, w = false, ar = false;
  for (int k = 0; k < 20; ++k) {
    a.m->eval();
    aw |= a.m->s_axil_awvalid && a.m->s_axil_awready;
    w |= a.m->s_axil_wvalid && a.m->s_axil_wready;
    ar |= a.m->s_axil_arvalid && a.m->s_axil_arready;
    a.tick();
    a.m->s_axil_awvalid = !aw;
    a.m->s_axil_wvalid = !w;
    a.m->s_axil_arvalid = !ar;
  }
  a.m->eval();
  REQUIRE(a.m->s_axil_bvalid);
  REQUIRE(a.m->s_axil_rvalid);
  const std::uint32_t rdata = a.m->s_axil_rdata;
  // The read went first or second: it saw 7 or 9, never anything else; held while RREADY was low.
  CHECK((rdata == 7 || rdata == 9));
  CHECK(a.m->s_axil_bresp == kOkay);
  a.m->s_axil_bready = a.m->s_axil_rready = 1;
  a.tick();
  a.m->eval();
  CHECK(!a.m->s_axil_bvalid);
  CHECK(!a.m->s_axil_rvalid);
  CHECK(a.read(regs::kEfdMult).first == 9);
}

TEST_CASE("rtl axi: streams under random valid and ready equal the model, bad beats counted", "[rtl][axi]") {
  for (const int seed : {5, 6, 7}) {
    INFO("seed " << seed);
    Axi a(seed);
    std::mt19937 gen(seed);
    auto rng = [&gen] { return static_cast<std::uint32_t>(gen()); };
    REQUIRE(a.write(regs::kSprayType, 2) == kOkay);
    REQUIRE(a.write(regs::kFreezeTimeout, 300) == kOkay);
    a.settle();
    Config cfg;
    cfg.packet_spraying_type = SprayingType::Reps;
    cfg.freezing_timeout_ns = 300;
    LoadBalancer model(cfg, ModelOptions{UETLB_RTL_TRACKER});
    model.set_base_rtt(0, a.m->base_rtt_i);

    constexpr GroupId kGroups = UETLB_RTL_GROUPS;
    struct Beat {
      bool v = false;           // offered (VALID held until taken)
      std::uint32_t group = 0;  // the 16-bit field: may name a group beyond the core's group ports
      std::uint32_t kind = 0;   // feedback kind, or the request's retransmission flag
      std::uint16_t ev = 0;
      std::uint32_t psn = 0;
    };
    struct Expected {
      std::uint32_t group;
      std::uint32_t psn;
      Choice choice;
    };
    Beat open_b, fb_b, req_b;
    std::vector<Psn> next_psn(kGroups, 0);
    std::vector<std::deque<std::pair<Psn, EntropyValue>>> answered(kGroups);
    std::deque<Expected> owed;
    std::uint32_t bad = 0, responses = 0, local = 0, opens = 0;
    std::uint32_t opened_mask = 0;
    // 6,000 cycles of new beats, then until every held beat is taken and every response given.
    constexpr int kCycles = 6000;
    for (int k = 0; k < kCycles + 1000; ++k) {
      const bool more = k < kCycles;
      if (!more && !open_b.v && !fb_b.v && !req_b.v && owed.empty()) break;
      // New beats where none is held (a held beat keeps VALID and its payload until taken).
      if (more && !open_b.v && rng() % 50 == 0) {
        const bool wild = rng() % 8 == 0;
        open_b = Beat{true, wild ? 0x100u + rng() % 0xFF00u : rng() % kGroups, 0,
                      static_cast<std::uint16_t>(200 + rng() % 100), 0};
      }
      if (more && !fb_b.v && rng() % 2 == 0) {
        const GroupId g = rng() % kGroups;
        Beat b{true, g, static_cast<std::uint32_t>(FeedbackKind::NackTrim), 0, 0};
        if (!answered[g].empty() && rng() % 4 != 0) {
          b.psn = answered[g].front().first;
          b.ev = answered[g].front().second;
          answered[g].pop_front();
          b.kind = static_cast<std::uint32_t>(rng() % 5 == 0 ? FeedbackKind::AckEcn : FeedbackKind::Ack);
        }
        const unsigned r = rng() % 40;
        if (r == 0) b.group = 0x8000u | g;   // beyond the group ports: dropped, counted
        if (r == 1) b.kind = 5 + rng() % 3;  // no such kind: dropped, counted
        fb_b = b;
      }
      if (more && !req_b.v && rng() % 3 != 0) {
        // Requests name open groups (SPEC: a request needs its group open), or a group number wider than
        // the core's group ports (answered by the wrapper).
        const bool wild = rng() % 30 == 0;
        const GroupId g = rng() % kGroups;
        if (wild) {
          req_b = Beat{true, 0x40u + rng() % 0xFFC0u, rng() % 2, 0, rng()};
        } else if (model.is_open(g)) {
          req_b = Beat{true, g, rng() % 2, 0, next_psn[g]++};
        }
      }
      a.m->s_axis_open_tvalid = open_b.v;
      if (open_b.v) a.m->s_axis_open_tdata = (std::uint32_t{open_b.ev} << 16) | open_b.group;
      a.m->s_axis_fb_tvalid = fb_b.v;
      if (fb_b.v) {
        a.m->s_axis_fb_tdata = (std::uint64_t{fb_b.psn} << 32) | (std::uint64_t{fb_b.ev} << 16) | fb_b.group;
        a.m->s_axis_fb_tuser = fb_b.kind;
      }
      a.m->s_axis_req_tvalid = req_b.v;
      if (req_b.v) {
        a.m->s_axis_req_tdata = (std::uint64_t{req_b.psn} << 32) | req_b.group;
        a.m->s_axis_req_tuser = req_b.kind;
      }
      a.m->m_axis_rsp_tready = !more || rng() % 4 != 0;
      a.m->eval();
      const TimeNs now = a.cycle - 1;  // an event takes the now_i of the cycle before its acceptance
      model.advance_to(now);
      // Order within a cycle: the feedback lane, then the request lane (an open or a request).
      if (fb_b.v && a.m->s_axis_fb_tready) {
        if (fb_b.group < kGroups && fb_b.kind <= 4) {
          model.feedback(now, fb_b.group, static_cast<FeedbackKind>(fb_b.kind), fb_b.ev, fb_b.psn);
        } else {
          ++bad;
        }
        fb_b.v = false;
      }
      if (open_b.v && a.m->s_axis_open_tready) {
        if (open_b.group < kGroups) {
          model.open(now, open_b.group, open_b.ev);
          opened_mask |= 1u << open_b.group;
          ++opens;
        } else {
          ++bad;
        }
        open_b.v = false;
      }
      if (req_b.v && a.m->s_axis_req_tready) {
        if (req_b.group < kGroups) {
          owed.push_back({req_b.group, req_b.psn, model.request(now, req_b.group, req_b.psn, req_b.kind != 0)});
        } else {
          owed.push_back({req_b.group, req_b.psn, Choice{0, Decision::Fixed}});
          ++bad;
          ++local;
        }
        req_b.v = false;
      }
      if (a.m->m_axis_rsp_tvalid && a.m->m_axis_rsp_tready) {
        REQUIRE(!owed.empty());
        const Expected e = owed.front();
        owed.pop_front();
        const std::uint64_t d = a.m->m_axis_rsp_tdata;
        INFO("response " << responses << " at cycle " << a.cycle);
        REQUIRE((d & 0xFFFF) == e.group);
        REQUIRE((d >> 32) == e.psn);
        REQUIRE(((d >> 16) & 0xFFFF) == e.choice.ev);
        REQUIRE((a.m->m_axis_rsp_tuser & 7) == static_cast<unsigned>(e.choice.decision));
        if (e.group < kGroups) answered[e.group].emplace_back(e.psn, e.choice.ev);
        ++responses;
      }
      a.tick();
    }
    a.m->s_axis_open_tvalid = a.m->s_axis_fb_tvalid = a.m->s_axis_req_tvalid = 0;
    CHECK(owed.empty());
    CHECK(!req_b.v);
    CHECK(responses > 2000);
    CHECK(local > 0);
    CHECK(opens > 0);
    CHECK(opened_mask != 0);
    // Every beat the wrapper took without passing it on is counted; a write clears the count.
    CHECK(a.read(regs::kCntAxisDropped) == std::make_pair(bad, kOkay));
    CHECK(bad > 0);
    CHECK(a.write(regs::kCntAxisDropped, 0) == kOkay);
    CHECK(a.read(regs::kCntAxisDropped).first == 0);
  }
}
