// Whether a game's future depends on the seeds already in the stores.
//
// In a game such as Kalah nothing after a position reads how many seeds
// the stores hold: the final margin is the current store difference plus
// a "future margin" that depends on the rest of the position alone, so an
// exact solver (solve.hpp) and an endgame database (egtb.hpp) may key a
// position without its stores. store_dependence proves this from the
// compiled Rules (settings and bytecode, store_free.cpp says how), and is
// conservative: any doubt is a reason. Only the runtime's public Rules.
#pragma once

#include <string>

#include "rules.hpp"

namespace mancala {

// "" when the rest of a game provably cannot depend on the stores' counts
// and the result is decided by comparing the stores (so a better margin is
// a better result); otherwise why not, in a few words.
std::string store_dependence(const Rules& rules);

}  // namespace mancala
