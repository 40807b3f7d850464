// The parsers against hostile input (issue 69): limits that must not wrap, nesting that must not overflow
// the stack, and error messages that stay one readable line whatever the input holds.
#include <catch2/catch.hpp>
#include <limits>
#include <sstream>
#include <string>

#include "uetlb/config.hpp"
#include "uetlb/stimulus.hpp"

using namespace uetlb;

namespace {

std::string config_error(const std::string& text) {
  try {
    Config::from_json(text, "bad.json");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("parse_uint: a one-digit value above a small limit is refused", "[parsers][hostile]") {
  // (max - d) wrapped for d > max: "5" passed a limit of 3 (a host of a 4-host fabric).
  for (std::uint64_t max = 0; max < 30; ++max) {
    for (std::uint64_t v = 0; v < 100; ++v) {
      INFO("max " << max << ", value " << v);
      const auto got = parse_uint(std::to_string(v), max);
      if (v <= max) {
        REQUIRE(got == v);
      } else {
        REQUIRE_FALSE(got);
      }
    }
  }
  constexpr auto kTop = std::numeric_limits<std::uint64_t>::max();
  REQUIRE(parse_uint("18446744073709551615", kTop) == kTop);
  REQUIRE_FALSE(parse_uint("18446744073709551616", kTop));
  REQUIRE_FALSE(parse_uint("18446744073709551615", kTop - 1));
  REQUIRE(parse_uint("18446744073709551614", kTop - 1) == kTop - 1);
  REQUIRE_FALSE(parse_uint("+8", 9));
  REQUIRE_FALSE(parse_uint(" 8", 9));
}

TEST_CASE("JSON nested 100,000 deep is refused with its depth, not a crash", "[parsers][hostile]") {
  const std::size_t deep = 100'000;
  // Complete documents, so the parser succeeds and the error path (an echo of the value) walks them.
  const std::string arrays = "{\"EntropyMaskBits\":" + std::string(deep, '[') + std::string(deep, ']') + "}";
  REQUIRE_THAT(config_error(arrays), Catch::Contains("bad.json: arrays and objects are nested more than 64 deep"));
  std::string objects;
  for (std::size_t i = 0; i < deep; ++i) objects += "{\"a\":";
  objects += "1" + std::string(deep, '}');
  REQUIRE_THAT(config_error(objects), Catch::Contains("nested more than 64 deep"));
  // Within the bound the value's own error stands.
  REQUIRE_THAT(config_error("{\"EntropyMaskBits\":[[[1]]]}"), Catch::Contains("'EntropyMaskBits'"));
}

TEST_CASE("Error messages show a bounded, escaped excerpt of the value", "[parsers][hostile]") {
  const std::string huge(10'000'000, 'A');
  const std::string e1 = config_error("{\"LinkRate\":\"" + huge + "\"}");
  REQUIRE_THAT(e1, Catch::Contains("'LinkRate'"));
  REQUIRE_THAT(e1, Catch::Contains("(10000000 bytes)"));
  REQUIRE(e1.size() < 400);
  const std::string e2 = config_error("{\"PacketSprayingType\":\"" + huge + "\"}");
  REQUIRE_THAT(e2, Catch::Contains("'PacketSprayingType'"));
  REQUIRE(e2.size() < 400);
  const std::string e3 = config_error("{\"Seed\":[" + std::string(1000, '1') + "]}");
  REQUIRE(e3.size() < 400);
  // An escape code reaches the terminal as text.
  const std::string e4 = config_error("{\"LinkRate\":\"\\u001b[2J\"}");
  REQUIRE(e4.find('\x1b') == std::string::npos);
  REQUIRE_THAT(e4, Catch::Contains("\\x1b[2J"));
}

TEST_CASE("Stimulus errors show a bounded, escaped excerpt of the field", "[parsers][hostile]") {
  auto error = [](const std::string& text) {
    std::istringstream in(text);
    try {
      read_stimulus(in, "s.csv");
    } catch (const StimulusError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string header = std::string(kStimulusHeader) + "\n";
  const std::string e1 = error(header + "0,0,open," + std::string(60'000, '7') + "x,\n");
  REQUIRE_THAT(e1, Catch::Contains("s.csv:2: value (local port) '777"));
  REQUIRE_THAT(e1, Catch::Contains("(60001 bytes)"));
  REQUIRE(e1.size() < 400);
  const std::string e2 = error(header + "0,0,\x1b]0;owned\x07" + std::string(60'000, 'e') + ",,\n");
  REQUIRE_THAT(e2, Catch::Contains("event '\\x1b]0;owned\\x07eee"));
  REQUIRE(e2.size() < 600);
  REQUIRE(e2.find('\x1b') == std::string::npos);
  // A line past the bound is refused by line number, not buffered.
  REQUIRE_THAT(error(header + std::string(100'000, '0') + "\n"),
               Catch::Contains("s.csv:2: the line is longer than 65536 bytes"));
}
