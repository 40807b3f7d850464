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

/// The deepest nesting of arrays and objects a document may have (the project's files use 3 or 4
/// levels; a bound keeps every recursive walk of the document, such as dump(), off the stack's limit).
inline constexpr int kMaxJsonDepth = 64;

/// A JSON value as an error message shows it: bounded and with control bytes escaped (uetlb::shown).
inline std::string json_brief(const nlohmann::json& v) {
  if (v.is_array()) return "an array of " + std::to_string(v.size());
  if (v.is_object()) return "an object of " + std::to_string(v.size()) + " keys";
  if (v.is_string()) return "\"" + shown(v.get_ref<const std::string&>()) + "\"";
  return v.dump();
}

inline nlohmann::json parse_json_strict(const std::string& text, const std::string& source) {
  using json = nlohmann::json;
  const auto nul = text.find('\0');
  if (nul != std::string::npos) {
    throw ConfigError(source + ": byte " + std::to_string(nul + 1) + " is a NUL byte, not JSON text");
  }
  // Keys seen in each open object (a stack, one set per nesting level); the first repeated key is named.
  std::vector<std::set<std::string>> keys;
  std::string duplicate;
  const json::parser_callback_t check = [&](int depth, json::parse_event_t event, json& parsed) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= kMaxJsonDepth) {
      throw ConfigError(source + ": arrays and objects are nested more than " + std::to_string(kMaxJsonDepth) +
                        " deep; the project's files need 4 levels at most");
    }
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
    throw ConfigError(source + ": malformed JSON: " + shown(e.what(), 240));
  } catch (const json::out_of_range& e) {
    throw ConfigError(source + ": a number does not fit a 64-bit value (" + shown(e.what(), 240) + ")");
  } catch (const json::exception& e) {
    throw ConfigError(source + ": unreadable JSON: " + shown(e.what(), 240));
  }
  if (!duplicate.empty()) {
    throw ConfigError(source + ": key '" + duplicate + "' is given twice in one object; give each key once");
  }
  return doc;
}

}  // namespace uetlb
