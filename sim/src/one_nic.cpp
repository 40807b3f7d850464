#include "one_nic.hpp"

#include <sstream>

#include "uetlb/config.hpp"

namespace uetsim {

RecordingEngine::RecordingEngine(std::unique_ptr<uetlb::Engine> inner, std::ostream& out)
    : inner_(std::move(inner)), out_(out) {
  out_ << "time_ns,group,event,value,psn\n";
}

void RecordingEngine::open(uetlb::TimeNs now, uetlb::GroupId group, uetlb::EntropyValue local_port) {
  out_ << now << ',' << group << ",open," << local_port << ",\n";
  inner_->open(now, group, local_port);
}

uetlb::Choice RecordingEngine::request(uetlb::TimeNs now, uetlb::GroupId group, uetlb::Psn psn, bool retx) {
  out_ << now << ',' << group << (retx ? ",retx,," : ",tx,,") << psn << '\n';
  return inner_->request(now, group, psn, retx);
}

void RecordingEngine::feedback(uetlb::TimeNs now, uetlb::GroupId group, uetlb::FeedbackKind kind,
                               uetlb::EntropyValue ev, uetlb::Psn psn) {
  out_ << now << ',' << group << ',' << uetlb::to_string(kind) << ',' << ev << ',' << psn << '\n';
  inner_->feedback(now, group, kind, ev, psn);
}

void RecordingEngine::set_base_rtt(uetlb::TimeNs now, uetlb::TimeNs base_rtt) {
  out_ << now << ",,base_rtt," << base_rtt << ",\n";
  inner_->set_base_rtt(now, base_rtt);
}

std::string config_json(const uetlb::Config& c) {
  std::ostringstream j;
  j << "{\n  \"PacketSprayingType\": \"" << uetlb::to_string(c.packet_spraying_type) << "\",\n"
    << "  \"EntropyMaskBits\": " << c.entropy_mask_bits << ",\n"
    << "  \"StartingPortOffset\": " << c.starting_port_offset << ",\n"
    << "  \"REPSBufferSizeMaskBits\": " << c.reps_buffer_size_mask_bits << ",\n"
    << "  \"EntropyValueSetSize\": " << c.entropy_value_set_size << ",\n"
    << "  \"FreezingTimeout\": " << c.freezing_timeout_ns << ",\n"
    << "  \"FailureDetectionRTTMultiplier\": " << c.failure_detection_rtt_multiplier << ",\n"
    << "  \"InitialBaseRTT\": " << c.initial_base_rtt_ns << ",\n"
    << "  \"LinkRate\": " << c.link_rate_bps << ",\n"
    << "  \"RdmaDataMSS\": " << c.rdma_data_mss << ",\n"
    << "  \"PDCGroupsEnabled\": " << (c.pdc_groups_enabled ? "true" : "false") << ",\n"
    << "  \"Seed\": " << c.seed << "\n}\n";
  return j.str();
}

std::string gtkw_for_groups(const std::string& run_gtkw, unsigned groups) {
  unsigned width = 1;
  while ((1U << width) < groups) ++width;
  const std::string range = "[" + std::to_string(width - 1) + ":0]";
  std::istringstream in(run_gtkw);
  std::ostringstream out;
  std::string line;
  while (std::getline(in, line)) {
    for (const char* port :
         {"open_group_i", "fb_group_i", "req_group_i", "rsp_group_o", "efd_group_o", "dbg_group_i"}) {
      const std::string name = std::string(".") + port + "[";
      const auto at = line.find(name);
      if (at != std::string::npos && line.back() == ']') line = line.substr(0, at + name.size() - 1) + range;
    }
    out << line << '\n';
  }
  return out.str();
}

}  // namespace uetsim
