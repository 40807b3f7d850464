// Basic vocabulary of the load balancer: times, identifiers, event kinds and decisions (SPEC sections 1, 11).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace uetlb {

using TimeNs = std::uint64_t;        ///< nanoseconds, unsigned (SPEC section 1)
using GroupId = std::uint32_t;       ///< PDC group number
using Psn = std::uint32_t;           ///< packet sequence number
using EntropyValue = std::uint16_t;  ///< 16-bit UDP source port

/// PacketSprayingType (SPEC section 2).
enum class SprayingType { None, Default, Reps };

/// Every event the load balancer applies, as named in the LB trace (SPEC section 11).
enum class EventKind { Open, Tx, Retx, Ack, AckEcn, NackTrim, NackTrimLastHop, Rto, Efd };

/// Feedback a group receives (SPEC section 1). `efd` is generated inside the model, not fed.
enum class FeedbackKind { Ack, AckEcn, NackTrim, NackTrimLastHop, Rto };

/// How a request's entropy value was chosen (SPEC section 11).
enum class Decision { Fixed, RoundRobin, Reuse, Replay, Explore };

/// The answer to one request.
struct Choice {
  EntropyValue ev = 0;
  Decision decision = Decision::Fixed;
  bool operator==(const Choice& o) const { return ev == o.ev && decision == o.decision; }
};

/// One row of the LB trace (SPEC section 11).
struct TraceRow {
  std::uint64_t seq = 0;
  TimeNs time = 0;
  GroupId group = 0;
  EventKind event = EventKind::Open;
  EntropyValue ev = 0;
  std::optional<Psn> psn;
  std::optional<Decision> decision;
};

const char* to_string(SprayingType t);
const char* to_string(EventKind e);
const char* to_string(FeedbackKind f);
const char* to_string(Decision d);
EventKind to_event(FeedbackKind f);

/// Parsers: return std::nullopt for an unknown name.
std::optional<SprayingType> parse_spraying_type(std::string_view s);
std::optional<EventKind> parse_event(std::string_view s);
std::optional<Decision> parse_decision(std::string_view s);
std::optional<FeedbackKind> to_feedback(EventKind e);

}  // namespace uetlb
