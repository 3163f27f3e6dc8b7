// A plain, hand-written Oware (Abapa): a two-row yardstick for the
// interpreter, with captures that chain and a look-ahead rule (must feed).
//
// Fixed arrays, no allocation, no generality: the kind of code a person
// writes for one game, as bench/kalah_native.hpp is for Kalah. It follows
// docs/games/oware.md and games/oware.mnc exactly, so that both sides do
// the same work and play the same games:
//   - 2×6 holes, 4 seeds each, stores that only receive captures; South
//     moves first;
//   - one lap, counter-clockwise from the next hole; a lap of 12 or more
//     passes over its starting hole, which stays empty;
//   - a last seed in the opponent's row making 2 or 3 captures it, then the
//     holes before it while they are the opponent's and hold 2 or 3;
//   - grand slam: a move whose captures would leave the opponent's row
//     empty captures nothing;
//   - must feed: when the opponent's row is empty, only moves that put a
//     seed into it are legal. A move feeds exactly when it reaches the
//     opponent's row (its captures cannot empty that row again: grand
//     slam), so this is a count, where the interpreter plays the move ahead;
//   - the end, in the rule file's order after every move: score (25 or
//     more captured, or 24 each; the Decision: the board's seeds count for
//     nobody), then cannot feed (the player to move has no legal move; each
//     takes their own row), then repetition (a position, board and player to
//     move, seen before since the last capture, the position after a
//     capture and the start counting; each takes their own row); the player
//     with more seeds in store wins, 24-24 a draw.
// bench/bench_main.cpp plays random games with it and with the interpreted
// games/oware.mnc side by side; docs/performance.md reports the ratio;
// tests/bench_native_test.cpp checks it against the interpreter move by move.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace mancala::native {

class Oware {
 public:
  static constexpr int kHoles = 6;  // a row
  static constexpr int kSeeds = 48;
  enum class End : uint8_t { None, Score, CannotFeed, Repetition };

  // cell[6 * p + i]: player p's (0 South, 1 North) hole i + 1, the
  // runtime's cell order; the sowing goes up the cells and round.
  using Board = std::array<uint8_t, 2 * kHoles>;
  Board cell{};
  std::array<int, 2> store{};
  int to_move = 0;  // 0 South, 1 North
  bool over = false;
  End end = End::None;
  int winner = -1;  // when over: 0 South, 1 North, 2 draw

  void reset() {
    cell.fill(4);
    store = {0, 0};
    set_up(0);
  }

  // A position set up by hand (tests): `cell` and `store`; the repetition
  // history starts from it.
  void set_up(int mover) {
    to_move = mover;
    over = false;
    end = End::None;
    winner = -1;
    seen_ = 0;
    remember(to_move);
  }

  // Legal moves 1..6 into out, ascending; returns the count.
  int legal(int* out) const {
    int n = 0;
    const uint8_t* own = cell.data() + kHoles * to_move;
    bool starving = row(to_move ^ 1) == 0;
    for (int i = 0; i < kHoles; ++i) {
      if (own[i] == 0 || (starving && own[i] < kHoles - i)) continue;  // must feed
      out[n++] = i + 1;
    }
    return n;
  }

  // A uniformly random legal move, drawn as the runtime's
  // random_legal_move draws it from `rng` (its Rng): one of the legal moves
  // in order; when must feed binds, among the occupied holes in order, a
  // drawn one that does not feed dropped and the draw repeated.
  template <class Rng>
  int random_move(Rng& rng) const {
    int candidate[kHoles], n = 0;
    if (row(to_move ^ 1) != 0) {
      n = legal(candidate);
      return candidate[rng.below(n)];
    }
    const uint8_t* own = cell.data() + kHoles * to_move;
    for (int i = 0; i < kHoles; ++i) {
      if (own[i]) candidate[n++] = i;
    }
    while (n > 0) {
      int k = rng.below(n);
      int i = candidate[k];
      if (own[i] >= kHoles - i) return i + 1;  // it feeds
      for (int j = k; j + 1 < n; ++j) candidate[j] = candidate[j + 1];
      --n;
    }
    return 0;  // none: the game is over before this is asked
  }

  // Plays a legal move, then the end tests in the rule file's order.
  void play(int move) {
    int mover = to_move;
    bool took = sow_and_capture(mover, kHoles * mover + move - 1);
    to_move ^= 1;
    if (took) seen_ = 0;
    int reps = remember(to_move);
    int legal_moves[kHoles];
    if (2 * store[0] > kSeeds || 2 * store[1] > kSeeds ||
        (2 * store[0] == kSeeds && 2 * store[1] == kSeeds)) {
      finish(End::Score, false);
    } else if (legal(legal_moves) == 0) {
      finish(End::CannotFeed, true);
    } else if (reps >= 2) {
      finish(End::Repetition, true);
    }
  }

  int row(int p) const {
    int n = 0;
    for (int i = 0; i < kHoles; ++i) n += cell[kHoles * p + i];
    return n;
  }

 private:
  // Positions since the last capture: at most one per possible board
  // between captures, far fewer in play; a game of Oware from the start
  // never goes past a few hundred moves without a capture or a repeat.
  static constexpr int kMaxSeen = 4096;
  std::array<Board, kMaxSeen> boards_;
  std::array<uint8_t, kMaxSeen> movers_;
  int seen_ = 0;

  // Sows from cell `start`; returns whether stones were captured.
  bool sow_and_capture(int mover, int start) {
    int seeds = cell[start], c = start;
    cell[start] = 0;
    while (seeds > 0) {
      c = c == 2 * kHoles - 1 ? 0 : c + 1;
      if (c == start) continue;  // a lap of 12 or more skips its starting hole
      ++cell[c];
      --seeds;
    }
    int first = kHoles * (mover ^ 1), take = 0, k = c;
    for (; k >= first && k < first + kHoles && (cell[k] == 2 || cell[k] == 3); --k) take += cell[k];
    if (take == 0 || take == row(mover ^ 1)) return false;  // nothing, or a grand slam
    for (int j = k + 1; j <= c; ++j) cell[j] = 0;
    store[mover] += take;
    return true;
  }

  // Records the position; returns how many times it has occurred since the
  // last capture.
  int remember(int mover) {
    if (seen_ == kMaxSeen) seen_ = 0;  // never in play (see kMaxSeen)
    boards_[seen_] = cell;
    movers_[seen_] = static_cast<uint8_t>(mover);
    ++seen_;
    int n = 0;
    for (int k = 0; k < seen_; ++k) n += movers_[k] == mover && boards_[k] == cell;
    return n;
  }

  void finish(End why, bool sweep) {
    if (sweep) {
      for (int p = 0; p < 2; ++p) {
        store[p] += row(p);
        std::memset(cell.data() + kHoles * p, 0, kHoles);
      }
    }
    over = true;
    end = why;
    winner = store[0] > store[1] ? 0 : store[1] > store[0] ? 1 : 2;
  }
};

}  // namespace mancala::native
