// The tables of built-in names, functions and actions, expanded from
// builtins.def (see builtins.hpp), and the context descriptions. Rows stay
// in the order of builtins.def, which is the order of the enums, so a
// lookup by id is an index; lookups by spelling are linear because the
// tables are tiny.
#include "builtins.hpp"

#include <algorithm>

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
    case C::After:
      return "a forbid after or prefer after clause";
    case C::Direction:
      return "a direction when clause";
    case C::FromStore:
      return "a from store clause";
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

namespace {

constexpr ContextSet contexts(ContextSet where) {
  return where | kF;
}
constexpr ContextSet kAll = kAllContexts;

// Context values combine with | inside builtins.def.
constexpr ContextSet operator|(Context a, Context b) {
  return ctx(a) | ctx(b);
}
constexpr ContextSet operator|(ContextSet a, Context b) {
  return a | ctx(b);
}
constexpr ContextSet one(Context c) {
  return ctx(c);
}
constexpr ContextSet one(ContextSet c) {
  return c;
}

#define MANCALA_LIST(...) \
  { __VA_ARGS__ }

}  // namespace

const std::vector<BuiltinName>& builtin_names() {
  using T = Type;
  static const std::vector<BuiltinName> kNames = {
#define MANCALA_NAME(Id, spelling, type, where, wtext, op, words)                     \
  {NameId::Id, spelling, T::type, contexts(one(where)), wtext, NameKind::Instruction, \
   OpCode::op, words},
#define MANCALA_CONSTANT(Id, spelling, type, value, words) \
  {NameId::Id, spelling, T::type, kAllContexts, "", NameKind::Constant, OpCode::Ret, words},
#include "builtins.def"
  };
  return kNames;
}

const std::vector<BuiltinFunction>& builtin_functions() {
  using T = Type;
  static const std::vector<BuiltinFunction> kFunctions = {
#define MANCALA_FUNCTION(Id, spelling, type, where, wtext, params, min_args, op, op_more, pure, \
                         words, more)                                                           \
  {FunctionId::Id, spelling,   MANCALA_LIST params, min_args, T::type, contexts(one(where)),    \
   wtext,          OpCode::op, OpCode::op_more,     pure,     words,   more},
#include "builtins.def"
  };
  return kFunctions;
}

const std::vector<BuiltinAction>& builtin_actions() {
  static const std::vector<BuiltinAction> kActions = {
#define MANCALA_ACTION(Id, spelling, where, wtext) \
  {ActionId::Id, spelling, contexts(one(where)), wtext},
#include "builtins.def"
  };
  return kActions;
}

const std::vector<EventInfo>& events() {
  static const std::vector<EventInfo> kEvents = [] {
    std::vector<EventInfo> out;
    for (const auto& s : Spellings<Event>::table) out.push_back({s.value, s.word});
    return out;
  }();
  return kEvents;
}

const BuiltinName* find_name(std::string_view name) {
  for (const auto& n : builtin_names()) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

const BuiltinName& find_name(NameId id) {
  return builtin_names()[static_cast<size_t>(id)];  // rows are in enum order
}

const BuiltinFunction& find_function(FunctionId id) {
  return builtin_functions()[static_cast<size_t>(id)];
}

const BuiltinFunction* find_function(std::string_view name) {
  for (const auto& f : builtin_functions()) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const BuiltinAction& find_action(ActionId id) {
  return builtin_actions()[static_cast<size_t>(id)];
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
    case ast::StmtKind::Lift:
      return ActionId::Lift;
    case ast::StmtKind::Leave:
      return ActionId::Leave;
    case ast::StmtKind::Mark:
      return ActionId::Mark;
    case ast::StmtKind::Unmark:
      return ActionId::Unmark;
    case ast::StmtKind::Cancel:
      return ActionId::Cancel;
    case ast::StmtKind::Draw:
      return ActionId::Draw;
    default:
      return std::nullopt;
  }
}

}  // namespace mancala
