// Shared declarations of the check stage's parts (not a public header).
//
// The check stage is split by concern: check.cpp runs the pipeline,
// load.cpp reads files, resolves imports and merges `extends`,
// settings.cpp turns sections into GameSpec fields, body.cpp
// checks expressions and statements against their context (names, types,
// actions), and fragments.cpp resolves, checks and expands `use`.
// They talk through the types below. Every diagnostic goes through a
// Reporter, which sorts them by position and drops exact repeats (a
// fragment used twice may reach the same problem twice), so that the output
// order does not depend on the order of the passes.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ast.hpp"
#include "builtins.hpp"
#include "check.hpp"
#include "checked.hpp"
#include "diagnostics.hpp"

namespace mancala::check {

class Reporter {
 public:
  Diagnostic& error(Range range, std::string message);
  // Moves everything into `diags`, sorted by (file, offset), without repeats.
  void flush(Diagnostics& diags);
  // A warning does not make the file invalid (`check` exits 0).
  Diagnostic& warning(Range range, std::string message);
  bool empty() const { return items_.empty(); }
  bool has_errors() const;
  std::vector<Diagnostic>& items() { return items_; }

 private:
  std::vector<Diagnostic> items_;
};

// "an int", "a hole", ...
std::string a_type(Type t);
std::optional<Type> parse_type(std::string_view name);

struct FragmentRef {
  const ast::Fragment* fragment = nullptr;
  size_t file = 0;  // index into Program::files
};
// The fragments one file can use.
struct FragmentScope {
  std::map<std::string, FragmentRef> names;
  // Fragments that a syntax error may have left out of the files in view
  // ("*": any, e.g. after a broken import): a use of one is not unknown.
  std::set<std::string> lost;
  bool may_be_lost(const std::string& name) const {
    return lost.contains("*") || lost.contains(name);
  }
};

struct LoadedFile {
  uint32_t source = 0;
  std::string path;     // as read ("" for the stdlib)
  std::string display;  // file name alone, for messages
  ast::File ast;
  std::vector<size_t> imports;       // direct imports, in file order
  std::optional<Range> imported_at;  // the import that first loaded it (none for files[0])
};

struct Program {
  std::vector<LoadedFile> files;      // files[0] is the file being checked
  std::vector<FragmentScope> scopes;  // per file: own fragments and all imported ones
  std::map<uint32_t, size_t> file_of_source;
  const FragmentScope& scope_of_source(uint32_t source) const;
  // Files reachable from `file` through imports, depth first, without `file`.
  std::vector<size_t> imported_closure(size_t file) const;
};

// load.cpp
std::optional<Program> load_program(const std::string& name, std::string text, const FileSystem& fs,
                                    SourceSet& sources, Reporter& rep);
// The game of files[0] with its `extends` chain merged.
std::optional<ast::Game> resolve_game(const Program& program, Reporter& rep);

// fragments.cpp
void build_scopes(Program& program, Reporter& rep);
void check_fragment_definitions(const Program& program, size_t file, Reporter& rep);

// Everything a BodyChecker needs to know about the game around it.
struct BodyEnv {
  Reporter& rep;
  const Program& program;
  std::optional<Range> stores_none;   // the `stores none` clause, when written
  std::vector<std::string> marks;     // the names of the board's `marks` clause
  std::vector<std::string> counters;  // the names of the board's `counters` clause
  bool one_player = false;            // `board { rows 1 }`: no opponent, no opposite holes
  bool four_rows = false;             // `board { rows 4 }`: a front and a back row a side
};

// Checks expressions and statements in one context, renaming fragment
// locals and expanding `use` in place.
class BodyChecker {
 public:
  BodyChecker(const BodyEnv& env, uint32_t source, Context context);
  // Checks `e` (renaming locals in place) and returns its type, or nullopt
  // after an error.
  std::optional<Type> expr(ast::Expr& e);
  void expect(ast::Expr& e, Type want);
  void block(std::vector<ast::Stmt>& body);
  void declare(const std::string& name, std::optional<Type> type, Range range);
  void set_root_fragment(const ast::Fragment* f) { root_fragment_ = f; }

 private:
  int mark_index(const std::string& name) const;     // -1: not a mark
  int counter_index(const std::string& name) const;  // -1: not a counter
  void assign_counter(ast::Stmt& s, int k, std::optional<Type> t);
  void expect_mark(const std::string& name, Range range);
  struct Local {
    std::string name;
    std::string out_name;
    std::optional<Type> type;
    Range range;
  };
  struct Frame {
    const ast::Fragment* fragment;
    Range use_range;
    const FragmentScope* scope;
  };

  void fail(Range range, std::string message, bool contextual, std::vector<Note> notes = {});
  const Local* lookup(const std::string& name) const;
  std::vector<std::string> name_candidates() const;
  bool name_available(const BuiltinName& n) const;
  std::optional<Type> name(ast::Expr& e);
  std::optional<Type> call(ast::Expr& e);
  std::optional<Type> binary(ast::Expr& e);
  void stmt(ast::Stmt& s);
  void action(const ast::Stmt& s, ActionId id);
  void let(ast::Stmt& s);
  void assign(ast::Stmt& s);
  void scoped_block(std::vector<ast::Stmt>& body);
  void check_declarable(const std::string& name, Range range);
  std::optional<Type> quantifier(ast::Expr& e);
  void for_stmt(ast::Stmt& s);
  void use(ast::Stmt& s);  // fragments.cpp
  std::optional<Type> fragment_call(ast::Expr& e);
  const FragmentScope& fragment_scope() const;
  bool fragment_enterable(const ast::Fragment& f, Range where);
  bool fragment_arguments(std::vector<ast::Expr>& args, Range where, const ast::Fragment& f);

  const BodyEnv& env_;
  const FragmentScope* scope_;
  Context context_;
  std::vector<std::vector<Local>> scopes_;
  size_t barrier_ = 0;  // locals below this scope are not visible (a fragment's caller)
  int in_chain_ = 0;
  std::vector<Frame> frames_;
  const ast::Fragment* root_fragment_ = nullptr;
};

// settings.cpp: sections -> GameSpec, bodies checked in their contexts.
std::optional<GameSpec> build_spec(const ast::Game& game, const BodyEnv& env,
                                   const CheckOptions& options, SourceSet& sources);
// The `stores none` clause of a game, if written.
std::optional<Range> stores_none_clause(const ast::Game& game);
// The board's `rows` (2 when not written or not a number).
int board_rows(const ast::Game& game);
// The names the board's `marks` (`counters`) clause declares, in order.
std::vector<std::string> mark_names(const ast::Game& game, std::string_view clause = "marks");

}  // namespace mancala::check
