// The exact solver (interpreter/solve/include/solve.hpp).
//
// Its values are checked against a plain full-width minimax written here
// (no pruning, no table, no move ordering) on many small positions reached
// by seeded random play, in games that exercise what makes a cached value
// hard to get right: extra turns (the mover does not alternate), passes,
// a stalemate counter (since_capture must be in the key), the last
// captor, rounds of a match, a one-player game. The solver runs with a
// tiny table too, so that replacement is exercised. A node-limited run
// must give bounds that contain the exact value and say it is not exact.
// The published values that solve in CI time are pinned at the end; the
// CLI's statuses and JSON are checked through the built tool.
#include "solve.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "egtb.hpp"
#include "runtime.hpp"
#include "store_free.hpp"
#include "test_games.hpp"
#include "tool_run.hpp"

namespace mancala {
namespace {

std::shared_ptr<const Rules> load(const std::string& game,
                                  std::vector<std::pair<std::string, int64_t>> overrides) {
  return test::load_game(game, std::move(overrides));
}

// The value the specification defines, computed independently of the
// solver's encoding: a South win above a draw above a North win, then the
// margin South minus North.
int64_t reference_score(const State& over) {
  int result = over.result.winner == Winner::South   ? 1
               : over.result.winner == Winner::North ? -1
                                                     : 0;
  return int64_t{result} * 1000000 + (int64_t{over.result.south} - int64_t{over.result.north});
}

int64_t reference_of(Score s) {
  Winner w = score_winner(s);
  int result = w == Winner::South ? 1 : w == Winner::North ? -1 : 0;
  return int64_t{result} * 1000000 + score_margin(s);
}

struct OverBudget {};

// A third of the work (and of what it must find) under the sanitizers,
// which run these tests several times slower.
int scaled(int n) {
  return getenv("MANCALA_SANITIZER_RUN") ? std::max(1, n / 3) : n;
}

// A position and the positions since the last capture that led to it
// (what a `repetition` clause reads; empty in other games).
struct Position {
  State state;
  History history;
};

// Full-width minimax: South maximises, North minimises, whoever is to move.
// Each child gets its own copy of the history, as play would keep it.
// `one_round`: a move that ends a round of a match is a leaf, the round's
// outcome its score.
int64_t minimax(const Rules& rules, const State& s, const History& h, int64_t& budget,
                bool one_round = false) {
  if (s.over) return reference_score(s);
  if (--budget < 0) throw OverBudget{};
  bool south = s.to_move == Player::South;
  int64_t best = south ? INT64_MIN : INT64_MAX;
  for (Move m : legal_moves(rules, s)) {
    State c = s;
    History ch = h;
    ApplyInfo info = apply(rules, c, m, nullptr, &ch);
    if (one_round && info.round_over) {
      c.over = true;
      c.result = info.end.outcome;
    }
    int64_t v = minimax(rules, c, ch, budget, one_round);
    best = south ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

std::optional<int64_t> brute_force(const Rules& rules, const State& s, int64_t budget,
                                   const History& h = {}) {
  try {
    return minimax(rules, s, h, budget);
  } catch (const OverBudget&) {
    return std::nullopt;
  }
}

// Positions along seeded random games from the start (the last `last` of
// each game, where brute force can reach the end), with their histories;
// `tweak` may change each (e.g. bring the stalemate counter near its
// limit).
std::vector<Position> random_lines(const Rules& rules, int games, uint64_t seed,
                                   void (*tweak)(State&) = nullptr, size_t last = 1000) {
  std::vector<Position> out;
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    std::vector<Position> line;
    State s = initial_state(rules);
    History h;
    while (!s.over) {
      State t = s;
      if (tweak) tweak(t);
      line.push_back({t, h});
      MoveList moves = legal_moves(rules, s);
      apply(rules, s, moves[static_cast<int>(rng() % moves.size())], nullptr, &h);
    }
    size_t from = line.size() > last ? line.size() - last : 0;
    out.insert(out.end(), line.begin() + static_cast<std::ptrdiff_t>(from), line.end());
  }
  return out;
}

// The positions alone, for games without a `repetition` clause.
std::vector<State> random_positions(const Rules& rules, int games, uint64_t seed,
                                    void (*tweak)(State&) = nullptr, size_t last = 1000) {
  std::vector<State> out;
  for (const Position& p : random_lines(rules, games, seed, tweak, last)) out.push_back(p.state);
  return out;
}

// Checks the solver against brute force on every position it can afford,
// counting them in `compared`.
void compare_with_minimax(const Rules& rules, const std::vector<Position>& positions, int& compared,
                          int64_t budget = 100000) {
  for (size_t i = 0; i < positions.size(); ++i) {
    const State& s = positions[i].state;
    const History& h = positions[i].history;
    std::optional<int64_t> want = brute_force(rules, s, budget, h);
    if (!want) continue;
    SolveLimits limits;
    limits.memory_mb = i % 2 ? 1 : 8;  // a tiny table half the time: replacement
    SolveResult got = solve(rules, s, limits, {}, &h);
    ASSERT_TRUE(got.value.exact()) << to_text(s);
    ASSERT_EQ(reference_of(got.value.lower), *want) << to_text(s);
    MoveList moves = legal_moves(rules, s);
    ASSERT_EQ(static_cast<int>(got.moves.size()), moves.size());
    for (int k = 0; k < moves.size(); ++k) {
      State c = s;
      History ch = h;
      apply(rules, c, moves[k], nullptr, &ch);
      int64_t child_budget = budget;
      ASSERT_TRUE(got.moves[k].value.exact());
      EXPECT_EQ(reference_of(got.moves[k].value.lower), minimax(rules, c, ch, child_budget))
          << to_text(s) << " move " << k;
    }
    // The principal variation plays to the end and ends at the value.
    State end = s;
    History eh = h;
    for (Move m : got.pv) {
      ASSERT_TRUE(legal_moves(rules, end).contains(m));
      apply(rules, end, m, nullptr, &eh);
    }
    EXPECT_TRUE(got.pv_complete);
    ASSERT_TRUE(end.over) << to_text(s);
    EXPECT_EQ(reference_score(end), *want) << to_text(s);
    ++compared;
  }
}

int compared_positions(const Rules& rules, const std::vector<State>& positions) {
  std::vector<Position> fresh;
  for (const State& s : positions) fresh.push_back({s, History{}});
  int compared = 0;
  compare_with_minimax(rules, fresh, compared);
  return compared;
}

int compared_lines(const Rules& rules, const std::vector<Position>& positions) {
  int compared = 0;
  compare_with_minimax(rules, positions, compared, 20000);
  return compared;
}

TEST(Solve, KalahAgreesWithMinimax) {  // extra turns, standard capture
  auto rules = load("kalah", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(rules);
  EXPECT_GE(compared_positions(*rules, random_positions(*rules, 20, 1)), 150);
  auto bigger = load("kalah", {{"holes", 4}, {"seeds", 2}});
  ASSERT_TRUE(bigger);
  EXPECT_GE(compared_positions(*bigger, random_positions(*bigger, 10, 2)), 60);
}

TEST(Solve, EmptyCaptureKalahAgreesWithMinimax) {
  auto rules = load("kalah_empty", {{"holes", 3}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  EXPECT_GE(compared_positions(*rules, random_positions(*rules, 20, 3)), 150);
}

TEST(Solve, PassesStalemateAndLastCaptorAgreeWithMinimax) {
  // Anywoli: `pass when no moves`, relay sowing, extra turns, a capture to
  // the last captor, and `stalemate 200 moves without capture`; the counter
  // is brought near its limit so that the stalemate decides some lines.
  auto rules = load("anywoli", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(rules);
  EXPECT_GE(compared_positions(*rules, random_positions(*rules, 60, 4)), 120);
  auto more = load("anywoli", {{"holes", 3}, {"seeds", 3}});
  ASSERT_TRUE(more);
  EXPECT_GE(compared_positions(*more, random_positions(*more, 6, 4, nullptr, 8)), 20);
  auto near_stalemate = [](State& s) { s.since_capture = static_cast<uint16_t>(194 + s.ply % 6); };
  EXPECT_GE(compared_positions(*rules, random_positions(*rules, 20, 5, near_stalemate)), 40);
}

TEST(Solve, MatchAndOnePlayerGamesAgreeWithMinimax) {
  auto dakon = load("dakon", {{"holes", 2}, {"seeds", 1}});  // rounds of a match
  ASSERT_TRUE(dakon);
  EXPECT_GE(compared_positions(*dakon, random_positions(*dakon, 20, 6)), 30);
  auto tchuka = load("tchuka_ruma", {{"holes", 3}, {"seeds", 2}});  // one player
  ASSERT_TRUE(tchuka);
  EXPECT_GE(compared_positions(*tchuka, random_positions(*tchuka, 6, 7)), 5);
}

// Games with a `repetition` clause, solved along their histories: Oware
// (a position seen twice since the last capture ends the game, each
// player taking their own row), Ayoayo and Sadeqa II (the same clause,
// other captures; Sadeqa II's repetition is a draw).
TEST(Solve, RepetitionGamesAgreeWithMinimax) {
  struct Case {
    const char* game;
    int holes, seeds, games, at_least;
  };
  for (Case c : {Case{"oware", 3, 2, 15, 50}, Case{"ayoayo", 3, 2, 15, 30},
                 Case{"sadeqa_ii", 3, 2, 15, 50}}) {
    auto rules = load(c.game, {{"holes", c.holes}, {"seeds", c.seeds}});
    ASSERT_TRUE(rules);
    ASSERT_TRUE(rules->has_repetition) << c.game;
    std::vector<Position> lines = random_lines(*rules, scaled(c.games), 9, nullptr, 12);
    long with_history = 0;
    for (const Position& p : lines) with_history += p.history.size() > 1;
    EXPECT_GT(with_history, 0) << c.game;
    EXPECT_GE(compared_lines(*rules, lines), scaled(c.at_least)) << c.game;
  }
}

// A position's value depends on the positions before it: the same board
// with the history that led to it and without can differ, and the solver
// gets both right.
TEST(Solve, RepetitionHistoryIsPartOfTheValue) {
  auto rules = load("oware", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(rules);
  int differing = 0;
  for (const Position& p : random_lines(*rules, scaled(20), 10, nullptr, 12)) {
    if (p.history.size() < 2) continue;
    auto with = brute_force(*rules, p.state, 20000, p.history);
    auto without = brute_force(*rules, p.state, 20000);
    if (!with || !without) continue;
    SolveLimits limits;
    limits.memory_mb = 4;
    EXPECT_EQ(reference_of(solve(*rules, p.state, limits, {}, &p.history).value.lower), *with);
    EXPECT_EQ(reference_of(solve(*rules, p.state, limits).value.lower), *without);
    if (*with != *without) ++differing;
  }
  EXPECT_GT(differing, 0) << "no position where the history matters";
}

// --round: the value of the current round of a match, in every round.
TEST(Solve, OneRoundAgreesWithMinimax) {
  auto rules = load("dakon", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(rules);
  int compared = 0, later_rounds = 0, differing = 0;
  for (const State& s : random_positions(*rules, scaled(6), 11)) {
    int64_t budget = 20000;
    int64_t want = 0;
    try {
      want = minimax(*rules, s, History{}, budget, true);
    } catch (const OverBudget&) {
      continue;
    }
    SolveLimits limits;
    limits.memory_mb = 4;
    limits.one_round = true;
    SolveResult got = solve(*rules, s, limits);
    ASSERT_TRUE(got.value.exact()) << to_text(s);
    ASSERT_EQ(reference_of(got.value.lower), want) << to_text(s);
    ++compared;
    later_rounds += s.round > 1;
    limits.one_round = false;  // the whole match, until one position differs
    if (differing == 0) differing += reference_of(solve(*rules, s, limits).value.lower) != want;
  }
  EXPECT_GE(compared, scaled(50));
  EXPECT_GT(later_rounds, 0);
  EXPECT_GT(differing, 0) << "the round's value never differed from the match's";
}

// Tchoukaillon: of all the boards of n seeds there is exactly one the
// player can clear, and it is the board built by undoing moves from the
// empty board, each time into the empty hole nearest the store (Broline
// and Loeb, 1995). Every board of 1 to 10 seeds on the six holes (8,007), solved.
TEST(Solve, TchoukaillonHasOneWinnableBoardForEachCount) {
  auto rules = load("tchoukaillon", {});
  ASSERT_TRUE(rules);
  constexpr int kHoles = 6;
  for (int n = 1; n <= (scaled(10) < 10 ? 7 : 10); ++n) {
    // The winnable board by distance to the store (index 0: distance 1).
    std::array<int, kHoles> built{};
    for (int k = 0; k < n; ++k) {
      int d = 0;
      while (built[d] > 0) ++d;
      for (int c = 0; c < d; ++c) --built[c];
      built[d] = d + 1;
    }
    int won = 0;
    std::array<int, kHoles> board{};  // by distance, every board of n seeds
    std::function<void(int, int)> each = [&](int d, int left) {
      if (d == kHoles - 1) {
        board[d] = left;
        State s = initial_state(*rules);
        for (int i = 0; i < kHoles; ++i) {
          s.cells[s.hole_cell(Player::South, kHoles - i)] = static_cast<uint16_t>(board[i]);
        }
        s.cells[s.store_cell(Player::South)] = 0;
        SolveLimits limits;
        limits.memory_mb = 1;
        if (score_winner(solve(*rules, s, limits).value.lower) == Winner::South) {
          ++won;
          EXPECT_EQ(board, built) << n << " seeds";
        }
        return;
      }
      for (int k = 0; k <= left; ++k) {
        board[d] = k;
        each(d + 1, left - k);
      }
    };
    each(0, n);
    EXPECT_EQ(won, 1) << n << " seeds";
  }
}

TEST(Solve, StalemateCounterIsPartOfThePosition) {
  // The same board one move from the stalemate limit or four moves from it
  // can have different values, and the solver gets both right. (With
  // since_capture left out of the key, the search of
  // PassesStalemateAndLastCaptorAgreeWithMinimax meets its own path again
  // and fails with "the game can return to a position".)
  auto rules = load("anywoli", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  int differing = 0;
  for (State s : random_positions(*rules, 10, 8, nullptr, 10)) {
    State late = s, earlier = s;
    late.since_capture = 199;
    earlier.since_capture = 196;
    auto a = brute_force(*rules, late, 30000);
    auto b = brute_force(*rules, earlier, 30000);
    if (!a || !b) continue;
    SolveLimits limits;
    limits.memory_mb = 4;
    EXPECT_EQ(reference_of(solve(*rules, late, limits).value.lower), *a) << to_text(late);
    EXPECT_EQ(reference_of(solve(*rules, earlier, limits).value.lower), *b) << to_text(earlier);
    if (*a != *b) ++differing;
  }
  EXPECT_GT(differing, 0) << "no position where the stalemate counter matters";
}

TEST(Solve, NodeLimitGivesProvenBoundsNotExactness) {
  auto rules = load("kalah", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  State start = initial_state(*rules);
  SolveLimits full;
  full.memory_mb = 16;
  SolveResult exact = solve(*rules, start, full);
  ASSERT_TRUE(exact.value.exact());
  ASSERT_FALSE(exact.stopped);
  bool some_narrow = false;
  for (uint64_t limit : {10, 100, 1000, 5000, 20000, 50000}) {
    SolveLimits limits = full;
    limits.max_nodes = limit;
    SolveResult r = solve(*rules, start, limits);
    EXPECT_TRUE(r.stopped) << limit;
    EXPECT_FALSE(r.value.exact() && r.moves.back().value.exact() && r.pv_complete) << limit;
    EXPECT_LE(r.value.lower, exact.value.lower) << limit;
    EXPECT_GE(r.value.upper, exact.value.upper) << limit;
    for (size_t k = 0; k < r.moves.size(); ++k) {
      EXPECT_LE(r.moves[k].value.lower, exact.moves[k].value.lower) << limit;
      EXPECT_GE(r.moves[k].value.upper, exact.moves[k].value.upper) << limit;
    }
    if (r.value.upper - r.value.lower < 48) some_narrow = true;
  }
  EXPECT_TRUE(some_narrow) << "the limits never proved more than the trivial bounds";
}

TEST(Solve, RefusesWhatItCannotKey) {
  auto kalah = load("kalah", {});
  ASSERT_TRUE(kalah);
  EXPECT_EQ(unsolvable_reason(*kalah), "");
  auto oware = load("oware", {});  // a repetition clause: searched along its history
  ASSERT_TRUE(oware);
  EXPECT_EQ(unsolvable_reason(*oware), "");
  auto huge = load("oware", {{"holes", 16}, {"seeds", 500}});  // 34 cells of 14 bits
  ASSERT_TRUE(huge);
  EXPECT_NE(unsolvable_reason(*huge).find("bits of key"), std::string::npos);
}

// Store-free keys (store_free.hpp): the proof accepts Kalah under both
// capture rules and refuses games whose future reads a store (Oware's
// `store(south)` in an end clause, a match's refill from the stores, a
// one-player score).
TEST(Solve, StoreFreeProofAcceptsKalahAndRefusesStoreReaders) {
  for (const char* game : {"kalah", "kalah_empty", "kalah_6_6", "mangala", "anywoli"}) {
    auto rules = load(game, {});
    ASSERT_TRUE(rules);
    EXPECT_EQ(store_dependence(*rules), "") << game;
  }
  auto oware = load("oware", {});  // `2 * store(south) == total ...` in an end clause
  ASSERT_TRUE(oware);
  EXPECT_NE(store_dependence(*oware).find("store(P)"), std::string::npos)
      << store_dependence(*oware);
  for (const char* game : {"san_yao", "dakon", "tchuka_ruma"}) {
    auto rules = load(game, {});
    ASSERT_TRUE(rules);
    EXPECT_NE(store_dependence(*rules), "") << game;
  }
}

// With the stores out of the key the values, first-move values and
// principal variation still agree with plain minimax, and the key is
// shorter; the same positions with the whole position as key agree too.
TEST(Solve, StoreFreeKeysAgreeWithMinimax) {
  for (const char* game : {"kalah", "kalah_empty"}) {
    auto rules = load(game, {{"holes", 3}, {"seeds", 3}});
    ASSERT_TRUE(rules);
    State start = initial_state(*rules);
    SolveLimits whole;
    whole.store_free = false;
    SolveLimits limits;
    SolveResult a = solve(*rules, start, limits);
    SolveResult b = solve(*rules, start, whole);
    EXPECT_TRUE(a.store_free);
    EXPECT_FALSE(b.store_free);
    EXPECT_LT(a.key_bits, b.key_bits);
    EXPECT_EQ(a.value.lower, b.value.lower);
    EXPECT_GE(compared_positions(*rules, random_positions(*rules, 20, 11)), 150) << game;
  }
}

// ---- endgame databases (egtb.hpp) ----

int store_diff(const Rules& rules, const State& s) {
  return int{s.cells[2 * rules.side]} - int{s.cells[2 * rules.side + 1]};
}

// Positions of random games with at most `k` seeds on the board, and
// random boards of at most `k` seeds (stores arbitrary, either to move)
// where the player to move has a move.
std::vector<State> small_boards(const Rules& rules, int k, uint64_t seed) {
  std::vector<State> out;
  for (const State& s : random_positions(rules, 60, seed)) {
    if (s.board_seeds() <= k) out.push_back(s);
  }
  std::mt19937_64 rng(seed);
  State blank = initial_state(rules);
  for (int tries = 0; tries < 400; ++tries) {
    State s = blank;
    for (int c = 0; c < rules.cells; ++c) s.cells[c] = 0;
    int seeds = static_cast<int>(rng() % (k + 1));
    for (int i = 0; i < seeds; ++i) ++s.cells[rng() % (2 * rules.side)];
    s.cells[2 * rules.side] = static_cast<uint16_t>(rng() % 7);
    s.cells[2 * rules.side + 1] = static_cast<uint16_t>(rng() % 7);
    s.to_move = rng() % 2 ? Player::South : Player::North;
    if (!s.row_empty(Player::South) && !s.row_empty(Player::North)) out.push_back(s);
  }
  return out;
}

TEST(SolveEgtb, ValuesEqualTheSolversOnRandomPositions) {
  for (const char* game : {"kalah", "kalah_empty"}) {
    auto rules = load(game, {{"holes", 4}, {"seeds", 3}});
    ASSERT_TRUE(rules);
    ASSERT_EQ(Egtb::unsupported_reason(*rules), "");
    const int k = 10;
    Egtb db = Egtb::build(*rules, k);
    EXPECT_EQ(db.entries(), Egtb::entries_for(*rules, k));
    int compared = 0;
    for (const State& s : small_boards(*rules, k, 21)) {
      std::optional<int> future = db.probe(s);
      ASSERT_TRUE(future) << to_text(s);
      SolveLimits limits;
      limits.memory_mb = 4;
      SolveResult plain = solve(*rules, s, limits);
      ASSERT_TRUE(plain.value.exact());
      EXPECT_EQ(store_diff(*rules, s) + *future, score_margin(plain.value.lower))
          << game << " " << to_text(s);
      ++compared;
    }
    EXPECT_GE(compared, 300) << game;
    // More seeds than the database holds: no value.
    EXPECT_FALSE(db.probe(initial_state(*rules)));
  }
}

TEST(SolveEgtb, SolverWithDatabaseGivesTheSameAnswers) {
  auto rules = load("kalah", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  Egtb db = Egtb::build(*rules, 9);
  for (const State& s : random_positions(*rules, 6, 22, nullptr, 30)) {
    SolveLimits limits;
    limits.memory_mb = 8;
    SolveResult plain = solve(*rules, s, limits);
    limits.egtb = &db;
    SolveResult probed = solve(*rules, s, limits);
    ASSERT_TRUE(probed.value.exact());
    EXPECT_EQ(probed.value.lower, plain.value.lower) << to_text(s);
    ASSERT_EQ(probed.moves.size(), plain.moves.size());
    for (size_t i = 0; i < plain.moves.size(); ++i) {
      EXPECT_EQ(probed.moves[i].value.lower, plain.moves[i].value.lower) << to_text(s);
    }
    State end = s;
    for (Move m : probed.pv) apply(*rules, end, m);
    EXPECT_TRUE(end.over);
    EXPECT_EQ(final_score(end), probed.value.lower) << to_text(s);
  }
  SolveLimits limits;
  limits.egtb = &db;
  SolveResult r = solve(*rules, initial_state(*rules), limits);
  EXPECT_GT(r.egtb_hits, 0u);
  // A node-limited run with the database still never claims exactness it
  // has not proven: its bounds contain the value.
  SolveLimits few = limits;
  few.max_nodes = 50;
  SolveResult bounded = solve(*rules, initial_state(*rules), few);
  EXPECT_TRUE(bounded.stopped);
  EXPECT_LE(bounded.value.lower, r.value.lower);
  EXPECT_GE(bounded.value.upper, r.value.upper);
}

TEST(SolveEgtb, ThreadsDoNotChangeTheFile) {
  auto rules = load("kalah_empty", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  auto one = test::temp_file("one.egtb"), two = test::temp_file("two.egtb");
  Egtb::build(*rules, 9, 1).save(one.string());
  Egtb::build(*rules, 9, 2).save(two.string());
  EXPECT_EQ(test::read_text(one), test::read_text(two));
}

TEST(SolveEgtb, RefusesOtherRulesAndDamagedFiles) {
  auto rules = load("kalah", {{"holes", 3}, {"seeds", 3}});
  auto empty_capture = load("kalah_empty", {{"holes", 3}, {"seeds", 3}});
  auto bigger = load("kalah", {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(rules && empty_capture && bigger);
  auto path = test::temp_file("kalah3.egtb");
  Egtb::build(*rules, 6).save(path.string());
  EXPECT_NO_THROW(Egtb::load(*rules, path.string()));
  EXPECT_THROW(Egtb::load(*empty_capture, path.string()), EgtbError);
  EXPECT_THROW(Egtb::load(*bigger, path.string()), EgtbError);
  EXPECT_THROW(Egtb::load(*rules, path.string() + ".missing"), EgtbError);
  std::string bytes = test::read_text(path);
  auto write = [&](const std::string& name, const std::string& content) {
    auto p = test::temp_file(name);
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  };
  for (size_t cut : {size_t{0}, size_t{5}, size_t{39}, bytes.size() / 2, bytes.size() - 1}) {
    EXPECT_THROW(Egtb::load(*rules, write("cut.egtb", bytes.substr(0, cut))), EgtbError) << cut;
  }
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x11;
  EXPECT_THROW(Egtb::load(*rules, write("flip.egtb", flipped)), EgtbError);
  std::string header = bytes;
  header[32] ^= 0x01;  // the entry count
  EXPECT_THROW(Egtb::load(*rules, write("header.egtb", header)), EgtbError);
  EXPECT_THROW(Egtb::load(*rules, write("long.egtb", bytes + "x")), EgtbError);
  try {
    Egtb::load(*empty_capture, path.string());
  } catch (const EgtbError& e) {
    EXPECT_NE(std::string(e.what()).find("other rules"), std::string::npos) << e.what();
  }
}

TEST(SolveEgtb, OnlyBoardAndMoverGames) {
  auto anywoli = load("anywoli", {});  // a stalemate counter
  ASSERT_TRUE(anywoli);
  EXPECT_NE(Egtb::unsupported_reason(*anywoli), "");
  auto ba_awa = load("ba_awa", {});  // reads the stores
  ASSERT_TRUE(ba_awa);
  EXPECT_NE(Egtb::unsupported_reason(*ba_awa), "");
  // Whatever a file says, rules that cannot have a database refuse it.
  auto kalah = load("kalah", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(kalah);
  auto path = test::temp_file("any.egtb");
  Egtb::build(*kalah, 3).save(path.string());
  EXPECT_THROW(Egtb::load(*anywoli, path.string()), EgtbError);
}

TEST(SolveCli, EgtbBuildAndSolveWithIt) {
  using test::run_tool;
  auto path = test::temp_file("cli.egtb").string();
  test::ToolRun built = run_tool({"egtb", "build", "kalah", "--set", "holes=3", "--set", "seeds=2",
                                  "--seeds", "6", "--output", path, "--format", "json"});
  EXPECT_EQ(built.status, 0) << built.err;
  EXPECT_NE(built.out.find("\"seeds\":6"), std::string::npos) << built.out;
  test::ToolRun solved = run_tool({"solve", "kalah", "--set", "holes=3", "--set", "seeds=2",
                                   "--egtb", path, "--format", "json"});
  EXPECT_EQ(solved.status, 0) << solved.err;
  EXPECT_NE(solved.out.find("\"exact\":true,\"value\":4,\"result\":\"south\""), std::string::npos)
      << solved.out;
  test::ToolRun other =
      run_tool({"solve", "kalah_empty", "--set", "holes=3", "--set", "seeds=2", "--egtb", path});
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.err.find("other rules"), std::string::npos) << other.err;
  EXPECT_EQ(run_tool({"egtb", "build", "anywoli", "--seeds", "3", "--output", path}).status, 1);
  EXPECT_EQ(run_tool({"egtb", "build", "kalah"}).status, 2);  // no --seeds
  EXPECT_EQ(run_tool({"egtb", "rebuild", "kalah", "--seeds", "2"}).status, 2);
  EXPECT_EQ(run_tool({"egtb", "build", "kalah", "--seeds", "x"}).status, 2);
  EXPECT_EQ(run_tool({"egtb", "--help"}).status, 0);
}

// The determinism rule: the value, the first moves' values and the
// principal variation do not depend on the number of threads.
// Also with a history (Oware's repetition clause; each worker starts from
// the position's history) and for one round of a match (Dakon).
TEST(Solve, ThreadsGiveTheSameAnswer) {
  struct Case {
    const char* game;
    int holes, seeds;
    bool one_round;
  };
  for (Case c : {Case{"kalah", 4, 2, false}, Case{"anywoli", 4, 2, false},
                 Case{"oware", 3, 2, false}, Case{"dakon", 3, 2, true}}) {
    auto rules = load(c.game, {{"holes", c.holes}, {"seeds", c.seeds}});
    ASSERT_TRUE(rules);
    for (const Position& p : random_lines(*rules, 4, 31, nullptr, 12)) {
      const State& s = p.state;
      SolveLimits one;
      one.memory_mb = 8;
      one.one_round = c.one_round;
      SolveLimits two = one;
      two.threads = 2;
      SolveLimits three = one;
      three.threads = 3;
      SolveResult a = solve(*rules, s, one, {}, &p.history);
      for (const SolveLimits& l : {two, three}) {
        SolveResult b = solve(*rules, s, l, {}, &p.history);
        ASSERT_TRUE(b.value.exact());
        EXPECT_EQ(b.value.lower, a.value.lower) << to_text(s);
        ASSERT_EQ(b.moves.size(), a.moves.size());
        for (size_t i = 0; i < a.moves.size(); ++i) {
          EXPECT_EQ(b.moves[i].move, a.moves[i].move);
          EXPECT_EQ(b.moves[i].value.lower, a.moves[i].value.lower) << to_text(s);
          EXPECT_EQ(b.moves[i].value.upper, a.moves[i].value.upper) << to_text(s);
        }
        EXPECT_EQ(b.pv, a.pv) << to_text(s);
        EXPECT_EQ(b.pv_complete, a.pv_complete);
      }
    }
  }
}

// The table is sized to the game: a tiny board does not take the whole
// default budget (256 MB, millions of entries).
TEST(Solve, SmallGamesGetASmallTable) {
  auto rules = load("kalah", {{"holes", 3}, {"seeds", 2}});
  ASSERT_TRUE(rules);
  SolveResult r = solve(*rules, initial_state(*rules), SolveLimits{});
  EXPECT_TRUE(r.value.exact());
  EXPECT_LE(r.table_entries, uint64_t{1} << 18) << r.table_entries;
  auto big = load("kalah", {});
  ASSERT_TRUE(big);
  SolveLimits few;
  few.max_nodes = 10;
  EXPECT_GT(solve(*big, initial_state(*big), few).table_entries, uint64_t{1} << 20);
}

TEST(Solve, ScoresOrderResultBeforeMargin) {
  EXPECT_GT(make_score(Winner::South, -3), make_score(Winner::Draw, 5));
  EXPECT_GT(make_score(Winner::Draw, -5), make_score(Winner::North, 3));
  for (Winner w : {Winner::South, Winner::Draw, Winner::North}) {
    for (int m : {-500, -1, 0, 7, 65535}) {
      EXPECT_EQ(score_winner(make_score(w, m)), w);
      EXPECT_EQ(score_margin(make_score(w, m)), m);
    }
  }
}

// Irving, Donkers and Uiterwijk, "Solving Kalah" (ICGA Journal 23(3),
// 2000), under the empty-capture rule (games/kalah_empty.mnc): Table 10
// gives the outcome of Kalah(m, n) for every board up to six holes but
// (6,6), Table 9 the margin for four to six holes. These are the boards
// that solve in CI time (docs/solving.md has both tables, our values and
// times). Outcome 1: the first player wins, 0: a draw, -1: the first
// player loses; kNone: not in the paper.
TEST(Solve, PublishedKalahValues) {
  constexpr int kNone = 99;
  const int outcome[6][6] = {
      {0, -1, 1, -1, 1, 0},  // Kalah(1, n), n = 1..6
      {1, -1, -1, -1, 1, 1}, {0, 1, 1, 1, 1, -1},    {1, 1, 1, 1, 1, 0},
      {0, 0, 1, 1, 1, 1},    {1, 1, 1, 1, 1, kNone},
  };
  const int margin[6][6] = {
      {kNone, kNone, kNone, kNone, kNone, kNone},
      {kNone, kNone, kNone, kNone, kNone, kNone},
      {kNone, kNone, kNone, kNone, kNone, kNone},
      {2, 6, 8, 2, 2, 0},
      {0, 0, 8, 12, 2, 2},
      {2, 10, 2, 10, 12, kNone},
  };
  const int fast_up_to[6] = {6, 6, 6, 4, 3, 2};  // seeds a hole that solve in about a second
  int margins = 0;
  for (int m = 1; m <= 6; ++m) {
    for (int n = 1; n <= fast_up_to[m - 1]; ++n) {
      auto rules = load("kalah_empty", {{"holes", m}, {"seeds", n}});
      ASSERT_TRUE(rules);
      SolveLimits limits;
      limits.memory_mb = 16;
      SolveResult r = solve(*rules, initial_state(*rules), limits);
      ASSERT_TRUE(r.value.exact());
      int value = score_margin(r.value.lower);
      EXPECT_EQ(value > 0   ? 1
                : value < 0 ? -1
                            : 0,
                outcome[m - 1][n - 1])
          << "Kalah(" << m << "," << n << ")";
      if (margin[m - 1][n - 1] != kNone) {
        EXPECT_EQ(value, margin[m - 1][n - 1]) << "Kalah(" << m << "," << n << ")";
        ++margins;
      }
    }
  }
  EXPECT_EQ(margins, 9);  // (4,1..4), (5,1..3), (6,1..2)
}

// The store-gain move order (solve.cpp, Solver::rank) is what brings
// Kalah(6,4) within reach; on empty-capture Kalah(5,3) the order by seeds
// taken, in legal order otherwise, searched 4.8 million nodes.
TEST(Solve, StoreGainOrderKeepsKalahSmall) {
  auto rules = load("kalah_empty", {{"holes", 5}, {"seeds", 3}});
  ASSERT_TRUE(rules);
  SolveLimits limits;
  limits.memory_mb = 16;
  SolveResult r = solve(*rules, initial_state(*rules), limits);
  ASSERT_TRUE(r.value.exact());
  EXPECT_EQ(score_margin(r.value.lower), 8);
  EXPECT_LT(r.nodes, 1'000'000u);
}

TEST(SolveCli, StatusesAndJson) {
  using test::run_tool;
  test::ToolRun ok = run_tool({"solve", "kalah", "--set", "holes=3", "--set", "seeds=2", "--format",
                               "json", "--memory", "8"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("\"exact\":true,\"value\":4,\"result\":\"south\""), std::string::npos)
      << ok.out;
  EXPECT_NE(ok.out.find("\"moves\":[{\"move\":\"1\""), std::string::npos) << ok.out;
  EXPECT_EQ(ok.err, "");
  test::ToolRun bounded = run_tool({"solve", "kalah", "--set", "holes=4", "--set", "seeds=3",
                                    "--format", "json", "--max-nodes", "100", "--memory", "8"});
  EXPECT_EQ(bounded.status, 0) << bounded.err;
  EXPECT_NE(bounded.out.find("\"exact\":false,\"lower\":"), std::string::npos) << bounded.out;
  EXPECT_EQ(bounded.out.find("\"value\""), std::string::npos) << bounded.out;
  test::ToolRun refused =
      run_tool({"solve", "oware", "--set", "holes=16", "--set", "seeds=500", "--memory", "8"});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("cannot be solved"), std::string::npos) << refused.err;
  test::ToolRun cycle =
      run_tool({"solve", "cross_kalah", "--set", "holes=3", "--set", "seeds=3", "--memory", "8"});
  EXPECT_EQ(cycle.status, 1);
  EXPECT_NE(cycle.err.find("return to a position"), std::string::npos) << cycle.err;
  // A repetition game, after moves: the history of --moves is the solver's.
  test::ToolRun oware = run_tool({"solve", "oware", "--set", "holes=3", "--set", "seeds=2",
                                  "--moves", "3,3", "--format", "json", "--memory", "8"});
  EXPECT_EQ(oware.status, 0) << oware.err;
  EXPECT_NE(oware.out.find("\"exact\":true"), std::string::npos) << oware.out;
  test::ToolRun threads = run_tool({"solve", "kalah", "--set", "holes=3", "--set", "seeds=2",
                                    "--format", "json", "--memory", "8", "--threads", "2"});
  EXPECT_EQ(threads.status, 0) << threads.err;
  EXPECT_EQ(threads.out.substr(0, threads.out.find("\"nodes\"")),
            ok.out.substr(0, ok.out.find("\"nodes\"")));
  EXPECT_EQ(run_tool({"solve", "kalah", "--threads", "0"}).status, 2);
  EXPECT_EQ(run_tool({"solve", "kalah", "--moves", "9"}).status, 1);
  EXPECT_EQ(run_tool({"solve", "kalah", "--moves", "x"}).status, 2);
  EXPECT_EQ(run_tool({"solve", "kalah", "--time", "0"}).status, 2);
  EXPECT_EQ(run_tool({"solve", "kalah", "--memory", "0"}).status, 2);
  EXPECT_EQ(run_tool({"solve"}).status, 2);
}

}  // namespace
}  // namespace mancala
