// The fabric's containers on their own: the completion-time statistics and a NIC's peer table, each
// against a plain reference (a sorted vector, a std::map).
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <vector>

#include "uetsim/fct_stats.hpp"
#include "uetsim/peer_table.hpp"

using namespace uetsim;

TEST_CASE("sim completion times: every order statistic equals the sorted times' (short and long)", "[sim][parts]") {
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> all;
  FctStats st;
  for (int i = 0; i < 20000; ++i) {
    // Mostly a few microseconds, some past the per-nanosecond counts, a few at their edge.
    const std::uint64_t t = i % 97 == 0   ? FctStats::kDense - 1 + rng() % 3
                            : i % 13 == 0 ? FctStats::kDense + rng() % 50'000'000
                                          : 1'000 + rng() % 9'000;
    all.push_back(t);
    st.add(t);
  }
  std::sort(all.begin(), all.end());
  REQUIRE(st.count() == all.size());
  unsigned __int128 total = 0;
  for (std::uint64_t t : all) total += t;
  REQUIRE(st.total() == total);
  for (std::uint64_t k : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{9999}, std::uint64_t{18000},
                          std::uint64_t{19800}, std::uint64_t{19999}}) {
    INFO("k = " << k);
    REQUIRE(st.kth(k) == all[k]);
  }
  FctStats one;
  one.add(0);
  REQUIRE(one.kth(0) == 0);
}

TEST_CASE("sim peer table: entries found, kept and erased as a map's would be, past its near slots", "[sim][parts]") {
  std::mt19937_64 rng(11);
  PeerTable t;
  std::map<std::uint32_t, std::uint32_t> ref;  // host -> in_flight
  for (int i = 0; i < 200000; ++i) {
    const auto host = static_cast<std::uint32_t>(rng() % (i < 100000 ? 6 : 300));  // few peers, then many
    if (rng() % 3 == 0) {
      t.erase(host);
      ref.erase(host);
    } else {
      Peer& p = t.at(host);
      REQUIRE(p.in_flight == (ref.count(host) ? ref[host] : 0));
      ref[host] = ++p.in_flight;
    }
    const auto probe = static_cast<std::uint32_t>(rng() % 300);
    const Peer* q = t.find(probe);
    REQUIRE((q != nullptr) == (ref.count(probe) == 1));
    if (q != nullptr) REQUIRE(q->in_flight == ref[probe]);
  }
}
