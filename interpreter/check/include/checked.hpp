// The checked game: the output of the check stage, the input of compile.
//
// Checking resolves everything that can be wrong in a rule file, so that
// compile never fails on user input. A CheckedGame is one game with its
// `extends` chain merged, every settings clause turned into a typed field
// with its default, every handler grouped by event in file order, and
// every `use` expanded in place (a Use statement keeps its name and gets the
// fragment's statements in `body`, preceded by one `let` per parameter
// bound to the argument, so arguments are evaluated once, by value).
// Expressions and statements stay as AST nodes: they are known to be
// well-typed and to use only names and actions their event allows.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ast.hpp"
#include "diagnostics.hpp"
#include "settings.hpp"
#include "state.hpp"

namespace mancala {

const char* event_name(Event e);  // "pickup", "drop", "lap_end", ... (spell(e))

// Value types of expressions.
enum class Type { Int, Bool, Hole, Player };
const char* type_name(Type t);  // "int", "bool", "hole", "player"

struct HandlerSpec {
  Range range;
  std::string name;  // `as NAME`, or ""
  std::optional<ast::Expr> when;
  std::vector<ast::Stmt> body;  // fragments expanded
};

// One `direction D when E` clause (`when` absent: a plain `direction either`).
struct DirectionRule {
  std::optional<ast::Expr> when;
  Direction direction = Direction::Ccw;  // Ccw, Cw or Either
};

struct EndClause {
  Range range;
  EndKind kind = EndKind::When;
  std::optional<ast::Expr> cond;  // When
  int count = 0;                  // Stalemate: N moves; Repetition: N-th occurrence
  std::string label;              // reason: the `as` label, "condition", "stalemate", "repetition"
  bool draw = false;
  bool won = false;                 // one-player games: `won` (else the clause says `lost`)
  std::optional<ast::Expr> won_by;  // two-player games: `won by P`, the winner it names
  std::vector<ast::Stmt> body;
};

// A game as the checker leaves it: its Settings (the plain values every
// later stage shares; compile copies them whole into Rules) plus what still
// needs compiling: the handlers and every condition or block of a clause.
struct GameSpec : Settings {
  std::string name;
  Range name_range;
  std::vector<std::pair<std::string, std::string>> info;

  std::optional<ast::Expr> move_where;  // sees `hole`, `mover`
  std::vector<ast::Expr> forbid;
  std::vector<ast::Expr> forbid_after;  // judged on the position after the move
  // `prefer when|after E`, in file order: `after` judges the position the
  // move leads to, `when` the start hole.
  struct Prefer {
    bool after;
    ast::Expr cond;
  };
  std::vector<Prefer> prefer;
  // `from store [seeds E] [into H] [when C]` (Settings::from_store): each
  // absent when not written (every count; the mover's hole 1; always).
  std::optional<ast::Expr> from_store_seeds;
  std::optional<ast::Expr> from_store_into;
  std::optional<ast::Expr> from_store_when;
  // `into holes [of P] [where F]` (Settings::from_store_choice): the row
  // (absent: both) and the filter (sees `hole`; absent: every hole).
  std::optional<ast::Expr> from_store_of;
  std::optional<ast::Expr> from_store_where;
  std::optional<ast::Expr> relay_when;  // nullopt: the relay kind's default condition
  // `direction D when E` clauses and a plain `direction either`, in the
  // order they are tried for a move's start hole (a rule without `when`
  // always holds); when none holds, the move sows `direction`.
  std::vector<DirectionRule> direction_rules;
  std::optional<ast::Expr> skip_when;
  std::vector<ast::Stmt> endless_body;

  std::array<std::vector<HandlerSpec>, kEventCount> handlers;

  // end (of the game, or of a round when match.present)
  std::vector<EndClause> end;
  std::optional<ast::Expr> match_ends_when;  // match: `ends when E`
  std::optional<ast::Expr> evaluation;       // `evaluation { score E }`
};

struct CheckedGame {
  GameSpec spec;
};

// The limits of docs/language.md, section 8.
inline constexpr int kMaxHoles = kMaxRowHoles;
inline constexpr int kMaxSeedsPerHole = 1000;
inline constexpr int kMaxTotalSeeds = 60000;
inline constexpr int kMaxImportDepth = 16;
inline constexpr int kMaxExpansionDepth = 16;

// A stable text form of a checked game (`mancala dump --stage checked`).
std::string dump(const CheckedGame& game, const SourceSet& sources);

}  // namespace mancala
