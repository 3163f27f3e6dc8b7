// The hand-written Kalah of bench/ must play exactly the interpreted
// games/kalah.mnc, or the benchmark ratio compares different work. Plays
// seeded random games with both, move by move, comparing every position.
#include <gtest/gtest.h>

#include <random>

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

}  // namespace
}  // namespace mancala
