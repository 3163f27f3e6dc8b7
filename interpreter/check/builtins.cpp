// The tables of built-in names, functions, actions and events (see
// builtins.hpp). They are written as data, in the order of
// docs/language.md, so that a reader can compare them with the spec line by
// line; lookups are linear because the tables are tiny.
#include "builtins.hpp"

#include <algorithm>
#include <array>

namespace mancala {
namespace {

using C = Context;
constexpr ContextSet kF = ctx(C::Fragment);

}  // namespace

const char* context_description(Context c) {
  switch (c) {
    case C::Pickup:
      return "a pickup handler";
    case C::Drop:
      return "a drop handler";
    case C::LapEnd:
      return "a lap_end handler";
    case C::SowEnd:
      return "a sow_end handler";
    case C::Captures:
      return "a captures handler";
    case C::Moves:
      return "the moves section";
    case C::PassWhen:
      return "a pass when clause";
    case C::Skip:
      return "a skip when clause";
    case C::Relay:
      return "a relay when clause";
    case C::End:
      return "the end section";
    case C::EndlessBlock:
      return "an endless ends block";
    case C::Match:
      return "the match section";
    case C::Evaluation:
      return "the evaluation section";
    case C::Fragment:
      return "a fragment";
  }
  return "?";
}

Context event_context(Event e) {
  switch (e) {
    case Event::Pickup:
      return C::Pickup;
    case Event::Drop:
      return C::Drop;
    case Event::LapEnd:
      return C::LapEnd;
    case Event::SowEnd:
      return C::SowEnd;
    case Event::Captures:
      return C::Captures;
  }
  return C::Fragment;
}

const std::vector<BuiltinName>& builtin_names() {
  using T = Type;
  static const std::vector<BuiltinName> kNames = {
      {NameId::Mover, "mover", T::Player, kAllContexts, ""},
      {NameId::Opponent, "opponent", T::Player, kAllContexts, ""},
      {NameId::South, "south", T::Player, kAllContexts, ""},
      {NameId::North, "north", T::Player, kAllContexts, ""},
      {NameId::Here, "here", T::Hole,
       ctxs(C::Pickup, C::Drop, C::LapEnd, C::SowEnd, C::Skip, C::Relay) | kF,
       "pickup, drop, lap_end and sow_end handlers and in skip when and relay when clauses"},
      {NameId::Origin, "origin", T::Hole,
       ctxs(C::Drop, C::LapEnd, C::SowEnd, C::Skip, C::Relay) | kF,
       "drop, lap_end and sow_end handlers and in skip when and relay when clauses"},
      {NameId::Hole, "hole", T::Hole, ctx(C::Moves) | kF, "the moves section and in chain bodies"},
      {NameId::Last, "last", T::Bool, ctx(C::Drop) | kF, "drop handlers"},
      {NameId::Lap, "lap", T::Int, ctxs(C::Pickup, C::Drop, C::LapEnd, C::Relay) | kF,
       "pickup, drop and lap_end handlers and in relay when clauses"},
      {NameId::Captured, "captured", T::Int, ctx(C::Captures) | kF, "captures handlers"},
      {NameId::BoardSeeds, "board_seeds", T::Int, kAllContexts, ""},
      {NameId::Total, "total", T::Int, kAllContexts, ""},
      {NameId::Seeds, "seeds", T::Int, kAllContexts, ""},
      {NameId::Holes, "holes", T::Int, kAllContexts, ""},
      {NameId::Round, "round", T::Int, kAllContexts, ""},
      {NameId::LastCaptor, "last_captor", T::Player, ctxs(C::End, C::EndlessBlock) | kF,
       "the end section"},
      {NameId::NoMoves, "no moves", T::Bool, ctxs(C::End, C::PassWhen) | kF,
       "the end section and in pass when"},
      {NameId::EmptyRow, "empty_row", T::Bool, kAllContexts, ""},
  };
  return kNames;
}

const std::vector<BuiltinFunction>& builtin_functions() {
  using T = Type;
  using F = FunctionId;
  static const std::vector<BuiltinFunction> kFunctions = {
      {F::Count, "count", {T::Hole}, 1, T::Int},
      {F::Store, "store", {T::Player}, 1, T::Int},
      {F::RowSeeds, "row_seeds", {T::Player}, 1, T::Int},
      {F::ControlledSeeds, "controlled_seeds", {T::Player}, 1, T::Int},
      {F::Next, "next", {T::Hole, T::Int}, 1, T::Hole},
      {F::Prev, "prev", {T::Hole, T::Int}, 1, T::Hole},
      {F::Opposite, "opposite", {T::Hole}, 1, T::Hole},
      {F::Owner, "owner", {T::Hole}, 1, T::Player},
      {F::Side, "side", {T::Hole}, 1, T::Player},
      {F::Own, "own", {T::Hole}, 1, T::Bool},
      {F::Opponents, "opponents", {T::Hole}, 1, T::Bool},
      {F::IsStore, "is_store", {T::Hole}, 1, T::Bool},
      {F::Number, "number", {T::Hole}, 1, T::Int},
      {F::Min, "min", {T::Int, T::Int}, 2, T::Int},
      {F::Max, "max", {T::Int, T::Int}, 2, T::Int},
      {F::Abs, "abs", {T::Int}, 1, T::Int},
  };
  return kFunctions;
}

const std::vector<BuiltinAction>& builtin_actions() {
  using A = ActionId;
  static const std::vector<BuiltinAction> kActions = {
      {A::CaptureHole, "capture", ctxs(C::Drop, C::LapEnd, C::SowEnd) | kF,
       "drop, lap_end and sow_end handlers"},
      {A::CaptureBoard, "capture board", ctxs(C::End, C::EndlessBlock) | kF,
       "end clause blocks and endless ends blocks"},
      {A::Remove, "remove", ctxs(C::Drop, C::LapEnd, C::SowEnd) | kF,
       "drop, lap_end and sow_end handlers"},
      {A::ExtraTurn, "extra_turn", ctxs(C::LapEnd, C::SowEnd) | kF, "lap_end and sow_end handlers"},
      {A::Stop, "stop", ctx(C::LapEnd) | kF, "lap_end handlers"},
      {A::Relay, "relay", ctx(C::LapEnd) | kF, "lap_end handlers"},
      {A::Leave, "leave", ctx(C::Pickup) | kF, "pickup handlers"},
      {A::Cancel, "cancel", ctx(C::Captures) | kF, "captures handlers"},
      {A::Draw, "draw", ctxs(C::End, C::EndlessBlock) | kF,
       "end clause blocks and endless ends blocks"},
  };
  return kActions;
}

const std::vector<EventInfo>& events() {
  static const std::vector<EventInfo> kEvents = {
      {Event::Pickup, "pickup"},  {Event::Drop, "drop"},         {Event::LapEnd, "lap_end"},
      {Event::SowEnd, "sow_end"}, {Event::Captures, "captures"},
  };
  return kEvents;
}

const BuiltinName* find_name(std::string_view name) {
  for (const auto& n : builtin_names()) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

const BuiltinName* find_name(NameId id) {
  for (const auto& n : builtin_names()) {
    if (n.id == id) return &n;
  }
  return nullptr;
}

const BuiltinFunction* find_function(std::string_view name) {
  for (const auto& f : builtin_functions()) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const BuiltinAction& find_action(ActionId id) {
  for (const auto& a : builtin_actions()) {
    if (a.id == id) return a;
  }
  return builtin_actions().front();
}

std::optional<Event> find_event(std::string_view name) {
  for (const auto& e : events()) {
    if (e.name == name) return e.event;
  }
  return std::nullopt;
}

std::optional<ActionId> action_of(const ast::Stmt& stmt) {
  switch (stmt.kind) {
    case ast::StmtKind::Capture:
      return stmt.target ? ActionId::CaptureHole : ActionId::CaptureBoard;
    case ast::StmtKind::Remove:
      return ActionId::Remove;
    case ast::StmtKind::ExtraTurn:
      return ActionId::ExtraTurn;
    case ast::StmtKind::Stop:
      return ActionId::Stop;
    case ast::StmtKind::Relay:
      return ActionId::Relay;
    case ast::StmtKind::Leave:
      return ActionId::Leave;
    case ast::StmtKind::Cancel:
      return ActionId::Cancel;
    case ast::StmtKind::Draw:
      return ActionId::Draw;
    default:
      return std::nullopt;
  }
}

bool is_keyword(std::string_view word) {
  static constexpr std::array<std::string_view, 36> kKeywords = {
      "and",    "as",      "backward",   "board", "cancel",  "capture",  "chain", "draw", "else",
      "end",    "extends", "extra_turn", "false", "forward", "fragment", "from",  "game", "if",
      "import", "in",      "leave",      "let",   "match",   "moves",    "not",   "on",   "or",
      "owners", "relay",   "remove",     "stop",  "to",      "true",     "use",   "when", "while"};
  return std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end();
}

}  // namespace mancala
