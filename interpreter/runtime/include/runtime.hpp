// The runtime: legal moves and playing a move, for any compiled game.
//
// This is the hot core used by every front end (CLI, replay, agents,
// solver), so it follows the engine model: free functions over an
// immutable Rules and a value State, fixed-capacity move lists, and no heap
// allocation in legal_moves or apply for any rule file (the bytecode runs
// on a fixed frame; look-ahead simulates on State copies on the stack).
// Watching a move seed by seed is optional: apply takes an Observer pointer
// and, when it is null, runs a separately instantiated sowing loop without
// any callback. Detecting repeated positions across moves needs memory of
// earlier positions, which a value State cannot carry cheaply, so it lives
// in a caller-owned History: without one, `repetition` clauses never fire.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rng.hpp"
#include "rules.hpp"
#include "state.hpp"

namespace mancala {

// A fixed-capacity list of moves in ascending order.
class MoveList {
 public:
  // Every hole of both rows (sons), each in both directions (`either`),
  // and room for answers (`ask`): a game whose moves and answers exceed it
  // is stopped by a RuntimeError.
  static constexpr int kCapacity = 8 * kMaxRowHoles;
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const;
  void push(Move m) { moves_[size_++] = m; }
  // For fast fillers: write moves at data(), then set the count.
  Move* data() { return moves_.data(); }
  void set_size(int n) { size_ = n; }
  void clear() { size_ = 0; }

 private:
  std::array<Move, kCapacity> moves_;  // [0, size_) in use
  int size_ = 0;
};

// "1, 3, 8" ("b1, f3" on four rows): format_move of each, in list order;
// "" when empty.
std::string format_moves(const MoveList& moves, MoveNames names);

// Raised when a rule file misbehaves at run time (a `while` loop exceeding
// 10,000 iterations, a position with more moves than a MoveList holds),
// and by apply given a move that would never stop in a game where such a
// move is illegal (so not a legal move: the caller's error). The state
// passed to apply is then unspecified. This is the only exception the
// runtime throws.
class RuntimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Positions since the last capture, for `repetition` clauses. Owned by the
// caller (one per game being played), passed to every apply of that game.
// reserve() it once; apply then appends one hash per move and clears it on
// a capture or a new round, so the steady state does not allocate.
class History {
 public:
  void reserve(size_t n) { hashes_.reserve(n); }
  void clear() { hashes_.clear(); }
  size_t size() const { return hashes_.size(); }
  // For searches that back up: forget everything after the first n entries.
  void truncate(size_t n) {
    if (n < hashes_.size()) hashes_.resize(n);
  }
  void push(uint64_t position_hash) { hashes_.push_back(position_hash); }
  uint64_t last() const { return hashes_.back(); }  // precondition: size() > 0
  int occurrences(uint64_t position_hash) const;

 private:
  std::vector<uint64_t> hashes_;
};

// Why a round or a game ended.
struct EndInfo {
  Outcome outcome;
  std::string_view reason;  // the clause label ("condition" by default),
                            // "stalemate", "repetition", "endless", "no moves";
                            // points into Rules or a literal
  int round = 1;
};

// What one apply did.
struct ApplyInfo {
  Player mover = Player::South;
  bool passed = false;
  bool extra_turn = false;  // the mover moves again
  int laps = 0;
  int captured = 0;        // seeds that reached stores during the move (not end blocks)
  int removed = 0;         // seeds removed from play during the move
  int lifted = 0;          // seeds `lift` took from the opponent's holes into the hand (sown again)
  bool cancelled = false;  // pending captures were cancelled
  bool endless = false;    // the move's sowing would never stop
  bool round_over = false;  // a round of a match ended (with `match` only)
  bool game_over = false;   // the game (the match) ended
  EndInfo end;              // when round_over or game_over: the ending clause
};

// Callbacks for each step of a move, for traces and animation. Cells are
// State cell indices. Every callback has an empty default.
class Observer {
 public:
  virtual ~Observer() = default;
  virtual void lift(int cell, int n) {}  // a lap lifts n seeds from cell
  virtual void drop(int cell) {}         // one seed lands in cell
  virtual void relay(int cell) {}        // the next lap will lift cell
  // n seeds of cell go to `to`'s store; pending: in sow_end, not yet committed.
  virtual void capture(int cell, int n, Player to, bool pending) {}
  virtual void remove(int cell, int n, bool pending) {}
  virtual void answer(std::string_view question, bool yes) {}  // `ask`: the mover's answer
  virtual void cancel() {}                                     // pending captures were put back
  virtual void commit() {}  // pending captures reached the stores
  virtual void extra_turn() {}
  virtual void pass() {}
  virtual void endless() {}  // the move would never stop
  virtual void round_end(const EndInfo& end) {}
  virtual void game_end(const Outcome& result) {}
  virtual void refill(const State& state) {}  // a new round was set up (board, control)
};

// The position before the first move. `seed` draws a scattered setup
// (`setup { scatter ... }`): the same seed, the same board; other games
// ignore it.
State initial_state(const Rules& rules, uint64_t seed = 0);

// The most seeds one legal move of p would take (to stores or out of play,
// its captures committed) from s, as if it were p's turn; 0 without a legal
// move. What `best_capture(P)` reads.
int best_capture(const Rules& rules, const State& s, Player p);

// Legal moves of the player to move, ascending; {pass} when the rules force
// a pass; empty only when the game is over.
inline MoveList legal_moves(const Rules& rules, const State& state) {
  return rules.listing(rules, state);  // the runtime's listing or the game's compiled one
}

// The legal moves of `state` into `moves`, as legal_moves lists them, and
// for moves[i] the position apply(rules, copy, moves[i]) leaves in
// children[i] and what it reports in infos[i] (no observer, no history).
// Where legality is judged by playing each start ahead (`endless illegal`
// in a relay game), that sowing is the child's own: a candidate is sown
// once, not once to judge it and again to play it. For searches that play
// every child (alpha-beta, solve). children and infos hold
// MoveList::kCapacity entries.
void legal_children(const Rules& rules, const State& state, MoveList& moves, State* children,
                    ApplyInfo* infos);

// A legal move drawn uniformly with rng, as legal_moves(...)[rng.below(n)]
// would be but cheaper where legality needs look-ahead (`must feed`,
// `endless illegal` in a relay game): only the drawn candidates are played
// ahead. For random playouts. Precondition: !state.over.
Move random_legal_move(const Rules& rules, const State& state, Rng& rng);

// Plays one move. Precondition: !state.over and move is in legal_moves
// (where an endless move is illegal, one that would never stop raises
// RuntimeError).
// Passes `history` through repetition clauses (if empty, the position
// before the move is recorded first, so the start position counts).
// The pipeline the rules hold (Rules::applying: the runtime's, or the
// game's compiled one), called here so that a caller pays one call.
inline ApplyInfo apply(const Rules& rules, State& state, Move move, Observer* observer = nullptr,
                       History* history = nullptr) {
  return rules.applying(rules, state, move, observer, history);
}

// Draws a legal move and plays it: the same draws from rng, and the same
// state, ApplyInfo and history, as apply(rules, state,
// random_legal_move(rules, state, rng), nullptr, history), but where the
// drawn move needed the endless look-ahead (`endless illegal` in a relay
// game), the look-ahead's sowing is the move's own instead of being sown
// again. For random playouts. Precondition: !state.over. Inline, so that
// the test costs no call: apply_drawn_move is the out-of-line part for the
// games that reuse the look-ahead, the rules' own pipeline
// (Rules::applying_random: the runtime's, or the game's compiled one) the
// draw and the move of the others in one call (call apply_random_move,
// not either).
ApplyInfo apply_drawn_move(const Rules& rules, State& state, Rng& rng, History* history);
inline ApplyInfo apply_random_move(const Rules& rules, State& state, Rng& rng,
                                   History* history = nullptr) {
  if (rules.may_be_endless && rules.endless == EndlessKind::Illegal) {
    return apply_drawn_move(rules, state, rng, history);  // runtime.cpp
  }
  return rules.applying_random(rules, state, rng, history);
}

// The score of a position for `pov` (the `evaluation` section, or the default
// store and controlled-seed difference).
int64_t evaluate(const Rules& rules, const State& state, Player pov);

// For compile, once the game's code is complete: the table of an end
// condition whose code reads nothing but the two stores and constants
// (DirectTest), its code run for every pair of stores below `side`,
// appended to rules.store_tables; returns where it starts.
uint32_t add_store_table(Rules& rules, CodeRef cond, int side);

// The cell a move starts from (the move must not be pass).
inline int move_cell(const Rules& rules, Player mover, Move m) {
  return move_cell(rules.side, mover, m);
}

// Checks a position built by hand (scenarios, position strings) against the
// rules: hole count, seed conservation (holes + stores + removed = total),
// no seeds in unused cells. Returns an error message or "".
std::string validate(const Rules& rules, const State& state);

}  // namespace mancala
