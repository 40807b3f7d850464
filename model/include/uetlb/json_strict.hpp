// JSON as the project's readers take it: one document, no key twice in an object, numbers that fit, no
// NUL byte; every refusal a ConfigError naming the source and what is wrong. (Header-only: it needs
// nlohmann/json, which the model's public interface does not.)
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "uetlb/config.hpp"

namespace uetlb {

inline nlohmann::json parse_json_strict(const std::string& text, const std::string& source) {
  using json = nlohmann::json;
  const auto nul = text.find('\0');
  if (nul != std::string::npos) {
    throw ConfigError(source + ": byte " + std::to_string(nul + 1) + " is a NUL byte, not JSON text");
  }
  // Keys seen in each open object (a stack, one set per nesting level); the first repeated key is named.
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  const json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    if (event == json::parse_event_t::key && !keys.empty() && duplicate.empty()) {
      const std::string k = parsed.get<std::string>();
      if (!keys.back().insert(k).second) duplicate = k;
    }
    return true;
  };
  json doc;
  try {
    doc = json::parse(text, check);
  } catch (const json::parse_error& e) {
    throw ConfigError(source + ": malformed JSON: " + e.what());
  } catch (const json::out_of_range& e) {
    throw ConfigError(source + ": a number does not fit a 64-bit value (" + e.what() + ")");
  } catch (const json::exception& e) {
    throw ConfigError(source + ": unreadable JSON: " + e.what());
  }
  if (!duplicate.empty()) {
    throw ConfigError(source + ": key '" + duplicate + "' is given twice in one object; give each key once");
  }
  return doc;
}

}  // namespace uetlb
