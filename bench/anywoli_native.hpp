// A plain, hand-written Anywoli: a two-row relay yardstick for the
// interpreter, with captures during the sowing, extra turns and passes,
// where every candidate move is played ahead (endless moves are not legal).
//
// Fixed arrays, no allocation, no generality: the kind of code a person
// writes for one game, as bench/kalah_native.hpp is for Kalah. It follows
// docs/games/anywoli.md and games/anywoli.mnc exactly, so that both sides
// do the same work and play the same games:
//   - 2×12 holes, 4 seeds each, stores that only receive captures; South
//     moves first;
//   - counter-clockwise from the next hole, seed by seed; a lap that comes
//     round sows into its own starting hole too;
//   - a seed that is not its lap's last and makes its hole hold 4: the 4 go
//     at once to the store of the hole's owner, and the sowing goes on;
//   - a lap's last seed making 4: the mover takes them and moves again;
//     else a last seed in an occupied hole relays (that hole is lifted and
//     sown from the next), and one in an empty hole ends the move;
//   - a move whose sowing would never end is not legal (Decision): as in
//     the runtime, a move still sowing after 10,000 laps is endless by rule
//     (kDefaultEndlessLaps, interpreter/runtime/include/settings.hpp), and a
//     cycle is found earlier with Brent's algorithm on the board at each lap
//     end and the hole the next lap lifts, as bench/hus_native.hpp does (a
//     capture lowers the board's seeds for good, so the stores need no
//     comparing);
//   - a player with no legal move passes (the move 0 here, `pass` in the
//     rule file), a player due an extra turn too;
//   - after every move, in the rule file's order: an empty board ends the
//     game; 4 seeds left go to the player who received the last capture
//     (Decision); 200 moves in a row without a capture, passes included,
//     end it with each row to its owner (Decision); the player with more
//     seeds in store wins, 48-48 a draw.
// bench/bench_main.cpp plays random games with it and with the interpreted
// games/anywoli.mnc side by side; docs/performance.md reports the ratio;
// tests/bench_native_test.cpp checks it against the interpreter move by move.
#pragma once

#include <array>
#include <cstdint>

namespace mancala::native {

class Anywoli {
 public:
  static constexpr int kHoles = 12;           // a row
  static constexpr int kCells = 2 * kHoles;   // the ring
  static constexpr int kStalemate = 200;      // moves without a capture
  static constexpr int kEndlessLaps = 10000;  // the runtime's lap budget
  static constexpr int kPass = 0;
  enum class End : uint8_t { None, EmptyBoard, LastFour, Stalemate };

  // cell[12 * p + i]: player p's (0 South, 1 North) hole i + 1, the
  // runtime's cell order; the sowing goes up the cells and round.
  using Board = std::array<uint8_t, kCells>;
  Board cell{};
  std::array<int, 2> store{};
  int to_move = 0;        // 0 South, 1 North
  int since_capture = 0;  // moves (passes included) since the last capture
  int last_captor = -1;   // who received the last capture
  bool over = false;
  End end = End::None;
  int winner = -1;  // when over: 0 South, 1 North, 2 draw

  void reset() {
    cell.fill(4);
    store = {0, 0};
    to_move = 0;
    since_capture = 0;
    last_captor = -1;
    over = false;
    end = End::None;
    winner = -1;
  }

  // Legal moves 1..12 into out, ascending, or the pass alone; returns the
  // count.
  int legal(int* out) const {
    int n = 0;
    for (int i = 0; i < kHoles; ++i) {
      if (finite(kHoles * to_move + i)) out[n++] = i + 1;
    }
    if (n == 0) out[n++] = kPass;
    return n;
  }

  // A uniformly random legal move, drawn as the runtime's
  // random_legal_move draws it from `rng` (its Rng): among the occupied
  // holes in order, each drawn one played ahead, an endless one dropped and
  // the draw repeated; the pass when none is left.
  template <class Rng>
  int random_move(Rng& rng) const {
    int candidate[kHoles], n = 0;
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
    return kPass;
  }

  // Plays a legal move (or the pass), then the end tests in the rule
  // file's order.
  void play(int move) {
    bool again = false, took = false;
    if (move != kPass) {
      Capture got;
      sow(cell, to_move, kHoles * to_move + move - 1, got);
      store[0] += got.to[0];
      store[1] += got.to[1];
      took = got.last >= 0;
      if (took) last_captor = got.last;
      again = got.again;
    }
    if (!again) to_move ^= 1;
    since_capture = took ? 0 : since_capture + 1;
    int seeds = 0;
    for (uint8_t c : cell) seeds += c;
    if (seeds == 0) {
      finish(End::EmptyBoard);
    } else if (seeds == 4) {
      store[last_captor] += 4;
      cell.fill(0);
      finish(End::LastFour);
    } else if (since_capture >= kStalemate) {
      for (int i = 0; i < kHoles; ++i) {
        store[0] += cell[i];
        store[1] += cell[kHoles + i];
      }
      cell.fill(0);
      finish(End::Stalemate);
    }
  }

  // What a move captured: the seeds each store received, who received the
  // last (-1: none), and whether the mover moves again.
  struct Capture {
    int to[2] = {0, 0};
    int last = -1;
    bool again = false;
  };

  // Sows `mover`'s move from cell `start` on board b; false when the sowing
  // would never end (b is then left mid-move).
  static bool sow(Board& b, int mover, int start, Capture& got) {
    // The sowing state at a lap's end: the board and the cell the next lap
    // lifts (the move itself starts as such a state).
    Board saved = b;
    int saved_from = start, power = 1, lam = 1;
    for (int lap = 1, from = start;; ++lap) {
      int hand = b[from], i = from;
      b[from] = 0;
      for (; hand > 0; --hand) {
        i = i == kCells - 1 ? 0 : i + 1;
        if (++b[i] == 4 && hand > 1) {  // a four during the lap: to the hole's owner
          int owner = i >= kHoles;
          got.to[owner] += 4;
          got.last = owner;
          b[i] = 0;
        }
      }
      if (b[i] == 4) {  // a four at the lap's end: to the mover, who moves again
        got.to[mover] += 4;
        got.last = mover;
        got.again = true;
        b[i] = 0;
        return true;
      }
      if (b[i] == 1) return true;                          // an empty landing hole: the move ends
      from = i;                                            // relay from the landing hole
      if (from == saved_from && b == saved) return false;  // a cycle
      if (power == lam) {
        saved = b;
        saved_from = from;
        power *= 2;
        lam = 0;
      }
      ++lam;
      if (lap + 1 > kEndlessLaps) return false;  // endless by rule
    }
  }

 private:
  // Whether cell c is occupied and its move ends.
  bool finite(int c) const {
    if (cell[c] == 0) return false;
    Board copy = cell;
    Capture ignored;
    return sow(copy, to_move, c, ignored);
  }

  void finish(End why) {
    over = true;
    end = why;
    winner = store[0] > store[1] ? 0 : store[1] > store[0] ? 1 : 2;
  }
};

}  // namespace mancala::native
