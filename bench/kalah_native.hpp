// A plain, hand-written Kalah(6,4): the yardstick for the interpreter.
//
// Fixed arrays, no allocation, no generality: the kind of code a person
// writes for one game. bench/bench_main.cpp plays random games with it and
// with the interpreted games/kalah.mnc side by side; docs/performance.md
// reports the ratio. It follows docs/games/kalah.md exactly (own store
// sown, opponent's skipped, extra turn, standard capture, end when a row is
// empty with each row to its owner) so that both sides do the same work;
// tests/bench_native_test.cpp checks it against the interpreter move by move.
#pragma once

#include <array>
#include <cstdint>

namespace mancala::native {

struct Kalah {
  // pits 0..5 South holes 1..6, 6 South store, 7..12 North holes 1..6, 13 North store.
  std::array<uint8_t, 14> pit{};
  int to_move = 0;  // 0 South, 1 North
  bool over = false;

  static Kalah start() {
    Kalah k;
    for (int i = 0; i < 14; ++i) k.pit[i] = (i == 6 || i == 13) ? 0 : 4;
    return k;
  }

  // Legal moves 1..6 into out; returns the count.
  int legal(int* out) const {
    int n = 0, base = to_move * 7;
    for (int i = 0; i < 6; ++i) {
      if (pit[base + i]) out[n++] = i + 1;
    }
    return n;
  }

  // A uniformly random legal move, drawn as the runtime's
  // random_legal_move draws it from `rng` (its Rng): Kalah has no
  // look-ahead, so one of the legal moves.
  template <class Rng>
  int random_move(Rng& rng) const {
    int moves[6];
    return moves[rng.below(legal(moves))];
  }

  void play(int move) {
    int base = to_move * 7, own_store = base + 6, other_store = to_move == 0 ? 13 : 6;
    int p = base + move - 1, seeds = pit[p];
    pit[p] = 0;
    while (seeds > 0) {
      p = p == 13 ? 0 : p + 1;
      if (p == other_store) continue;
      ++pit[p];
      --seeds;
    }
    bool again = p == own_store;
    if (!again && p >= base && p < base + 6 && pit[p] == 1) {
      int opp = 12 - p;
      if (pit[opp] > 0) {
        pit[own_store] += pit[opp] + 1;
        pit[opp] = pit[p] = 0;
      }
    }
    finish(again);
  }

 private:
  void finish(bool again) {
    int south = 0, north = 0;
    for (int i = 0; i < 6; ++i) {
      south += pit[i];
      north += pit[7 + i];
    }
    if (south == 0 || north == 0) {
      for (int i = 0; i < 6; ++i) pit[i] = pit[7 + i] = 0;
      pit[6] += south;
      pit[13] += north;
      over = true;
      return;
    }
    if (!again) to_move ^= 1;
  }
};

}  // namespace mancala::native
