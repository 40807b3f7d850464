// Uses the installed package as another project would: the golden model through uetlb::model, the
// register offsets and fields through uet_lb_regs.h, the RTL file list through UETLB_RTL_DIR.
#include <uet_lb_regs.h>

#include <cstddef>
#include <cstdio>
#include <fstream>
#include <string>
#include <uetlb/load_balancer.hpp>

int main() {
  uetlb::Config cfg;  // Default Packet Spraying, StartingPortOffset 256, EntropyMaskBits 7
  uetlb::LoadBalancer lb(cfg);
  lb.open(0, 3, 1000);
  const uetlb::Choice first = lb.request(1, 3, 0, false);
  const uetlb::Choice second = lb.request(2, 3, 1, false);
  std::printf("EVs %u %u\n", unsigned(first.ev), unsigned(second.ev));
  // The register header: STATUS at byte 0x08, ERR_RANGE its bit 0, ID's reset the core's identification.
  const bool header_ok = offsetof(uet_lb_regs_t, STATUS) == 0x08 && UET_LB_REGS__STATUS__ERR_RANGE_bm == 0x1 &&
                         UET_LB_REGS__ID__VALUE_reset == 0x55450200;
  // The RTL: every file uet_lb.f lists (in its layer's folder) is installed beside it.
  std::ifstream list(std::string(UETLB_RTL_DIR) + "/uet_lb.f");
  bool rtl_ok = list.good();
  int rtl_files = 0;
  for (std::string line; std::getline(list, line);) {
    if (line.empty()) continue;
    ++rtl_files;
    if (!std::ifstream(std::string(UETLB_RTL_DIR) + "/" + line).good()) {
      std::printf("consumer: %s/%s is listed in uet_lb.f but not installed\n", UETLB_RTL_DIR, line.c_str());
      rtl_ok = false;
    }
  }
  const bool ok = first.ev == 256 && second.ev == 257 && header_ok && rtl_ok && rtl_files > 0;
  std::printf("%s\n", ok ? "consumer: PASS" : "consumer: FAIL");
  return ok ? 0 : 1;
}
