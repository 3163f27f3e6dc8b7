// JSON output: the one place that spells JSON strings.
//
// Every JSON the tool prints (diagnostics, positions, records, reports) is
// built with json_string for its strings, so that escaping and invalid
// UTF-8 are handled the same way everywhere and the output always parses.
#pragma once

#include <string>
#include <string_view>

namespace mancala {

// `s` as a JSON string literal, quotes included: control characters
// escaped, and bytes that are not valid UTF-8 written as U+FFFD, so that the
// result is always valid JSON.
std::string json_string(std::string_view s);

}  // namespace mancala
