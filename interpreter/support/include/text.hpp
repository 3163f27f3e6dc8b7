// Text helpers shared by every stage and tool: spelling suggestions and
// lists in words.
//
// The project answers every unknown word (a name in a rule file, a flag, a
// command, an agent, a YAML key) with the same "did you mean" rule, and
// writes every list for people ("a, b or c", "1, 3, pass") with the same
// joiner, so each lives here once; see suggest.cpp for why the suggestion
// rule is shaped as it is.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

// The closest candidate to `name` by edit distance, or "" when none is
// close enough (distance <= max(1, len/3)). Ties go to the earlier candidate.
std::string suggest(std::string_view name, const std::vector<std::string>& candidates);

// "; did you mean 'x'?" for the closest candidate, or "".
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

// The items with `sep` between them, except `last_sep` between the last
// two: join({"a", "b", "c"}, ", ", " or ") == "a, b or c". "" when empty.
std::string join(const std::vector<std::string>& items, std::string_view sep,
                 std::string_view last_sep);
// "10,000": a count with its thousands grouped, for sentences people read.
std::string with_thousands(int64_t n);

inline std::string join(const std::vector<std::string>& items, std::string_view sep) {
  return join(items, sep, sep);
}

}  // namespace mancala
