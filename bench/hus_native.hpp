// A plain, hand-written ǁHus (4×8): the four-row yardstick for the interpreter.
//
// Fixed arrays, no allocation, no generality: the kind of code a person
// writes for one game, as bench/kalah_native.hpp is for Kalah. It follows
// docs/games/hus.md and games/hus.mnc exactly, so that both sides do the
// same work and play the same games:
//   - each player sows only round their own ring of 16 holes,
//     counter-clockwise, in relay laps; a lap of 16 or more sows into its
//     own hole too (Decision 10);
//   - only holes of 2 or more start a move (Decision 4);
//   - a lap ending in an empty hole ends the move; one ending in an occupied
//     front hole whose column holds stones in both of the opponent's holes
//     takes them both and sows them from the hole after the landing hole,
//     which keeps its stones (Decisions 5-8); any other occupied landing
//     hole is relayed;
//   - a move whose sowing would never end is not legal (Decision 11): as in
//     the runtime, a move still sowing after 10,000 laps is endless by
//     rule (kDefaultEndlessLaps, interpreter/runtime/include/settings.hpp),
//     and a cycle is found earlier with Brent's algorithm;
//   - before each move: the player to move who has no legal move loses; the
//     third occurrence of a position (board and player to move, counted
//     over the whole game) or the 2000th move ends the game, won by the
//     player with more stones on their side, equal a draw (Decision 13).
// bench/bench_main.cpp plays random games with it and with the interpreted
// games/hus.mnc side by side; docs/performance.md reports the ratio;
// tests/bench_native_test.cpp checks it against the interpreter move by move.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace mancala::native {

class Hus {
 public:
  static constexpr int kRing = 16;            // holes a player sows round
  static constexpr int kMaxPly = 2000;        // the move limit
  static constexpr int kEndlessLaps = 10000;  // the runtime's lap budget
  enum class End : uint8_t { None, NoMoves, Repetition, Long };

  // cell[16 * p + i]: player p's (0 South, 1 North) hole i round their
  // ring: i = 0..7 the back row b1..b8 from the player's left, i = 8..15 the
  // front row f8..f1; move i + 1 lifts it (the rule file's numbering, and
  // the runtime's cell order).
  using Board = std::array<uint8_t, 2 * kRing>;
  Board cell{};
  int to_move = 0;  // 0 South, 1 North
  int ply = 0;
  bool over = false;
  End end = End::None;
  int winner = -1;           // when over: 0 South, 1 North, 2 draw
  int south = 0, north = 0;  // when over: the stones on each side

  void reset() {
    static constexpr uint8_t side[kRing] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0};
    for (int p = 0; p < 2; ++p) std::memcpy(cell.data() + kRing * p, side, kRing);
    set_up(0, 0);
  }

  // A position set up by hand (tests): the board is `cell`; the repetition
  // count starts from it.
  void set_up(int mover, int plies) {
    to_move = mover;
    ply = plies;
    over = false;
    end = End::None;
    winner = -1;
    seen_ = 0;
    remember();
  }

  // Legal moves 1..16 into out, ascending; returns the count.
  int legal(int* out) const {
    int n = 0;
    const uint8_t* own = cell.data() + kRing * to_move;
    for (int i = 0; i < kRing; ++i) {
      if (own[i] < 2) continue;
      Board copy = cell;
      if (sow(copy, to_move, i)) out[n++] = i + 1;
    }
    return n;
  }

  // A uniformly random legal move, drawn as the runtime's
  // random_legal_move draws it from `rng` (its Rng): among the holes of 2
  // or more in order, each drawn one played ahead, an endless one dropped
  // and the draw repeated.
  template <class Rng>
  int random_move(Rng& rng) const {
    const uint8_t* own = cell.data() + kRing * to_move;
    int candidate[kRing], n = 0;
    for (int i = 0; i < kRing; ++i) {
      if (own[i] >= 2) candidate[n++] = i;
    }
    while (n > 0) {
      int k = rng.below(n);
      int i = candidate[k];
      Board copy = cell;
      if (sow(copy, to_move, i)) return i + 1;
      for (int j = k; j + 1 < n; ++j) candidate[j] = candidate[j + 1];
      --n;
    }
    return 0;  // none: the game is over before this is asked
  }

  // Whether the player to move has a legal move (stops at the first).
  bool has_move() const {
    const uint8_t* own = cell.data() + kRing * to_move;
    for (int i = 0; i < kRing; ++i) {
      if (own[i] < 2) continue;
      Board copy = cell;
      if (sow(copy, to_move, i)) return true;
    }
    return false;
  }

  // Plays a legal move, then the end tests in the rule file's order.
  void play(int move) {
    sow(cell, to_move, move - 1);
    to_move ^= 1;
    ++ply;
    int reps = remember();
    if (!has_move()) {
      finish(End::NoMoves, to_move ^ 1);
    } else if (reps >= 3) {
      finish(End::Repetition, -1);
    } else if (ply >= kMaxPly) {
      finish(End::Long, -1);
    }
  }

  // Sows `mover`'s move from ring hole `start` on board b; false when the
  // sowing would never end (b is then left mid-move).
  static bool sow(Board& b, int mover, int start) {
    uint8_t* own = b.data() + kRing * mover;
    uint8_t* opp = b.data() + kRing * (mover ^ 1);
    int from = start, hand = own[start];
    own[start] = 0;
    // The sowing state between laps: the board with the hand lifted, and the
    // hole the hand is sown after (the hand is what the board lacks).
    Board saved = b;
    int saved_from = from, power = 1, lam = 1;
    for (int lap = 1;; ++lap) {
      int i = from;
      for (; hand > 0; --hand) {
        i = (i + 1) & (kRing - 1);
        ++own[i];
      }
      if (own[i] == 1) return true;  // an empty landing hole: the move ends
      int facing = 23 - i, behind = i - 8;
      if (i >= 8 && opp[facing] && opp[behind]) {  // capture, sown after i
        hand = opp[facing] + opp[behind];
        opp[facing] = opp[behind] = 0;
      } else {  // relay
        hand = own[i];
        own[i] = 0;
      }
      from = i;
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
  // The positions of the game so far (board and player to move).
  std::array<Board, kMaxPly + 1> boards_;
  std::array<uint8_t, kMaxPly + 1> movers_;
  int seen_ = 0;

  // Records the position; returns how many times it has occurred.
  int remember() {
    boards_[seen_] = cell;
    movers_[seen_] = static_cast<uint8_t>(to_move);
    ++seen_;
    int n = 0;
    for (int k = 0; k < seen_; ++k) n += movers_[k] == to_move && boards_[k] == cell;
    return n;
  }

  // `winner survivor`: a no-moves end names its winner (the player not to
  // move, -1 otherwise); else more stones on one's side wins.
  void finish(End why, int winner_if_stuck) {
    south = north = 0;
    for (int i = 0; i < kRing; ++i) {
      south += cell[i];
      north += cell[kRing + i];
    }
    over = true;
    end = why;
    winner = winner_if_stuck >= 0 ? winner_if_stuck : south > north ? 0 : north > south ? 1 : 2;
  }
};

}  // namespace mancala::native
