// Fragments: which are visible where, their definitions, and `use`.
//
// Each file sees its own fragments and those of every file it imports,
// directly or not (a variant sees the fragments its base imported). A name
// defined by two different fragments in one such view is an error. A
// fragment body is checked once on its own, in a context where everything
// is available, for the problems that do not depend on where it is used;
// each `use` then checks the expansion in the using context (see
// body.cpp). The expansion is one `let` per parameter bound to the
// argument, then the body with the fragment's locals renamed. A fragment
// that a syntax error left out of a file in view (ast::Lost) is not
// reported unknown where it is used: its syntax error already is.
#include <fmt/format.h>

#include "check_internal.hpp"

namespace mancala::check {

const FragmentScope& Program::scope_of_source(uint32_t source) const {
  static const FragmentScope kEmpty;
  auto it = file_of_source.find(source);
  return it == file_of_source.end() ? kEmpty : scopes.at(it->second);
}

std::vector<size_t> Program::imported_closure(size_t file) const {
  std::vector<size_t> out;
  std::vector<bool> seen(files.size(), false);
  seen[file] = true;
  std::vector<size_t> stack(files[file].imports.rbegin(), files[file].imports.rend());
  while (!stack.empty()) {
    size_t f = stack.back();
    stack.pop_back();
    if (seen[f]) continue;
    seen[f] = true;
    out.push_back(f);
    for (auto it = files[f].imports.rbegin(); it != files[f].imports.rend(); ++it) {
      stack.push_back(*it);
    }
  }
  return out;
}

namespace {

void add_fragments(Program& program, size_t scope, size_t from, Reporter& rep) {
  auto& names = program.scopes[scope].names;
  const std::set<std::string>& lost = program.files[from].ast.lost.fragments;
  program.scopes[scope].lost.insert(lost.begin(), lost.end());
  for (const ast::Fragment& f : program.files[from].ast.fragments) {
    auto [it, fresh] = names.try_emplace(f.name.text, FragmentRef{&f, from});
    if (fresh || it->second.fragment == &f) continue;
    const ast::Fragment& first = *it->second.fragment;
    std::string message = it->second.file == from
                              ? fmt::format("duplicate fragment '{}'", f.name.text)
                              : fmt::format("fragment '{}' is already defined in {}", f.name.text,
                                            program.files[it->second.file].display);
    rep.error(f.name.range, message)
        .notes.push_back({first.name.range, true, "first defined here"});
  }
}

}  // namespace

void build_scopes(Program& program, Reporter& rep) {
  program.scopes.assign(program.files.size(), {});
  for (size_t i = 0; i < program.files.size(); ++i) {
    for (size_t f : program.imported_closure(i)) add_fragments(program, i, f, rep);
    add_fragments(program, i, i, rep);
  }
}

void check_fragment_definitions(const Program& program, size_t file, Reporter& rep) {
  // A definition is checked where everything is available: the board's shape
  // (one row, four rows) is judged where the fragment is used.
  BodyEnv env{rep, program, std::nullopt, {}, {}, false, true};
  for (const ast::Fragment& f : program.files[file].ast.fragments) {
    BodyChecker checker(env, f.range.file, Context::Fragment);
    checker.set_root_fragment(&f);
    std::set<std::string> seen;
    for (const ast::Param& p : f.params) {
      std::optional<Type> t = parse_type(p.type.text);  // the grammar admits only the four
      if (find_name(p.name.text) || find_function(p.name.text)) {
        rep.error(p.name.range,
                  fmt::format("'{}' is a built-in name and cannot be declared", p.name.text));
      } else if (!seen.insert(p.name.text).second) {
        rep.error(p.name.range, fmt::format("duplicate parameter '{}'", p.name.text));
      }
      checker.declare(p.name.text, t, p.name.range);
    }
    if (f.value) {
      if (find_name(f.name.text) || find_function(f.name.text)) {
        rep.error(f.name.range,
                  fmt::format("'{}' is a built-in name: an expression fragment cannot take it",
                              f.name.text));
      }
      ast::Expr value = *f.value;
      checker.expr(value);
    } else {
      std::vector<ast::Stmt> body = f.body;
      checker.block(body);
    }
  }
}

const FragmentScope& BodyChecker::fragment_scope() const {
  return frames_.empty() ? *scope_ : *frames_.back().scope;
}

// Checks the arguments of a use against the parameters; false when the
// body should not be expanded.
bool BodyChecker::fragment_arguments(std::vector<ast::Expr>& args, Range where,
                                     const ast::Fragment& f) {
  Note defined{f.name.range, true, fmt::format("fragment '{}' defined here", f.name.text)};
  bool ok = true;
  if (args.size() != f.params.size()) {
    fail(where,
         fmt::format("fragment '{}' expects {} argument{}, got {}", f.name.text, f.params.size(),
                     f.params.size() == 1 ? "" : "s", args.size()),
         false, {defined});
    ok = false;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    std::optional<Type> t = expr(args[i]);
    if (i >= f.params.size()) continue;
    std::optional<Type> want = parse_type(f.params[i].type.text);
    if (t && want && *t != *want) {
      fail(args[i].range,
           fmt::format("argument {} of fragment '{}' ({}): expected {}, got {}", i + 1, f.name.text,
                       f.params[i].name.text, a_type(*want), a_type(*t)),
           false, {defined});
      ok = false;
    }
  }
  return ok;
}

// Whether a use of f at `where` may be expanded: not inside f itself, and
// not deeper than the expansion limit (else reported once, here).
bool BodyChecker::fragment_enterable(const ast::Fragment& f, Range where) {
  std::vector<std::string> chain;
  if (root_fragment_) chain.push_back(root_fragment_->name.text);
  for (const Frame& fr : frames_) chain.push_back(fr.fragment->name.text);
  bool recursive = root_fragment_ == &f;
  for (const Frame& fr : frames_) recursive = recursive || fr.fragment == &f;
  if (!recursive && frames_.size() < static_cast<size_t>(kMaxExpansionDepth)) return true;
  chain.push_back(f.name.text);
  std::string message =
      recursive
          ? fmt::format("recursive use of fragment '{}': {}", f.name.text, fmt::join(chain, " -> "))
          : fmt::format("fragments nested deeper than {} levels", kMaxExpansionDepth);
  env_.rep.error(where, message);  // reported where the cycle closes, once
  return false;
}

void BodyChecker::use(ast::Stmt& s) {
  const FragmentScope& scope = fragment_scope();
  const auto& names = scope.names;
  auto it = names.find(s.name);
  if (it == names.end() && scope.may_be_lost(s.name)) {
    for (ast::Expr& a : s.args) expr(a);
    return;
  }
  if (it == names.end()) {
    std::vector<std::string> candidates;
    for (const auto& [name, ref] : names) candidates.push_back(name);
    fail(s.name_range,
         fmt::format("unknown fragment '{}'{}", s.name, did_you_mean(s.name, candidates)), false);
    for (ast::Expr& a : s.args) expr(a);
    return;
  }
  const ast::Fragment& f = *it->second.fragment;
  if (f.value) {
    fail(s.name_range,
         fmt::format("fragment '{}' is an expression, not statements: write it where a value is "
                     "expected, as {}{}",
                     f.name.text, f.name.text, f.params.empty() ? "" : "(...)"),
         false, {{f.name.range, true, fmt::format("fragment '{}' defined here", f.name.text)}});
    return;
  }
  if (!fragment_enterable(f, s.range) || !fragment_arguments(s.args, s.range, f)) return;

  std::vector<ast::Stmt> expansion;
  for (size_t i = 0; i < f.params.size(); ++i) {
    ast::Stmt let;
    let.kind = ast::StmtKind::Let;
    let.range = s.args[i].range;
    let.name = f.params[i].name.text + "@" + f.name.text;
    let.name_range = f.params[i].name.range;
    let.value = s.args[i];
    expansion.push_back(std::move(let));
  }
  std::vector<ast::Stmt> body = f.body;
  frames_.push_back({&f, s.range, &env_.program.scopes.at(it->second.file)});
  size_t saved_barrier = barrier_;
  scopes_.emplace_back();
  barrier_ = scopes_.size() - 1;
  for (const ast::Param& p : f.params) {
    declare(p.name.text, parse_type(p.type.text), p.name.range);
  }
  block(body);
  scopes_.pop_back();
  barrier_ = saved_barrier;
  frames_.pop_back();
  for (ast::Stmt& b : body) expansion.push_back(std::move(b));
  s.body = std::move(expansion);
}

// A use of an expression fragment, `NAME(args)` or `NAME`: e becomes a
// Fragment node holding the arguments, then the body checked in this
// context (its locals renamed as a statement fragment's are), and its type
// is the body's.
std::optional<Type> BodyChecker::fragment_call(ast::Expr& e) {
  const FragmentRef& ref = fragment_scope().names.at(e.name);
  const ast::Fragment& f = *ref.fragment;
  Range name_range = e.kind == ast::ExprKind::Call ? e.name_range : e.range;
  if (!f.value) {
    fail(name_range,
         fmt::format("fragment '{}' is a block of statements, not an expression: run it with "
                     "'use {}'",
                     f.name.text, f.name.text),
         false, {{f.name.range, true, fmt::format("fragment '{}' defined here", f.name.text)}});
    for (ast::Expr& a : e.args) expr(a);
    return std::nullopt;
  }
  if (!fragment_enterable(f, e.range) || !fragment_arguments(e.args, e.range, f)) {
    return std::nullopt;
  }
  ast::Expr body = *f.value;
  frames_.push_back({&f, e.range, &env_.program.scopes.at(ref.file)});
  size_t saved_barrier = barrier_;
  scopes_.emplace_back();
  barrier_ = scopes_.size() - 1;
  for (const ast::Param& p : f.params) {
    declare(p.name.text, parse_type(p.type.text), p.name.range);
    e.params.push_back(scopes_.back().back().out_name);
  }
  std::optional<Type> type = expr(body);
  scopes_.pop_back();
  barrier_ = saved_barrier;
  frames_.pop_back();
  e.kind = ast::ExprKind::Fragment;
  e.args.push_back(std::move(body));
  return type;
}

}  // namespace mancala::check
