// Code compiled ahead of time: a game's bytecode as C++ functions.
//
// `mancala compile RULES --emit cpp` (compile/emit_cpp.cpp) writes every
// piece of a game's code as a C++ function, its operand stack turned into
// locals, calling the same instruction functions as the bytecode executor
// (runtime/ops.hpp). Built into a program, the result is a table of
// NativeCode; attach_native gives a Rules the entry compiled from its own
// code, found by a fingerprint of the code, so that code compiled from an
// older rule file is never run in place of a newer one. The runtime then
// calls the compiled functions wherever it would have run the bytecode, and
// the bytecode for any piece the table lacks. The move pipeline (the
// listing of a simple position, apply, a playout's move: apply.hpp) and
// the lap loop it calls (sow_loop.hpp) are the runtime's own, compiled
// once more with the game's settings as constants (MANCALA_SOW_SETTINGS,
// MANCALA_MOVE_SETTINGS), so that their tests of them fold away, used
// where the settings are the same (a `--set` of another board keeps the
// compiled code, not the compiled pipeline); everything else (other
// positions' listing, look-ahead, search's children) is the same runtime,
// so the two play alike move by move (tests/invariants_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "rules.hpp"

namespace mancala {

struct Machine;

// One piece of code compiled: runs it as the bytecode executor would.
using NativeFn = int64_t (*)(Machine& m);

struct NativeCode {
  const char* game;      // the game's name, for messages
  uint64_t fingerprint;  // code_fingerprint of the Rules it was compiled from
  // Indexed by a piece's entry (CodeRef::entry), one per instruction of
  // Rules::code: its compiled function, or null (the bytecode runs).
  const NativeFn* pieces;
  // The lap loop (sow_loop.hpp) and the move pipeline (apply.hpp) with the
  // settings folded, for Rules whose settings have this
  // settings_fingerprint.
  uint64_t settings_fingerprint;
  Sowing sow;
  Listing legal_moves;
  Applying apply;
  RandomApplying apply_random_move;
};

// Every piece of code the runtime may run (each an entry of Rules::code
// that ends at its Ret), named for messages: what the compiler translates
// and what the tests walk.
std::vector<std::pair<std::string, CodeRef>> code_pieces(const Rules& rules);

// A hash of everything compiled code depends on: the instructions and the
// constants.
uint64_t code_fingerprint(const Rules& rules);

// A hash of the settings (MANCALA_SOW_SETTINGS, MANCALA_MOVE_SETTINGS) on
// which the compiled sowing and apply depend: a board of another size has
// other settings.
uint64_t settings_fingerprint(const Rules& rules);

// Gives `rules` the entry of `table` compiled from its code, and that
// entry's sowing and apply where the settings are those it was compiled
// with; false (and `rules` unchanged) when there is none.
bool attach_native(Rules& rules, std::span<const NativeCode> table);

}  // namespace mancala
