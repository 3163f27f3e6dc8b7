// The exact solver: the game-theoretic value of a position of any rule file.
//
// A value is a Score from South's side: the result first (a South win
// above a draw above a North win), then the final margin, South's total
// minus North's (the stores after the file's own end-of-game sweep, or
// whatever the result counts). Where the winner is the one with more seeds,
// as in every `winner most store` game, this order is the margin's order,
// so the value is simply the margin with perfect play. The search is
// alpha-beta over that score with a bounded transposition table that keeps
// proven bounds and verifies the whole position key, so that a value is
// exact or it is reported as bounds [lower, upper] that are proven, never a
// guess (a node or time limit stops it). It uses only the runtime's public
// API (legal_moves, apply, the State value), so it is generic. A
// `repetition` clause makes a position's future depend on the positions
// since the last capture: the search carries them along its line, as play
// does, and only a position that begins its history (the start, or right
// after a capture) goes into the table. What it cannot key it refuses
// (unsolvable_reason).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "egtb.hpp"
#include "rules.hpp"
#include "state.hpp"

namespace mancala {

class History;  // runtime.hpp

using Score = int32_t;

// One result step: every margin lies strictly inside (-kResultStep, kResultStep).
inline constexpr Score kResultStep = Score{1} << 18;

// The score of a finished game (precondition: state.over).
Score final_score(const State& state);
Winner score_winner(Score score);  // South, North or Draw
int score_margin(Score score);     // South minus North
Score make_score(Winner winner, int margin);

// Proven bounds on a value; exact when they meet.
struct Bounds {
  Score lower = 0;
  Score upper = 0;
  bool exact() const { return lower == upper; }
};

struct SolveLimits {
  uint64_t max_nodes = 0;  // 0: none
  double seconds = 0;      // 0: none
  size_t memory_mb = 256;  // the transposition table
  bool one_round = false;  // a match: the value of the current round, which ends the search
  // Key positions without their stores when store_dependence proves the
  // rules allow it (false: always the whole position; for comparisons).
  bool store_free = true;
  // An endgame database for these rules (Egtb::load checked them): every
  // position with at most egtb->max_seeds() seeds on the board is looked
  // up instead of searched. Not owned.
  const Egtb* egtb = nullptr;
  // Workers (solve splits the first moves among them, each with its own
  // table of memory_mb / threads); the value, the first moves' values and
  // the principal variation do not depend on it, the node counts do.
  int threads = 1;
};

// What a long solve reports now and then (every 2^20 nodes).
struct SolveProgress {
  uint64_t nodes = 0;
  double seconds = 0;
  std::string_view phase;  // "value", "moves", "pv"
  int moves_done = 0;      // phase "moves": first moves solved so far
  int moves_total = 0;
  Bounds bounds;  // proven so far for the position being solved (phase "value": the start)
};

struct MoveValue {
  Move move;
  Bounds value;
};

struct SolveResult {
  Bounds value;                  // of the position, for South
  std::vector<MoveValue> moves;  // every legal move, in legal_moves order
  std::vector<Move> pv;          // a principal variation, from the position
  bool pv_complete = false;      // the pv reaches the end of the game
  bool stopped = false;          // a limit stopped the search
  uint64_t nodes = 0;            // positions expanded
  uint64_t egtb_hits = 0;        // positions answered by the endgame database
  double seconds = 0;
  uint64_t table_entries = 0;  // the table's capacity
  int key_bits = 0;            // bits of one position key
  bool store_free = false;     // the key leaves the stores out (store_free.hpp)
};

// Raised when the game can return to a position on the path being searched
// (a cycle that no stalemate or repetition rule ends): it has no finite
// value for this solver.
class SolveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Why the solver refuses this game ("" when it does not).
std::string unsolvable_reason(const Rules& rules);

// Solves `start` (not necessarily the initial position). In a game with a
// `repetition` clause, `history` holds the positions since the last
// capture that led to `start`, as apply kept them (none: `start` is the
// first). Precondition: unsolvable_reason(rules) is "". Throws SolveError
// (a cycle, a line too long) and the rules' RuntimeError.
SolveResult solve(const Rules& rules, const State& start, const SolveLimits& limits,
                  const std::function<void(const SolveProgress&)>& progress = {},
                  const History* history = nullptr);

}  // namespace mancala
