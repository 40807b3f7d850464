// The fabric's event queue (the calendar, the far heap and the timers' line, in one heap's order) and the
// FIFO its queues are made of.
#include <catch2/catch.hpp>
#include <set>

#include "uetlb/fifo.hpp"
#include "uetsim/events.hpp"

using namespace uetsim;

TEST_CASE("sim events: earliest first, equal times in the order scheduled, each with its own fields", "[sim][parts]") {
  EventQueue q;
  q.push(30, ev::TxDone{7});
  q.push(10, ev::Rto{1, 2, 3});
  q.push(30, ev::MessageStart{4, 0, 0, 0, 0});
  q.push(10, ev::LbTick{5, 6});
  REQUIRE(q.size() == 4);
  Event a = q.pop(), b = q.pop(), c = q.pop(), d = q.pop();
  REQUIRE(q.empty());
  REQUIRE((a.time == 10 && std::get<ev::Rto>(a.body).generation == 3));
  REQUIRE((b.time == 10 && std::get<ev::LbTick>(b.body).deadline == 6));
  REQUIRE((c.time == 30 && std::get<ev::TxDone>(c.body).port == 7));
  REQUIRE((d.time == 30 && std::get<ev::MessageStart>(d.body).message == 4));
  REQUIRE(a.seq < b.seq);
}

TEST_CASE("sim events: the calendar, the far heap and the line leave in one heap's order", "[sim][parts]") {
  // Against a plain ordered set of (time, order): times near and far from the last one popped, ties
  // across the calendar, the heap and the line (timers of one length, some tied with each other), times
  // before the last popped (kept in the heap), and a run that wraps the calendar many times over.
  EventQueue q;
  REQUIRE(q.peek() == nullptr);
  std::set<std::pair<TimeNs, std::uint64_t>> ref;
  std::uint64_t state = 12345, order = 0;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  TimeNs now = 0;
  std::size_t far_pushes = 0, past_pushes = 0, line_pushes = 0, peeked_timers = 0;
  TimeNs line_last = 0;
  for (int step = 0; step < 200000; ++step) {
    if (ref.empty() || next() % 8 < 5) {
      TimeNs at;
      bool in_line = false;
      switch (next() % 7) {
        case 0: at = now; break;
        case 1: at = now + next() % 16; break;
        case 2: at = now + next() % EventQueue::kWheelNs; break;
        case 3: at = now + EventQueue::kWheelNs - 1 - next() % 4; break;
        case 4:
          at = now + EventQueue::kWheelNs + next() % (4 * EventQueue::kWheelNs);
          ++far_pushes;
          break;
        case 5:  // a timer of one length (40 us, or 300 us: beyond the calendar), set now or a little ago
          at = std::max(line_last, now + (next() % 4 == 0 ? 300'000 : 40'000) - next() % 3);
          line_last = at;
          in_line = true;
          ++line_pushes;
          break;
        default:
          at = now > 10 ? now - 1 - next() % 10 : now;
          ++past_pushes;
          break;
      }
      if (in_line) {
        q.push_in_line(at, ev::Rto{static_cast<std::uint32_t>(order), 0, 0});
      } else {
        q.push(at, ev::MessageStart{static_cast<std::uint32_t>(order), 0, 0, 0, 0});
      }
      ref.insert({at, order++});
    } else {
      const auto want = *ref.begin();
      ref.erase(ref.begin());
      REQUIRE(q.top_time() == want.first);
      // peek() shows the body pop() returns next, unless that is a line timer.
      const EventBody* peeked = q.peek();
      const auto* peeked_start = peeked != nullptr ? std::get_if<ev::MessageStart>(peeked) : nullptr;
      const std::uint32_t peeked_order = peeked_start != nullptr ? peeked_start->message : ~0U;
      const Event e = q.pop();
      if (std::holds_alternative<ev::Rto>(e.body)) {
        REQUIRE(peeked == nullptr);
        ++peeked_timers;
      } else {
        REQUIRE(peeked_order == std::get<ev::MessageStart>(e.body).message);
      }
      REQUIRE(e.time == want.first);
      const auto* start = std::get_if<ev::MessageStart>(&e.body);
      REQUIRE((start != nullptr ? start->message : std::get<ev::Rto>(e.body).pdc) ==
              static_cast<std::uint32_t>(want.second));
      now = std::max(now, e.time);
    }
    REQUIRE(q.size() == ref.size());
  }
  REQUIRE(far_pushes > 1000);
  REQUIRE(past_pushes > 1000);
  REQUIRE(line_pushes > 1000);
  REQUIRE(peeked_timers > 100);
  REQUIRE(now > 4 * EventQueue::kWheelNs);  // the calendar wrapped several times
}

TEST_CASE("sim fifo: first in first out, back removal, iteration, storage reclaimed", "[sim][parts]") {
  uetlb::Fifo<int> q;
  REQUIRE(q.empty());
  for (int i = 0; i < 200; ++i) q.push_back(i);
  for (int i = 0; i < 150; ++i) {
    REQUIRE(q.front() == i);
    q.pop_front();
  }
  REQUIRE(q.size() == 50);
  REQUIRE(q[0] == 150);
  int sum = 0, first = -1;
  for (int v : q) {
    if (first < 0) first = v;
    sum += v;
  }
  REQUIRE((first == 150 && sum == (150 + 199) * 50 / 2));  // iteration: front to back
  REQUIRE(q.back() == 199);
  q.pop_back();
  REQUIRE(q.back() == 198);
  q.push_back(7);
  REQUIRE((q.size() == 50 && q[49] == 7));
  while (!q.empty()) q.pop_front();
  q.push_back(1);
  q.pop_back();
  REQUIRE(q.empty());
  q.push_back(2);
  q.push_back(3);
  q.pop_front();
  q.clear();
  REQUIRE((q.empty() && q.begin() == q.end()));
  q.push_back(4);
  REQUIRE((q.front() == 4 && q.size() == 1));
  q.release();
  REQUIRE((q.empty() && q.size() == 0));
}
