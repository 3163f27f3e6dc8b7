// The compile stage: CheckedGame -> Rules.
//
// Compile cannot fail on user input: the checker has already rejected every
// ill-formed file, so a surprise here is a bug and is asserted. It turns
// the board into tables and every expression and statement into bytecode
// (opcodes.def) for a small stack machine with local slots; constants are
// folded and the common `count(hole) >= 1` start condition is recognised
// for a fast path. dump_pipeline is the stable text form of the result
// (`mancala dump --stage pipeline`): the tables, the flags, then every
// handler's instructions.
#pragma once

#include <memory>
#include <string>

#include "checked.hpp"
#include "rules.hpp"

namespace mancala {

std::shared_ptr<const Rules> compile(const CheckedGame& game);

std::string dump_pipeline(const Rules& rules);

}  // namespace mancala
