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
  for (int i = 0; i < 16; ++i) {
    // A game depends on (seed, game number) only.
    EXPECT_TRUE(same_game(simulate_game(*rules, o, i), simulate_game(*rules, o, i))) << i;
  }
  EXPECT_EQ(simulation_json(one), simulation_json(three));
  EXPECT_EQ(one.south_wins + one.north_wins + one.draws + one.unfinished, 16);
}

// The reports of four simulations as the code that kept every game's
// summary and aggregated them in game order printed them, before the totals
// were streamed. Streaming must change nothing, whatever the thread count.
// (One change since, on purpose: Oware's run finishes no game, so its
// first_player is null rather than a rate of 0 over no games.)
TEST(Simulate, StreamedTotalsMatchThePerGameReport) {
  struct Case {
    const char* file;
    const char* south;
    const char* north;
    int games;
    uint64_t seed;
    int max_plies;
    int opening_plies;
    std::string json;
  };
  const Case cases[] = {
      {"kalah.mnc", "random", "greedy", 41, 9, 100000, 0,
       R"({"game":"Kalah","games":41,"seed":9,"opening_plies":0,"agents":{"south":"random","north":"greedy"},"south":{"wins":8,"draws":1,"losses":32},"north":{"wins":32,"draws":1,"losses":8},"draws":1,"unfinished":0,"errors":0,"first_player":{"score":0.2073,"low":0.1111,"high":0.3537},"plies":{"mean":31.024,"median":28.0,"min":15,"max":64},"rounds":{"mean":1.000,"median":1.0,"min":1,"max":1},"captured":{"mean":19.561,"median":20.0,"min":4,"max":34},"capture_moves":{"mean":4.610,"median":4.0,"min":1,"max":10},"removed":{"mean":0.000,"median":0.0,"min":0,"max":0},"extra_turns":3.902,"passes":0.000,"endings":{"empty-row":41}})"},
      {"san_yao.mnc", "greedy", "random", 6, 3, 100000, 0,
       R"({"game":"San-Yao","games":6,"seed":3,"opening_plies":0,"agents":{"south":"greedy","north":"random"},"south":{"wins":6,"draws":0,"losses":0},"north":{"wins":0,"draws":0,"losses":6},"draws":0,"unfinished":0,"errors":0,"first_player":{"score":1.0000,"low":0.6097,"high":1.0000},"plies":{"mean":265.500,"median":227.0,"min":40,"max":679},"rounds":{"mean":6.333,"median":4.5,"min":2,"max":15},"captured":{"mean":310.667,"median":221.0,"min":98,"max":735},"capture_moves":{"mean":64.000,"median":46.5,"min":14,"max":153},"removed":{"mean":0.000,"median":0.0,"min":0,"max":0},"extra_turns":0.000,"passes":58.833,"endings":{"fewer-than-two":34,"stalemate":4}})"},
      {"oware.mnc", "random", "random",
       7, 5, 60, 0, R"({"game":"Oware","games":7,"seed":5,"opening_plies":0,"agents":{"south":"random","north":"random"},"south":{"wins":0,"draws":0,"losses":0},"north":{"wins":0,"draws":0,"losses":0},"draws":0,"unfinished":7,"errors":0,"first_player":null,"plies":{"mean":60.000,"median":60.0,"min":60,"max":60},"rounds":{"mean":1.000,"median":1.0,"min":1,"max":1},"captured":{"mean":21.857,"median":17.0,"min":10,"max":38},"capture_moves":{"mean":6.857,"median":7.0,"min":3,"max":12},"removed":{"mean":0.000,"median":0.0,"min":0,"max":0},"extra_turns":0.000,"passes":0.000,"endings":{"max-plies":7}})"},
      {"kalah.mnc", "alphabeta:depth=2", "greedy", 10, 4, 100000, 2,
       R"({"game":"Kalah","games":10,"seed":4,"opening_plies":2,"agents":{"south":"alphabeta:depth=2","north":"greedy"},"south":{"wins":6,"draws":0,"losses":4},"north":{"wins":4,"draws":0,"losses":6},"draws":0,"unfinished":0,"errors":0,"first_player":{"score":0.6000,"low":0.3127,"high":0.8318},"plies":{"mean":17.500,"median":16.0,"min":11,"max":30},"rounds":{"mean":1.000,"median":1.0,"min":1,"max":1},"captured":{"mean":12.000,"median":7.5,"min":0,"max":35},"capture_moves":{"mean":1.600,"median":1.0,"min":0,"max":4},"removed":{"mean":0.000,"median":0.0,"min":0,"max":0},"extra_turns":3.400,"passes":0.000,"endings":{"empty-row":10}})"},
  };
  for (const Case& c : cases) {
    auto rules = load(c.file);
    ASSERT_TRUE(rules) << c.file;
    SimulationOptions o;
    o.south = c.south;
    o.north = c.north;
    o.games = c.games;
    o.seed = c.seed;
    o.max_plies = c.max_plies;
    o.opening_plies = c.opening_plies;
    for (int threads : {1, 2, 3, 5}) {
      o.threads = threads;
      EXPECT_EQ(simulation_json(run(*rules, o)), c.json) << c.file << ", threads " << threads;
    }
  }
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
  for (int i = 0; i < o.games; ++i) {
    GameSummary g = simulate_game(*rules, o, i);
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

// Four-row games capture into the hand (the seeds are sown again), not into
// a store: they count as captured all the same, and a capturing move as one.
// ǁHus's first capture comes at ply 3 at the earliest, and random games
// last dozens of plies.
TEST(Simulate, SeedsTakenIntoTheHandCountAsCaptured) {
  auto rules = load("hus.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = "random";
  o.north = "random";
  o.games = 4;
  SimulationReport r = run(*rules, o);
  EXPECT_GT(r.captured.mean, 0);
  EXPECT_GT(r.capture_moves.mean, 0);
  EXPECT_EQ(r.removed.max, 0);
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

// Two deterministic agents play one game N times: the interval is that of
// one game, not of N independent ones.
TEST(Simulate, DeterministicAgentsRateOneDistinctGame) {
  auto rules = load("kalah.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = o.north = "alphabeta:depth=1";
  o.games = 100;
  o.threads = 2;
  SimulationReport r = run(*rules, o);
  ASSERT_TRUE(r.deterministic);
  double low = 0, high = 0;
  wilson_interval(r.south_score, 1, &low, &high);
  EXPECT_DOUBLE_EQ(r.south_low, low);
  EXPECT_DOUBLE_EQ(r.south_high, high);
  EXPECT_NE(simulation_text(r).find("over 1 distinct game"), std::string::npos)
      << simulation_text(r);
  // With random openings the games differ and all of them count.
  o.opening_plies = 2;
  r = run(*rules, o);
  wilson_interval(r.south_score, r.south_wins + r.north_wins + r.draws, &low, &high);
  EXPECT_DOUBLE_EQ(r.south_low, low);
  EXPECT_EQ(simulation_text(r).find("distinct"), std::string::npos);
}

TEST(Simulate, NoFinishedGameHasNoRate) {
  auto rules = load("oware.mnc");
  ASSERT_TRUE(rules);
  SimulationOptions o;
  o.south = o.north = "random";
  o.games = 3;
  o.max_plies = 3;
  SimulationReport r = run(*rules, o);
  ASSERT_EQ(r.unfinished, 3);
  EXPECT_NE(simulation_json(r).find("\"first_player\":null,"), std::string::npos)
      << simulation_json(r);
  std::string text = simulation_text(r);
  EXPECT_NE(text.find("score rate: none, no game finished"), std::string::npos) << text;
  EXPECT_EQ(text.find("95% CI"), std::string::npos) << text;
}

}  // namespace
}  // namespace mancala
