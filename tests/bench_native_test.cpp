// The hand-written games of bench/ (Kalah, ǁHus) must play exactly the
// interpreted games/kalah.mnc and games/hus.mnc, or the benchmark ratios
// compare different work. Plays seeded random games with both, move by
// move, comparing the legal moves, every position and the end.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>

#include "../bench/hus_native.hpp"
#include "../bench/kalah_native.hpp"
#include "check.hpp"
#include "compile.hpp"
#include "runtime.hpp"

namespace mancala {
namespace {

TEST(BenchNativeKalah, PlaysExactlyAsTheRuleFile) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(MANCALA_SOURCE_DIR "/games/kalah.mnc", sources, diags);
  ASSERT_TRUE(r.ok && r.game) << render_text(diags, sources);
  auto rules = compile(*r.game);
  std::mt19937_64 rng(7);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 50 : 500;
  for (int g = 0; g < games; ++g) {
    native::Kalah k = native::Kalah::start();
    State s = initial_state(*rules);
    while (!k.over) {
      ASSERT_FALSE(s.over);
      int legal[6];
      int n = k.legal(legal);
      MoveList moves = legal_moves(*rules, s);
      ASSERT_EQ(moves.size(), n);
      int pick = legal[rng() % n];
      k.play(pick);
      apply(*rules, s, Move{static_cast<uint8_t>(pick)});
      for (int i = 0; i < 6; ++i) {
        ASSERT_EQ(k.pit[i], s.count(s.hole_cell(Player::South, i + 1))) << to_text(s);
        ASSERT_EQ(k.pit[7 + i], s.count(s.hole_cell(Player::North, i + 1))) << to_text(s);
      }
      ASSERT_EQ(k.pit[6], s.store(Player::South));
      ASSERT_EQ(k.pit[13], s.store(Player::North));
      if (!k.over) {
        ASSERT_EQ(k.to_move, index(s.to_move));
      }
    }
    EXPECT_TRUE(s.over);
  }
}

// ---- ǁHus ----------------------------------------------------------------

std::shared_ptr<const Rules> hus_rules() {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(MANCALA_SOURCE_DIR "/games/hus.mnc", sources, diags);
  EXPECT_TRUE(r.ok && r.game) << render_text(diags, sources);
  return r.ok && r.game ? compile(*r.game) : nullptr;
}

// What the games played went through, so that a test can show that every
// rule of the comparison was exercised.
struct HusTally {
  int games = 0;
  long moves = 0;
  long captures = 0;  // moves that took stones from the opponent
  long endless = 0;   // candidates (holes of 2 or more) that are not legal: endless moves
  int ends[4] = {};   // by native::Hus::End
};

const char* end_label(native::Hus::End e) {
  switch (e) {
    case native::Hus::End::NoMoves:
      return "no-moves";
    case native::Hus::End::Repetition:
      return "repetition";
    case native::Hus::End::Long:
      return "long";
    default:
      return "";
  }
}

// Plays one random game from the position both hold, comparing move by
// move; the interpreter's position must match the native one.
void play_both(const Rules& rules, native::Hus& h, State s, std::mt19937_64& rng, HusTally& t) {
  History history;
  history.reserve(native::Hus::kMaxPly + 1);
  ++t.games;
  while (!h.over) {
    ASSERT_FALSE(s.over) << to_text(s);
    int legal[16];
    int n = h.legal(legal);
    MoveList moves = legal_moves(rules, s);
    ASSERT_EQ(moves.size(), n) << to_text(s);
    for (int i = 0; i < n; ++i) ASSERT_EQ(moves[i], Move{static_cast<uint8_t>(legal[i])});
    int candidates = 0;
    for (int i = 0; i < 16; ++i) candidates += h.cell[16 * h.to_move + i] >= 2;
    t.endless += candidates - n;
    int pick = legal[rng() % n];
    int opponent = 0;
    for (int i = 0; i < 16; ++i) opponent += h.cell[16 * (h.to_move ^ 1) + i];
    h.play(pick);
    ApplyInfo info = apply(rules, s, Move{static_cast<uint8_t>(pick)}, nullptr, &history);
    ++t.moves;
    int opponent_after = 0;
    for (int i = 0; i < 16; ++i) opponent_after += h.cell[16 * h.to_move + i];
    t.captures += opponent_after < opponent;
    for (int c = 0; c < 32; ++c) ASSERT_EQ(h.cell[c], s.cells[c]) << "cell " << c << to_text(s);
    ASSERT_EQ(h.to_move, index(s.to_move));
    ASSERT_EQ(h.ply, s.ply);
    ASSERT_EQ(h.over, s.over) << to_text(s);
    if (h.over) {
      ASSERT_EQ(info.end.reason, end_label(h.end));
      ASSERT_EQ(static_cast<int>(s.result.winner), h.winner + 1);  // Winner: None, S, N, Draw
      ASSERT_EQ(s.result.south, h.south);
      ASSERT_EQ(s.result.north, h.north);
      ++t.ends[static_cast<int>(h.end)];
    }
  }
}

TEST(BenchNativeHus, PlaysExactlyAsTheRuleFileFromTheStart) {
  auto rules = hus_rules();
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(11);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 100 : 2000;
  auto h = std::make_unique<native::Hus>();
  HusTally t;
  for (int g = 0; g < games; ++g) {
    h->reset();
    play_both(*rules, *h, initial_state(*rules), rng, t);
    if (HasFatalFailure()) return;
  }
  // The games went through captures and endless candidates.
  EXPECT_GT(t.captures, t.games);
  EXPECT_GT(t.endless, 0);
  EXPECT_EQ(t.ends[static_cast<int>(native::Hus::End::NoMoves)], games);
  std::printf("[ hus ] %d games, %ld moves, %ld captures, %ld endless candidates\n", t.games,
              t.moves, t.captures, t.endless);
}

// Random games from scattered positions of few stones, some near the move
// limit: there endless moves, repetitions and the move limit happen, which
// games from the start seldom or never reach.
TEST(BenchNativeHus, PlaysExactlyAsTheRuleFileFromScatteredPositions) {
  auto rules = hus_rules();
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(12);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 1000 : 4000;
  auto h = std::make_unique<native::Hus>();
  HusTally t;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules);
    for (int c = 0; c < 32; ++c) s.cells[c] = 0;
    for (int p = 0; p < 2; ++p) {
      // 4..8 a side (repetitions) or 10..18 (endless moves)
      int stones = g % 3 == 0 ? 4 + static_cast<int>(rng() % 5) : 10 + static_cast<int>(rng() % 9);
      for (int k = 0; k < stones; ++k) ++s.cells[16 * p + rng() % 16];
    }
    s.to_move = rng() % 2 ? Player::North : Player::South;
    s.ply = g % 4 == 0 ? static_cast<uint16_t>(1990 + rng() % 10) : 0;
    for (int c = 0; c < 32; ++c) h->cell[c] = static_cast<uint8_t>(s.cells[c]);
    h->set_up(index(s.to_move), s.ply);
    ASSERT_EQ(h->has_move(), !legal_moves(*rules, s).empty()) << to_text(s);
    if (!h->has_move()) continue;
    play_both(*rules, *h, s, rng, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.endless, 0);
  for (auto e : {native::Hus::End::NoMoves, native::Hus::End::Repetition, native::Hus::End::Long}) {
    EXPECT_GT(t.ends[static_cast<int>(e)], 0) << end_label(e);
  }
  std::printf("[ hus ] %d games, %ld moves, %ld captures, %ld endless candidates, ends %d/%d/%d\n",
              t.games, t.moves, t.captures, t.endless, t.ends[1], t.ends[2], t.ends[3]);
}

}  // namespace
}  // namespace mancala
