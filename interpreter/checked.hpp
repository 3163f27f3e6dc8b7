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

namespace mancala {

enum class StoreKind { None, Captures, Sown };
enum class Direction { Ccw, Cw };
enum class RelayKind { None, Landing, Next };
enum class EndlessKind { Illegal, Draw, Ends };
enum class FirstMove { Any, Rightmost, Leftmost };
enum class WinnerKind { MostStore, Survivor };
enum class EndKind { When, Stalemate, Repetition };
enum class StarterKind { Winner, Loser, Alternate };

// The events of one move, in pipeline order (docs/language.md, section 4).
enum class Event { Pickup, Drop, LapEnd, SowEnd, Captures };
inline constexpr size_t kEventCount = 5;
const char* event_name(Event e);  // "pickup", "drop", "lap_end", ...

// Value types of expressions.
enum class Type { Int, Bool, Hole, Player };
const char* type_name(Type t);  // "int", "bool", "hole", "player"

struct HandlerSpec {
  Range range;
  std::string name;  // `as NAME`, or ""
  std::optional<ast::Expr> when;
  std::vector<ast::Stmt> body;  // fragments expanded
};

struct EndClause {
  Range range;
  EndKind kind = EndKind::When;
  std::optional<ast::Expr> cond;  // When
  int count = 0;                  // Stalemate: N moves; Repetition: N-th occurrence
  std::string label;              // reason: the `as` label, "condition", "stalemate", "repetition"
  bool draw = false;
  std::vector<ast::Stmt> body;
};

struct MatchSpec {
  bool present = false;
  bool sons_from_end = true;  // refill conquest from end|start
  StarterKind starter = StarterKind::Winner;
  bool tie_first = false;  // after a tie: the player who moved first (else second)
  std::optional<ast::Expr> ends_when;
  int max_rounds = 0;  // 0: no limit
  WinnerKind winner = WinnerKind::MostStore;
};

struct GameSpec {
  std::string name;
  Range name_range;
  std::vector<std::pair<std::string, std::string>> info;

  // board, setup
  int rows = 2;
  int holes = 0;
  StoreKind stores = StoreKind::None;
  int seeds = 0;

  // moves
  std::optional<ast::Expr> move_where;  // sees `hole`, `mover`
  FirstMove first_move = FirstMove::Any;
  bool must_feed = false;
  std::vector<ast::Expr> forbid;
  bool pass_when_no_moves = false;

  // sowing
  Direction direction = Direction::Ccw;
  RelayKind relay = RelayKind::None;
  std::optional<ast::Expr> relay_when;  // nullopt: the relay kind's default condition
  bool skip_origin = false;
  std::optional<ast::Expr> skip_when;
  EndlessKind endless = EndlessKind::Illegal;
  std::vector<ast::Stmt> endless_body;

  std::array<std::vector<HandlerSpec>, kEventCount> handlers;

  // end (of the game, or of a round when match.present)
  std::vector<EndClause> end;
  WinnerKind winner = WinnerKind::MostStore;

  MatchSpec match;
  std::optional<ast::Expr> evaluation;  // `evaluation { score E }`
};

struct CheckedGame {
  GameSpec spec;
};

// The limits of docs/language.md, section 8.
inline constexpr int kMaxHoles = 32;
inline constexpr int kMaxSeedsPerHole = 1000;
inline constexpr int kMaxTotalSeeds = 60000;
inline constexpr int kMaxImportDepth = 16;
inline constexpr int kMaxExpansionDepth = 16;

// A stable text form of a checked game (`mancala dump --stage checked`).
std::string dump(const CheckedGame& game, const SourceSet& sources);

}  // namespace mancala
