// The stimulus file that drives every engine, and the records the runner writes (SPEC sections 11, 13).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "uetlb/engine.hpp"

namespace uetlb {

/// A malformed or inconsistent stimulus row. The message starts with "FILE:LINE:".
class StimulusError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One stimulus row: `time_ns,group,event,value,psn`.
struct StimulusRow {
  std::size_t line = 0;  ///< 1-based line number in the file
  TimeNs time = 0;
  GroupId group = 0;
  bool base_rtt = false;  ///< a `base_rtt` row (then `event` is unused)
  EventKind event = EventKind::Open;
  std::optional<std::uint64_t> value;
  std::optional<Psn> psn;
};

inline constexpr const char* kStimulusHeader = "time_ns,group,event,value,psn";
inline constexpr const char* kTraceHeader = "seq,time_ns,group,event,entropy_value,psn,decision";
inline constexpr const char* kMonitorHeader = "time_ns,nic,group,psn,direction,entropy_value,decision,bytes";

/// A whole number in 0..max written with decimal digits only (no sign, space or leading '+'), or nullopt:
/// how every CSV reader of the project reads a numeric field.
std::optional<std::uint64_t> parse_uint(std::string_view s, std::uint64_t max);

/// The longest line a CSV reader takes (a stimulus row is under 60 bytes): a longer one, such as what a
/// pipe from /dev/zero gives, is refused instead of buffered without end.
inline constexpr std::size_t kMaxLineBytes = 1 << 16;

enum class LineRead { End, Line, TooLong };
/// std::getline with a bound: the next line (without its '\n') into `line`, End at the end of the input,
/// or TooLong when the line passes `max` bytes (the rest of it unread).
LineRead read_line(std::istream& in, std::string& line, std::size_t max = kMaxLineBytes);

/// Parses a whole stimulus; `source` names the file in messages.
std::vector<StimulusRow> read_stimulus(std::istream& in, const std::string& source);
std::vector<StimulusRow> read_stimulus_file(const std::string& path);

/// Writes the LB trace (SPEC section 11).
void write_trace_row(std::ostream& out, const TraceRow& row);
/// Writes one uet-monitor row for a tx/retx trace row.
void write_monitor_row(std::ostream& out, const TraceRow& row, unsigned nic, std::uint32_t bytes);

/// Drives an engine with a stimulus, in row order, then finishes it. Feedback without a value echoes the
/// entropy value last sent for (group, psn); feedback for a psn never sent without a value is an error.
/// `before_row`, when set, is called with each row's index before the row is applied (tests use it to
/// inject faults between events).
void run_stimulus(Engine& engine, const std::vector<StimulusRow>& rows, const std::string& source,
                  const std::function<void(std::size_t)>& before_row = {});

}  // namespace uetlb
