// The JSON line written after each move (`replay --format jsonl`, and game
// records later).
//
// The shape is fixed by the reference games of tests/reference: keys
// in one order, no spaces, rows in each player's own hole order 1..N. It
// is written with the project's own JsonWriter (json.hpp, compact layout)
// rather than through a JSON library because byte-for-byte equality with
// those records is the contract, and the values are only integers and a
// few fixed words.
#pragma once

#include <string>

#include "rules.hpp"
#include "runtime.hpp"
#include "state.hpp"

namespace mancala {

// One move of one game: who moved, what, and what the move did.
struct MoveRecord {
  int game = 0;  // the `game` key: numbers games within a file
  int ply = 1;   // 1-based, across rounds
  Player mover = Player::South;
  Move move{};
};

// The JSON object (without a newline) for the position `after` reached by
// `record.move`; `info` is what apply returned for that move.
std::string position_json(const Rules& rules, const MoveRecord& record, const State& after,
                          const ApplyInfo& info);

// "south", "north" or "draw" (a tie; also used for a missing winner); in a
// one-player game "won" or "lost".
const char* winner_word(const Rules& rules, Winner w);

}  // namespace mancala
