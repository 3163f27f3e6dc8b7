// Text helpers shared by every stage and tool: spelling suggestions.
//
// The project answers every unknown word (a name in a rule file, a flag, a
// command, an agent, a YAML key) with the same "did you mean" rule, so the
// rule lives here once; see suggest.cpp for why it is shaped as it is.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mancala {

// The closest candidate to `name` by edit distance, or "" when none is
// close enough (distance <= max(1, len/3)). Ties go to the earlier candidate.
std::string suggest(std::string_view name, const std::vector<std::string>& candidates);

// "; did you mean 'x'?" for the closest candidate, or "".
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace mancala
