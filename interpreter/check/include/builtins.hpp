// The built-in vocabulary of the rule language: names, functions, events
// and actions (docs/language.md, sections 4 to 6), in one table.
//
// The checker uses these tables to resolve names, check types and decide
// what an event allows; the compiler uses the same tables (through the Id
// enums) to map a name to an operation. Keeping them in one place means a
// new built-in is added once and both stages agree on its type and on where
// it may be used. Where a name is available is a bit set of Contexts; every
// place an expression or a statement can appear in a game is one Context.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "checked.hpp"

namespace mancala {

// Where an expression or statement is being checked.
enum class Context : uint32_t {
  Pickup,        // on pickup
  Drop,          // on drop
  LapEnd,        // on lap_end
  SowEnd,        // on sow_end
  Captures,      // on captures
  Moves,         // moves: from own holes where / forbid when
  PassWhen,      // moves: pass when
  Skip,          // sowing: skip when
  Relay,         // sowing: relay ... when
  End,           // end: clause conditions and blocks
  EndlessBlock,  // sowing: endless ends { ... }
  Match,         // match: ends when
  Evaluation,    // evaluation: score
  Fragment,      // a fragment body checked on its own: everything is available
};
inline constexpr size_t kContextCount = 14;

using ContextSet = uint32_t;
constexpr ContextSet ctx(Context c) {
  return ContextSet{1} << static_cast<uint32_t>(c);
}
template <typename... Cs>
constexpr ContextSet ctxs(Cs... cs) {
  return (ctx(cs) | ...);
}
inline constexpr ContextSet kAllContexts = (ContextSet{1} << kContextCount) - 1;

// "a sow_end handler", "the moves section", ... (for "this is ..." messages).
const char* context_description(Context c);
// The Context of a handler event.
Context event_context(Event e);

enum class NameId {
  Mover,
  Opponent,
  South,
  North,
  Here,
  Origin,
  Hole,
  Last,
  Lap,
  Captured,
  BoardSeeds,
  Total,
  Seeds,
  Holes,
  Round,
  LastCaptor,
  NoMoves,
  EmptyRow,
};

struct BuiltinName {
  NameId id;
  std::string_view name;  // "no moves" for the NoMoves expression
  Type type;
  ContextSet contexts;     // the Fragment context is always included
  std::string_view where;  // completes "'x' is only available in ..."
};

enum class FunctionId {
  Count,
  Store,
  RowSeeds,
  ControlledSeeds,
  Next,
  Prev,
  Opposite,
  Owner,
  Side,
  Own,
  Opponents,
  IsStore,
  Number,
  Min,
  Max,
  Abs,
};

struct BuiltinFunction {
  FunctionId id;
  std::string_view name;
  std::vector<Type> params;  // the first min_args are required
  size_t min_args;
  Type result;
};

// Statements that are actions of an event (let, if, while, ... are allowed
// everywhere and are not listed).
enum class ActionId {
  CaptureHole,   // capture H to P / owners
  CaptureBoard,  // capture board to P / owners
  Remove,
  ExtraTurn,
  Stop,
  Relay,
  Leave,
  Cancel,
  Draw,
};

struct BuiltinAction {
  ActionId id;
  std::string_view name;  // as written in messages: "capture", "capture board"
  ContextSet contexts;
  std::string_view where;  // completes "x is only allowed in ..."
};

struct EventInfo {
  Event event;
  std::string_view name;
};

const std::vector<BuiltinName>& builtin_names();
const std::vector<BuiltinFunction>& builtin_functions();
const std::vector<BuiltinAction>& builtin_actions();
const std::vector<EventInfo>& events();

const BuiltinName* find_name(std::string_view name);
const BuiltinName* find_name(NameId id);
const BuiltinFunction* find_function(std::string_view name);
const BuiltinAction& find_action(ActionId id);
std::optional<Event> find_event(std::string_view name);
// The action a statement is, if it is one.
std::optional<ActionId> action_of(const ast::Stmt& stmt);

// The reserved words of docs/language.md, section 1.
bool is_keyword(std::string_view word);

}  // namespace mancala
