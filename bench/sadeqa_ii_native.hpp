// A plain, hand-written Sadeqa II: a two-row relay yardstick for the
// interpreter, where every candidate move is played ahead (endless moves
// are not legal).
//
// Fixed arrays, no allocation, no generality: the kind of code a person
// writes for one game, as bench/kalah_native.hpp is for Kalah. It follows
// docs/games/sadeqa_ii.md and games/sadeqa_ii.mnc exactly, so that both
// sides do the same work and play the same games:
//   - 2×6 holes, 3 seeds each, no stores; South moves first;
//   - counter-clockwise from the next hole; a lap that comes round sows
//     into its own starting hole too;
//   - relay from the landing hole: a lap whose last seed makes 2 or more
//     lifts that hole and sows on from the next; a last seed in an empty
//     hole ends the sowing;
//   - then the seeds of the hole opposite the landing hole, in either row,
//     leave play;
//   - each player's first move starts from their hole 6, unless that move
//     is not legal (hole 6 empty, or its move endless): the restriction
//     then lapses (Decision and the rule file's choice);
//   - a move whose sowing would never end is not legal (Decision): as in
//     the runtime, a move still sowing after 10,000 laps is endless by rule
//     (kDefaultEndlessLaps, interpreter/runtime/include/settings.hpp), and a
//     cycle is found earlier with Brent's algorithm on the board at each lap
//     end and the hole the next lap lifts, as bench/hus_native.hpp does;
//   - after each move: the player to move with no legal move loses
//     (`winner survivor`); else the third occurrence of a position (board
//     and player to move; the start is the first; since the last removal,
//     which no earlier position can follow) is a draw (Decision).
// bench/bench_main.cpp plays random games with it and with the interpreted
// games/sadeqa_ii.mnc side by side; docs/performance.md reports the ratio;
// tests/bench_native_test.cpp checks it against the interpreter move by move.
#pragma once

#include <array>
#include <cstdint>

namespace mancala::native {

class SadeqaII {
 public:
  static constexpr int kHoles = 6;            // a row
  static constexpr int kCells = 2 * kHoles;   // the ring
  static constexpr int kEndlessLaps = 10000;  // the runtime's lap budget
  enum class End : uint8_t { None, NoMoves, Repetition };

  // cell[6 * p + i]: player p's (0 South, 1 North) hole i + 1, the
  // runtime's cell order; the sowing goes up the cells and round.
  using Board = std::array<uint8_t, kCells>;
  Board cell{};
  int to_move = 0;              // 0 South, 1 North
  std::array<bool, 2> moved{};  // each player's first move is made
  int removed = 0;              // seeds out of play
  bool over = false;
  End end = End::None;
  int winner = -1;           // when over: 0 South, 1 North, 2 draw
  int south = 0, north = 0;  // when over: the seeds left in each row

  void reset() {
    cell.fill(3);
    moved = {false, false};
    removed = 0;
    set_up(0);
  }

  // A position set up by hand (tests): `cell`, `moved`, `removed`; the
  // repetition count starts from it.
  void set_up(int mover) {
    to_move = mover;
    over = false;
    end = End::None;
    winner = -1;
    seen_ = 0;
    remember();
  }

  // Legal moves 1..6 into out, ascending; returns the count.
  int legal(int* out) const {
    int first = kHoles * to_move;
    if (!moved[to_move] && finite(first + kHoles - 1)) {
      out[0] = kHoles;  // the first move, from hole 6
      return 1;
    }
    int n = 0;
    for (int i = 0; i < kHoles; ++i) {
      if (finite(first + i)) out[n++] = i + 1;
    }
    return n;
  }

  // A uniformly random legal move, drawn as the runtime's
  // random_legal_move draws it from `rng` (its Rng): while the first move
  // binds, one of the legal moves; then among the occupied holes in order,
  // each drawn one played ahead, an endless one dropped and the draw
  // repeated.
  template <class Rng>
  int random_move(Rng& rng) const {
    int candidate[kHoles], n = 0;
    if (!moved[to_move]) {
      n = legal(candidate);
      return candidate[rng.below(n)];
    }
    for (int i = 0; i < kHoles; ++i) {
      if (cell[kHoles * to_move + i]) candidate[n++] = i;
    }
    while (n > 0) {
      int k = rng.below(n);
      int i = candidate[k];
      if (finite(kHoles * to_move + i)) return i + 1;
      for (int j = k; j + 1 < n; ++j) candidate[j] = candidate[j + 1];
      --n;
    }
    return 0;  // none: the game is over before this is asked
  }

  // Whether the player to move has a legal move (stops at the first).
  bool has_move() const {
    for (int i = 0; i < kHoles; ++i) {
      if (finite(kHoles * to_move + i)) return true;
    }
    return false;
  }

  // Plays a legal move, then the end tests in the rule file's order.
  void play(int move) {
    int land = sow(cell, kHoles * to_move + move - 1);
    uint8_t& across = cell[kCells - 1 - land];
    if (across > 0) {
      removed += across;
      across = 0;
      seen_ = 0;  // no earlier position can come back
    }
    moved[to_move] = true;
    to_move ^= 1;
    int reps = remember();
    if (!has_move()) {
      finish(End::NoMoves, to_move ^ 1);
    } else if (reps >= 3) {
      finish(End::Repetition, 2);
    }
  }

  // Sows from cell `start` on board b; returns the landing cell, or -1 when
  // the sowing would never end (b is then left mid-move).
  static int sow(Board& b, int start) {
    // The sowing state at a lap's end: the board and the cell the next lap
    // lifts (the move itself starts as such a state).
    Board saved = b;
    int saved_from = start, power = 1, lam = 1;
    for (int lap = 1, from = start;; ++lap) {
      int hand = b[from], i = from;
      b[from] = 0;
      for (; hand > 0; --hand) {
        i = i == kCells - 1 ? 0 : i + 1;
        ++b[i];
      }
      if (b[i] == 1) return i;                          // an empty landing hole: the sowing ends
      from = i;                                         // relay from the landing hole
      if (from == saved_from && b == saved) return -1;  // a cycle
      if (power == lam) {
        saved = b;
        saved_from = from;
        power *= 2;
        lam = 0;
      }
      ++lam;
      if (lap + 1 > kEndlessLaps) return -1;  // endless by rule
    }
  }

 private:
  // Positions since the last removal: a random game has a few hundred
  // moves at most (a removal every few moves, and a draw by repetition).
  static constexpr int kMaxSeen = 4096;
  std::array<Board, kMaxSeen> boards_;
  std::array<uint8_t, kMaxSeen> movers_;
  int seen_ = 0;

  // Whether cell c is occupied and its move ends.
  bool finite(int c) const {
    if (cell[c] == 0) return false;
    Board copy = cell;
    return sow(copy, c) >= 0;
  }

  // Records the position; returns how many times it has occurred.
  int remember() {
    if (seen_ == kMaxSeen) seen_ = 0;  // never in play (see kMaxSeen)
    boards_[seen_] = cell;
    movers_[seen_] = static_cast<uint8_t>(to_move);
    ++seen_;
    int n = 0;
    for (int k = 0; k < seen_; ++k) n += movers_[k] == to_move && boards_[k] == cell;
    return n;
  }

  void finish(End why, int who) {
    south = north = 0;
    for (int i = 0; i < kHoles; ++i) {
      south += cell[i];
      north += cell[kHoles + i];
    }
    over = true;
    end = why;
    winner = who;
  }
};

}  // namespace mancala::native
