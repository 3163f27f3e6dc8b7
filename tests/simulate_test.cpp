// Tests of the simulation library (interpreter/agents/include/simulate.hpp), called
// directly: the reproducibility contract (a game depends on (seed, game
// number) only, so thread counts and game order do not change anything),
// the statistics (Wilson interval, spreads, end reasons) and the JSON.
#include "simulate.hpp"

#include <gtest/gtest.h>

#include "check.hpp"
#include "compile.hpp"
#include "diagnostics.hpp"
#include "source.hpp"

namespace mancala {
namespace {

// The report of a simulation that must succeed.
SimulationReport run(const Rules& rules, const SimulationOptions& o) {
  auto result = simulate(rules, o);
  EXPECT_TRUE(result) << result.error;
  return result ? std::move(*result.value) : SimulationReport{};
}

std::shared_ptr<const Rules> load(const std::string& file) {
  static const DiskFileSystem disk;
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &disk;
  CheckResult result =
      check_file(std::string(MANCALA_SOURCE_DIR) + "/games/" + file, sources, diags, options);
  if (!result.ok || !result.game) return nullptr;
  return compile(*result.game);
}

bool same_game(const GameSummary& a, const GameSummary& b) {
  return a.winner == b.winner && a.result == b.result && a.plies == b.plies &&
         a.rounds == b.rounds && a.captured == b.captured && a.endings == b.endings &&
         a.unfinished == b.unfinished && a.error == b.error;
}

TEST(Simulate, ResultsDoNotDependOnThreads) {
  auto rules = load("kalah.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = "random";
  o.north = "greedy";
  o.games = 16;
  o.seed = 9;
  SimulationReport one, three;
  o.threads = 1;
  one = run(*rules, o);
  o.threads = 3;
  three = run(*rules, o);
  ASSERT_EQ(one.per_game.size(), 16u);
  for (size_t i = 0; i < one.per_game.size(); ++i) {
    EXPECT_TRUE(same_game(one.per_game[i], three.per_game[i])) << "game " << i;
    // And a game alone is the same as inside a run.
    EXPECT_TRUE(same_game(one.per_game[i], simulate_game(*rules, o, static_cast<int>(i))));
  }
  EXPECT_EQ(simulation_json(one), simulation_json(three));
  EXPECT_EQ(one.south_wins + one.north_wins + one.draws + one.unfinished, 16);
}

TEST(Simulate, SeedsChangeTheGames) {
  auto rules = load("kalah.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = o.north = "random";
  o.games = 6;
  SimulationReport a, b;
  o.seed = 1;
  a = run(*rules, o);
  o.seed = 2;
  b = run(*rules, o);
  EXPECT_NE(simulation_json(a), simulation_json(b));
  EXPECT_NE(game_seed(1, 0), game_seed(1, 1));
  EXPECT_NE(game_seed(1, 0), game_seed(2, 0));
}

TEST(Simulate, CountsEndingsRoundsAndCaptures) {
  auto rules = load("san_yao.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = "greedy";
  o.north = "random";
  o.games = 3;
  SimulationReport r;
  r = run(*rules, o);
  int endings = 0;
  for (const auto& [reason, n] : r.endings) endings += n;
  int rounds = 0;
  for (const GameSummary& g : r.per_game) {
    rounds += g.rounds;
    EXPECT_EQ(static_cast<int>(g.endings.size()), g.rounds) << "one ending per round";
    EXPECT_GT(g.plies, 0);
  }
  EXPECT_EQ(endings, rounds);
  EXPECT_GE(r.rounds.max, 1);
  EXPECT_GT(r.captured.mean, 0);
  EXPECT_LE(r.plies.min, r.plies.median);
  EXPECT_LE(r.plies.median, r.plies.max);
}

TEST(Simulate, MaxPliesMarksGamesUnfinished) {
  auto rules = load("oware.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = o.north = "random";
  o.games = 2;
  o.max_plies = 3;
  SimulationReport r;
  r = run(*rules, o);
  EXPECT_EQ(r.unfinished, 2);
  EXPECT_EQ(r.endings["max-plies"], 2);
}

TEST(Simulate, BadAgentSpecIsAnError) {
  auto rules = load("kalah.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = "alphabta";
  SimulationReport r;
  auto result = simulate(*rules, o);
  ASSERT_FALSE(result);
  EXPECT_NE(result.error.find("alphabeta"), std::string::npos) << result.error;
}

TEST(Simulate, WilsonInterval) {
  double low = 0, high = 0;
  wilson_interval(0.5, 100, &low, &high);
  EXPECT_NEAR(low, 0.4038, 1e-3);
  EXPECT_NEAR(high, 0.5962, 1e-3);
  wilson_interval(1.0, 10, &low, &high);
  EXPECT_NEAR(low, 0.7225, 1e-3);
  EXPECT_DOUBLE_EQ(high, 1.0);
  wilson_interval(0.0, 0, &low, &high);
  EXPECT_EQ(low, 0.0);
  EXPECT_EQ(high, 1.0);
}

TEST(Simulate, DeterministicAgentsAreNoted) {
  auto rules = load("kalah.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = "alphabeta:depth=1";
  o.north = "ai:alphabeta:depth=1";
  o.games = 2;
  SimulationReport r;
  r = run(*rules, o);
  EXPECT_TRUE(r.deterministic);
  EXPECT_NE(simulation_text(r).find("--opening-plies"), std::string::npos);
  o.opening_plies = 2;
  r = run(*rules, o);
  EXPECT_FALSE(r.deterministic);
}

}  // namespace
}  // namespace mancala
