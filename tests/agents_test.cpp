// The agents (interpreter/agents/include/agents.hpp) on every shipped game.
//
// Agents are generic, so they are tested the way OpenSpiel tests games:
// every agent on every rule file in games/, at positions reached by seeded
// random play, must return a legal move without touching its input, and
// must repeat itself for a seed. Alpha-beta's extra-turn handling is
// checked against a brute-force minimax over the same leaf scores: at a
// fixed depth the two values must be equal, on hundreds of positions of
// games with extra turns, passes, relays and repetition. Strength is
// checked only coarsely here (MCTS against random); docs/agents.md has the
// measured tables.
#include "agents.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "runtime.hpp"

namespace mancala {
namespace {

bool sanitizer_run() {
  return std::getenv("MANCALA_SANITIZER_RUN") != nullptr;
}

std::vector<std::string> game_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(MANCALA_SOURCE_DIR "/games")) {
    if (e.path().extension() == ".mnc") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::shared_ptr<const Rules> load(const std::string& path) {
  static std::map<std::string, std::shared_ptr<const Rules>> cache;
  auto& rules = cache[path];
  if (!rules) {
    SourceSet sources;
    Diagnostics diags;
    CheckResult r = check_file(path, sources, diags);
    if (!r.ok || !r.game) ADD_FAILURE() << render_text(diags, sources);
    if (r.ok && r.game) rules = compile(*r.game);
  }
  return rules;
}

std::unique_ptr<Agent> agent(std::string_view spec, uint64_t seed = 1) {
  auto made = make_agent(spec, seed);
  EXPECT_TRUE(made) << made.error;
  auto a = made ? std::move(*made.value) : nullptr;
  return a;
}

// Positions of one seeded random game (every `step`-th, not over), each with
// the game's history up to it.
struct Sample {
  State state;
  History history;
};
std::vector<Sample> sample_positions(const Rules& rules, uint64_t seed, int step, int max) {
  std::vector<Sample> out;
  Rng rng(seed);
  State s = initial_state(rules);
  History h;
  for (int ply = 0; !s.over && static_cast<int>(out.size()) < max && ply < 5000; ++ply) {
    if (ply % step == 0) out.push_back({s, h});
    MoveList moves = legal_moves(rules, s);
    apply(rules, s, moves[rng.below(moves.size())], nullptr, &h);
  }
  return out;
}

// ---- make_agent ------------------------------------------------------------

TEST(MakeAgent, AcceptsEverySpecForm) {
  for (const char* spec : {"random", "random:seed=3", "greedy", "alphabeta", "ai:alphabeta",
                           "alphabeta:depth=8", "alphabeta:seconds=0.5", "mcts", "ai:mcts",
                           "mcts:iterations=20000,seconds=1", "ai:mcts:seed=9"}) {
    auto made = make_agent(spec, 1);
    EXPECT_TRUE(made) << spec << ": " << made.error;
  }
  EXPECT_EQ(agent("ai:alphabeta")->name(), "alphabeta:depth=6");
  EXPECT_EQ(agent("alphabeta:seconds=0.5")->name(), "alphabeta:seconds=0.5");
  EXPECT_EQ(agent("mcts:iterations=20000,seconds=1", 7)->name(),
            "mcts:iterations=20000,seconds=1,seed=7");
  EXPECT_EQ(agent("random", 5)->name(), "random:seed=5");
  EXPECT_EQ(agent("greedy:seed=4", 5)->name(), "greedy:seed=4");
}

TEST(MakeAgent, ReportsMistakesWithSuggestions) {
  auto error_of = [](std::string_view spec) {
    auto made = make_agent(spec, 1);
    EXPECT_FALSE(made) << spec;
    return made.error;
  };
  EXPECT_EQ(error_of("alphabta"),
            "unknown agent 'alphabta'; did you mean 'alphabeta'? (agents: random, greedy, "
            "alphabeta, mcts)");
  EXPECT_EQ(error_of("minimax"),
            "unknown agent 'minimax' (agents: random, greedy, alphabeta, mcts)");
  EXPECT_EQ(error_of(""), "expected an agent name (random, greedy, alphabeta, mcts), got ''");
  EXPECT_EQ(error_of("alphabeta:deph=3"),
            "unknown option 'deph' for alphabeta; did you mean 'depth'? (its options: depth, "
            "seconds, seed, egtb)");
  EXPECT_EQ(error_of("mcts:depth=3"),
            "unknown option 'depth' for mcts (its options: iterations, seconds, seed)");
  EXPECT_EQ(error_of("alphabeta:depth"),
            "expected key=value in the options of alphabeta, got 'depth'");
  EXPECT_EQ(error_of("alphabeta:depth=0"), "depth must be an integer from 1 to 60, got '0'");
  EXPECT_EQ(error_of("mcts:iterations=1e3"),
            "iterations must be an integer from 1 to 100000000, got '1e3'");
  EXPECT_EQ(error_of("mcts:seconds=-1"),
            "seconds must be a number above 0 and at most 86400, got '-1'");
  EXPECT_EQ(error_of("random:seed=x"), "seed must be a non-negative integer, got 'x'");
  EXPECT_EQ(error_of("random:seed=1,seed=2"), "option 'seed' given twice");
}

// ---- every agent on every game ---------------------------------------------

const std::vector<std::string> kSpecs = {"random", "greedy", "alphabeta:depth=3",
                                         "mcts:iterations=200"};

TEST(Agents, ChooseLegalMovesWithoutChangingTheirInput) {
  for (const std::string& file : game_files()) {
    auto rules = load(file);
    ASSERT_TRUE(rules) << file;
    for (const std::string& spec : kSpecs) {
      auto a = agent(spec);
      for (const Sample& p : sample_positions(*rules, 11, 7, sanitizer_run() ? 3 : 8)) {
        State before = p.state;
        size_t history_size = p.history.size();
        Move m = a->choose(*rules, p.state, &p.history);
        EXPECT_TRUE(legal_moves(*rules, p.state).contains(m))
            << file << " " << spec << " " << format_move(m, rules->move_names()) << " at "
            << to_text(p.state);
        EXPECT_EQ(p.state, before) << file << " " << spec;
        EXPECT_EQ(p.history.size(), history_size) << file << " " << spec;
        Move without_history = a->choose(*rules, p.state, nullptr);
        EXPECT_TRUE(legal_moves(*rules, p.state).contains(without_history)) << file << " " << spec;
      }
    }
  }
}

TEST(Agents, AreDeterministicForASeed) {
  for (const std::string& file : game_files()) {
    auto rules = load(file);
    ASSERT_TRUE(rules) << file;
    for (const std::string& spec : kSpecs) {
      auto a = agent(spec, 77), b = agent(spec, 77);
      for (const Sample& p : sample_positions(*rules, 5, 5, sanitizer_run() ? 3 : 6)) {
        EXPECT_EQ(a->choose(*rules, p.state, &p.history), b->choose(*rules, p.state, &p.history))
            << file << " " << spec << " at " << to_text(p.state);
      }
    }
  }
}

// ---- alpha-beta against brute force ----------------------------------------

// Plain minimax over leaf_score, maximising where the root player moves.
int64_t minimax(const Rules& rules, const State& s, const History& h, Player root, int depth,
                int ply) {
  if (s.over || depth == 0) return leaf_score(rules, s, root, ply);
  bool maximize = s.to_move == root;
  int64_t best = maximize ? INT64_MIN : INT64_MAX;
  for (Move m : legal_moves(rules, s)) {
    State c = s;
    History ch = h;
    apply(rules, c, m, nullptr, &ch);
    int64_t v = minimax(rules, c, ch, root, depth - 1, ply + 1);
    best = maximize ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(AlphaBeta, EqualsMinimaxAtFixedDepth) {
  int positions = 0, extra_turn_roots = 0;
  for (const std::string& file : game_files()) {
    auto rules = load(file);
    ASSERT_TRUE(rules) << file;
    int depth = rules->holes <= 6 ? 4 : 3;
    if (sanitizer_run()) depth = 2;
    AlphaBetaAgent ab(AgentOptions{.depth = depth});
    for (uint64_t seed = 1; seed <= (sanitizer_run() ? 2u : 8u); ++seed) {
      for (const Sample& p : sample_positions(*rules, seed, 3, 6)) {
        SearchResult r = ab.search(*rules, p.state, &p.history);
        int64_t expected = minimax(*rules, p.state, p.history, p.state.to_move, depth, 0);
        ASSERT_EQ(r.score, expected) << file << " depth " << depth << " at " << to_text(p.state);
        ASSERT_EQ(r.depth, depth);
        ++positions;
        for (Move m : legal_moves(*rules, p.state)) {
          State c = p.state;
          extra_turn_roots += apply(*rules, c, m).extra_turn;
        }
      }
    }
  }
  EXPECT_GE(positions, sanitizer_run() ? 20 : 200);
  EXPECT_GT(extra_turn_roots, 0);  // the positions do exercise extra turns
}

// A Kalah position: South hole 6 has 1 seed (into the store: an extra turn),
// South hole 1 has 1 seed (into empty hole 2: captures North's 10 opposite).
// Playing 6 then 1 empties South's row and wins 27-21 at once.
State extra_turn_then_capture(const Rules& kalah) {
  State s = initial_state(kalah);
  s.cells.fill(0);
  s.cells[s.hole_cell(Player::South, 1)] = 1;
  s.cells[s.hole_cell(Player::South, 6)] = 1;
  for (int k = 1; k <= 6; ++k) s.cells[s.hole_cell(Player::North, k)] = 3;
  s.cells[s.hole_cell(Player::North, 5)] = 10;  // opposite South hole 2
  s.cells[s.store_cell(Player::South)] = 15;
  s.cells[s.store_cell(Player::North)] = 6;
  return s;
}

TEST(AlphaBeta, FindsExtraTurnThenCaptureInKalah) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  State s = extra_turn_then_capture(*rules);
  ASSERT_EQ(validate(*rules, s), "");
  for (int depth : {2, 4, 6}) {
    AlphaBetaAgent ab(AgentOptions{.depth = depth});
    SearchResult r = ab.search(*rules, s, nullptr);
    EXPECT_EQ(r.move, Move{6}) << "depth " << depth;
    EXPECT_EQ(r.score, kWinScore - 2 + 6) << "depth " << depth;  // won after 2 plies, 27-21
    EXPECT_EQ(r.score, minimax(*rules, s, History(), Player::South, depth, 0));
  }
  // Greedy sees only one move ahead: both moves gain, the capture more.
  EXPECT_EQ(agent("greedy")->choose(*rules, s, nullptr), Move{1});
}

TEST(AlphaBeta, KeepsItsPointOfViewForNorth) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  // The same position mirrored: North to move wins with 6 then 1.
  State south = extra_turn_then_capture(*rules);
  State s = south;
  for (int k = 1; k <= 6; ++k) {
    s.cells[s.hole_cell(Player::North, k)] = south.cells[south.hole_cell(Player::South, k)];
    s.cells[s.hole_cell(Player::South, k)] = south.cells[south.hole_cell(Player::North, k)];
  }
  s.cells[s.store_cell(Player::North)] = south.store(Player::South);
  s.cells[s.store_cell(Player::South)] = south.store(Player::North);
  s.to_move = Player::North;
  AlphaBetaAgent ab(AgentOptions{.depth = 4});
  SearchResult r = ab.search(*rules, s, nullptr);
  EXPECT_EQ(r.move, Move{6});
  EXPECT_EQ(r.score, kWinScore - 2 + 6);
}

TEST(AlphaBeta, StopsOnTime) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  auto a = agent("alphabeta:seconds=0.05");
  State s = initial_state(*rules);
  Move m = a->choose(*rules, s, nullptr);
  EXPECT_TRUE(legal_moves(*rules, s).contains(m));
}

// ---- strength and matches --------------------------------------------------

TEST(Mcts, BeatsRandomAtKalah) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  int games = sanitizer_run() ? 4 : 20;
  auto mcts = agent(sanitizer_run() ? "mcts:iterations=200" : "mcts:iterations=1000", 3);
  auto random = agent("random", 4);
  MatchStats s = play_match(*rules, *mcts, *random, games, 9);
  EXPECT_EQ(s.wins + s.draws + s.losses + s.unfinished, games);
  EXPECT_GE(s.wins * 10, games * 8)
      << s.wins << " wins, " << s.draws << " draws, " << s.losses << " losses";
}

TEST(PlayMatch, CountsEveryGameAndIsReproducible) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/oware.mnc");
  ASSERT_TRUE(rules);
  auto run = [&] {
    auto a = agent("greedy", 1), b = agent("random", 2);
    return play_match(*rules, *a, *b, 6, 123);
  };
  MatchStats x = run(), y = run();
  EXPECT_EQ(x.wins + x.draws + x.losses + x.unfinished, 6);
  EXPECT_EQ(x.wins, y.wins);
  EXPECT_EQ(x.losses, y.losses);
  EXPECT_EQ(x.plies, y.plies);
  EXPECT_GT(x.plies, 0);
}

}  // namespace
}  // namespace mancala
