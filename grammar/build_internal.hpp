// The parse state and the AST builders. INTERNAL to grammar/.
//
// PEGTL actions run when a rule has matched, bottom-up. Leaf actions push
// values (words, numbers, operators) on a stack of Items; the action of a
// node rule (grammar_rules.hpp, NodeTag) takes the Items its sub-rules pushed since
// the rule started -- the control records that stack height in `frames` --
// and replaces them with the one value it builds. The builders are plain
// functions over that slice of the stack, so they are compiled once here
// (build.cpp) rather than inside the grammar templates, and read as a list
// of "children in order -> node" recipes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ast.hpp"
#include "diagnostics.hpp"
#include "source.hpp"

namespace mancala::grammar {

// A syntax error found during the parse. It is thrown out of the top-level
// item it is in; parse.cpp reports it and goes on at the next item.
struct SyntaxError {
  Range range;
  std::string message;
  std::vector<Note> notes = {};  // e.g. where the unclosed block opened
};

struct LabelItem {  // `as "label"`, `as NAME`, `extends "Base"`
  ast::Word word;
};
struct DrawFlagItem {
  Range range;
};
struct OpItem {
  ast::Op op;
  Range range;
};
struct CallMarker {  // the `(` of a call: `f()` is a call with no arguments
  Range range;
};
struct InMarker {  // the `in` of a membership test
  Range range;
};
struct ExprItem {
  ast::Expr expr;
  int depth = 1;  // height of the expression tree, bounded by kMaxDepth
};
struct BlockItem {
  Range range;
  std::vector<ast::Stmt> stmts;
};

using Item = std::variant<ast::Word, LabelItem, DrawFlagItem, OpItem, CallMarker, InMarker,
                          ExprItem, BlockItem, ast::Stmt, ast::Clause, ast::Section, ast::Handler,
                          ast::Param, ast::Import, ast::Fragment, ast::Game>;

struct State {
  uint32_t file = 0;
  std::string_view text;
  std::vector<Item> stack;
  std::vector<size_t> frames;         // stack heights at the start of open node rules
  int depth = 0;                      // open NestTag rules
  std::vector<uint32_t> nest_starts;  // where each open NestTag rule started
  std::vector<uint32_t>
      brace_starts;  // where each open BraceTag rule (block, section, game) started
  int games = 0;
  ast::File result;

  Range range(const char* begin, const char* end) const {
    return {file, static_cast<uint32_t>(begin - text.data()),
            static_cast<uint32_t>(end - text.data())};
  }
  // Moves the Items of the innermost open node rule off the stack.
  std::vector<Item> take_children();
};

// Leaves.
void push_word(State& st, Range r);                   // the matched text as a Word
void push_name(State& st, Range r);                   // an identifier (length-checked) as a Word
void push_label_name(State& st, Range r);             // an identifier as a LabelItem
void push_string(State& st, Range r, bool as_label);  // a "string" literal's text
void push_int(State& st, Range r);
void push_bool(State& st, Range r, bool value);
void push_no_moves(State& st, Range r);
void build_ask(State& st, Range r);
void push_op(State& st, Range r);  // binary operator from its spelling
void push_unary_op(State& st, Range r, ast::Op op);
void push_draw_flag(State& st, Range r);
void push_call_marker(State& st, Range r);
void push_in_marker(State& st, Range r);
void count_game(State& st, Range r);  // "a file defines at most one game"

// Nodes: each replaces the children of the rule that just matched.
void build_binary(State& st, Range r);  // a chain of one precedence level (or `in`)
void build_unary(State& st, Range r);
void build_paren(State& st, Range r);
void build_name_or_call(State& st, Range r);
void build_quantifier(State& st, Range r);
void build_stmt(State& st, Range r, ast::StmtKind kind);
void build_block(State& st, Range r);
void build_clause(State& st, Range r);
void build_section(State& st, Range r);
void build_handler(State& st, Range r);
void build_param(State& st, Range r);
void build_fragment(State& st, Range r);
void build_import(State& st, Range r);
void build_game(State& st, Range r);
void build_file(State& st, Range r);

}  // namespace mancala::grammar
