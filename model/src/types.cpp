#include "uetlb/types.hpp"

#include <array>
#include <utility>

namespace uetlb {
namespace {

constexpr std::array<std::pair<SprayingType, const char*>, 3> kSprayingNames{{
    {SprayingType::None, "None"},
    {SprayingType::Default, "Default Packet Spraying"},
    {SprayingType::Reps, "Recycled Entropy Packet Spraying"},
}};

constexpr std::array<std::pair<EventKind, const char*>, 9> kEventNames{{
    {EventKind::Open, "open"},
    {EventKind::Tx, "tx"},
    {EventKind::Retx, "retx"},
    {EventKind::Ack, "ack"},
    {EventKind::AckEcn, "ack_ecn"},
    {EventKind::NackTrim, "nack_trim"},
    {EventKind::NackTrimLastHop, "nack_trim_last_hop"},
    {EventKind::Rto, "rto"},
    {EventKind::Efd, "efd"},
}};

constexpr std::array<std::pair<Decision, const char*>, 5> kDecisionNames{{
    {Decision::Fixed, "fixed"},
    {Decision::RoundRobin, "round_robin"},
    {Decision::Reuse, "reuse"},
    {Decision::Replay, "replay"},
    {Decision::Explore, "explore"},
}};

template <typename E, std::size_t N>
const char* name_of(const std::array<std::pair<E, const char*>, N>& table, E value) {
  for (const auto& [e, name] : table) {
    if (e == value) return name;
  }
  return "?";
}

template <typename E, std::size_t N>
std::optional<E> value_of(const std::array<std::pair<E, const char*>, N>& table, std::string_view s) {
  for (const auto& [e, name] : table) {
    if (s == name) return e;
  }
  return std::nullopt;
}

}  // namespace

const char* to_string(SprayingType t) {
  return name_of(kSprayingNames, t);
}
const char* to_string(EventKind e) {
  return name_of(kEventNames, e);
}
const char* to_string(Decision d) {
  return name_of(kDecisionNames, d);
}
const char* to_string(FeedbackKind f) {
  return to_string(to_event(f));
}

EventKind to_event(FeedbackKind f) {
  switch (f) {
    case FeedbackKind::Ack: return EventKind::Ack;
    case FeedbackKind::AckEcn: return EventKind::AckEcn;
    case FeedbackKind::NackTrim: return EventKind::NackTrim;
    case FeedbackKind::NackTrimLastHop: return EventKind::NackTrimLastHop;
    case FeedbackKind::Rto: return EventKind::Rto;
  }
  return EventKind::Rto;
}

std::optional<FeedbackKind> to_feedback(EventKind e) {
  switch (e) {
    case EventKind::Ack: return FeedbackKind::Ack;
    case EventKind::AckEcn: return FeedbackKind::AckEcn;
    case EventKind::NackTrim: return FeedbackKind::NackTrim;
    case EventKind::NackTrimLastHop: return FeedbackKind::NackTrimLastHop;
    case EventKind::Rto: return FeedbackKind::Rto;
    default: return std::nullopt;
  }
}

std::optional<SprayingType> parse_spraying_type(std::string_view s) {
  return value_of(kSprayingNames, s);
}
std::optional<EventKind> parse_event(std::string_view s) {
  return value_of(kEventNames, s);
}
std::optional<Decision> parse_decision(std::string_view s) {
  return value_of(kDecisionNames, s);
}

}  // namespace uetlb
