// A list of moves as typed on the command line ("6,3,pass,2"), for
// `replay --moves`. A library function rather than the CLI's own so that
// the fuzz target reaches it (docs/fuzzing.md).
#pragma once

#include <string>
#include <vector>

#include "expected.hpp"
#include "state.hpp"

namespace mancala {

// The moves of a comma-separated list, each a move name (parse_move: a
// hole 1..2*side, 1..side with one row, f3 or b3 on four rows) or `pass`;
// `names` is the game's (Rules::move_names()); "" is no moves. The error
// names the move's position and word: "--moves: move 2 is 'x'; expected a
// hole 1..12 ... or 'pass'".
Expected<std::vector<Move>> parse_move_list(const std::string& text, MoveNames names);

}  // namespace mancala
