// The words `mancala play` says after a move (interpreter/cli/narrate.hpp),
// on small games written in the test: each test plays one move from a
// position set up by hand and compares the sentences.
#include "narrate.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "describe.hpp"
#include "test_position.hpp"

namespace mancala::cli {
namespace {

struct Loaded {
  std::shared_ptr<const Rules> rules;
  Voice voice;
};

Loaded load(const std::string& text) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_text("test.mnc", text, sources, diags);
  EXPECT_TRUE(r.ok && r.game) << render_text(diags, sources);
  if (!r.ok || !r.game) return {};
  Loaded out{compile(*r.game), {}};
  out.voice.end_words = end_reasons(*r.game, sources);
  out.voice.match_end_words = match_end_reason(*r.game, sources);
  return out;
}

using test::position;

// The sentences for South playing `hole` from `before`.
std::vector<std::string> say(const Loaded& g, State before, int hole, Way way = Way::None) {
  State after = before;
  StepRecorder steps;
  Move move{static_cast<uint8_t>(hole), way};
  ApplyInfo info = apply(*g.rules, after, move, &steps);
  return narrate_move(*g.rules, before, move, after, info, steps.steps(), g.voice);
}

// Every hole that reaches 4 goes to its owner's store; the last seed's
// hole, at 4, goes to the mover (as in the Sadeqa family).
const char* kFours = R"(
game "Fours" {
  board { rows 2  holes 6  stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  on drop when count(here) == 4 and not last { capture here to owner(here) }
  on sow_end when count(here) == 4 { capture here to mover }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Narrate, OneCaptureIsOneClause) {
  Loaded g = load(kFours);
  ASSERT_TRUE(g.rules);
  // South's hole 1 (1 seed) lands in hole 2, making 4.
  auto lines = say(g, position(*g.rules, {1, 3, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1}), 1);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "South sowed hole 1: captured 4 from South's hole 2.");
}

// A move whose direction the mover chose says it.
TEST(Narrate, AChosenDirectionIsSaid) {
  std::string text = kFours;
  text.replace(text.find("moves {"), 0, "sowing { direction either }\n  ");
  Loaded g = load(text);
  ASSERT_TRUE(g.rules);
  State before = position(*g.rules, {1, 3, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1});
  EXPECT_EQ(say(g, before, 1, Way::Ccw)[0],
            "South sowed hole 1 counter-clockwise: captured 4 from South's hole 2.");
  EXPECT_EQ(say(g, before, 1, Way::Cw)[0], "South sowed hole 1 clockwise.");
}

TEST(Narrate, CapturesToBothStoresSayWhoReceivedWhat) {
  Loaded g = load(kFours);
  ASSERT_TRUE(g.rules);
  // South's hole 5 (4 seeds) drops in S6, N1, N2 (each makes 4, each to its
  // owner) and last in N3 (makes 4: to the mover).
  State before = position(*g.rules, {0, 0, 0, 0, 4, 3}, {3, 3, 3, 1, 1, 1});
  auto lines = say(g, before, 5);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0],
            "South sowed hole 5. South captured 8 seeds: 4 from South's hole 6 and 4 from "
            "North's hole 3. North received 8 seeds: 4 from North's hole 1 and 4 from North's "
            "hole 2.");
  g.voice.has_you = true;
  g.voice.you = Player::South;
  lines = say(g, before, 5);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0],
            "You sowed hole 5. You captured 8 seeds: 4 from your hole 6 and 4 from North's "
            "hole 3. North received 8 seeds: 4 from North's hole 1 and 4 from North's hole 2.");
}

TEST(Narrate, ManySourcesAreCounted) {
  Loaded g = load(kFours);
  ASSERT_TRUE(g.rules);
  // Hole 1's 5 seeds make 4 in S2..S6, each to South.
  auto lines = say(g, position(*g.rules, {5, 3, 3, 3, 3, 3}, {1, 1, 1, 1, 1, 1}), 1);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "South sowed hole 1. South captured 20 seeds from 5 holes.");
}

// A match of rounds that ends when a store cannot fill a hole.
const char* kMatch = R"(
game "Rounds" {
  board { rows 2  holes 2  stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when count(here) == 2 { capture here to mover }
  end { when board_seeds == 0 as "bare"  winner most store }
  match {
    refill conquest from end
    starter winner else second
    ends when min(store(south), store(north)) < seeds
    winner most store
  }
}
)";

TEST(Narrate, TheMatchEndSaysWhy) {
  Loaded g = load(kMatch);
  ASSERT_TRUE(g.rules);
  // South's hole 2 (1 seed) lands in North's hole 1 (1 seed): 2, captured;
  // the board is bare, North's store is empty: the match is over.
  State before = position(*g.rules, {0, 1}, {1, 0}, 2, 0);
  auto lines = say(g, before, 2);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(),
            "The match is over after 1 round because the smaller of South's store and "
            "North's store is less than the seeds per hole at the start: South wins 4-0.");
}

}  // namespace
}  // namespace mancala::cli
