#include "rtl_build.hpp"

#include <fstream>
#include <iostream>
#include <sstream>
#include <utility>

#include "one_nic.hpp"
#include "uetlb/output.hpp"
#include "uetlb/rtl_engine.hpp"
#include "uetsim/fabric.hpp"

namespace uetsim {

std::string check_rtl_build(const Scenario& sc, bool rtl_checks) {
  try {
    (void)uetlb::make_rtl_engine(sc.lb, uetlb::rtl_model_options(), "",
                                 rtl_checks ? uetlb::RtlChecks::On : uetlb::RtlChecks::Off);
  } catch (const uetlb::ConfigError& e) {  // which parameter sets the limit, and how to raise it
    const std::string what = e.what();
    std::string raise = "; docs/configuration.md lists the build's limits";
    for (const auto& [key, variable] : {std::pair{"'REPSBufferSizeMaskBits'", "UETLB_ENGINE_BUF_BITS"},
                                        std::pair{"'exploration window W", "UETLB_ENGINE_WINDOW_WIDTH"},
                                        std::pair{"'InitialBaseRTT'", "UETLB_ENGINE_BASE_RTT_WIDTH"}}) {
      if (what.find(key) != std::string::npos) {
        raise = " (CMake variable " + std::string(variable) + ": raise it with cmake -D" + variable +
                "=N and build again, or run --engine model)";
      }
    }
    throw uetlb::ConfigError("scenario key 'Nic', --engine rtl: " + what + raise);
  }
  const unsigned groups = uetlb::rtl_build().num_groups;
  const GroupNeed need = groups_needed(sc);
  const std::string what = need.per_peer ? "sends to " + std::to_string(need.groups) + " peers, a group each"
                                         : "sends " + std::to_string(need.groups) +
                                               " messages, a group each while it is in flight (PDCGroupsEnabled false)";
  if (need.groups > groups) {
    unsigned raise = groups;
    while (raise < need.groups) raise *= 2;
    const std::string msg = "NIC " + std::to_string(need.nic) + " " + what + ": more than the RTL build's " +
                            std::to_string(groups) + " groups (NumGroups, CMake variable UETSIM_RTL_GROUPS; raise " +
                            "it with cmake -DUETSIM_RTL_GROUPS=" + std::to_string(raise) +
                            " and build again, or run --engine model)";
    if (need.per_peer) throw uetlb::ConfigError("--engine rtl: " + msg);
    // (Messages that wait for others are counted too: the run may need fewer at once; it stops naming the
    // group it could not open if not.)
    std::cerr << "uet-fabric: warning: --engine rtl: " << msg
              << "; the run stops naming the group if more are in flight at once\n";
    return "; the RTL build's " + std::to_string(groups) + " groups may be too few (NIC " + std::to_string(need.nic) +
           " " + what + ")";
  }
  return "; the RTL build's " + std::to_string(groups) + " groups hold the most any NIC needs (NIC " +
         std::to_string(need.nic) + " " + what + ")";
}

std::string fabric_gtkw() {
  std::ifstream in(UETSIM_RUN_GTKW);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw uetlb::output::OutputError(std::string("--wave-nic: cannot read ") + UETSIM_RUN_GTKW);
  return gtkw_for_groups(text.str(), uetlb::rtl_build().num_groups);
}

}  // namespace uetsim
