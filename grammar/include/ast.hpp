// The abstract syntax tree of a .mnc file: the output of the parse stage.
//
// The AST is syntax: names are strings as written (the checker records
// which built-in a name resolved to in Expr::builtin, for the compiler), and
// every node carries the source Range it came from so that the checker can point
// at it. Settings sections share one generic shape (a Section of Clauses,
// each a keyword with its words, values, optional label and optional block)
// because the grammar already fixed which words may follow which keyword;
// the checker gives them meaning from one table (interpreter/check/settings.cpp).
// Handlers and statements are typed, since the compiler walks them.
// Nodes are plain values (vectors, no pointers) so that `extends` and
// fragment expansion can copy them.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "source.hpp"

namespace mancala::ast {

// A word as written, with where it was written.
struct Word {
  std::string text;
  Range range;
};

enum class ExprKind {
  Int,      // value
  Bool,     // value (0/1)
  Name,     // name: a local, a parameter or a built-in name (`here`, `mover`)
  Call,     // name(args...): a built-in function
  NoMoves,  // the two words `no moves`
  Unary,    // op args[0]        op: Neg, Not
  Binary,   // args[0] op args[1]
  In,       // args[0] in [args[1], ..., args[n]]
  // quant(name in holes [of args[2]] [where args[1]]: args[0]): all, any,
  // tally or sum over the holes of the board, or of one player's row, that
  // make the filter true (the literal `true` when none is written)
  Quantifier,
  Ask,  // ask name: the mover's answer to the question `name`
  // A use of an expression fragment, made by the checker from the Call (or
  // Name) that named it: args are the arguments, then the fragment's body;
  // `params` the local names the arguments bind in the body.
  Fragment,
};

enum class Quant { None, All, Any, Tally, Sum };
// The keyword of a quantifier: "all", "any", "tally", "sum".
inline const char* quant_spelling(Quant q) {
  constexpr const char* kWords[] = {"?", "all", "any", "tally", "sum"};
  return kWords[static_cast<int>(q)];
}

enum class Op { None, Neg, Not, Add, Sub, Mul, Div, Mod, Eq, Ne, Lt, Le, Gt, Ge, And, Or };

struct Expr {
  ExprKind kind = ExprKind::Int;
  Range range;
  int64_t value = 0;
  std::string name;
  Range name_range;  // Name, Call: the identifier alone
  // Set by the checker on a built-in Name, Call or NoMoves: the row of
  // check/include/builtins.def it resolved to (a NameId or FunctionId);
  // -1 for a local, a literal, an operator, or before checking.
  int builtin = -1;
  // Set by the checker on a Name that is a mark declared by the game's
  // `marks` clause: its index (0-based, in declaration order); else -1.
  int mark = -1;
  // Set by the checker on a Name that is a counter of the game's `counters`
  // clause: its index; else -1.
  int counter = -1;
  Op op = Op::None;
  Quant quant = Quant::None;        // Quantifier
  std::vector<std::string> params;  // Fragment
  std::vector<Expr> args;
};

enum class StmtKind {
  Capture,    // capture [value from] <target|board> to <dest|owners>
  Remove,     // remove [value from] target
  ExtraTurn,  // extra_turn
  Stop,       // stop
  Cancel,     // cancel
  Draw,       // draw
  Relay,      // relay from target / relay into target (into)
  Lift,       // lift [value from] target
  Leave,      // leave value
  Let,        // let name = value
  Assign,     // name = value
  If,         // if cond body [else else_body]
  While,      // while cond body
  Chain,      // chain forward|backward from target while cond body
  Use,        // use name(args)
  Mark,       // mark target as name [for dest]
  Unmark,     // unmark target as name
  For,        // for name in holes [of dest] [where cond] body (cond: `true` when not written)
};

struct Stmt {
  StmtKind kind = StmtKind::Stop;
  Range range;
  std::string name;  // Let, Assign: variable; Use: fragment; Mark, Unmark: the mark
  Range name_range;
  int counter = -1;  // Assign to a counter of the game: its index (set by the checker)
  // Capture: target is empty for `board`; dest is empty for `owners`.
  // Capture, Remove: value is the number of seeds (`N from H`), if given.
  // Remove, Relay, Chain: target. Leave, Let, Assign: value.
  std::optional<Expr> target;
  std::optional<Expr> dest;
  std::optional<Expr> value;
  std::optional<Expr> cond;  // If, While, Chain
  bool forward = true;       // Chain direction
  bool into = false;         // Relay: `relay into H`
  std::optional<Word> way;   // Relay: `ccw` or `cw`, the direction of the laps from there on
  std::vector<Expr> args;    // Use arguments
  std::vector<Stmt> body;
  std::vector<Stmt> else_body;  // If: an `else if` is one If statement here
  bool has_else = false;
  // While: "file:line:col" of the statement, written by the checker for the
  // runtime's error when the loop passes its iteration limit.
  std::string where;
};

// One clause of a settings section, e.g. `holes 12`, `relay next when E`,
// `stalemate 100 moves without capture { ... }`, `when E as "x" draw { }`.
struct Clause {
  Range range;
  Word keyword;                           // "holes", "relay", "when", "winner", ...
  std::vector<Word> words;                // fixed words after the keyword, in order
  std::vector<Expr> values;               // numbers and expressions, in order
  std::optional<Word> label;              // `as "label"` (text without quotes)
  bool draw = false;                      // a `draw` flag on an end clause
  std::optional<std::vector<Stmt>> body;  // a block, when written
};

struct Section {
  Range range;
  Word name;  // "info", "board", "setup", "moves", "sowing", "end", "match", "evaluation"
  std::vector<Clause> clauses;
};

struct Handler {
  Range range;
  Word event;                // "pickup", "drop", "lap_end", "sow_end", "captures"
  std::optional<Word> name;  // `as NAME`
  std::optional<Expr> when;
  std::vector<Stmt> body;
};

struct Game {
  Range range;
  Word name;                    // without quotes
  std::optional<Word> extends;  // without quotes
  std::vector<Section> sections;
  std::vector<Handler> handlers;  // in file order
  // Sections that a syntax error left out of the tree ("*": any of them), so
  // that the checker does not report them missing (see parse_recovering).
  std::set<std::string> lost_sections;
};

struct Param {
  Word name;
  Word type;  // "int", "bool", "hole", "player"
};

struct Fragment {
  Range range;
  Word name;
  std::vector<Param> params;
  std::vector<Stmt> body;     // a block of statements (`use NAME`) ...
  std::optional<Expr> value;  // ... or an expression (`fragment NAME = E`)
};

struct Import {
  Range range;
  Word path;  // without quotes
};

// What syntax errors left out of a file besides sections (see
// parse_recovering): the checker does not call a fragment or a base game
// unknown when it may be among them. A lost import may have brought any.
struct Lost {
  std::set<std::string> fragments;  // names; "*": any name
  bool game = false;                // a game, e.g. one whose header is broken
};

struct File {
  uint32_t source = 0;
  Lost lost;
  std::vector<Import> imports;
  std::vector<Fragment> fragments;
  std::optional<Game> game;
};

// A stable, indented text form of the tree (`mancala dump --stage ast`):
// one node per line with its kind, its fields and its `line:col-line:col`
// range. Golden tests compare it byte for byte.
std::string dump(const File& file, const SourceSet& sources);

}  // namespace mancala::ast
