// Compiled rules -> C++ (`mancala compile RULES --emit cpp`).
//
// emit_cpp writes one translation unit holding, for each game given, every
// piece of its code (handlers, conditions, end clauses: each CodeRef of
// Rules) as a C++ function, and a table of NativeCode (runtime/native.hpp)
// returned by `std::span<const mancala::NativeCode> FUNCTION()`. The
// unit is built with the runtime's private headers (it calls the
// instruction functions of runtime/ops.hpp); docs/performance.md says how.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "rules.hpp"

namespace mancala {

struct EmitGame {
  std::string source;  // the rule file it came from, for the header comment
  const Rules* rules = nullptr;
};

std::string emit_cpp(std::span<const EmitGame> games, std::string_view function);

}  // namespace mancala
