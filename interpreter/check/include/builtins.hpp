// The built-in vocabulary of the rule language: names, functions and
// actions (docs/language.md, sections 5 and 6), built from the one list in
// builtins.def; events are spelled in settings.hpp.
//
// The checker uses these tables to resolve names, check types and decide
// what an event allows, and records the resolved id in the syntax tree
// (ast::Expr::builtin); the compiler takes the instruction (or the constant)
// from the same row, and `describe` its English. A new built-in is added
// once and every stage agrees on its type, on where it may be used and on
// what runs. Where a name is available is a bit set of Contexts; every
// place an expression or a statement can appear in a game is one Context.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "checked.hpp"
#include "rules.hpp"

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
  After,         // moves: forbid after, prefer after (the position a move leads to)
  Direction,     // sowing: direction ... when (the start hole of a move)
  Evaluation,    // evaluation: score
  FromStore,     // moves: from store seeds / into / when (before the move; sees mover)
  Fragment,      // a fragment body checked on its own: everything is available
};
inline constexpr size_t kContextCount = 17;

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

enum class NameId : uint8_t {
#define MANCALA_NAME(Id, ...) Id,
#define MANCALA_CONSTANT(Id, ...) Id,
#include "builtins.def"
};

// Where a name's value comes from.
enum class NameKind : uint8_t {
  Instruction,  // pushed at run time by `op`
  Constant,     // a constant of the game, folded by the compiler
};

struct BuiltinName {
  NameId id;
  std::string_view name;  // "no moves" for the NoMoves expression
  Type type;
  ContextSet contexts;     // the Fragment context is always included
  std::string_view where;  // completes "'x' is only available in ..."
  NameKind kind;
  OpCode op;               // Instruction: what pushes the value
  std::string_view words;  // its meaning in English (describe)
};

enum class FunctionId : uint8_t {
#define MANCALA_FUNCTION(Id, ...) Id,
#include "builtins.def"
};

struct BuiltinFunction {
  FunctionId id;
  std::string_view name;
  std::vector<Type> params;  // the first min_args are required
  size_t min_args;
  Type result;
  ContextSet contexts;          // the Fragment context is always included
  std::string_view where;       // completes "'x' is only available in ..."
  OpCode op;                    // a call with min_args arguments
  OpCode op_more;               // a call with every argument
  bool pure;                    // folded when its arguments are constant
  std::string_view words;       // English, {0} {1} the arguments (describe)
  std::string_view words_more;  // the same for the longer form ("" : words)
};

// Statements that are actions of an event (let, if, while, ... are allowed
// everywhere and are not listed).
enum class ActionId : uint8_t {
#define MANCALA_ACTION(Id, ...) Id,
#include "builtins.def"
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
const BuiltinName& find_name(NameId id);
const BuiltinFunction& find_function(FunctionId id);
const BuiltinFunction* find_function(std::string_view name);
const BuiltinAction& find_action(ActionId id);
std::optional<Event> find_event(std::string_view name);
// The action a statement is, if it is one.
std::optional<ActionId> action_of(const ast::Stmt& stmt);

}  // namespace mancala
