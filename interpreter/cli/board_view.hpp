// Drawing a position for people (`mancala play`), and the seed-by-seed
// sowing animation.
//
// The board is drawn as South sees it, because South moves first and a
// human usually plays South: North's row on top, running right to left
// with North's own hole numbers above it, South's row below with South's
// numbers, and each player's store at that player's right end (North's at
// the west, South's at the east; docs/language.md, "Conventions"). A hole held by
// the other row's player (a San-Yao son) carries a marker in its
// controller's colour. The same geometry is drawn with Unicode box
// characters or plain ASCII, so tests and logs see the shape people see;
// colour is an option of its own, given only on a terminal, so text written
// to a file or pipe is byte-for-byte deterministic. Every cell is as wide as
// the game's seed total needs, so the board does not jump as counts grow.
#pragma once

#include <cstdio>
#include <string>

#include "rules.hpp"
#include "runtime.hpp"
#include "state.hpp"

namespace mancala::cli {

struct BoardStyle {
  bool unicode = false;  // box-drawing characters (else ASCII)
  bool colour = false;   // ANSI colour (only on a terminal)
  int width = 0;         // the terminal's columns; a board wider is drawn compact (0: any)
};

// Who sits where, and what to point out.
struct BoardLabels {
  std::string south = "South";  // the caption under South's row, e.g. "South (you)"
  std::string north = "North";
  int highlight = -1;  // a cell to emphasise (the last move's hole, a dropping seed)
  std::string hand;    // a line under the board (e.g. "in hand: 3"); "" for none
};

// The board, every line ending in '\n'. When the boxed board is wider than
// style.width, a compact one is drawn instead: no boxes, one column per hole,
// each store beside its player's caption.
std::string draw_board(const Rules& rules, const State& state, const BoardStyle& style,
                       const BoardLabels& labels);

// "tuzdik N2 (south); burnt S1 (south), S2 (south)": the holes that carry
// each of the game's marks, "" when none does. On four rows a hole is named
// by its row as in moves: "lost Sf5 (south)".
std::string marks_summary(const Rules& rules, const State& s);

// "way 1, phase 0": each of the game's counters and its value.
std::string counters_summary(const Rules& rules, const State& s);

// The colour escape of a player's marks, or "" without colour.
std::string player_colour(const BoardStyle& style, Player p);
std::string colour_reset(const BoardStyle& style);

// Redraws the board in place on each seed dropped, with a delay, from a copy
// of the position before the move. Only for a terminal; the caller draws
// the real position afterwards (the animation never replaces it).
class SowingAnimation : public Observer {
 public:
  SowingAnimation(const Rules& rules, const State& before, const BoardStyle& style,
                  BoardLabels labels, FILE* out, int delay_ms);
  void lift(int cell, int n) override;
  void drop(int cell) override;
  void capture(int cell, int n, Player to, bool pending) override;
  void remove(int cell, int n, bool pending) override;
  void commit() override;
  void cancel() override;
  // Erases the animated board, so the caller's next output takes its place.
  void finish();

 private:
  void take(int cell, int n);
  void show(int cell);

  const Rules& rules_;
  State shadow_;
  BoardStyle style_;
  BoardLabels labels_;
  FILE* out_;
  int delay_ms_;
  int hand_ = 0;
  int drawn_lines_ = 0;  // lines of the board on screen (0: not drawn yet)
  struct Pending {
    int cell, n;
    int to;  // a player index, or -1 for a removal
  };
  Pending pending_[2 * kMaxCells];
  int pending_count_ = 0;
};

}  // namespace mancala::cli
