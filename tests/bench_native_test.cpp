// The hand-written games of bench/ (Kalah, ǁHus, Oware, Sadeqa II, Anywoli)
// must play exactly their rule files in games/, or the benchmark ratios
// compare different work. Plays seeded random games with both, move by
// move, comparing the legal moves, every position and the end, and the
// move that random_legal_move draws, as the benchmarks' playouts draw it
// (for Kalah and ǁHus checked at each position, not played).
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>

#include "../bench/anywoli_native.hpp"
#include "../bench/hus_native.hpp"
#include "../bench/kalah_native.hpp"
#include "../bench/oware_native.hpp"
#include "../bench/sadeqa_ii_native.hpp"
#include "check.hpp"
#include "compile.hpp"
#include "rng.hpp"
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
  Rng draw(8);
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
      Rng twin = draw;  // the playouts' draw, checked here, not played
      ASSERT_EQ(random_legal_move(*rules, s, twin),
                Move{static_cast<uint8_t>(k.random_move(draw))});
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

// ---- The shared comparison ------------------------------------------------

std::shared_ptr<const Rules> game_rules(const char* file) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(std::string(MANCALA_SOURCE_DIR "/games/") + file, sources, diags);
  EXPECT_TRUE(r.ok && r.game) << render_text(diags, sources);
  return r.ok && r.game ? compile(*r.game) : nullptr;
}

const char* end_label(native::Hus::End e);
const char* end_label(native::Oware::End e);
const char* end_label(native::SadeqaII::End e);
const char* end_label(native::Anywoli::End e);

// Plays one random game from the position both hold, comparing move by
// move: the legal moves in order, the move random_legal_move draws (both
// draw from twin generators), then, after the move, every hole, the
// player to move and the end (its reason, winner and result). The move
// played is the drawn one, or with `walk` one of the legal moves drawn
// from it, as the benchmark's walk of legal_moves plays. Y adapts one
// yardstick: its game type, its tally, the move's name, `offered` (count
// what the position offers; returns what `played` needs from before the
// move) and `played` (compare what else the move changed, and count it).
template <class Y>
void play_both(const Rules& rules, typename Y::Game& g, State s, Rng& draw, std::mt19937_64* walk,
               typename Y::Tally& t) {
  History history;
  history.reserve(4096);
  ++t.games;
  while (!g.over) {
    ASSERT_FALSE(s.over) << to_text(s);
    int legal[Y::kMaxMoves];
    int n = g.legal(legal);
    MoveList moves = legal_moves(rules, s);
    ASSERT_EQ(moves.size(), n) << to_text(s);
    for (int i = 0; i < n; ++i) ASSERT_EQ(moves[i], Y::move(legal[i])) << to_text(s);
    int before = Y::offered(g, n, legal, t);
    Rng twin = draw;
    int drawn = g.random_move(draw);
    ASSERT_EQ(random_legal_move(rules, s, twin), Y::move(drawn)) << to_text(s);
    int pick = walk ? legal[(*walk)() % n] : drawn;
    int mover = g.to_move;
    ApplyInfo info = apply(rules, s, Y::move(pick), nullptr, &history);
    g.play(pick);
    ++t.moves;
    for (int c = 0; c < Y::kCells; ++c)
      ASSERT_EQ(g.cell[c], s.cells[c]) << "cell " << c << to_text(s);
    ASSERT_EQ(g.to_move, index(s.to_move));
    ASSERT_EQ(g.over, s.over) << to_text(s);
    Y::played(g, s, info, mover, pick, before, t);
    if (::testing::Test::HasFatalFailure()) return;
    if (g.over) {
      ASSERT_EQ(info.end.reason, end_label(g.end));
      ASSERT_EQ(static_cast<int>(s.result.winner), g.winner + 1);  // Winner: None, S, N, Draw
      ++t.ends[static_cast<int>(g.end)];
    }
  }
}

Move hole_move(int pick) {
  return Move{static_cast<uint8_t>(pick)};
}

void expect_stores(const std::array<int, 2>& store, const State& s) {
  ASSERT_EQ(store[0], s.store(Player::South)) << to_text(s);
  ASSERT_EQ(store[1], s.store(Player::North)) << to_text(s);
}

// ---- ǁHus ----------------------------------------------------------------

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

int side_seeds(const native::Hus& h, int player) {
  int n = 0;
  for (int i = 0; i < 16; ++i) n += h.cell[16 * player + i];
  return n;
}

// What the games played went through, so that a test can show that every
// rule of the comparison was exercised.
struct HusY {
  using Game = native::Hus;
  static constexpr int kMaxMoves = 16, kCells = 32;
  struct Tally {
    int games = 0;
    long moves = 0;
    long captures = 0;  // moves that took stones from the opponent
    long endless = 0;   // candidates (holes of 2 or more) that are not legal: endless moves
    int ends[4] = {};   // by native::Hus::End
  };
  static Move move(int pick) { return hole_move(pick); }
  static int offered(const Game& h, int n, const int*, Tally& t) {
    int candidates = 0;
    for (int i = 0; i < 16; ++i) candidates += h.cell[16 * h.to_move + i] >= 2;
    t.endless += candidates - n;
    return side_seeds(h, h.to_move ^ 1);
  }
  static void played(const Game& h, const State& s, const ApplyInfo&, int mover, int, int before,
                     Tally& t) {
    t.captures += side_seeds(h, mover ^ 1) < before;
    ASSERT_EQ(h.ply, s.ply);
    if (h.over) {
      ASSERT_EQ(s.result.south, h.south);
      ASSERT_EQ(s.result.north, h.north);
    }
  }
};

TEST(BenchNativeHus, PlaysExactlyAsTheRuleFileFromTheStart) {
  auto rules = game_rules("hus.mnc");
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(11);
  Rng draw(16);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 100 : 2000;
  auto h = std::make_unique<native::Hus>();
  HusY::Tally t;
  for (int g = 0; g < games; ++g) {
    h->reset();
    play_both<HusY>(*rules, *h, initial_state(*rules), draw, &rng, t);
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
  auto rules = game_rules("hus.mnc");
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(12);
  Rng draw(17);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 1000 : 4000;
  auto h = std::make_unique<native::Hus>();
  HusY::Tally t;
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
    play_both<HusY>(*rules, *h, s, draw, &rng, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.endless, 0);
  for (auto e : {native::Hus::End::NoMoves, native::Hus::End::Repetition, native::Hus::End::Long}) {
    EXPECT_GT(t.ends[static_cast<int>(e)], 0) << end_label(e);
  }
  std::printf("[ hus ] %d games, %ld moves, %ld captures, %ld endless candidates, ends %d/%d/%d\n",
              t.games, t.moves, t.captures, t.endless, t.ends[1], t.ends[2], t.ends[3]);
}

// ---- Oware ---------------------------------------------------------------

const char* end_label(native::Oware::End e) {
  switch (e) {
    case native::Oware::End::Score:
      return "score";
    case native::Oware::End::CannotFeed:
      return "cannot-feed";
    case native::Oware::End::Repetition:
      return "repetition";
    default:
      return "";
  }
}

// What the Oware games went through: every rule of the comparison must
// have been exercised.
struct OwareY {
  using Game = native::Oware;
  static constexpr int kMaxMoves = 6, kCells = 12;
  struct Tally {
    int games = 0;
    long moves = 0;
    long captures = 0;     // moves that captured
    long grand_slams = 0;  // moves whose chain would have emptied the row
    long starving = 0;     // positions where must feed removed a move
    int ends[4] = {};      // by native::Oware::End
  };
  static Move move(int pick) { return hole_move(pick); }
  static int offered(const Game& o, int n, const int*, Tally& t) {
    int occupied = 0;
    for (int i = 0; i < 6; ++i) occupied += o.cell[6 * o.to_move + i] > 0;
    t.starving += occupied > n;
    return 0;
  }
  static void played(const Game& o, const State& s, const ApplyInfo& info, int, int, int,
                     Tally& t) {
    t.captures += info.captured > 0;
    t.grand_slams += info.cancelled;
    expect_stores(o.store, s);
  }
};

void print_tally(const OwareY::Tally& t) {
  std::printf(
      "[ oware ] %d games, %ld moves, %ld captures, %ld grand slams, %ld must-feed, "
      "ends %d/%d/%d\n",
      t.games, t.moves, t.captures, t.grand_slams, t.starving, t.ends[1], t.ends[2], t.ends[3]);
}

void expect_every_end(const OwareY::Tally& t) {
  EXPECT_GT(t.grand_slams, 0);
  EXPECT_GT(t.starving, 0);
  for (auto e : {native::Oware::End::Score, native::Oware::End::CannotFeed,
                 native::Oware::End::Repetition}) {
    EXPECT_GT(t.ends[static_cast<int>(e)], 0) << end_label(e);
  }
}

TEST(BenchNativeOware, PlaysExactlyAsTheRuleFileFromTheStart) {
  auto rules = game_rules("oware.mnc");
  ASSERT_TRUE(rules);
  Rng draw(13);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 100 : 2000;
  auto o = std::make_unique<native::Oware>();
  OwareY::Tally t;
  for (int g = 0; g < games; ++g) {
    o->reset();
    play_both<OwareY>(*rules, *o, initial_state(*rules), draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.captures, t.games);
  expect_every_end(t);
  print_tally(t);
}

// Random games from scattered positions of few seeds, with stores filled
// up to the 48: there a row is often empty (must feed, cannot feed), grand
// slams and repetitions are common, and a score end comes early.
TEST(BenchNativeOware, PlaysExactlyAsTheRuleFileFromScatteredPositions) {
  auto rules = game_rules("oware.mnc");
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(14);
  Rng draw(15);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 500 : 4000;
  auto o = std::make_unique<native::Oware>();
  OwareY::Tally t;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules);
    for (int c = 0; c < 12; ++c) s.cells[c] = 0;
    int seeds = 2 + static_cast<int>(rng() % 15);
    for (int k = 0; k < seeds; ++k) {
      // a quarter of the positions with every seed in one row
      int c = g % 4 == 0 ? static_cast<int>(rng() % 6) : static_cast<int>(rng() % 12);
      ++s.cells[c];
    }
    int south = static_cast<int>(rng() % (49 - seeds));
    s.cells[s.store_cell(Player::South)] = static_cast<uint16_t>(south);
    s.cells[s.store_cell(Player::North)] = static_cast<uint16_t>(48 - seeds - south);
    s.to_move = rng() % 2 ? Player::North : Player::South;
    for (int c = 0; c < 12; ++c) o->cell[c] = static_cast<uint8_t>(s.cells[c]);
    o->store = {s.store(Player::South), s.store(Player::North)};
    o->set_up(index(s.to_move));
    int legal[6];
    ASSERT_EQ(o->legal(legal), legal_moves(*rules, s).size()) << to_text(s);
    if (o->legal(legal) == 0) continue;
    play_both<OwareY>(*rules, *o, s, draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  expect_every_end(t);
  print_tally(t);
}

// ---- Sadeqa II -----------------------------------------------------------

const char* end_label(native::SadeqaII::End e) {
  switch (e) {
    case native::SadeqaII::End::NoMoves:
      return "no-moves";
    case native::SadeqaII::End::Repetition:
      return "repetition";
    default:
      return "";
  }
}

struct SadeqaY {
  using Game = native::SadeqaII;
  static constexpr int kMaxMoves = 6, kCells = 12;
  struct Tally {
    int games = 0;
    long moves = 0;
    long removals = 0;  // moves that removed seeds
    long endless = 0;   // occupied holes whose move is endless
    long first = 0;     // first moves restricted to hole 6
    int ends[3] = {};   // by native::SadeqaII::End
  };
  static Move move(int pick) { return hole_move(pick); }
  static int offered(const Game& q, int n, const int*, Tally& t) {
    int occupied = 0, finite = 0;
    for (int i = 0; i < 6; ++i) {
      Game::Board b = q.cell;
      occupied += q.cell[6 * q.to_move + i] > 0;
      finite += q.cell[6 * q.to_move + i] > 0 && Game::sow(b, 6 * q.to_move + i) >= 0;
    }
    t.endless += occupied - finite;
    t.first += n == 1 && finite > 1 && !q.moved[q.to_move];
    return q.removed;
  }
  static void played(const Game& q, const State& s, const ApplyInfo&, int, int, int removed,
                     Tally& t) {
    t.removals += q.removed > removed;
    ASSERT_EQ(q.removed, s.removed) << to_text(s);
    if (q.over) {
      ASSERT_EQ(s.result.south, q.south);
      ASSERT_EQ(s.result.north, q.north);
    }
  }
};

void print_tally(const SadeqaY::Tally& t) {
  std::printf(
      "[ sadeqa_ii ] %d games, %ld moves, %ld removals, %ld endless candidates, "
      "ends %d/%d\n",
      t.games, t.moves, t.removals, t.endless, t.ends[1], t.ends[2]);
}

TEST(BenchNativeSadeqaII, PlaysExactlyAsTheRuleFileFromTheStart) {
  auto rules = game_rules("sadeqa_ii.mnc");
  ASSERT_TRUE(rules);
  Rng draw(21);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 100 : 2000;
  auto q = std::make_unique<native::SadeqaII>();
  SadeqaY::Tally t;
  for (int g = 0; g < games; ++g) {
    q->reset();
    play_both<SadeqaY>(*rules, *q, initial_state(*rules), draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.removals, t.games);
  EXPECT_GT(t.first, 0);
  EXPECT_GT(t.ends[static_cast<int>(native::SadeqaII::End::NoMoves)], 0);
  print_tally(t);
}

// Random games from scattered positions of few seeds, some before either
// player's first move: there endless moves and the lapsed first-move rule
// happen, which games from the start seldom reach. No repetition ends
// these games, nor any of 395,000 such games of 3-22 seeds tried by hand
// (5.3 M moves): the comparison covers the history but not its end.
TEST(BenchNativeSadeqaII, PlaysExactlyAsTheRuleFileFromScatteredPositions) {
  auto rules = game_rules("sadeqa_ii.mnc");
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(22);
  Rng draw(23);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 500 : 4000;
  auto q = std::make_unique<native::SadeqaII>();
  SadeqaY::Tally t;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules);
    for (int c = 0; c < 12; ++c) s.cells[c] = 0;
    int seeds = 2 + static_cast<int>(rng() % 14);
    for (int k = 0; k < seeds; ++k) ++s.cells[rng() % 12];
    s.removed = static_cast<uint16_t>(36 - seeds);
    s.moved = g % 3 == 0 ? static_cast<uint8_t>(rng() % 4) : 3;
    s.to_move = rng() % 2 ? Player::North : Player::South;
    for (int c = 0; c < 12; ++c) q->cell[c] = static_cast<uint8_t>(s.cells[c]);
    q->moved = {(s.moved & 1) != 0, (s.moved & 2) != 0};
    q->removed = s.removed;
    q->set_up(index(s.to_move));
    ASSERT_EQ(q->has_move(), !legal_moves(*rules, s).empty()) << to_text(s);
    if (!q->has_move()) continue;
    play_both<SadeqaY>(*rules, *q, s, draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.endless, 0);
  EXPECT_GT(t.first, 0);
  EXPECT_GT(t.ends[static_cast<int>(native::SadeqaII::End::NoMoves)], 0);
  print_tally(t);
}

// ---- Anywoli -------------------------------------------------------------

const char* end_label(native::Anywoli::End e) {
  switch (e) {
    case native::Anywoli::End::EmptyBoard:
      return "empty-board";
    case native::Anywoli::End::LastFour:
      return "last-four";
    case native::Anywoli::End::Stalemate:
      return "stalemate";
    default:
      return "";
  }
}

struct AnywoliY {
  using Game = native::Anywoli;
  static constexpr int kMaxMoves = 12, kCells = 24;
  struct Tally {
    int games = 0;
    long moves = 0;
    long owner_fours = 0;  // fours taken during a lap by the hole's owner, not the mover
    long extra_turns = 0;
    long passes = 0;
    long endless = 0;  // occupied holes whose move is endless
    int ends[4] = {};  // by native::Anywoli::End
  };
  static Move move(int pick) { return pick == Game::kPass ? Move::pass() : hole_move(pick); }
  static int offered(const Game& a, int n, const int* legal, Tally& t) {
    int occupied = 0;
    for (int i = 0; i < 12; ++i) occupied += a.cell[12 * a.to_move + i] > 0;
    t.endless += occupied - (legal[0] == Game::kPass ? 0 : n);
    return a.store[a.to_move ^ 1];
  }
  static void played(const Game& a, const State& s, const ApplyInfo&, int mover, int pick,
                     int opponent_store, Tally& t) {
    t.passes += pick == Game::kPass;
    t.extra_turns += !a.over && a.to_move == mover && pick != Game::kPass;
    t.owner_fours += !a.over && a.store[mover ^ 1] > opponent_store;
    expect_stores(a.store, s);
    ASSERT_EQ(a.since_capture, s.since_capture) << to_text(s);
  }
};

void print_tally(const AnywoliY::Tally& t) {
  std::printf(
      "[ anywoli ] %d games, %ld moves, %ld owner fours, %ld extra turns, %ld passes, "
      "%ld endless candidates, ends %d/%d/%d\n",
      t.games, t.moves, t.owner_fours, t.extra_turns, t.passes, t.endless, t.ends[1], t.ends[2],
      t.ends[3]);
}

TEST(BenchNativeAnywoli, PlaysExactlyAsTheRuleFileFromTheStart) {
  auto rules = game_rules("anywoli.mnc");
  ASSERT_TRUE(rules);
  Rng draw(31);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 20 : 300;
  native::Anywoli a;
  AnywoliY::Tally t;
  for (int g = 0; g < games; ++g) {
    a.reset();
    play_both<AnywoliY>(*rules, a, initial_state(*rules), draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.owner_fours, 0);
  EXPECT_GT(t.extra_turns, 0);
  print_tally(t);
}

// Random games from scattered positions of few seeds (a multiple of 4, as
// in play), a third of them 4 or 8 packed into 3 neighbouring holes, a third near
// the stalemate guard: there passes, the empty board, the last four and
// the stalemate happen. No endless move turns up, here or among 17 M
// candidate moves of random boards of 2-31 seeds tried by hand: the
// endless rule is compared by Sadeqa II's tests, whose sowing is the same.
TEST(BenchNativeAnywoli, PlaysExactlyAsTheRuleFileFromScatteredPositions) {
  auto rules = game_rules("anywoli.mnc");
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(32);
  Rng draw(33);
  int games = getenv("MANCALA_SANITIZER_RUN") ? 300 : 3000;
  native::Anywoli a;
  AnywoliY::Tally t;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules);
    for (int c = 0; c < 24; ++c) s.cells[c] = 0;
    bool packed = g % 3 == 1;  // 4 or 8 seeds in 3 neighbouring holes
    int seeds = 4 * (packed ? 1 + static_cast<int>(rng() % 2) : 2 + static_cast<int>(rng() % 6));
    int base = static_cast<int>(rng() % 24);
    for (int k = 0; k < seeds; ++k) ++s.cells[packed ? (base + rng() % 3) % 24 : rng() % 24];
    int south = 4 * static_cast<int>(rng() % ((96 - seeds) / 4 + 1));
    s.cells[s.store_cell(Player::South)] = static_cast<uint16_t>(south);
    s.cells[s.store_cell(Player::North)] = static_cast<uint16_t>(96 - seeds - south);
    s.has_captor = true;
    s.last_captor = rng() % 2 ? Player::North : Player::South;
    s.since_capture = static_cast<uint16_t>(g % 3 == 0 ? 190 + rng() % 10 : rng() % 10);
    s.to_move = rng() % 2 ? Player::North : Player::South;
    a.reset();
    for (int c = 0; c < 24; ++c) a.cell[c] = static_cast<uint8_t>(s.cells[c]);
    a.store = {s.store(Player::South), s.store(Player::North)};
    a.last_captor = index(s.last_captor);
    a.since_capture = s.since_capture;
    a.to_move = index(s.to_move);
    play_both<AnywoliY>(*rules, a, s, draw, nullptr, t);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(t.passes, 0);
  for (auto e : {native::Anywoli::End::EmptyBoard, native::Anywoli::End::LastFour,
                 native::Anywoli::End::Stalemate}) {
    EXPECT_GT(t.ends[static_cast<int>(e)], 0) << end_label(e);
  }
  print_tally(t);
}

}  // namespace
}  // namespace mancala
