#include "uetlb/stimulus.hpp"

#include <fstream>
#include <limits>
#include <ostream>
#include <string_view>
#include <unordered_map>

#include "uetlb/config.hpp"  // uetlb::shown
#include "uetlb/output.hpp"

namespace uetlb {
namespace {

[[noreturn]] void bad_row(const std::string& source, std::size_t line, const std::string& what) {
  throw StimulusError(source + ":" + std::to_string(line) + ": " + what);
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i == line.size() || line[i] == ',') {
      out.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::uint64_t field(const std::string& source, std::size_t line, std::string_view text, const char* name,
                    std::uint64_t max) {
  const auto v = parse_uint(text, max);
  if (!v) {
    bad_row(source, line, std::string(name) + " '" + shown(text) + "' is not an integer in 0.." + std::to_string(max));
  }
  return *v;
}

}  // namespace

std::optional<std::uint64_t> parse_uint(std::string_view s, std::uint64_t max) {
  if (s.empty() || s.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto d = static_cast<std::uint64_t>(c - '0');
    // v * 10 + d <= max, without wrapping: d itself may exceed max (a one-digit value over a small max).
    if (d > max || v > (max - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  return v;
}

LineRead read_line(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  std::streambuf* sb = in.rdbuf();
  for (;;) {
    const auto c = sb->sbumpc();
    if (std::char_traits<char>::eq_int_type(c, std::char_traits<char>::eof())) {
      in.setstate(std::ios::eofbit);
      return line.empty() ? LineRead::End : LineRead::Line;
    }
    if (c == '\n') return LineRead::Line;
    if (line.size() >= max) return LineRead::TooLong;
    line.push_back(static_cast<char>(c));
  }
}

std::vector<StimulusRow> read_stimulus(std::istream& in, const std::string& source) {
  std::vector<StimulusRow> rows;
  std::string line;
  std::size_t n = 0;
  // The next line, or false at the end; a line past kMaxLineBytes is refused.
  const auto next_line = [&]() {
    const LineRead r = read_line(in, line);
    if (r == LineRead::TooLong) {
      bad_row(source, n + 1, "the line is longer than " + std::to_string(kMaxLineBytes) + " bytes (not a stimulus)");
    }
    return r == LineRead::Line;
  };
  if (!next_line()) throw StimulusError(source + ": empty stimulus (expected header '" + kStimulusHeader + "')");
  ++n;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark, as the JSON readers take
  if (line != kStimulusHeader) bad_row(source, n, "header must be '" + std::string(kStimulusHeader) + "'");

  TimeNs last_time = 0;
  while (next_line()) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto f = split(line);
    if (f.size() != 5) {
      bad_row(source, n, "expected 5 fields (" + std::string(kStimulusHeader) + "), found " + std::to_string(f.size()));
    }
    StimulusRow r;
    r.line = n;
    r.time = field(source, n, f[0], "time_ns", std::numeric_limits<std::int64_t>::max());
    if (r.time < last_time) {
      bad_row(source, n,
              "time_ns " + std::to_string(r.time) + " is before the previous row's " + std::to_string(last_time) +
                  " (rows must be in non-decreasing time)");
    }
    last_time = r.time;
    const std::string_view ev = f[2];
    if (ev == "base_rtt") {
      r.base_rtt = true;
      if (!f[1].empty()) field(source, n, f[1], "group", std::numeric_limits<GroupId>::max());
      r.value = field(source, n, f[3], "value (base RTT in ns)", std::numeric_limits<std::int64_t>::max());
      if (*r.value == 0) bad_row(source, n, "base_rtt value must be > 0 ns");
      if (!f[4].empty()) bad_row(source, n, "psn must be empty for base_rtt");
      rows.push_back(r);
      continue;
    }
    const auto kind = parse_event(ev);
    if (!kind || *kind == EventKind::Efd) {
      bad_row(source, n,
              "event '" + shown(ev) +
                  "' is not one of open, tx, retx, ack, ack_ecn, nack_trim, nack_trim_last_hop, rto, base_rtt");
    }
    r.event = *kind;
    r.group = static_cast<GroupId>(field(source, n, f[1], "group", std::numeric_limits<GroupId>::max()));
    if (r.event == EventKind::Open) {
      r.value = field(source, n, f[3], "value (local port)", 65535);
      if (!f[4].empty()) bad_row(source, n, "psn must be empty for open");
    } else {
      r.psn = static_cast<Psn>(field(source, n, f[4], "psn", std::numeric_limits<Psn>::max()));
      if (r.event == EventKind::Tx || r.event == EventKind::Retx) {
        if (!f[3].empty())
          bad_row(source, n, "value must be empty for " + std::string(ev) + " (the load balancer chooses)");
      } else if (!f[3].empty()) {
        r.value = field(source, n, f[3], "value (entropy value)", 65535);
      }
    }
    rows.push_back(r);
  }
  return rows;
}

std::vector<StimulusRow> read_stimulus_file(const std::string& path) {
  const std::string problem = output::unreadable(path);
  if (!problem.empty()) throw StimulusError("stimulus file '" + path + "' " + problem);
  std::ifstream in(path);
  if (!in) throw StimulusError(path + ": cannot open stimulus file");
  return read_stimulus(in, path);
}

void write_trace_row(std::ostream& out, const TraceRow& r) {
  out << r.seq << ',' << r.time << ',' << r.group << ',' << to_string(r.event) << ',' << r.ev << ',';
  if (r.psn) out << *r.psn;
  out << ',';
  if (r.decision) out << to_string(*r.decision);
  out << '\n';
}

void write_monitor_row(std::ostream& out, const TraceRow& r, unsigned nic, std::uint32_t bytes) {
  out << r.time << ',' << nic << ',' << r.group << ',' << (r.psn ? *r.psn : 0) << ','
      << (r.event == EventKind::Retx ? "ReTx" : "Tx") << ',' << r.ev << ','
      << (r.decision ? to_string(*r.decision) : "") << ',' << bytes << '\n';
}

void run_stimulus(Engine& engine, const std::vector<StimulusRow>& rows, const std::string& source,
                  const std::function<void(std::size_t)>& before_row) {
  // The entropy value last sent for (group, psn), for feedback rows that leave the value empty.
  std::unordered_map<std::uint64_t, EntropyValue> last_sent;
  const auto key = [](GroupId g, Psn p) { return (static_cast<std::uint64_t>(g) << 32) | p; };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StimulusRow& r = rows[i];
    if (before_row) before_row(i);
    try {
      if (r.base_rtt) {
        engine.set_base_rtt(r.time, *r.value);
        continue;
      }
      switch (r.event) {
        case EventKind::Open: engine.open(r.time, r.group, static_cast<EntropyValue>(*r.value)); break;
        case EventKind::Tx:
        case EventKind::Retx: {
          const Choice c = engine.request(r.time, r.group, *r.psn, r.event == EventKind::Retx);
          last_sent[key(r.group, *r.psn)] = c.ev;
          break;
        }
        default: {
          EntropyValue ev = 0;
          if (r.value) {
            ev = static_cast<EntropyValue>(*r.value);
          } else {
            const auto it = last_sent.find(key(r.group, *r.psn));
            if (it == last_sent.end()) {
              bad_row(source, r.line,
                      std::string(to_string(r.event)) + " for group " + std::to_string(r.group) + " psn " +
                          std::to_string(*r.psn) + " has no value and that psn was never sent");
            }
            ev = it->second;
          }
          engine.feedback(r.time, r.group, *to_feedback(r.event), ev, *r.psn);
          break;
        }
      }
    } catch (const UsageError& e) {
      bad_row(source, r.line, e.what());
    }
  }
  engine.finish();
}

}  // namespace uetlb
