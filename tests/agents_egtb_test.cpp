// Alpha-beta with an endgame database (AgentOptions::egtb, the spec option
// egtb=FILE, `play --egtb`).
//
// The database's values are the solver's (solve_test.cpp checks that), so
// the agent is checked against the solver: on positions the database
// covers, its score is the solver's value scored as a finished game one
// ply down, and its move keeps that value. Where the root is not covered,
// the search must still equal a brute-force minimax whose leaves include
// the covered positions, and a result it calls proven must be the game's.
// Each check fails when the probe is ignored: without the database the
// depth-1 scores are evaluations, not results. The agent must refuse a
// database of other rules, a missing file, and a spec it cannot load
// without the rules; the CLI tests (play_test.cpp, cli_test.cpp) check the
// statuses.
#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents.hpp"
#include "check.hpp"
#include "compile.hpp"
#include "egtb.hpp"
#include "runtime.hpp"
#include "solve.hpp"
#include "test_games.hpp"
#include "tool_run.hpp"

namespace mancala {
namespace {

std::shared_ptr<const Rules> load(const std::string& game,
                                  std::vector<std::pair<std::string, int64_t>> overrides) {
  return test::load_game(game, std::move(overrides));
}

// Positions of seeded random games (not over), every one of them.
std::vector<State> game_positions(const Rules& rules, int games, uint64_t seed) {
  std::vector<State> out;
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    State s = initial_state(rules);
    while (!s.over) {
      out.push_back(s);
      MoveList moves = legal_moves(rules, s);
      apply(rules, s, moves[static_cast<int>(rng() % moves.size())]);
    }
  }
  return out;
}

// The solver's final margin (South minus North) of a position (with a
// database: faster, and as exact, solve_test.cpp checks).
int solved_margin(const Rules& rules, const State& s, const Egtb* db = nullptr) {
  if (s.over) return int{s.result.south} - int{s.result.north};
  SolveLimits limits;
  limits.memory_mb = 4;
  limits.egtb = db;
  SolveResult r = solve(rules, s, limits);
  EXPECT_TRUE(r.value.exact());
  return score_margin(r.value.lower);
}

struct Fixture {
  std::shared_ptr<const Rules> rules;
  std::shared_ptr<const Egtb> db;
};

// Kalah(4,3) (24 seeds) with a database of up to 10 seeds on the board.
const Fixture& kalah43() {
  static Fixture f = [] {
    Fixture x;
    x.rules = load("kalah", {{"holes", 4}, {"seeds", 3}});
    if (x.rules) x.db = std::make_shared<const Egtb>(Egtb::build(*x.rules, 10));
    return x;
  }();
  return f;
}

TEST(AgentEgtb, ScoresTheSolversValueWhereTheDatabaseHoldsTheRoot) {
  const Fixture& f = kalah43();
  ASSERT_TRUE(f.rules && f.db);
  int compared = 0, plain_differs = 0;
  for (const State& s : game_positions(*f.rules, 40, 1)) {
    if (!f.db->probe(s) || legal_moves(*f.rules, s).size() < 2) continue;
    const int value = solved_margin(*f.rules, s);
    EXPECT_EQ(*f.db->margin(s), value) << to_text(s);
    for (int depth : {1, 4}) {
      AlphaBetaAgent ab(AgentOptions{.depth = depth, .egtb = f.db});
      SearchResult r = ab.search(*f.rules, s, nullptr);
      // Every child is a finished game or covered: all leaves one ply down.
      ASSERT_EQ(r.score, margin_score(value, s.to_move, 1)) << "depth " << depth << to_text(s);
      EXPECT_TRUE(r.proven);
      State after = s;
      apply(*f.rules, after, r.move);
      EXPECT_EQ(solved_margin(*f.rules, after), value) << "a best move keeps the value";
    }
    AlphaBetaAgent plain(AgentOptions{.depth = 1});
    SearchResult p = plain.search(*f.rules, s, nullptr);
    EXPECT_FALSE(p.proven);
    plain_differs += p.score != margin_score(value, s.to_move, 1);
    ++compared;
  }
  EXPECT_GE(compared, 100);
  EXPECT_GT(plain_differs, compared / 2);  // without it, depth 1 only evaluates
}

// Minimax over leaf_score, with the positions the database covers as
// leaves scored by margin_score: what the agent with a database must equal.
// With `guess`, a leaf that evaluate() would value is worth `guess` instead
// (a value decided by exact leaves alone is the same for any guess).
int64_t minimax(const Rules& rules, const Egtb& db, const State& s, Player root, int depth, int ply,
                std::optional<int64_t> guess = std::nullopt) {
  if (!s.over) {
    if (std::optional<int> m = db.margin(s)) return margin_score(*m, root, ply);
  }
  if (!s.over && depth == 0 && guess) return *guess;
  if (s.over || depth == 0) return leaf_score(rules, s, root, ply);
  bool maximize = s.to_move == root;
  int64_t best = maximize ? INT64_MIN : INT64_MAX;
  for (Move m : legal_moves(rules, s)) {
    State c = s;
    apply(rules, c, m);
    int64_t v = minimax(rules, db, c, root, depth - 1, ply + 1, guess);
    best = maximize ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(AgentEgtb, EqualsMinimaxWithTheDatabaseAsLeavesAndProvesOnlyResults) {
  const Fixture& f = kalah43();
  ASSERT_TRUE(f.rules && f.db);
  const int depth = 6;
  AlphaBetaAgent ab(AgentOptions{.depth = depth, .egtb = f.db});
  int uncovered = 0, proven = 0;
  for (const State& s : game_positions(*f.rules, 40, 2)) {
    if (f.db->probe(s) || s.board_seeds() > 20) continue;  // the database's edge
    SearchResult r = ab.search(*f.rules, s, nullptr);
    ASSERT_EQ(r.score, minimax(*f.rules, *f.db, s, s.to_move, depth, 0)) << to_text(s);
    ++uncovered;
    if (!r.proven) continue;
    // Proven: no evaluation can change the value, and it is the game's
    // result for the player to move.
    const int64_t huge = 4 * kWinScore;
    EXPECT_EQ(minimax(*f.rules, *f.db, s, s.to_move, depth, 0, huge), r.score) << to_text(s);
    EXPECT_EQ(minimax(*f.rules, *f.db, s, s.to_move, depth, 0, -huge), r.score) << to_text(s);
    int value = solved_margin(*f.rules, s, f.db.get());
    int mine = s.to_move == Player::South ? value : -value;
    EXPECT_EQ(r.score > 0, mine > 0) << to_text(s);
    EXPECT_EQ(r.score < 0, mine < 0) << to_text(s);
    EXPECT_EQ(r.score == 0, mine == 0) << to_text(s);
    ++proven;
  }
  EXPECT_GE(uncovered, 200);
  EXPECT_GE(proven, 50);
}

TEST(AgentEgtb, SpecOptionLoadsTheFileForTheRulesOrSaysWhy) {
  const Fixture& f = kalah43();
  ASSERT_TRUE(f.rules && f.db);
  auto path = test::temp_file("agent.egtb").string();
  f.db->save(path);
  const std::string spec = "ai:alphabeta:depth=3,egtb=" + path;
  EXPECT_EQ(agent_spec_error(spec), "");
  EXPECT_NE(agent_spec_error("alphabeta:egtb="), "");
  EXPECT_NE(agent_spec_error("mcts:egtb=" + path).find("unknown option 'egtb'"), std::string::npos);

  auto made = make_agent(spec, 1, f.rules.get());
  ASSERT_TRUE(made) << made.error;
  EXPECT_EQ((*made.value)->name(), "alphabeta:depth=3,egtb=" + path);
  // The agent plays with the database: a covered position gets its value.
  for (const State& s : game_positions(*f.rules, 3, 3)) {
    if (!f.db->probe(s) || legal_moves(*f.rules, s).size() < 2) continue;
    auto* ab = dynamic_cast<AlphaBetaAgent*>(made.value->get());
    ASSERT_NE(ab, nullptr);
    EXPECT_EQ(ab->search(*f.rules, s, nullptr).score, margin_score(*f.db->margin(s), s.to_move, 1));
  }

  auto no_rules = make_agent(spec, 1);
  EXPECT_FALSE(no_rules);
  auto other = load("kalah_empty", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(other);
  auto refused = make_agent(spec, 1, other.get());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error.find("other rules"), std::string::npos) << refused.error;
  auto missing = make_agent("alphabeta:egtb=" + path + ".missing", 1, f.rules.get());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error.find("cannot open"), std::string::npos) << missing.error;
  auto anywoli = load("anywoli", {});  // a stalemate counter: no database
  ASSERT_TRUE(anywoli);
  auto unsupported = make_agent(spec, 1, anywoli.get());
  ASSERT_FALSE(unsupported);
  EXPECT_NE(unsupported.error.find("cannot have an endgame database"), std::string::npos)
      << unsupported.error;
  // A database used with other rules than its own is a programming error.
  AlphaBetaAgent wrong(AgentOptions{.depth = 2, .egtb = f.db});
  EXPECT_THROW(wrong.search(*other, initial_state(*other), nullptr), std::invalid_argument);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace mancala
