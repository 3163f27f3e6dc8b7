// Plain-English explanation of a checked game (`mancala describe`).
//
// A rule designer reads this to see whether a file says what they meant,
// so it follows the order in which a turn runs (board and setup, which
// moves are legal, how seeds are sown, what each event does, how the game
// or round ends, the match) and words every clause and statement from the
// checked game itself: there is no per-game text. Expressions are put into
// words by pattern (`count(here) == 4` -> "the hole holds exactly 4
// seeds"); a form without a pattern is quoted as written, so nothing is
// ever left out or invented.
#pragma once

#include <string>
#include <vector>

#include "checked.hpp"
#include "source.hpp"

namespace mancala {

std::string describe(const CheckedGame& game, const SourceSet& sources);

// Each end clause's condition in words, in the order of the end section
// (and of Rules::end): "a row is empty", "100 moves in a row have captured
// nothing", ... For telling a player why a game or round ended.
std::vector<std::string> end_reasons(const CheckedGame& game, const SourceSet& sources);

// The match section's `ends when` condition in words ("the smaller of
// South's store and North's store is less than ..."); "" when there is none.
std::string match_end_reason(const CheckedGame& game, const SourceSet& sources);

}  // namespace mancala
