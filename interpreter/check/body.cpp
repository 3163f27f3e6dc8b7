// Names, types and actions: the checks of expressions and statements.
//
// A BodyChecker walks one body (a handler, an end block, a settings
// expression or a fragment) in one Context. It works on a copy of the AST
// and edits it in place: locals of an expanded fragment are renamed
// (`x` -> `x@fragment`) so that they cannot clash with the caller's, and
// `use` statements receive their expansion (fragments.cpp). Inside an
// expansion, problems that do not depend on the using context (an unknown
// name, a type error) are left to the check of the fragment itself, which
// reports them once at their place; problems that do (an action or a name
// the event does not allow) are reported at the outermost `use`, with notes
// leading into the fragment.
#include <fmt/format.h>

#include "check_internal.hpp"

namespace mancala::check {

namespace {

// Where `ask NAME` may be written: the handlers that run while a move is
// played (a fragment's own check allows it; each use is checked in place).
constexpr ContextSet kAskContexts = ctxs(Context::Pickup, Context::Drop, Context::LapEnd,
                                         Context::SowEnd, Context::Captures, Context::Fragment);

}  // namespace

Diagnostic& Reporter::error(Range range, std::string message) {
  items_.push_back({Severity::Error, range, std::move(message), {}});
  return items_.back();
}

Diagnostic& Reporter::warning(Range range, std::string message) {
  items_.push_back({Severity::Warning, range, std::move(message), {}});
  return items_.back();
}

bool Reporter::has_errors() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

void Reporter::flush(Diagnostics& diags) {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.range.file, a.range.begin) < std::tie(b.range.file, b.range.begin);
  });
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, std::string>> seen;
  for (Diagnostic& d : items_) {
    if (!seen.insert({d.range.file, d.range.begin, d.range.end, d.message}).second) continue;
    diags.add(std::move(d));
  }
  items_.clear();
}

std::string a_type(Type t) {
  return fmt::format("{} {}", t == Type::Int ? "an" : "a", type_name(t));
}

std::optional<Type> parse_type(std::string_view name) {
  for (Type t : {Type::Int, Type::Bool, Type::Hole, Type::Player}) {
    if (name == type_name(t)) return t;
  }
  return std::nullopt;
}

BodyChecker::BodyChecker(const BodyEnv& env, uint32_t source, Context context)
    : env_(env), scope_(&env.program.scope_of_source(source)), context_(context) {
  scopes_.emplace_back();
}

void BodyChecker::fail(Range range, std::string message, bool contextual, std::vector<Note> notes) {
  if (frames_.empty()) {
    env_.rep.error(range, std::move(message)).notes = std::move(notes);
    return;
  }
  if (!contextual) return;  // reported where the fragment is defined
  Diagnostic& d = env_.rep.error(frames_.front().use_range, std::move(message));
  for (size_t i = 1; i < frames_.size(); ++i) {
    d.notes.push_back(
        {frames_[i].use_range, true,
         fmt::format("in fragment '{}', which uses '{}' here", frames_[i - 1].fragment->name.text,
                     frames_[i].fragment->name.text)});
  }
  d.notes.push_back(
      {range, true, fmt::format("in fragment '{}'", frames_.back().fragment->name.text)});
  for (Note& n : notes) d.notes.push_back(std::move(n));
}

const BodyChecker::Local* BodyChecker::lookup(const std::string& name) const {
  for (size_t i = scopes_.size(); i-- > barrier_;) {
    for (const Local& l : scopes_[i]) {
      if (l.name == name) return &l;
    }
  }
  return nullptr;
}

void BodyChecker::declare(const std::string& name, std::optional<Type> type, Range range) {
  std::string out = frames_.empty() ? name : name + "@" + frames_.back().fragment->name.text;
  scopes_.back().push_back({name, out, type, range});
}

std::vector<std::string> BodyChecker::name_candidates() const {
  std::vector<std::string> out;
  for (size_t i = barrier_; i < scopes_.size(); ++i) {
    for (const Local& l : scopes_[i]) out.push_back(l.name);
  }
  for (const std::string& c : env_.counters) out.push_back(c);
  for (const BuiltinName& n : builtin_names()) {
    if (n.id != NameId::NoMoves && name_available(n)) out.emplace_back(n.name);
  }
  return out;
}

bool BodyChecker::name_available(const BuiltinName& n) const {
  if (n.id == NameId::Hole && in_chain_ > 0) return true;
  return (n.contexts & ctx(context_)) != 0;
}

std::optional<Type> BodyChecker::expr(ast::Expr& e) {
  using K = ast::ExprKind;
  switch (e.kind) {
    case K::Int:
      return Type::Int;
    case K::Bool:
      return Type::Bool;
    case K::Name:
      return name(e);
    case K::Call:
      return call(e);
    case K::NoMoves: {
      const BuiltinName& n = find_name(NameId::NoMoves);
      e.builtin = static_cast<int>(n.id);
      if (!name_available(n)) {
        fail(e.range, fmt::format("'no moves' is only available in {}", n.where), true);
      }
      return Type::Bool;
    }
    case K::Unary:
      if (e.args.empty()) return std::nullopt;
      if (e.op == ast::Op::Not) {
        expect(e.args[0], Type::Bool);
        return Type::Bool;
      }
      expect(e.args[0], Type::Int);
      return Type::Int;
    case K::Binary:
      return binary(e);
    case K::Quantifier:
      return quantifier(e);
    case K::Ask:  // a question is asked while a move is played, and only then
      if ((kAskContexts & ctx(context_)) == 0) {
        fail(e.range,
             "'ask' is only available in pickup, drop, lap_end, sow_end and captures handlers",
             true);
      }
      return Type::Bool;
    case K::Fragment:  // made by the checker itself: an AST is checked once
      return std::nullopt;
    case K::In: {
      if (e.args.empty()) return std::nullopt;
      std::optional<Type> first = expr(e.args[0]);
      for (size_t i = 1; i < e.args.size(); ++i) {
        std::optional<Type> t = expr(e.args[i]);
        if (first && t && *t != *first) {
          fail(e.args[i].range,
               fmt::format("cannot compare {} with {}", a_type(*first), a_type(*t)), false);
        }
      }
      return Type::Bool;
    }
  }
  return std::nullopt;
}

void BodyChecker::expect(ast::Expr& e, Type want) {
  std::optional<Type> t = expr(e);
  if (t && *t != want) {
    fail(e.range, fmt::format("expected {}, got {}", a_type(want), a_type(*t)), false);
  }
}

std::optional<Type> BodyChecker::binary(ast::Expr& e) {
  using ast::Op;
  if (e.args.size() != 2) return std::nullopt;
  switch (e.op) {
    case Op::And:
    case Op::Or:
      expect(e.args[0], Type::Bool);
      expect(e.args[1], Type::Bool);
      return Type::Bool;
    case Op::Eq:
    case Op::Ne: {
      std::optional<Type> a = expr(e.args[0]);
      std::optional<Type> b = expr(e.args[1]);
      if (a && b && *a != *b) {
        fail(e.range, fmt::format("cannot compare {} with {}", a_type(*a), a_type(*b)), false);
      }
      return Type::Bool;
    }
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
      expect(e.args[0], Type::Int);
      expect(e.args[1], Type::Int);
      return Type::Bool;
    default:
      expect(e.args[0], Type::Int);
      expect(e.args[1], Type::Int);
      return Type::Int;
  }
}

std::optional<Type> BodyChecker::name(ast::Expr& e) {
  if (const Local* l = lookup(e.name)) {
    e.name = l->out_name;
    return l->type;
  }
  if (int k = counter_index(e.name); k >= 0) {
    e.counter = k;
    return Type::Int;
  }
  if (int k = mark_index(e.name); k >= 0) {
    e.mark = k;
    return Type::Int;
  }
  if (const BuiltinName* n = find_name(e.name)) {
    e.builtin = static_cast<int>(n->id);
    if (!name_available(*n)) {
      fail(e.range, fmt::format("'{}' is only available in {}", n->name, n->where), true);
    }
    bool other = n->id == NameId::Opponent || n->id == NameId::North;
    if (other && env_.one_player) {
      fail(e.range, fmt::format("a one-player game (board {{ rows 1 }}) has no '{}'", n->name),
           true);
    }
    return n->type;
  }
  if (find_function(e.name)) {
    fail(e.range, fmt::format("'{}' is a function; call it with arguments", e.name), false);
    return std::nullopt;
  }
  if (fragment_scope().names.contains(e.name)) return fragment_call(e);
  if (fragment_scope().lost.contains(e.name)) return std::nullopt;  // its syntax error is reported
  fail(e.range, fmt::format("unknown name '{}'{}", e.name, did_you_mean(e.name, name_candidates())),
       false);
  return std::nullopt;
}

int BodyChecker::counter_index(const std::string& name) const {
  const auto& counters = env_.counters;
  auto it = std::find(counters.begin(), counters.end(), name);
  return it == counters.end() ? -1 : static_cast<int>(it - counters.begin());
}

int BodyChecker::mark_index(const std::string& name) const {
  const auto& marks = env_.marks;
  auto it = std::find(marks.begin(), marks.end(), name);
  return it == marks.end() ? -1 : static_cast<int>(it - marks.begin());
}

// A mark argument or statement must name a mark of the board's `marks`.
// A fragment's marks are those of the game that uses it: they are checked
// in each expansion (and reported at the use), not in the definition.
void BodyChecker::expect_mark(const std::string& name, Range range) {
  if (mark_index(name) >= 0 || context_ == Context::Fragment) return;
  if (env_.marks.empty()) {
    fail(range,
         fmt::format("'{}' is not a mark: the board declares none (board {{ marks {} }})", name,
                     name),
         true);
  } else {
    fail(range,
         fmt::format("'{}' is not a mark of this game{}", name, did_you_mean(name, env_.marks)),
         true);
  }
}

// The parameter of a built-in function that names a mark, or -1.
static int mark_param(FunctionId id) {
  switch (id) {
    case FunctionId::Marked:
    case FunctionId::MarkOwner:
      return 1;
    case FunctionId::MarkedHoles:
      return 0;
    default:
      return -1;
  }
}

std::optional<Type> BodyChecker::call(ast::Expr& e) {
  const BuiltinFunction* f = find_function(e.name);
  if (!f && !lookup(e.name) && fragment_scope().names.contains(e.name)) return fragment_call(e);
  if (!f && fragment_scope().lost.contains(e.name)) {
    for (ast::Expr& a : e.args) expr(a);
    return std::nullopt;
  }
  if (!f) {
    if (lookup(e.name) || find_name(e.name)) {
      fail(e.name_range, fmt::format("'{}' is not a function", e.name), false);
    } else {
      std::vector<std::string> names;
      for (const auto& fn : builtin_functions()) names.emplace_back(fn.name);
      fail(e.name_range,
           fmt::format("unknown function '{}'{}", e.name, did_you_mean(e.name, names)), false);
    }
    for (ast::Expr& a : e.args) expr(a);
    return std::nullopt;
  }
  e.builtin = static_cast<int>(f->id);
  if ((f->contexts & ctx(context_)) == 0) {
    fail(e.name_range, fmt::format("'{}' is only available in {}", f->name, f->where), true);
  }
  if (f->id == FunctionId::Opposite && env_.one_player) {
    fail(e.name_range, "a board of one row (board { rows 1 }) has no opposite holes", true);
  }
  bool back_row = f->id == FunctionId::Behind || f->id == FunctionId::FrontHole ||
                  f->id == FunctionId::BackHole;
  if (back_row && !env_.four_rows) {
    fail(e.name_range,
         fmt::format("'{}' needs a back row: a board of four rows (board {{ rows 4 }})", f->name),
         true);
  }
  size_t n = e.args.size();
  if (n < f->min_args || n > f->params.size()) {
    std::string expected = f->min_args == f->params.size()
                               ? std::to_string(f->min_args)
                               : fmt::format("{} or {}", f->min_args, f->params.size());
    fail(e.range,
         fmt::format("{} expects {} argument{}, got {}", f->name, expected,
                     f->params.size() == 1 ? "" : "s", n),
         false);
  }
  int mark_arg = mark_param(f->id);
  for (size_t i = 0; i < n; ++i) {
    if (static_cast<int>(i) == mark_arg) {
      ast::Expr& a = e.args[i];
      if (a.kind == ast::ExprKind::Name && !lookup(a.name)) {
        expect_mark(a.name, a.range);
        a.mark = mark_index(a.name);
      } else {
        fail(a.range, fmt::format("argument {} of {}: expected the name of a mark", i + 1, f->name),
             false);
      }
      continue;
    }
    std::optional<Type> t = expr(e.args[i]);
    if (i < f->params.size() && t && *t != f->params[i]) {
      fail(e.args[i].range,
           fmt::format("argument {} of {}: expected {}, got {}", i + 1, f->name,
                       a_type(f->params[i]), a_type(*t)),
           false);
    }
  }
  return f->result;
}

void BodyChecker::block(std::vector<ast::Stmt>& body) {
  for (ast::Stmt& s : body) stmt(s);
}

void BodyChecker::scoped_block(std::vector<ast::Stmt>& body) {
  scopes_.emplace_back();
  block(body);
  scopes_.pop_back();
}

void BodyChecker::action(const ast::Stmt& s, ActionId id) {
  const BuiltinAction& a = find_action(id);
  if ((a.contexts & ctx(context_)) == 0) {
    fail(s.range,
         fmt::format("{} is only allowed in {}; this is {}", a.name, a.where,
                     context_description(context_)),
         true);
  }
  if (id == ActionId::Draw && env_.one_player) {
    fail(s.range, "a one-player game has no draws: its end clauses say 'won' or 'lost'", true);
  }
  bool capture = id == ActionId::CaptureHole || id == ActionId::CaptureBoard;
  if (capture && env_.stores_none) {
    fail(s.range, "capture is not allowed in a game with 'stores none'", true,
         {{*env_.stores_none, true, "the board has no stores"}});
  }
}

void BodyChecker::stmt(ast::Stmt& s) {
  using K = ast::StmtKind;
  if (auto id = action_of(s)) action(s, *id);
  switch (s.kind) {
    case K::Capture:
      if (s.value) expect(*s.value, Type::Int);
      if (s.target) expect(*s.target, Type::Hole);
      if (s.dest) expect(*s.dest, Type::Player);
      break;
    case K::Remove:
    case K::Lift:
      if (s.value) expect(*s.value, Type::Int);
      if (s.target) expect(*s.target, Type::Hole);
      break;
    case K::Relay:
      if (s.target) expect(*s.target, Type::Hole);
      break;
    case K::Leave:
      if (s.value) expect(*s.value, Type::Int);
      break;
    case K::Mark:
    case K::Unmark:
      if (s.target) expect(*s.target, Type::Hole);
      expect_mark(s.name, s.name_range);
      if (s.dest) expect(*s.dest, Type::Player);
      break;
    case K::Let:
      let(s);
      break;
    case K::Assign:
      assign(s);
      break;
    case K::If:
      if (s.cond) expect(*s.cond, Type::Bool);
      scoped_block(s.body);
      scoped_block(s.else_body);
      break;
    case K::While:
      if (s.cond) expect(*s.cond, Type::Bool);
      if (s.cond && s.cond->kind == ast::ExprKind::Bool && s.cond->value != 0) {
        env_.rep.warning(s.cond->range,
                         "this while loop never ends: its condition is always true (it stops "
                         "with a runtime error after 10,000 iterations)");
      }
      scoped_block(s.body);
      break;
    case K::Chain:
      if (s.target) expect(*s.target, Type::Hole);
      ++in_chain_;
      if (s.cond) expect(*s.cond, Type::Bool);
      scoped_block(s.body);
      --in_chain_;
      break;
    case K::For:
      for_stmt(s);
      break;
    case K::Use:
      use(s);
      break;
    default:
      break;
  }
}

// A new local (a `let`, a quantifier's hole) may not take a built-in name,
// a mark's, a counter's or a visible local's.
void BodyChecker::check_declarable(const std::string& name, Range range) {
  if (find_name(name) || find_function(name)) {
    fail(range, fmt::format("'{}' is a built-in name and cannot be declared", name), false);
  } else if (mark_index(name) >= 0) {
    fail(range, fmt::format("'{}' is a mark of this game and cannot be declared", name), false);
  } else if (counter_index(name) >= 0) {
    fail(range, fmt::format("'{}' is a counter of this game and cannot be declared", name), false);
  } else if (const Local* prev = lookup(name)) {
    fail(range, fmt::format("'{}' is already declared", name), false,
         {{prev->range, true, fmt::format("'{}' was declared here", name)}});
  }
}

void BodyChecker::let(ast::Stmt& s) {
  std::optional<Type> t = s.value ? expr(*s.value) : std::nullopt;
  check_declarable(s.name, s.name_range);
  declare(s.name, t, s.name_range);
  s.name = scopes_.back().back().out_name;
}

// for h in holes [of P] [where F] { body }: h is a local of F and the body.
void BodyChecker::for_stmt(ast::Stmt& s) {
  if (s.dest) expect(*s.dest, Type::Player);
  check_declarable(s.name, s.name_range);
  scopes_.emplace_back();
  declare(s.name, Type::Hole, s.name_range);
  s.name = scopes_.back().back().out_name;
  if (s.cond) expect(*s.cond, Type::Bool);
  block(s.body);
  scopes_.pop_back();
}

// all/any(h in SET: bool), tally(h in SET: bool), sum(h in SET: int), SET
// being `holes [of P] [where bool]`: the hole variable is a local of the
// filter and the body alone.
std::optional<Type> BodyChecker::quantifier(ast::Expr& e) {
  if (e.args.size() < 2) return std::nullopt;
  if (e.args.size() > 2) expect(e.args[2], Type::Player);
  check_declarable(e.name, e.name_range);
  scopes_.emplace_back();
  declare(e.name, Type::Hole, e.name_range);
  e.name = scopes_.back().back().out_name;
  expect(e.args[1], Type::Bool);
  bool sum = e.quant == ast::Quant::Sum;
  expect(e.args[0], sum ? Type::Int : Type::Bool);
  scopes_.pop_back();
  return (sum || e.quant == ast::Quant::Tally) ? Type::Int : Type::Bool;
}

void BodyChecker::assign(ast::Stmt& s) {
  std::optional<Type> t = s.value ? expr(*s.value) : std::nullopt;
  const Local* l = lookup(s.name);
  if (!l && counter_index(s.name) >= 0) {
    assign_counter(s, counter_index(s.name), t);
    return;
  }
  if (!l) {
    if (find_name(s.name)) {
      fail(s.name_range, fmt::format("cannot assign to built-in name '{}'", s.name), false);
      return;
    }
    std::vector<std::string> locals;
    for (size_t i = barrier_; i < scopes_.size(); ++i) {
      for (const Local& x : scopes_[i]) locals.push_back(x.name);
    }
    fail(s.name_range,
         fmt::format("assignment to undeclared variable '{}'{}", s.name,
                     did_you_mean(s.name, locals)),
         false);
    return;
  }
  if (t && l->type && *t != *l->type) {
    fail(s.value->range,
         fmt::format("cannot assign {} to '{}', which is {}", a_type(*t), s.name, a_type(*l->type)),
         false, {{l->range, true, fmt::format("'{}' was declared here", s.name)}});
  }
  s.name = l->out_name;
}

// `NAME = E` for a counter of the game: an int, written where a move or an
// ending acts (never where moves are judged, which must not change the game).
void BodyChecker::assign_counter(ast::Stmt& s, int k, std::optional<Type> t) {
  constexpr ContextSet kWhere =
      ctxs(Context::Drop, Context::LapEnd, Context::SowEnd, Context::End, Context::Fragment);
  if ((kWhere & ctx(context_)) == 0) {
    fail(s.name_range,
         fmt::format("a counter is set only in drop, lap_end and sow_end handlers and end clause "
                     "blocks; this is {}",
                     context_description(context_)),
         false);
  }
  if (t && *t != Type::Int) {
    fail(s.value->range,
         fmt::format("cannot assign {} to counter '{}', which is an int", a_type(*t), s.name),
         false);
  }
  s.counter = k;
}

}  // namespace mancala::check
