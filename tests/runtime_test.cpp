// Unit tests of the compile stage and the runtime, on small games written
// as .mnc text in the test (so each test shows the rule it exercises).
//
// Positions are set up by hand with `position()` and each test states the
// board it expects after one move, worked out from docs/language.md; a
// few expectations are copied from tests/reference (an independent
// implementation) and say so.
#include "runtime.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "test_games.hpp"
#include "test_position.hpp"

namespace mancala {
namespace {

std::shared_ptr<const Rules> load(const std::string& text) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_text("test.mnc", text, sources, diags);
  EXPECT_TRUE(r.ok && r.game) << render_text(diags, sources);
  if (!r.ok || !r.game) return nullptr;
  return compile(*r.game);
}

using test::position;

std::vector<int> row(const State& s, Player p) {
  std::vector<int> out;
  for (int i = 1; i <= s.holes; ++i) out.push_back(s.count(s.hole_cell(p, i)));
  return out;
}

using V = std::vector<int>;
constexpr Player kS = Player::South;
constexpr Player kN = Player::North;
Move mv(int n) {
  return Move{static_cast<uint8_t>(n)};
}

const char* kKalah = R"(
game "K" {
  board { rows 2 holes 6 stores sown }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when is_store(here) { extra_turn }
  on sow_end when own(here) and count(here) == 1 and count(opposite(here)) > 0 {
    capture opposite(here) to mover
    capture here to mover
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

// ---- moves and their names ----------------------------------------------

TEST(Moves, NamesAndCells) {
  EXPECT_EQ(parse_move("pass", MoveNames{2, 6}), Move::pass());
  EXPECT_EQ(parse_move("12", MoveNames{2, 6}), mv(12));
  EXPECT_FALSE(parse_move("13", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("0", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("3x", MoveNames{2, 6}));
  EXPECT_EQ(format_move(Move::pass(), {}), "pass");
  EXPECT_EQ(format_move(mv(7), {}), "7");
  EXPECT_EQ(move_cell(6, kS, mv(1)), 0);
  EXPECT_EQ(move_cell(6, kN, mv(1)), 6);
  EXPECT_EQ(move_cell(6, kN, mv(7)), 0);  // North's son in South's hole 1
  EXPECT_EQ(cell_move(6, kN, 0), mv(7));
  EXPECT_EQ(cell_move(6, kS, 11), mv(12));
}

TEST(Moves, ChosenDirectionsAreNamedWithTheHole) {
  EXPECT_EQ(parse_move("3cw", MoveNames{2, 6}), (Move{3, Way::Cw}));
  EXPECT_EQ(parse_move("3ccw", MoveNames{2, 6}), (Move{3, Way::Ccw}));
  EXPECT_EQ(parse_move("12cw", MoveNames{2, 6}), (Move{12, Way::Cw}));
  EXPECT_FALSE(parse_move("cw", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("13cw", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("3cww", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("3 cw", MoveNames{2, 6}));
  EXPECT_FALSE(parse_move("passcw", MoveNames{2, 6}));
  EXPECT_EQ(format_move(Move{3, Way::Cw}, {}), "3cw");
  EXPECT_EQ(format_move(Move{3, Way::Ccw}, {}), "3ccw");
  EXPECT_LT(mv(3), (Move{3, Way::Ccw}));  // ascending: 3, 3ccw, 3cw, 4
  EXPECT_LT((Move{3, Way::Ccw}), (Move{3, Way::Cw}));
  EXPECT_LT((Move{3, Way::Cw}), mv(4));
}

// A four-row board names a move by its row and its hole from the mover's
// left (f3, b3; the opponent's of3, ob3): Move::number stays the ring
// number, back row 1..N from the left, front row N+1..2N from the right.
TEST(Moves, FourRowMovesNameTheRow) {
  const MoveNames four{4, 8};
  for (int k = 1; k <= 8; ++k) {
    EXPECT_EQ(four.ring_number(false, k), k);
    EXPECT_EQ(four.ring_number(true, k), 17 - k);
    for (bool front : {false, true}) {
      EXPECT_EQ(four.ring_front(four.ring_number(front, k)), front);
      EXPECT_EQ(four.ring_hole(four.ring_number(front, k)), k);
    }
  }
  EXPECT_EQ(format_move(mv(1), four), "b1");
  EXPECT_EQ(format_move(mv(8), four), "b8");
  EXPECT_EQ(format_move(mv(9), four), "f8");
  EXPECT_EQ(format_move(mv(14), four), "f3");
  EXPECT_EQ(format_move(mv(16), four), "f1");
  EXPECT_EQ(format_move(mv(17), four), "ob1");  // the opponent's ring: `from all holes`
  EXPECT_EQ(format_move(mv(32), four), "of1");
  EXPECT_EQ(parse_move("f3", four), mv(14));
  EXPECT_EQ(parse_move("b3", four), mv(3));
  EXPECT_EQ(parse_move("f3cw", four), (Move{14, Way::Cw}));
  EXPECT_EQ(parse_move("b8ccw", four), (Move{8, Way::Ccw}));
  EXPECT_EQ(parse_move("f1cw/y", four), (Move{16, Way::Cw, 1, 1}));
  EXPECT_EQ(parse_move("of2/ny", four), (Move{31, Way::None, 2, 2}));
  EXPECT_EQ(parse_move("pass", four), Move::pass());
  Move into = Move::from_store(1);
  into.number = 12;  // front hole 5
  EXPECT_EQ(parse_move("s1@f5", four), into);
  EXPECT_EQ(format_move(into, four), "s1@f5");
  EXPECT_EQ(parse_move("s3", four), Move::from_store(3));
  // Every name prints back to itself, and every move reads back from its name.
  for (int n = 1; n <= 32; ++n) {
    for (Way w : {Way::None, Way::Ccw, Way::Cw}) {
      for (int asked = 0; asked <= 2; ++asked) {
        for (int answers = 0; answers < (1 << asked); ++answers) {
          Move m{static_cast<uint8_t>(n), w, static_cast<uint8_t>(asked),
                 static_cast<uint8_t>(answers)};
          std::string name = format_move(m, four);
          EXPECT_EQ(parse_move(name, four), m) << name;
          EXPECT_EQ(move_name_error(name, four), "") << name;
        }
      }
      Move store = Move::from_store(2);
      store.number = static_cast<uint8_t>(n);
      EXPECT_EQ(parse_move(format_move(store, four), four), store) << format_move(store, four);
    }
  }
  // One spelling: a ring number is refused, with the reason.
  for (const char* ring : {"3", "16", "3cw", "14/y", "s1@5"}) {
    EXPECT_FALSE(parse_move(ring, four)) << ring;
    EXPECT_EQ(move_name_error(ring, four), "on a four-row board a move names its row: f3 or b3")
        << ring;
  }
  for (const char* bad : {"f0", "f9", "b", "f", "x3", "o3", "of", "off3", "fb3", "F3", "f3 ", "f-3",
                          "3f", "f3x", "f3cw/", "s1@", "s1@f9", "s1@9f", "s@f1"}) {
    EXPECT_FALSE(parse_move(bad, four)) << bad;
    EXPECT_EQ(move_name_error(bad, four), "") << bad;
  }
  // Two rows keep their numbers, and know nothing of rows.
  const MoveNames two{2, 6};
  EXPECT_EQ(format_move(mv(12), two), "12");
  EXPECT_EQ(format_move(Move{3, Way::Cw, 1, 1}, two), "3cw/y");
  EXPECT_EQ(parse_move("12", two), mv(12));
  for (const char* row : {"f3", "b3", "of3", "s1@f5"}) {
    EXPECT_FALSE(parse_move(row, two)) << row;
    EXPECT_EQ(move_name_error(row, two), "") << row;
  }
  EXPECT_EQ(format_hole(9, four), "f8");
  EXPECT_EQ(format_hole(9, two), "9");
}

// ---- Kalah: sown stores, extra turn, capture, end --------------------------

TEST(Kalah, SowsIntoOwnStoreAndMovesAgain) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  ApplyInfo info = apply(*r, s, mv(3));
  EXPECT_EQ(row(s, kS), (V{4, 4, 0, 5, 5, 5}));
  EXPECT_EQ(s.store(kS), 1);
  EXPECT_TRUE(info.extra_turn);
  EXPECT_EQ(s.to_move, kS);
}

TEST(Kalah, SkipsTheOpponentsStore) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = position(*r, {4, 4, 4, 4, 4, 10}, {4, 4, 4, 4, 4, 4});
  apply(*r, s, mv(6));
  EXPECT_EQ(row(s, kS), (V{5, 5, 5, 4, 4, 0}));
  EXPECT_EQ(row(s, kN), (V{5, 5, 5, 5, 5, 5}));
  EXPECT_EQ(s.store(kS), 1);
  EXPECT_EQ(s.store(kN), 0);
  EXPECT_EQ(s.to_move, kN);
}

TEST(Kalah, CapturesOpposite) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 3, 3, 3, 3}, {3, 3, 3, 3, 3, 3});
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{0, 0, 3, 3, 3, 3}));
  EXPECT_EQ(row(s, kN), (V{3, 3, 3, 3, 0, 3}));
  EXPECT_EQ(s.store(kS), 4);
  EXPECT_EQ(info.captured, 4);
  EXPECT_EQ(s.since_capture, 0);
}

TEST(Kalah, EmptyRowEndsAndEachRowGoesToItsOwner) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 0, 0, 0, 1}, {1, 2, 3, 0, 0, 0}, 20, 21);
  ApplyInfo info = apply(*r, s, mv(6));
  EXPECT_TRUE(info.game_over);
  EXPECT_FALSE(info.extra_turn);
  EXPECT_EQ(info.end.reason, "condition");
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.board_seeds(), 0);
  EXPECT_EQ(s.result, (Outcome{Winner::North, 21, 27}));
  EXPECT_TRUE(legal_moves(*r, s).empty());
}

// `empty_row` false means both rows hold seeds, which proves that the
// player to move has a move only while each player controls their own row
// (the end test's shortcut, runtime.cpp direct_test): a North who controls
// no hole is stuck with seeds in their row, and the game ends.
TEST(Kalah, ARowWithSeedsButNoHoleControlledIsStuck) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  for (int i = 1; i <= s.holes; ++i) s.set_controller(s.hole_cell(kN, i), kS);
  ApplyInfo info = apply(*r, s, mv(1));  // four seeds to South's holes 2-5
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "no moves");
  EXPECT_TRUE(legal_moves(*r, s).empty());
  State own = initial_state(*r);
  info = apply(*r, own, mv(1));
  EXPECT_FALSE(info.game_over);
  EXPECT_EQ(own.to_move, kN);
}

// Code that needs more than the executor's fixed frame (256 values, vm.cpp)
// runs on a heap frame: 300 locals alive at once, the last read back.
TEST(Frame, CodeBeyondTheFixedFrameRunsOnTheHeap) {
  std::string lets;
  for (int i = 0; i < 300; ++i) {
    lets += "    let v" + std::to_string(i) + " = count(here) + " + std::to_string(i) + "\n";
  }
  std::string text = std::string(kKalah);
  text.replace(
      text.find("  on sow_end when is_store(here) { extra_turn }"),
      std::string("  on sow_end when is_store(here) { extra_turn }").size(),
      "  on sow_end {\n" + lets + "    if is_store(here) and v299 == v0 + 299 { extra_turn }\n  }");
  auto r = load(text);
  ASSERT_TRUE(r);
  ASSERT_GT(r->frame_size, 256);
  State s = initial_state(*r);
  ApplyInfo info = apply(*r, s, mv(3));  // 4 seeds from hole 3: the last in the store
  EXPECT_TRUE(info.extra_turn);
  EXPECT_EQ(s.to_move, kS);
  info = apply(*r, s, mv(1));
  EXPECT_FALSE(info.extra_turn);
}

TEST(Kalah, WholeLapsByDivisionMatchSeedBySeed) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State a = position(*r, {40, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1});
  State b = a;
  Observer watch;  // forces the seed-by-seed loop
  apply(*r, a, mv(1));
  apply(*r, b, mv(1), &watch);
  EXPECT_EQ(a, b);
  // 40 seeds over a 13-cell track: 3 full laps and one more seed.
  EXPECT_EQ(row(a, kS), (V{3, 5, 4, 4, 4, 4}));
  EXPECT_EQ(a.store(kS), 3);
}

// ---- relay ------------------------------------------------------------------

const char* kRelayLanding = R"(
game "R" {
  board { rows 2 holes 3 stores none }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  on sow_end { if count(opposite(here)) > 0 { remove opposite(here) } }
  end { when no moves  winner survivor }
}
)";

TEST(Relay, LandingRelaysWhileOccupiedThenRemovesOpposite) {
  auto r = load(kRelayLanding);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  ApplyInfo info = apply(*r, s, mv(1));
  // S1 -> S2 S3 (S3 had 2: relay 3) -> N1 N2 N3 (relay 3) -> S1 S2 S3 (S3 was empty).
  EXPECT_EQ(info.laps, 3);
  EXPECT_EQ(row(s, kS), (V{1, 4, 1}));
  EXPECT_EQ(row(s, kN), (V{0, 3, 0}));  // N1 (opposite S3) removed
  EXPECT_EQ(s.removed, 3);
  EXPECT_EQ(info.removed, 3);
}

const char* kSanYao = R"(
game "SY" {
  board { rows 2 holes 5 stores captures }
  setup { seeds 5 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { relay next  endless ends { capture board to owners } }
  on sow_end {
    let p = next(here, 2)
    while count(p) > 0 and count(prev(p)) == 0 {
      capture p to mover
      p = next(p, 2)
    }
  }
  end {
    when board_seeds < 2 as "fewer-than-two" { capture board to owners }
    stalemate 100 moves without capture { capture board to owners }
    winner most store
  }
  match {
    refill conquest from end
    starter winner else second
    ends when min(store(south), store(north)) < seeds
    max rounds 50
    winner most store
  }
}
)";

TEST(Relay, NextWithLeapfrogCaptureMatchesTheExample) {
  auto r = load(kSanYao);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  apply(*r, s, mv(2));
  // tests/reference/san_yao.jsonl, game 0, ply 1.
  EXPECT_EQ(row(s, kS), (V{0, 3, 9, 2, 9}));
  EXPECT_EQ(row(s, kN), (V{9, 9, 0, 0, 0}));
  EXPECT_EQ(s.store(kS), 9);
  EXPECT_EQ(s.store(kN), 0);
}

// ---- pending captures ---------------------------------------------------------

const char* kPending = R"(
game "P" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when opponents(here) and count(here) == 2 {
    capture here to mover
    if count(here) == 0 { extra_turn }   # the pending seeds are already off the board
  }
  on captures when captured > 0 and row_seeds(opponent) == 0 { cancel }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Pending, CountSeesTheHoleEmptyAndCancelPutsSeedsBack) {
  auto r = load(kPending);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 1}, {1, 0, 0});
  ApplyInfo info = apply(*r, s, mv(3));
  EXPECT_TRUE(info.cancelled);
  EXPECT_EQ(row(s, kN), (V{2, 0, 0}));
  EXPECT_EQ(s.store(kS), 0);
  EXPECT_EQ(info.captured, 0);
  EXPECT_TRUE(info.extra_turn);
}

TEST(Pending, CommittedWhenNotCancelled) {
  auto r = load(kPending);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 1}, {1, 1, 0});
  ApplyInfo info = apply(*r, s, mv(3));
  EXPECT_FALSE(info.cancelled);
  EXPECT_EQ(row(s, kN), (V{0, 1, 0}));
  EXPECT_EQ(s.store(kS), 2);
  EXPECT_EQ(info.captured, 2);
  EXPECT_EQ(s.last_captor, kS);
}

// ---- drop and lap_end captures (Anywoli's fours) ---------------------------------

const char* kFours = R"(
game "F" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { relay landing }
  on drop when count(here) == 4 and not last { capture here to owner(here) }
  on lap_end when count(here) == 4 { capture here to mover  extra_turn  stop }
  end {
    when board_seeds == 0
    when board_seeds == 4 { capture board to last_captor }
    winner most store
  }
}
)";

TEST(Drop, FourDuringALapGoesToTheOwnerAtOnce) {
  auto r = load(kFours);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 2, 4}, {3, 1, 0}, 6, 8);
  ApplyInfo info = apply(*r, s, mv(3));
  // N1 reaches 4 mid-lap (to North), N2 2, N3 1, S1 1 (was empty: stop).
  EXPECT_EQ(row(s, kS), (V{1, 2, 0}));
  EXPECT_EQ(row(s, kN), (V{0, 2, 1}));
  EXPECT_EQ(s.store(kN), 12);
  EXPECT_EQ(info.captured, 4);
  EXPECT_EQ(s.last_captor, kN);
  EXPECT_EQ(s.to_move, kN);
}

TEST(Drop, FourAtALapsEndGoesToTheMoverWhoMovesAgain) {
  auto r = load(kFours);
  ASSERT_TRUE(r);
  State s = position(*r, {3, 0, 0}, {3, 2, 2}, 8, 6);
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{0, 1, 1}));
  EXPECT_EQ(row(s, kN), (V{0, 2, 2}));
  EXPECT_EQ(s.store(kS), 12);
  EXPECT_TRUE(info.extra_turn);
  EXPECT_EQ(s.to_move, kS);
}

TEST(Drop, LastFourGoesToTheLastCaptor) {
  auto r = load(kFours);
  ASSERT_TRUE(r);
  // North captures a four mid-lap; a relay lap then leaves exactly 4.
  State s = position(*r, {1, 0, 4}, {3, 0, 0}, 10, 5);
  ApplyInfo info = apply(*r, s, mv(3));
  ASSERT_TRUE(info.game_over);
  EXPECT_EQ(s.store(kN), 13);
  EXPECT_EQ(s.store(kS), 10);
  EXPECT_EQ(s.result.winner, Winner::North);
}

// ---- endless sowing ---------------------------------------------------------------

std::string endless_game(const std::string& endless) {
  return R"(
game "E" {
  board { rows 2 holes 2 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { relay landing when true  endless )" +
         endless + R"( }
  end { when board_seeds == 0  winner most store }
}
)";
}

TEST(Endless, IllegalMovesAreNotLegal) {
  auto r = load(endless_game("illegal"));
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  MoveList moves = legal_moves(*r, s);
  ASSERT_EQ(moves.size(), 1);
  EXPECT_EQ(moves[0], Move::pass());
}

// apply's precondition is a legal move; where endless moves are illegal, a
// legal move stops, so apply saves nothing to restore, and a move that
// does not stop is the caller's error, said as one (not a game ended).
TEST(Endless, ApplyingAnIllegalEndlessMoveIsAnError) {
  auto r = load(endless_game("illegal"));
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_THROW(apply(*r, s, mv(1)), RuntimeError);
}

TEST(Endless, DrawEndsAtOnceWithoutChangingTheBoard) {
  auto r = load(endless_game("draw"));
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  ASSERT_EQ(legal_moves(*r, s).size(), 2);
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_TRUE(info.endless);
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "endless");
  EXPECT_EQ(s.result.winner, Winner::Draw);
  EXPECT_EQ(row(s, kS), (V{1, 1}));
}

TEST(Endless, EndsRunsItsBlockOnTheUnchangedBoard) {
  auto r = load(endless_game("ends { capture board to owners }"));
  ASSERT_TRUE(r);
  State s = position(*r, {2, 0}, {1, 1});
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_TRUE(info.endless);
  EXPECT_EQ(s.result, (Outcome{Winner::Draw, 2, 2}));
  EXPECT_EQ(s.board_seeds(), 0);
}

TEST(Endless, SkippingEveryHoleIsEndless) {
  auto r = load(R"(
game "S" {
  board { rows 2 holes 2 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { skip when true  endless draw }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_TRUE(info.endless);
  EXPECT_TRUE(s.over);
}

TEST(Endless, LongFiniteRelayIsNotMisjudged) {
  // Sadeqa-style relay on a big board: every move either stops or is
  // endless; a stopping move must be played out to its end.
  auto r = load(kRelayLanding);
  ASSERT_TRUE(r);
  State s = position(*r, {7, 0, 5}, {0, 3, 1});
  for (Move m : legal_moves(*r, s)) {
    State t = s;
    ApplyInfo info = apply(*r, t, m);
    EXPECT_FALSE(info.endless);
    EXPECT_EQ(t.seeds_in_play() + t.removed, s.seeds_in_play());
  }
}

// A sowing cycle far longer than any game: on this 2x8 relay board with 6
// seeds, after 5,3,5,2,1,3,3, one of North's moves cycles only beyond 10^9
// laps, and listing the legal moves once ran it out. Past the lap budget a
// move is endless by rule, so listing them is quick, here and in Sadeqa II
// with 32 seeds a hole (the other position of the report).
TEST(Endless, ARunawayCycleIsDecidedByTheLapBudget) {
  auto r = load(R"(
game "Runaway" {
  board { rows 2  holes 8  stores captures }
  setup { seeds 6 }
  moves { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  end { when empty_row  winner most store }
}
)");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->endless_laps, kDefaultEndlessLaps);
  State s = initial_state(*r);
  for (int n : {5, 3, 5, 2, 1, 3, 3}) {
    ASSERT_TRUE(legal_moves(*r, s).contains(mv(n)));
    apply(*r, s, mv(n));
  }
  MoveList legal = legal_moves(*r, s);
  EXPECT_EQ(format_moves(legal, {}), "1, 3, 4, 5, 7, 8") << "North's 2 runs away: endless, illegal";
  for (Move m : legal) {
    State t = s;
    EXPECT_FALSE(apply(*r, t, m).endless);
    EXPECT_EQ(validate(*r, t), "");
  }
}

TEST(Endless, SadeqaWithThirtyTwoSeedsIsDecidedByTheLapBudget) {
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.overrides = {{"seeds", 32}};
  CheckResult c = check_file("sadeqa_ii", sources, diags, options);
  ASSERT_TRUE(c.ok && c.game) << render_text(diags, sources);
  auto r = compile(*c.game);
  State s = initial_state(*r);
  for (int n : {6, 6, 2, 6, 4, 2, 1}) {
    ASSERT_TRUE(legal_moves(*r, s).contains(mv(n))) << n;
    apply(*r, s, mv(n));
  }
  MoveList legal = legal_moves(*r, s);  // once ran out every candidate's cycle
  EXPECT_FALSE(legal.empty());
  for (Move m : legal) {
    State t = s;
    EXPECT_FALSE(apply(*r, t, m).endless);
  }
}

// The budget is exact: a move of N laps is played out; with a budget of
// N - 1 laps the same move is endless.
TEST(Endless, TheLapBudgetIsExact) {
  const std::string game = R"(
game "B" {
  board { rows 2  holes 8  stores captures }
  setup { seeds 6 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { relay landing  endless draw BUDGET }
  end { when empty_row  winner most store }
}
)";
  auto with = [&](const std::string& budget) {
    std::string text = game;
    text.replace(text.find("BUDGET"), 6, budget);
    return load(text);
  };
  auto free_run = with("");
  ASSERT_TRUE(free_run);
  struct Laps : Observer {
    int n = 0;
    void lift(int, int) override { ++n; }
  };
  State s = initial_state(*free_run);
  Laps laps;
  ApplyInfo info = apply(*free_run, s, mv(1), &laps);
  ASSERT_FALSE(info.endless);
  ASSERT_GT(laps.n, 2);
  auto exact = with("after " + std::to_string(laps.n) + " laps");
  auto short_by_one = with("after " + std::to_string(laps.n - 1) + " laps");
  ASSERT_TRUE(exact && short_by_one);
  State a = initial_state(*exact), b = initial_state(*short_by_one);
  EXPECT_FALSE(apply(*exact, a, mv(1)).endless);
  EXPECT_EQ(a, s);
  EXPECT_TRUE(apply(*short_by_one, b, mv(1)).endless);
  EXPECT_TRUE(b.over);
}

// A lap that ends in a store never relays, under either relay rule: with
// `relay next` the hole after the store (North's hole 1, 3 seeds) stays.
TEST(Relay, ALapEndingInAStoreDoesNotRelay) {
  for (const char* relay : {"relay next", "relay landing"}) {
    auto r = load(std::string(R"(
game "R" {
  board { rows 2 holes 3 stores sown }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1 }
  sowing { )") + relay +
                  R"( }
  end { when empty_row  winner most store }
}
)");
    ASSERT_TRUE(r);
    State s = position(*r, {0, 2, 1}, {3, 1, 1});
    apply(*r, s, mv(2));  // S3, then South's store
    EXPECT_EQ(row(s, kS), (V{0, 0, 2})) << relay;
    EXPECT_EQ(row(s, kN), (V{3, 1, 1})) << relay;
    EXPECT_EQ(s.store(kS), 1) << relay;
  }
}

// `must feed`: while the opponent has no seeds, only feeding moves are
// legal; `must feed else any`: when no move feeds, every move is.
TEST(Moves, MustFeedElseAnyLiftsTheFilterOnlyWhenNothingFeeds) {
  auto game = [](const std::string& feed) {
    return load(R"(
game "F" {
  board { rows 2 holes 6 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1  )" +
                feed + R"( }
  end { when board_seeds == 0  winner most store }
}
)");
  };
  auto strict = game("must feed"), lenient = game("must feed else any");
  ASSERT_TRUE(strict && lenient);
  State nothing_feeds = position(*strict, {1, 1, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, 20, 26);
  EXPECT_EQ(format_moves(legal_moves(*strict, nothing_feeds), strict->move_names()), "");
  EXPECT_EQ(format_moves(legal_moves(*lenient, nothing_feeds), lenient->move_names()), "1, 2");
  Rng rng(7);
  for (int i = 0; i < 20; ++i) {
    Move m = random_legal_move(*lenient, nothing_feeds, rng);
    EXPECT_TRUE(m == mv(1) || m == mv(2));
  }
  // When a move feeds, the filter stands in both.
  State one_feeds = position(*strict, {1, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 0}, 20, 26);
  EXPECT_EQ(format_moves(legal_moves(*strict, one_feeds), strict->move_names()), "6");
  EXPECT_EQ(format_moves(legal_moves(*lenient, one_feeds), lenient->move_names()), "6");
}

// ---- sowing options ------------------------------------------------------------------

TEST(Sowing, SkipOriginOnAFullLap) {
  auto r = load(R"(
game "O" {
  board { rows 2 holes 6 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  sowing { skip origin }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State a = position(*r, {12, 0, 0, 0, 0, 0}, {1, 1, 1, 1, 1, 1});
  State b = a;
  Observer watch;
  apply(*r, a, mv(1));
  apply(*r, b, mv(1), &watch);
  EXPECT_EQ(a, b);
  EXPECT_EQ(row(a, kS), (V{0, 2, 1, 1, 1, 1}));
  EXPECT_EQ(row(a, kN), (V{2, 2, 2, 2, 2, 2}));
}

// Plays `games` random games of two rule files meant to play alike (one
// taking a fast path, a twin made to avoid it), checking at every position
// that both list the same moves (and `legal_children` of the first, which
// reads the starts its own way) and reach the same positions; `watch`
// observes the twin's moves. Returns the positions played.
int expect_twins_play_alike(const Rules& fast, const Rules& twin, int games, uint64_t seed,
                            Observer* watch = nullptr) {
  Rng walk(seed);
  int positions = 0;
  std::vector<State> children(MoveList::kCapacity);
  std::vector<ApplyInfo> infos(MoveList::kCapacity);
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    State a = initial_state(fast), b = initial_state(twin);
    while (!a.over && !::testing::Test::HasFailure()) {
      MoveList moves = legal_moves(fast, a);
      std::string want = format_moves(legal_moves(twin, b), twin.move_names());
      EXPECT_EQ(format_moves(moves, fast.move_names()), want) << to_text(a);
      MoveList listed;
      legal_children(fast, a, listed, children.data(), infos.data());
      EXPECT_EQ(format_moves(listed, fast.move_names()), want) << to_text(a);
      ++positions;
      Move m = moves[walk.below(moves.size())];
      apply(fast, a, m);
      apply(twin, b, m, watch);
      EXPECT_EQ(a, b) << "game " << g;
    }
  }
  return positions;
}

// Laps of seeds taken into the hand (`lift H`, `relay into H`) are sown by
// whole rounds of the track like any other lap (without `skip origin`): a
// twin made to sow seed by seed (a drop handler that never runs) plays
// every random game alike, laps of more seeds than the track among them.
TEST(Sowing, HandLapsLongerThanTheTrackSowWholeRounds) {
  auto game = [](const std::string& drop) {
    return load(R"(
game "H" {
  board { rows 2 holes 3 stores none }
  setup { seeds 6 }
  moves { from own holes where count(hole) >= 2 }
  sowing { direction ccw  endless illegal }
  on lap_end when count(here) > 1 and count(opposite(here)) > 0 {
    lift opposite(here)
    relay into next(here)
  }
  )" + drop + R"(
  end {
    when no moves as "stuck"
    when ply >= 100 as "long"
    winner survivor
  }
}
)");
  };
  auto fast = game("");
  auto slow = game("on drop when count(here) == 999 { let unused = 0 }");
  ASSERT_TRUE(fast && slow);
  ASSERT_TRUE(fast->hand_laps && !fast->slow_sow);
  ASSERT_TRUE(slow->slow_sow);
  struct Longest : Observer {
    int seeds = 0;
    void lift(int, int n) override { seeds = std::max(seeds, n); }
  } longest;
  expect_twins_play_alike(*fast, *slow, 200, 5, &longest);
  EXPECT_GT(longest.seeds, 6);  // more than the track's six holes in one lift
}

TEST(Sowing, ClockwiseAndLeave) {
  auto r = load(R"(
game "C" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  sowing { direction cw }
  on pickup { leave 1 }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  apply(*r, s, mv(2));
  // S2 keeps 1 and sows 2 clockwise: S1, then North hole 3.
  EXPECT_EQ(row(s, kS), (V{4, 1, 3}));
  EXPECT_EQ(row(s, kN), (V{3, 3, 4}));
}

// ---- move restrictions ------------------------------------------------------------------

TEST(MovesSection, MustFeedKeepsOnlyFeedingMoves) {
  auto r = load(R"(
game "M" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1  must feed }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 2}, {0, 0, 0}, 3, 0);
  MoveList moves = legal_moves(*r, s);
  ASSERT_EQ(moves.size(), 1);
  EXPECT_EQ(moves[0], mv(3));
  State t = position(*r, {1, 0, 0}, {0, 0, 0}, 5, 0);
  EXPECT_TRUE(legal_moves(*r, t).empty() || t.over);
}

// random_legal_move plays only the drawn candidates ahead; it must still
// never draw a move the look-ahead excludes, and draw the legal ones evenly.
TEST(RandomLegalMove, DrawsOnlyFeedingMovesAndEachEvenly) {
  auto r = load(R"(
game "M" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1  must feed }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  // Hole 1 (one seed, to hole 2) does not feed; holes 3 and 4 do.
  State s = position(*r, {1, 0, 2, 3}, {0, 0, 0, 0}, 2, 0);
  ASSERT_EQ(legal_moves(*r, s).size(), 2);
  Rng rng(7);
  int counts[5] = {};
  for (int i = 0; i < 4000; ++i) counts[random_legal_move(*r, s, rng).number] += 1;
  EXPECT_EQ(counts[1], 0);
  EXPECT_EQ(counts[2], 0);
  // Each of two moves: 2000 expected, standard deviation about 32.
  EXPECT_GT(counts[3], 1850);
  EXPECT_GT(counts[4], 1850);
}

TEST(RandomLegalMove, PassesWhenEveryCandidateIsEndless) {
  auto r = load(endless_game("illegal"));
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  Rng rng(1);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(random_legal_move(*r, s, rng), Move::pass());
}

// ---- the look-ahead's shortcuts ---------------------------------------------

// Guarded code during the first lap: a drop whose fours go to their owner
// (Anywoli's), and a lap ending in an empty hole that relays from the next
// hole when it is occupied, so that such a lap is not always the last.
const char* kGuardedRelay = R"(
game "G" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  sowing { relay landing  endless illegal }
  on drop when count(here) == 4 and not last { capture here to owners }
  on lap_end when count(here) == 1 { if count(next(here)) > 0 { relay from next(here) } }
  end { when board_seeds == 0  winner most store }
}
)";

// Random positions of 1 to 15 seeds on the board, either player to move.
std::vector<State> scattered(const Rules& r, int n, uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  for (int i = 0; i < n; ++i) {
    State s = initial_state(r);
    for (int c = 0; c < 2 * r.side; ++c) s.cells[c] = 0;
    int seeds = 1 + rng.below(15);
    for (int k = 0; k < seeds; ++k) ++s.cells[rng.below(2 * r.side)];
    s.removed = static_cast<uint16_t>(r.total() - seeds);
    s.to_move = rng.below(2) ? kN : kS;
    s.moved = 3;  // no first-move rule binds
    out.push_back(s);
  }
  return out;
}

// The guards with their shape tests undone: every cell admitted (the count
// test alone), no other hole's count tested, and every event's code
// entered at its first test.
void open_guards(Rules& r) {
  for (size_t e = 0; e < kEventCount; ++e) {
    HereGuard& g = r.event_guards[e];
    g.at = HereGuard::every_cell(g.counts);
    g.past_count = g.past_cell = r.events[e];
    g.mover_decides = false;
    r.event_also[e].count = 0;
  }
}

// The shortcuts of the look-ahead and the sowing (Rules::first_lap_test,
// Rules::plain_laps, Rules::whole_laps, the guards' shape tests) give the legal moves and the
// positions that sowing every candidate in full gives, endless candidates included. Returns how
// many endless candidates were refused.
int expect_same_as_full_sowing(const std::shared_ptr<const Rules>& fast, int positions) {
  Rules full = *fast;
  full.first_lap_test = false;
  full.plain_laps = false;
  full.whole_laps = false;
  full.sowing = runtime_sowing(full);
  open_guards(full);
  int refused = 0;
  for (const State& s : scattered(*fast, positions, 7)) {
    MoveList got = legal_moves(*fast, s);
    MoveList want = legal_moves(full, s);
    EXPECT_EQ(format_moves(got, fast->move_names()), format_moves(want, full.move_names()))
        << to_text(s);
    int occupied = 0;
    for (int i = 1; i <= s.holes; ++i) occupied += s.count(s.hole_cell(s.to_move, i)) > 0;
    refused += occupied - static_cast<int>(want.size() - (want.contains(Move::pass()) ? 1 : 0));
    for (Move m : want) {
      State a = s, b = s;
      apply(*fast, a, m);
      apply(full, b, m);
      EXPECT_EQ(to_text(a), to_text(b))
          << to_text(s) << " move " << format_move(m, full.move_names());
    }
  }
  return refused;
}

TEST(Lookahead, FirstLapTestAgreesWithSowingInFull) {
  auto r = load(kGuardedRelay);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->first_lap_test);
  EXPECT_GT(expect_same_as_full_sowing(r, 4000), 0) << "no endless candidate among the positions";
}

TEST(Lookahead, ShippedRelayGamesAgreeWithSowingInFull) {
  for (const char* game : {"sadeqa_ii", "anywoli", "yit_nuri", "hus"}) {
    SCOPED_TRACE(game);
    auto r = test::load_game(game);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->first_lap_test);
    // Each kind of sowing is compared with the general one: plain laps
    // (Sadeqa II), whole laps (Anywoli, Yit Nuri), a hand (ǁHus).
    bool whole = std::string(game) == "anywoli" || std::string(game) == "yit_nuri";
    EXPECT_EQ(r->plain_laps, std::string(game) == "sadeqa_ii");
    EXPECT_EQ(r->whole_laps, whole);
    EXPECT_EQ(r->hand_laps, std::string(game) == "hus");
    expect_same_as_full_sowing(r, 3000);
  }
}

TEST(MovesSection, FirstMoveFromRightmostLapsesWhenEmpty) {
  auto r = load(R"(
game "F" {
  board { rows 2 holes 3 stores none }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1  first move from rightmost }
  end { when no moves  winner survivor }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  MoveList first = legal_moves(*r, s);
  ASSERT_EQ(first.size(), 1);
  EXPECT_EQ(first[0], mv(3));
  apply(*r, s, mv(3));
  ASSERT_EQ(legal_moves(*r, s).size(), 1);  // North's first move too
  apply(*r, s, mv(3));
  EXPECT_EQ(legal_moves(*r, s).size(), 2);  // South's second move is free: holes 1, 2
  State empty = position(*r, {2, 2, 0}, {2, 2, 2});
  EXPECT_EQ(legal_moves(*r, empty).size(), 2);  // hole 3 empty: the restriction lapses
}

TEST(MovesSection, ForbidWhen) {
  auto r = load(R"(
game "F" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1  forbid when number(hole) == 2 }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  MoveList moves = legal_moves(*r, initial_state(*r));
  ASSERT_EQ(moves.size(), 2);
  EXPECT_EQ(moves[0], mv(1));
  EXPECT_EQ(moves[1], mv(3));
}

// ---- passes, stalemate, repetition ------------------------------------------------

TEST(Ends, PassesCountTowardsStalemate) {
  auto r = load(R"(
game "P" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1  pass when no moves }
  end { stalemate 2 moves without capture draw  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 0}, {1, 0, 0}, 2, 3);
  MoveList moves = legal_moves(*r, s);
  ASSERT_EQ(moves.size(), 1);
  ASSERT_EQ(moves[0], Move::pass());
  ApplyInfo info = apply(*r, s, Move::pass());
  EXPECT_TRUE(info.passed);
  EXPECT_EQ(s.since_capture, 1);
  EXPECT_EQ(s.to_move, kN);
  info = apply(*r, s, mv(1));
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "stalemate");
  EXPECT_EQ(s.result.winner, Winner::Draw);
}

TEST(Ends, RepetitionNeedsAHistory) {
  const char* text = R"(
game "Rep" {
  board { rows 2 holes 1 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  end { repetition 3 draw  winner most store }
}
)";
  auto r = load(text);
  ASSERT_TRUE(r);
  // S1 -> N1 (2); N1 sows S1, N1: back to the start, every two plies.
  State s = initial_state(*r);
  History h;
  h.reserve(16);
  for (int ply = 1; ply <= 3; ++ply) {
    ApplyInfo info = apply(*r, s, mv(1), nullptr, &h);
    ASSERT_FALSE(info.game_over) << ply;
  }
  ApplyInfo info = apply(*r, s, mv(1), nullptr, &h);
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "repetition");
  State t = initial_state(*r);
  for (int ply = 1; ply <= 8; ++ply) EXPECT_FALSE(apply(*r, t, mv(1)).game_over);
}

TEST(Ends, NoMovesWithoutPassEndsTheGameForTheSurvivor) {
  auto r = load(kRelayLanding);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {0, 0, 0});
  s.removed = 11;
  ApplyInfo info = apply(*r, s, mv(3));  // S3 -> N1; North then has one seed
  EXPECT_FALSE(info.game_over);
  State t = position(*r, {0, 1, 0}, {0, 0, 0});
  apply(*r, t, mv(2));  // S2 -> S3: North, to move, has no seeds and loses
  EXPECT_TRUE(t.over);
  EXPECT_EQ(t.result, (Outcome{Winner::South, 1, 0}));
}

TEST(Ends, AStartWithoutMovesOrPassIsOver) {
  auto r = load(R"(
game "Stuck" {
  board { rows 2 holes 6 stores sown }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 2 }
  end { when empty_row  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.result, (Outcome{Winner::Draw, 0, 0}));
  EXPECT_TRUE(legal_moves(*r, s).empty());
}

// ---- matches ------------------------------------------------------------------------

TEST(Match, ConquestRefillMakesSonsAndLendsTheRest) {
  auto r = load(kSanYao);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}, 34, 15);
  ApplyInfo info = apply(*r, s, mv(5));  // the seed lands in N1: fewer than two left
  ASSERT_TRUE(info.round_over);
  EXPECT_FALSE(info.game_over);
  EXPECT_EQ(info.end.reason, "fewer-than-two");
  EXPECT_EQ(info.end.outcome, (Outcome{Winner::South, 34, 16}));
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(row(s, kS), (V{5, 5, 5, 5, 5}));
  EXPECT_EQ(row(s, kN), (V{5, 5, 5, 5, 5}));
  EXPECT_EQ(s.store(kS) + s.store(kN), 0);
  EXPECT_EQ(s.controller(s.hole_cell(kN, 5)), kS);  // one son: 9 surplus = 5 + 4 lent
  EXPECT_EQ(s.controller(s.hole_cell(kN, 4)), kN);
  EXPECT_EQ(s.to_move, kS);
  MoveList moves = legal_moves(*r, s);
  EXPECT_EQ(moves.size(), 6);
  EXPECT_EQ(moves[5], mv(10));  // the son is South's move 10
}

TEST(Match, TieRefillsOwnRowsAndTheSecondPlayerStarts) {
  auto r = load(kSanYao);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}, 25, 24);
  apply(*r, s, mv(5));  // 25-25 after allocation
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(s.control, default_control(5));
  EXPECT_EQ(s.to_move, kN);  // South moved first in the tied round
  EXPECT_EQ(s.round_starter, kN);
}

TEST(Match, EndsWhenTheLoserCannotFillAHole) {
  auto r = load(kSanYao);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}, 46, 3);
  ApplyInfo info = apply(*r, s, mv(5));
  EXPECT_TRUE(info.round_over);
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(s.result, (Outcome{Winner::South, 46, 4}));
  EXPECT_EQ(s.board_seeds(), 0);
  EXPECT_TRUE(legal_moves(*r, s).empty());
}

// A round that ends stuck (the player to move has no legal move, no clause
// fired) leaves seeds on the board: they count for their controllers in the
// round's result and in the match's, as after any blockless ending, so every
// result adds up to all the seeds, and seeds are conserved at every ply.
TEST(Match, AStuckRoundCountsTheBoardForItsControllers) {
  auto r = load(R"(
game "Stuck" {
  board { rows 2  holes 3  stores sown }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when is_store(here) { extra_turn }
  end { when empty_row { capture board to owners }  winner most store }
  match { max rounds 3  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  int stuck_rounds = 0;
  for (int n : {2, 2, 3, 3, 1, 1, 2, 3, 2, 3, 2, 2, 6, 1, 3, 2, 1, 1, 6, 2, 2, 3, 1, 6, 2, 1, 6}) {
    ASSERT_FALSE(s.over);
    ApplyInfo info = apply(*r, s, mv(n));
    EXPECT_EQ(validate(*r, s), "");
    if (info.round_over) {
      stuck_rounds += info.end.reason == "no moves";
      EXPECT_EQ(info.end.outcome.south + info.end.outcome.north, r->total())
          << "round " << info.end.round << " (" << info.end.reason << ")";
    }
  }
  EXPECT_GE(stuck_rounds, 2);
  ASSERT_TRUE(s.over);
  EXPECT_EQ(s.result.south + s.result.north, r->total());
}

// ---- runtime errors, observers, dumps ------------------------------------------------

TEST(Runtime, WhileLimitIsARuntimeError) {
  auto r = load(R"(
game "W" {
  board { rows 2 holes 2 stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end { let i = 0  while true { i = i + 1 } }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_THROW(apply(*r, s, mv(1)), RuntimeError);
  // The error names the `while` statement (from Rules::while_positions).
  try {
    State again = initial_state(*r);
    apply(*r, again, mv(1));
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "test.mnc:6:27: a while loop ran more than 10000 iterations");
  }
}

TEST(Runtime, ObserverSeesEverySeed) {
  struct Trace : Observer {
    std::string log;
    void lift(int c, int n) override {
      log += "L" + std::to_string(c) + ":" + std::to_string(n) + " ";
    }
    void drop(int c) override { log += std::to_string(c) + " "; }
    void relay(int c) override { log += "R" + std::to_string(c) + " "; }
    void remove(int c, int n, bool pending) override {
      log += "X" + std::to_string(c) + ":" + std::to_string(n) + (pending ? "p " : " ");
    }
    void commit() override { log += "C"; }
  };
  auto r = load(kRelayLanding);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  Trace t;
  apply(*r, s, mv(1), &t);
  EXPECT_EQ(t.log, "L0:2 1 2 R2 L2:3 3 4 5 R5 L5:3 0 1 2 X3:3p C");
}

// nonempty_holes and the occupied-start mask gather the cells holding
// seeds four cells a word (a multiplication gathers the lanes' high bits)
// or, with SSE2, eight cells a compare: both ways must agree with a plain
// loop on every board size, from the first hole and from the middle of the
// ring (North's hole 1), with counts that set a lane's high bit or only its
// low bits, and must not report the stores or the cells past the range.
TEST(Runtime, NonemptyHolesAgreesWithACellByCellLoop) {
  std::mt19937_64 rng(7);
  const uint16_t values[] = {0, 1, 2, 4, 0x7fff, 0x8000, 0xffff};
  auto plain = [](const uint16_t* cell, int n) {
    uint64_t bits = 0;
    for (int c = 0; c < n; ++c) bits |= uint64_t{cell[c] != 0} << c;
    return bits;
  };
  for (int holes = 1; holes <= kMaxRowHoles; ++holes) {
    for (int trial = 0; trial < 200; ++trial) {
      State s;
      s.holes = static_cast<uint8_t>(holes);
      for (uint16_t& c : s.cells) c = values[rng() % 7];
      const uint16_t* cells = s.cells.data();
      ASSERT_EQ(s.nonempty_holes(), plain(cells, 2 * holes)) << holes << " holes, trial " << trial;
      for (const uint16_t* from : {cells, cells + holes}) {
        uint64_t want = plain(from, holes);
        ASSERT_EQ(detail::nonempty_cells_by_words(from, holes), want) << holes << " holes";
#ifdef __SSE2__
        ASSERT_EQ(detail::nonempty_cells_by_lanes(from, holes), want) << holes << " holes";
        ASSERT_EQ(detail::nonempty_cells_by_lanes(cells, 2 * holes), plain(cells, 2 * holes));
#endif
      }
    }
  }
}

// board_seeds and row_seeds sum four cells to a word or, with SSE2 and
// eight cells or more, eight to a load (the last eight read again for a
// part group): they must agree with a plain sum on every board size, with
// counts up to 0xffff, and leave out the stores and the cells past the
// board.
TEST(Runtime, BoardAndRowSeedsAgreeWithACellByCellSum) {
  std::mt19937_64 rng(11);
  const uint16_t values[] = {0, 1, 3, 0x7fff, 0x8000, 0xffff};
  auto plain = [](const uint16_t* cell, int n) {
    int sum = 0;
    for (int c = 0; c < n; ++c) sum += cell[c];
    return sum;
  };
  for (int holes = 1; holes <= kMaxRowHoles; ++holes) {
    for (int trial = 0; trial < 100; ++trial) {
      State s;
      s.holes = static_cast<uint8_t>(holes);
      for (uint16_t& c : s.cells) c = values[rng() % 6];
      const uint16_t* cells = s.cells.data();
      ASSERT_EQ(s.board_seeds(), plain(cells, 2 * holes)) << holes << " holes, trial " << trial;
      ASSERT_EQ(s.row_seeds(Player::South), plain(cells, holes)) << holes << " holes";
      ASSERT_EQ(s.row_seeds(Player::North), plain(cells + holes, holes)) << holes << " holes";
      ASSERT_EQ(detail::sum_cells_by_words(cells, 2 * holes), plain(cells, 2 * holes));
#ifdef __SSE2__
      if (holes >= 4) {
        ASSERT_EQ(detail::sum_cells_by_lanes(cells, 2 * holes), plain(cells, 2 * holes));
      }
#endif
    }
  }
}

// row_empty ORs a row's cells four to a word or, with SSE2, eight to a
// load: both ways must agree with a plain loop for each row of every board
// size, whichever single cell holds seeds (the stores and the cells past
// the row full, to be ignored).
TEST(Runtime, RowEmptyAgreesWithACellByCellLoop) {
  for (int holes = 1; holes <= kMaxRowHoles; ++holes) {
    for (int seeded = -1; seeded < 2 * holes; ++seeded) {
      State s;
      s.holes = static_cast<uint8_t>(holes);
      s.cells.fill(0);
      for (int c = 2 * holes; c < kMaxCells; ++c) s.cells[c] = 5;
      if (seeded >= 0) s.cells[seeded] = seeded % 2 ? 1 : 0x8000;
      for (Player p : {Player::South, Player::North}) {
        const uint16_t* row = s.cells.data() + index(p) * holes;
        bool want = seeded < 0 || seeded / holes != index(p);
        ASSERT_EQ(s.row_empty(p), want) << holes << " holes, seeds in " << seeded;
        ASSERT_EQ(detail::cells_empty_by_words(row, holes), want) << holes << " holes";
#ifdef __SSE2__
        ASSERT_EQ(detail::cells_empty_by_lanes(row, holes), want) << holes << " holes";
#endif
      }
    }
  }
}

TEST(Runtime, PipelineDumpIsStable) {
  auto a = load(kKalah);
  auto b = load(kKalah);
  ASSERT_TRUE(a && b);
  std::string dump = dump_pipeline(*a);
  EXPECT_EQ(dump, dump_pipeline(*b));
  EXPECT_NE(dump.find("track south: S1 S2 S3 S4 S5 S6 S.store N1"), std::string::npos) << dump;
  EXPECT_NE(dump.find("where_min_seeds 1"), std::string::npos) << dump;
  EXPECT_NE(dump.find("CountHere"), std::string::npos) << dump;
}

// A `let` of a constant never assigned afterwards folds away (no slot, no
// load): fragment parameters given literals are the common case. One that is
// assigned later keeps its slot. Both must behave as written.
TEST(Compile, ConstantLetsFoldAndAssignedOnesKeepTheirSlot) {
  auto r = load(R"(
fragment to_owner_at(n: int) {
  if count(here) == n and not last { capture here to owners }
}
game "F" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  on drop { use to_owner_at(4) }
  on sow_end {
    let k = 1
    k = k + 1
    if count(here) == k { capture here to mover }
  }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  std::string dump = dump_pipeline(*r);
  size_t drop = dump.find("on drop"), sow_end = dump.find("on sow_end");
  ASSERT_NE(drop, std::string::npos);
  ASSERT_NE(sow_end, std::string::npos);
  std::string drop_code = dump.substr(drop, sow_end - drop);
  EXPECT_NE(drop_code.find("CountHere\n  5 JumpUnlessEqInt 4 "), std::string::npos) << dump;
  EXPECT_EQ(drop_code.find("Store"), std::string::npos) << dump;
  EXPECT_NE(dump.find("Store", sow_end), std::string::npos) << dump;

  // k is 2 when sow_end runs: a last seed making 2 is captured.
  State s = position(*r, {1, 1, 0}, {4, 4, 4});
  apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{0, 0, 0}));
  EXPECT_EQ(s.store(kS), 2);
  // Fours made on the way go to the owner of the hole; the last one stays.
  State t = position(*r, {0, 3, 3}, {3, 3, 3});
  apply(*r, t, mv(2));
  EXPECT_EQ(row(t, kS), (V{0, 0, 0}));
  EXPECT_EQ(row(t, kN), (V{0, 4, 3}));
  EXPECT_EQ(t.store(kS), 4);
  EXPECT_EQ(t.store(kN), 4);
}

// An event's code whose condition tests count(here) against a constant,
// alone or as one of its `and`s (after tests that only read), gets a guard
// (Rules::event_guards), checked before the bytecode is entered; code that
// can reach its body without the test (an `or`, a second handler) or does
// something first gets none. Guarded or not, play is the same: the guard
// is what the code would do.
TEST(Compile, EventGuardsComeFromATestOfCountHere) {
  const std::string head = R"(
game "G" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
)";
  auto guarded =
      load(head + R"(  on drop when count(here) == 4 and not last { capture here to owners }
  on lap_end when count(here) >= 2 { capture here to mover }
  end { when empty_row  winner most store }
})");
  auto open = load(head + R"(  on drop when last or count(here) == 4 { capture here to owners }
  on lap_end when count(here) >= 2 { capture here to mover }
  on lap_end when count(here) == 1 { capture here to mover }
  end { when empty_row  winner most store }
})");
  ASSERT_TRUE(guarded && open);
  auto guard = [](const Rules& r, Event e) { return r.event_guards[static_cast<size_t>(e)]; };
  EXPECT_EQ(guard(*guarded, Event::Drop).test, HereGuard::Test::Eq);
  EXPECT_EQ(guard(*guarded, Event::Drop).value, 4);
  EXPECT_EQ(guard(*guarded, Event::LapEnd).test, HereGuard::Test::Gt);  // >= 2 is > 1
  EXPECT_EQ(guard(*guarded, Event::LapEnd).value, 1);
  EXPECT_EQ(guard(*guarded, Event::SowEnd).test, HereGuard::Test::None);  // no code
  EXPECT_EQ(guard(*open, Event::Drop).test, HereGuard::Test::None);       // `last` first
  EXPECT_EQ(guard(*open, Event::LapEnd).test, HereGuard::Test::None);     // a second handler
  EXPECT_NE(dump_pipeline(*guarded).find("on drop guard: count(here) == 4"), std::string::npos);
  auto later =
      load(head +
           R"(  on drop when not last and own(here) and count(here) == 4 { capture here to owners }
  on sow_end when count(opposite(here)) > 0 and (count(here) == 1 or own(here)) { capture here to mover }
  end { when empty_row  winner most store }
})");
  ASSERT_TRUE(later);
  EXPECT_EQ(guard(*later, Event::Drop).test, HereGuard::Test::Eq);  // the third `and`
  EXPECT_EQ(guard(*later, Event::Drop).value, 4);
  EXPECT_EQ(guard(*later, Event::SowEnd).test, HereGuard::Test::None);  // inside an `or`

  // The guard admits exactly the counts the test lets through.
  HereGuard eq{HereGuard::Test::Eq, 4}, gt{HereGuard::Test::Gt, 1}, none{};
  EXPECT_TRUE(eq.admits(4));
  EXPECT_FALSE(eq.admits(3));
  EXPECT_FALSE(eq.admits(5));
  EXPECT_TRUE(gt.admits(2));
  EXPECT_FALSE(gt.admits(1));
  EXPECT_TRUE(none.admits(0));
  // Its unsigned range (what every test of it reads) admits exactly the
  // counts its comparison does, for any constant the test may hold, at
  // every cell; no count passes the range of no code.
  for (HereGuard g :
       {eq, gt, none, HereGuard{HereGuard::Test::Eq, 0}, HereGuard{HereGuard::Test::Eq, -3},
        HereGuard{HereGuard::Test::Gt, -1}, HereGuard{HereGuard::Test::Gt, -7},
        HereGuard{HereGuard::Test::Gt, 0}, HereGuard{HereGuard::Test::Gt, 65534}}) {
    for (int count = 0; count <= 65535; ++count) {
      bool want = g.test == HereGuard::Test::None ||
                  (g.test == HereGuard::Test::Eq ? count == g.value : count > g.value);
      ASSERT_EQ(g.admits(count), want)
          << static_cast<int>(g.test) << " " << g.value << " count " << count;
      ASSERT_EQ(g.counts.has(count), want);
      ASSERT_EQ(g.admits(count, count % kMaxCells), want);
    }
  }
  for (int count = 0; count <= 65535; ++count) EXPECT_FALSE(HereGuard::Range{}.has(count));

  // Fours made on the way go to the hole's owner; a lap ending on 2 or more
  // seeds gives them to the mover (N2's last four), on 1 or 0 nothing.
  State s = position(*guarded, {0, 3, 3}, {3, 3, 3});
  apply(*guarded, s, mv(2));
  EXPECT_EQ(row(s, kS), (V{0, 0, 0}));
  EXPECT_EQ(row(s, kN), (V{0, 0, 3}));
  EXPECT_EQ(s.store(kS), 4 + 4);
  EXPECT_EQ(s.store(kN), 4);
  State t = position(*guarded, {0, 1, 0}, {3, 3, 3});
  apply(*guarded, t, mv(2));
  EXPECT_EQ(row(t, kS), (V{0, 0, 1}));
  EXPECT_EQ(t.store(kS), 0);
}

// Leading tests of an event's code that read only the board's shape at
// `here` (`front(here)`, `is_store(here)`, `number(here) > 2`) narrow the
// guard to the cells where they pass, before or after the count test; a
// test that reads the position (`count(opposite(here)) > 0`, `own(here)`)
// or sits inside an `or` narrows nothing.
TEST(Compile, EventGuardsKeepTheCellsTheShapeTestsAdmit) {
  auto four = load(R"(
game "H" {
  board { rows 4 holes 4 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 2 }
  sowing { direction ccw  relay landing  endless illegal }
  on lap_end when front(here) and count(here) > 1 and count(opposite(here)) > 0 {
    lift opposite(here)
    relay into next(here)
  }
  on sow_end when count(opposite(here)) > 0 and number(here) > 2 { capture here to mover }
  on drop when own(here) or front(here) { capture here to mover }
  end { when no moves  winner survivor }
})");
  ASSERT_TRUE(four);
  const Rules& r = *four;
  auto guard = [&](Event e) { return r.event_guards[static_cast<size_t>(e)]; };
  HereGuard lap_end = guard(Event::LapEnd), sow_end = guard(Event::SowEnd);
  EXPECT_EQ(lap_end.test, HereGuard::Test::Gt);
  EXPECT_EQ(lap_end.value, 1);
  for (int c = 0; c < r.cells; ++c) {
    SCOPED_TRACE(c);
    bool front = r.in_front(c);
    EXPECT_EQ(lap_end.rules_out(c), !front);
    EXPECT_EQ(lap_end.admits(5, c), front);
    EXPECT_FALSE(lap_end.admits(1, c));  // the count test still holds
    bool third_on = c < 2 * r.side && c % r.side + 1 > 2;
    EXPECT_EQ(sow_end.rules_out(c), !third_on);     // after a test of the position
    EXPECT_FALSE(guard(Event::Drop).rules_out(c));  // an `or`
  }
  std::string dump = dump_pipeline(r);
  EXPECT_NE(dump.find("on lap_end guard: here in S5 S6 S7 S8 N5 N6 N7 N8\n"), std::string::npos)
      << dump;
}

// `is_store(here)` then its branch is one instruction (JumpUnlessStoreHere,
// fused by the code generator); it narrows the guard as the two did, and
// the code is entered past it.
TEST(Compile, AFusedStoreTestNarrowsTheGuard) {
  auto r = load(R"(
game "F" {
  board { rows 2 holes 4 stores sown }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when is_store(here) and count(here) > 2 { extra_turn }
  end { when no moves  winner most store }
})");
  ASSERT_TRUE(r);
  int32_t entry = r->events[static_cast<size_t>(Event::SowEnd)].entry;
  EXPECT_EQ(r->code[static_cast<size_t>(entry)].op, OpCode::JumpUnlessStoreHere)
      << dump_pipeline(*r);
  const HereGuard& g = r->event_guards[static_cast<size_t>(Event::SowEnd)];
  EXPECT_EQ(g.test, HereGuard::Test::Gt);
  EXPECT_EQ(g.value, 2);
  for (int c = 0; c < r->cells; ++c) {
    SCOPED_TRACE(c);
    EXPECT_EQ(g.rules_out(c), !r->is_store_cell(c));
  }
  EXPECT_EQ(g.past_cell.entry, entry + 3);  // past the store test and the count test
}

// Once a guard has admitted a count, the code is entered past the leading
// tests the guard decides: where only the counts were tested (the drop
// loop), past the count test if it comes first; where the counts at `here`
// were, past every test up to the first the guard does not decide. Where
// it decides none, at the code's own entry.
TEST(Compile, GuardsEnterPastTheTestsTheyDecide) {
  auto r = load(R"(
game "E" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on drop when count(here) == 4 and number(here) > 1 and own(here) { capture here to mover }
  on lap_end when number(here) > 1 and count(here) > 2 and own(here) { capture here to mover }
  on sow_end when own(here) and count(here) == 1 { capture opposite(here) to mover }
  end { when no moves  winner most store }
})");
  ASSERT_TRUE(r);
  auto entry = [&](Event e) { return r->events[static_cast<size_t>(e)].entry; };
  auto past = [&](Event e) {
    const HereGuard& g = r->event_guards[static_cast<size_t>(e)];
    return std::pair{g.past_count.entry - entry(e), g.past_cell.entry - entry(e)};
  };
  auto op_at = [&](int32_t pc) { return r->code[static_cast<size_t>(pc)].op; };
  // CountHere, JumpUnlessEqInt | the number test | JumpUnlessOwnHere ...
  auto [drop_count, drop_cell] = past(Event::Drop);
  EXPECT_EQ(drop_count, 2);
  EXPECT_EQ(op_at(entry(Event::Drop) + drop_cell), OpCode::JumpUnlessOwnHere) << dump_pipeline(*r);
  auto [lap_count, lap_cell] = past(Event::LapEnd);  // a shape test before the count test
  EXPECT_EQ(lap_count, 0);
  EXPECT_EQ(op_at(entry(Event::LapEnd) + lap_cell), OpCode::JumpUnlessOwnHere);
  EXPECT_EQ(past(Event::SowEnd), (std::pair{0, 0}));  // own(here) first: nothing decided
  EXPECT_EQ(past(Event::Pickup), (std::pair{0, 0}));  // no code
  EXPECT_NE(dump_pipeline(*r).find("on lap_end guard: entered at "), std::string::npos);

  // Played: a drop making four in an own hole of number 1 captures nothing
  // (the number test still runs in the drop loop); in an own hole of
  // number 2, it does.
  State s = position(*r, {3, 0, 0, 5}, {1, 1, 1, 1});
  apply(*r, s, mv(4));  // N1..N4 get 2, then S1 gets its fourth seed: number 1 is not > 1
  EXPECT_EQ(row(s, kS), (V{4, 0, 0, 0}));
  EXPECT_EQ(s.store(kS), 0);
  State t = position(*r, {3, 3, 0, 1}, {3, 3, 3, 3});
  apply(*r, t, mv(1));  // S2, S3, S4: S2 reaches 4 (own, number 2): captured
  EXPECT_EQ(row(t, kS), (V{0, 0, 1, 2}));
  EXPECT_EQ(t.store(kS), 4);
}

// A leading test of the count of a hole the shape fixes by `here`
// (`count(opposite(here)) > 0`, `count(behind(opposite(here))) >= 1`) is
// kept by the guard as that hole, cell by cell, and the counts it admits
// (Rules::event_also, at most AlsoTests::kMax), so that a lap's end whose
// tests fail there costs no call into the lap_end code; the code still runs
// them (it is entered at the first). A test the guard cannot keep (a third,
// here) is not kept.
TEST(Compile, GuardsTestTheHolesHereFixes) {
  auto r = load(R"(
game "H" {
  board { rows 4 holes 4 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 2 }
  sowing { direction ccw  relay landing  endless illegal }
  on lap_end when front(here) and count(here) > 1 and count(opposite(here)) > 0
                  and count(behind(opposite(here))) >= 1 and count(next(here)) < 9 {
    lift opposite(here)
    lift behind(opposite(here))
    relay into next(here)
  }
  on sow_end when count(opposite(here)) == 2 { capture opposite(here) to mover }
  end { when no moves  winner survivor }
})");
  ASSERT_TRUE(r);
  const HereGuard& lap_end = r->event_guards[static_cast<size_t>(Event::LapEnd)];
  const AlsoTests& lap_also = r->event_also[static_cast<size_t>(Event::LapEnd)];
  ASSERT_EQ(lap_also.count, 2) << dump_pipeline(*r);
  for (int c = 0; c < r->cells; ++c) {
    if (lap_end.rules_out(c)) continue;
    SCOPED_TRACE(c);
    int opposite = r->opposite[static_cast<size_t>(c)];
    EXPECT_EQ(lap_also.tests[0].cell[static_cast<size_t>(c)], opposite);
    EXPECT_EQ(lap_also.tests[1].cell[static_cast<size_t>(c)],
              r->behind[static_cast<size_t>(opposite)]);
  }
  EXPECT_TRUE(!lap_also.tests[0].counts.has(0) && lap_also.tests[0].counts.has(1));
  EXPECT_TRUE(!lap_also.tests[1].counts.has(0) && lap_also.tests[1].counts.has(7));
  // Entered at the first of them, past the shape and count(here) tests.
  auto lap_past = static_cast<size_t>(lap_end.past_cell.entry);
  EXPECT_EQ(r->code[lap_past].op, OpCode::CountOppositeHere) << dump_pipeline(*r);

  // A handler that opens with such a test alone keeps it, at every cell.
  const HereGuard& sow_end = r->event_guards[static_cast<size_t>(Event::SowEnd)];
  const AlsoTests& sow_also = r->event_also[static_cast<size_t>(Event::SowEnd)];
  ASSERT_EQ(sow_also.count, 1);
  EXPECT_TRUE(sow_also.tests[0].counts.has(2) && !sow_also.tests[0].counts.has(1) &&
              !sow_also.tests[0].counts.has(3));
  EXPECT_EQ(sow_end.past_cell.entry, r->events[static_cast<size_t>(Event::SowEnd)].entry);
  std::string dump = dump_pipeline(*r);
  EXPECT_NE(dump.find("on lap_end guard: also count>=1 at S5>N8 S6>N7 S7>N6 S8>N5 N5>S8"),
            std::string::npos)
      << dump;

  // Played: S1's two seeds reach S3, relayed to S4 and S5, a front hole
  // then holding 2. With one seed across from it and none behind that, it
  // is relayed (S6, S7: the move ends); with one in each, both are taken
  // and sown from S6 (S6, S7), and S5 keeps its two. The move ends in S7,
  // whose opposite hole is captured when it holds 2, not 1.
  State relayed = position(*r, {2, 0, 1, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 0, 0, 0});
  int across = r->opposite[static_cast<size_t>(relayed.hole_cell(kS, 5))];
  auto last_across =
      static_cast<size_t>(r->opposite[static_cast<size_t>(relayed.hole_cell(kS, 7))]);
  relayed.cells[static_cast<size_t>(across)] = 1;
  State captured = relayed;
  captured.cells[r->behind[static_cast<size_t>(across)]] = 1;
  relayed.cells[last_across] = 1;
  captured.cells[last_across] = 2;
  Rules undone = *r;
  open_guards(undone);
  for (State* s : {&relayed, &captured}) {
    State open = *s;
    apply(*r, *s, mv(1));
    apply(undone, open, mv(1));
    EXPECT_EQ(to_text(*s), to_text(open));
  }
  EXPECT_EQ(row(relayed, kS), (V{0, 1, 0, 1, 0, 1, 1, 0}));
  EXPECT_EQ(relayed.cells[static_cast<size_t>(across)], 1);
  EXPECT_EQ(relayed.cells[last_across], 1);
  EXPECT_EQ(relayed.store(kS), 0);
  EXPECT_EQ(row(captured, kS), (V{0, 1, 0, 1, 2, 1, 1, 0}));
  EXPECT_EQ(captured.cells[static_cast<size_t>(across)], 0);
  EXPECT_EQ(captured.cells[last_across], 0);
  EXPECT_EQ(captured.store(kS), 2);
}

// Plays random games 1..seeds (up to 300 plies each) in two compilations of
// one game, drawing the same moves, and expects the same legal moves and
// positions throughout; adds the plies played to `plies`.
void expect_plays_alike(const Rules& fast, const Rules& undone, uint64_t seeds, int& plies) {
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    Rng a(seed), b(seed);
    State x = initial_state(fast, seed), y = initial_state(undone, seed);
    for (int ply = 0; ply < 300 && !x.over; ++ply) {
      ASSERT_EQ(format_moves(legal_moves(fast, x), fast.move_names()),
                format_moves(legal_moves(undone, y), undone.move_names()));
      apply_random_move(fast, x, a);
      apply_random_move(undone, y, b);
      ASSERT_EQ(to_text(x), to_text(y)) << "seed " << seed << " ply " << ply;
      ++plies;
    }
  }
}

// A game whose guards narrow the cells, test other holes' counts, or enter
// the code past the tests they decide, plays as it does with every cell
// admitted and every test run: the shipped games with such guards, in
// random games.
TEST(Compile, ShapeGuardsPlayAsTheCodeDoes) {
  int narrowed_games = 0, entered_past = 0, also = 0, plies = 0;
  for (const char* game :
       {"hus", "songo", "tchuka_ruma", "deka", "anywoli", "sadeqa_ii", "layli_goobalay"}) {
    SCOPED_TRACE(game);
    auto fast = test::load_game(game);
    ASSERT_TRUE(fast);
    Rules open = *fast;
    bool narrowed = false;
    for (size_t e = 0; e < kEventCount; ++e) {
      const HereGuard& g = open.event_guards[e];
      for (int cell = 0; cell < kMaxCells; ++cell) narrowed |= g.rules_out(cell);
      entered_past += (g.past_count.entry != open.events[e].entry) +
                      (g.past_cell.entry != open.events[e].entry);
      also += open.event_also[e].count;
    }
    open_guards(open);
    narrowed_games += narrowed;
    ASSERT_NO_FATAL_FAILURE(expect_plays_alike(*fast, open, 100, plies));
  }
  EXPECT_EQ(narrowed_games, 4);
  EXPECT_EQ(entered_past, 10);  // ǁHus 1, Tchuka Ruma 1, Deka 2, Anywoli 4, Layli Goobalay 2
  EXPECT_EQ(also, 5);           // ǁHus 2, Sadeqa II 1, Layli Goobalay 2
  EXPECT_GT(plies, 10000);
}

// Where the tests that open an event's handlers read the mover
// (`own(here)`), the guard keeps, for each mover and cell, the counts some
// handler may act on (HereGuard::by_mover): Kalah's sow_end, two handlers
// (`is_store(here)`, then `own(here) and count(here) == 1`), is entered
// only at a store or at one of the mover's holes holding one seed. Games so
// guarded play as they do with the guard undone, and so does a position in
// which a hole is not its row's player's (sons), where the guard stands
// aside.
TEST(Compile, GuardsByMoverPlayAsTheCodeDoes) {
  auto kalah = test::load_game("kalah");
  ASSERT_TRUE(kalah);
  const HereGuard& g = kalah->event_guards[static_cast<size_t>(Event::SowEnd)];
  ASSERT_TRUE(g.mover_decides) << dump_pipeline(*kalah);
  for (int p = 0; p < 2; ++p) {
    for (int c = 0; c < kalah->cells; ++c) {
      SCOPED_TRACE(std::to_string(p) + " " + std::to_string(c));
      const HereGuard::Range& at = g.by_mover[static_cast<size_t>(p)][static_cast<size_t>(c)];
      bool own_hole = c < 2 * kalah->side && (c >= kalah->side) == (p == 1);
      if (kalah->is_store_cell(c)) {
        EXPECT_TRUE(at.has(0) && at.has(1) && at.has(40));
      } else if (own_hole) {
        EXPECT_TRUE(at.has(1) && !at.has(0) && !at.has(2));
      } else {
        EXPECT_TRUE(at.none());
      }
    }
  }
  EXPECT_NE(dump_pipeline(*kalah).find("on sow_end guard: south moving, here in S1=1 S2=1"),
            std::string::npos);

  // South controls N1: a last seed there, into an empty hole, captures.
  Rules open = *kalah;
  open_guards(open);
  State sons = position(*kalah, {0, 0, 0, 0, 3, 1}, {0, 4, 4, 4, 4, 4});
  sons.set_controller(sons.hole_cell(kN, 1), kS);
  State a = sons, b = sons;
  apply(*kalah, a, mv(5));  // S6, S.store, N1
  apply(open, b, mv(5));
  EXPECT_EQ(to_text(a), to_text(b));
  EXPECT_EQ(a.store(kS), 1 + 1 + 2);  // the sown seed, N1's and S6's

  int guarded = 0, plies = 0;
  for (const char* game : {"kalah", "kalah_6_6", "cross_kalah", "dakon", "congkak", "ayoayo",
                           "endodoi", "lamlameta", "mangala", "songo", "toguz_kumalak"}) {
    SCOPED_TRACE(game);
    auto fast = test::load_game(game);
    ASSERT_TRUE(fast);
    Rules undone = *fast;
    for (const HereGuard& e : undone.event_guards) guarded += e.mover_decides;
    open_guards(undone);
    ASSERT_NO_FATAL_FAILURE(expect_plays_alike(*fast, undone, 60, plies));
  }
  EXPECT_GE(guarded, 11);
  EXPECT_GT(plies, 10000);
}

// A handler that opens with a chain from `here` and ends with it (Oware's
// `count_chain(2, 3)`: `chain backward from here while opponents(hole) and
// count(hole) >= 2 and count(hole) <= 3`) does nothing where the chain's
// condition fails at `here`, so its guard by mover keeps, for South, North's
// holes at 2 or 3 seeds and nothing else. Where code follows the chain
// (Ouri's extra turn, a capture after it here), the handler may act
// anywhere and there is no such guard. Each plays as with the guards undone.
TEST(Compile, ChainsFromHereGuardTheirHandler) {
  auto oware = test::load_game("oware");
  ASSERT_TRUE(oware);
  const HereGuard& g = oware->event_guards[static_cast<size_t>(Event::SowEnd)];
  ASSERT_TRUE(g.mover_decides) << dump_pipeline(*oware);
  for (int p = 0; p < 2; ++p) {
    for (int c = 0; c < oware->cells; ++c) {
      SCOPED_TRACE(std::to_string(p) + " " + std::to_string(c));
      const HereGuard::Range& at = g.by_mover[static_cast<size_t>(p)][static_cast<size_t>(c)];
      bool opponents = c < 2 * oware->side && (c >= oware->side) != (p == 1);
      EXPECT_EQ(at.has(2) && at.has(3), opponents);
      EXPECT_FALSE(at.has(1) || at.has(4) || at.has(0));
    }
  }
  auto after = load(R"(
game "C" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end {
    chain backward from here while opponents(hole) and count(hole) == 2 { capture hole to mover }
    if count(here) == 1 { capture here to mover }
  }
  end { when board_seeds <= 1  winner most store }
}
)");
  ASSERT_TRUE(after);
  EXPECT_FALSE(after->event_guards[static_cast<size_t>(Event::SowEnd)].mover_decides);

  int guarded = 0, plies = 0;
  std::vector<std::shared_ptr<const Rules>> games = {after};
  for (const char* game : {"oware", "wari", "halusa", "ouri"})
    games.push_back(test::load_game(game));
  for (const auto& fast : games) {
    ASSERT_TRUE(fast);
    SCOPED_TRACE(fast->name);
    Rules undone = *fast;
    guarded += undone.event_guards[static_cast<size_t>(Event::SowEnd)].mover_decides;
    open_guards(undone);
    ASSERT_NO_FATAL_FAILURE(expect_plays_alike(*fast, undone, 60, plies));
  }
  EXPECT_EQ(guarded, 3);  // Oware, Wari, Halusa; not Ouri, nor "C"
  EXPECT_GT(plies, 10000);
}

// An end condition that is one name of the position (`empty_row`, `no
// moves`, `board_seeds`, `ply`), alone or compared with a constant, is
// decided without the bytecode (EndClauseCode::direct); any other
// condition runs as code. Direct or not, play is the same: a twin whose
// conditions are written so as not to be direct ends every game alike.
TEST(Compile, SimpleEndConditionsAreTestedDirectly) {
  auto game =
      [](const std::string& a, const std::string& b, const std::string& c, const std::string& d,
         const std::string& e, const std::string& f) {
        return load(R"(
game "E" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when not is_store(here) and count(here) >= 2 and count(here) <= 3 {
    capture here to mover
  }
  end {
    when )" + a + R"( as "long"
    when )" + b + R"( as "few" { capture board to owners }
    when )" + c + R"( as "eight" draw
    when )" + d + R"( as "stuck"
    when )" + e + R"( as "bare" { capture board to owners }
    when )" + f + R"( as "under"
    winner most store
  }
}
)");
      };
  auto direct = game("ply >= 30", "board_seeds <= 3", "board_seeds == 8", "no moves", "empty_row",
                     "board_seeds < 0");
  auto code = game("0 + ply >= 30", "0 + board_seeds <= 3", "0 + board_seeds == 8",
                   "no moves or false", "empty_row or false", "0 + board_seeds < 0");
  ASSERT_TRUE(direct && code);
  struct Want {
    OpCode value, compare;
    int k;
  };
  const Want want[] = {{OpCode::Ply, OpCode::Gt, 29},       {OpCode::BoardSeeds, OpCode::Le, 3},
                       {OpCode::BoardSeeds, OpCode::Eq, 8}, {OpCode::NoMoves, OpCode::Ne, 0},
                       {OpCode::EmptyRow, OpCode::Ne, 0},   {OpCode::BoardSeeds, OpCode::Le, -1}};
  ASSERT_EQ(direct->end.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    const DirectTest& t = direct->end[i].direct;
    EXPECT_EQ(t.value, want[i].value) << i;
    EXPECT_EQ(t.compare, want[i].compare) << i;
    EXPECT_EQ(t.k, want[i].k) << i;
    EXPECT_TRUE(code->end[i].direct.empty()) << i;
  }
  EXPECT_NE(dump_pipeline(*direct).find("direct: BoardSeeds Le 3"), std::string::npos);

  // Each comparison passes exactly the values it should.
  const DirectTest& le = direct->end[1].direct;  // <= 3
  EXPECT_TRUE(le.passes(3) && le.passes(0) && !le.passes(4));
  const DirectTest& eq = direct->end[2].direct;  // == 8
  EXPECT_TRUE(eq.passes(8) && !eq.passes(7) && !eq.passes(9));
  const DirectTest& ne = direct->end[3].direct;  // != 0
  EXPECT_TRUE(ne.passes(1) && !ne.passes(0));
  const DirectTest& gt = direct->end[0].direct;  // > 29
  EXPECT_TRUE(gt.passes(30) && gt.passes(65535) && !gt.passes(29));
  const DirectTest& lt = direct->end[5].direct;  // < 0
  EXPECT_TRUE(lt.passes(-1) && !lt.passes(0));

  // The same random games, move by move, end alike: every clause but the
  // impossible last one fires in some game.
  std::vector<int> fired(7, 0);
  Rng walk(3);
  for (int game_no = 0; game_no < 400; ++game_no) {
    State a = initial_state(*direct), b = initial_state(*code);
    while (!a.over) {
      MoveList moves = legal_moves(*direct, a);
      ASSERT_EQ(format_moves(moves, direct->move_names()),
                format_moves(legal_moves(*code, b), code->move_names()));
      Move m = moves[walk.below(moves.size())];
      ApplyInfo x = apply(*direct, a, m), y = apply(*code, b, m);
      ASSERT_EQ(a, b);
      ASSERT_EQ(x.game_over, y.game_over);
      if (!x.game_over) continue;
      ASSERT_EQ(x.end.reason, y.end.reason);
      for (size_t i = 0; i < 6; ++i) fired[i] += x.end.reason == direct->end[i].label;
      fired[6] += x.end.reason == "no moves";
    }
  }
  for (size_t i = 0; i < 5; ++i) EXPECT_GT(fired[i], 0) << direct->end[i].label;
  EXPECT_EQ(fired[5], 0);
}

// An end condition that reads nothing but the two stores and constants
// (Oware's `majority or ...`) is decided by a table of its value for every
// pair of stores up to the game's seeds, made once when the game is
// compiled (DirectTest's store table); a store past the table runs the
// code. Table or code, play is the same: a twin whose conditions also read
// `ply` (so they cannot be tabled) ends every game alike, and so does a
// position whose stores hold more seeds than the game has.
TEST(Compile, EndConditionsOnTheStoresAloneAreTabled) {
  auto game =
      [](const std::string& a, const std::string& b) {
        return load(R"(
game "T" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when not is_store(here) and count(here) >= 2 and count(here) <= 3 {
    capture here to mover
  }
  end {
    when )" + a + R"( as "lead"
    when )" + b + R"( as "even"
    when empty_row as "bare" { capture board to owners }
    winner most store
  }
}
)");
      };
  auto tabled = game("max(store(south) - store(north), 0) >= 5 or store(north) - store(south) >= 7",
                     "store(south) == store(north) and store(south) + store(north) >= 8");
  auto code =
      game("max(store(south) - store(north), 0) >= 5 or store(north) - store(south) >= 7 + 0 * ply",
           "store(south) == store(north) and store(south) + store(north) >= 8 + 0 * ply");
  ASSERT_TRUE(tabled && code);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(tabled->end[i].direct.value, OpCode::StoreOfInt) << i;
    EXPECT_EQ(tabled->end[i].direct.k, tabled->total() + 1) << i;  // stores 0..18
    EXPECT_TRUE(code->end[i].direct.empty()) << i;
  }
  EXPECT_NE(dump_pipeline(*tabled).find("direct: the stores' table, 19 x 19"), std::string::npos);

  // The same random games, move by move, end alike; both tabled clauses fire.
  std::vector<int> fired(3, 0);
  Rng walk(5);
  for (int game_no = 0; game_no < 600; ++game_no) {
    State a = initial_state(*tabled), b = initial_state(*code);
    while (!a.over) {
      MoveList moves = legal_moves(*tabled, a);
      Move m = moves[walk.below(moves.size())];
      ApplyInfo x = apply(*tabled, a, m), y = apply(*code, b, m);
      ASSERT_EQ(a, b);
      ASSERT_EQ(x.game_over, y.game_over);
      if (!x.game_over) continue;
      ASSERT_EQ(x.end.reason, y.end.reason);
      for (size_t i = 0; i < 3; ++i) fired[i] += x.end.reason == tabled->end[i].label;
    }
  }
  for (size_t i = 0; i < 3; ++i) EXPECT_GT(fired[i], 0) << tabled->end[i].label;

  // Stores past the table (more seeds than the game has): the code decides.
  for (int south : {0, 18, 19, 40}) {
    for (int north : {0, 19, 25, 40}) {
      State a = test::position(*tabled, {1, 0, 0}, {0, 0, 1}, south, north);
      State b = test::position(*code, {1, 0, 0}, {0, 0, 1}, south, north);
      ApplyInfo x = apply(*tabled, a, mv(1)), y = apply(*code, b, mv(1));
      ASSERT_EQ(a, b) << south << " " << north;
      EXPECT_EQ(x.game_over, y.game_over) << south << " " << north;
      EXPECT_EQ(x.end.reason, y.end.reason) << south << " " << north;
    }
  }
}

// `where count(hole) >= K` (or `> K - 1`, `!= 0`) is read as the seeds a
// start needs (Rules::where_min_seeds) and tested without the bytecode;
// any other condition runs as code. Read or run, the moves are the same:
// twins whose condition is written not to be read list the same moves at
// every position of random games, in a relay game with endless moves
// illegal (legality by look-ahead) and in a plain one.
TEST(Compile, StartsNeedingSeedsAreTestedWithoutCode) {
  auto game = [](const std::string& where, const std::string& sowing) {
    return load(R"(
game "W" {
  board { rows 2 holes 5 stores captures }
  setup { seeds 3 }
  moves { from own holes where )" +
                where + R"( }
  sowing { )" + sowing +
                R"( }
  on sow_end when is_store(here) { extra_turn }
  end {
    when no moves as "stuck" { capture board to owners }
    when ply >= 300 as "long"
    winner most store
  }
}
)");
  };
  const std::pair<std::string, int> read[] = {{"count(hole) >= 3", 3},
                                              {"count(hole) > 1", 2},
                                              {"count(hole) != 0", 1},
                                              {"count(hole) >= 1", 1}};
  for (const auto& [where, k] : read) {
    auto r = game(where, "relay landing endless illegal");
    ASSERT_TRUE(r) << where;
    EXPECT_EQ(r->where_min_seeds, k) << where;
  }
  for (const char* code : {"count(hole) >= 0", "0 + count(hole) >= 3", "count(hole) < 3"}) {
    auto r = game(code, "relay landing endless illegal");
    ASSERT_TRUE(r) << code;
    EXPECT_EQ(r->where_min_seeds, 0) << code;
  }
  for (const char* sowing : {"relay landing endless illegal", "direction ccw"}) {
    auto fast = game("count(hole) >= 3", sowing);
    auto slow = game("0 + count(hole) >= 3", sowing);
    ASSERT_TRUE(fast && slow);
    ASSERT_EQ(fast->where_min_seeds, 3);
    SCOPED_TRACE(sowing);
    EXPECT_GT(expect_twins_play_alike(*fast, *slow, 100, 11), 1000);
  }
}

// A constant fuses with `store(P)`, `+` and `*` (a constant left operand
// of + and * goes to the right), and the fused code computes the same.
TEST(Compile, ConstantsFuseWithStoreAddAndMul) {
  auto r = load(R"(
game "F" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 3 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when not is_store(here) and count(here) >= 2 and count(here) <= 3 {
    capture here to mover
  }
  end {
    when 1 + 2 * store(north) > 11 as "north"
    when store(south) * 3 >= 18 as "south"
    winner most store
  }
}
)");
  ASSERT_TRUE(r);
  std::string dump = dump_pipeline(*r);
  EXPECT_NE(dump.find("14 StoreOfInt 1\n  15 MulInt 2\n  16 AddInt 1\n  17 GtInt 11\n"),
            std::string::npos)
      << dump;
  EXPECT_NE(dump.find("19 StoreOfInt 0\n  20 MulInt 3\n  21 GtInt 17\n"), std::string::npos)
      << dump;
  // The handler's condition: `here` fused with its test, a negation and
  // the comparisons (`>= 2` as `> 1`, `<= 3`) fused with the jump after
  // them (jump threading made the `and`s plain jumps to the Ret).
  EXPECT_NE(dump.find("4 IsStoreHere\n  5 JumpIfTrue 13\n  6 CountHere\n  7 JumpUnlessGtInt 1 "
                      "13\n  8 CountHere\n  9 JumpUnlessLeInt 3 13\n"),
            std::string::npos)
      << dump;
  // North ends it at 6 seeds (2 * 6 + 1 > 11), South at 6 (6 * 3 >= 18).
  State n = position(*r, {0, 0, 1}, {2, 1, 0}, 0, 5);
  ApplyInfo a = apply(*r, n, mv(3));  // S3 sows into N1 (3): captured, North stays at 5
  EXPECT_FALSE(a.game_over);
  State s = position(*r, {0, 0, 1}, {1, 1, 0}, 4, 2);
  ApplyInfo b = apply(*r, s, mv(3));  // N1 becomes 2: South captures it, 6
  EXPECT_TRUE(b.game_over);
  EXPECT_EQ(b.end.reason, "south");
}

// A four-row board (`rows 4`): each side is a ring of 2N holes (back row
// from the player's left, then front row from their right), sowing stays on
// the mover's side, and columns run across: opposite (front to front, back
// to back), behind (the other hole of the column on the same side).
const char* kFourRows = R"(
game "F" {
  board { rows 4 holes 4 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 2 }
  sowing { direction DIR  relay landing  endless illegal }
  on lap_end when front(here) and count(here) > 1 and count(opposite(here)) > 0 {
    capture opposite(here) to mover
    capture behind(opposite(here)) to mover
    stop
  }
  on sow_end when here == front_hole(mover, 1) { capture back_hole(opponent, 2) to mover }
  end { when not can_move(south) or not can_move(north)  winner most store }
}
)";

std::string four_rows(const std::string& direction) {
  std::string text = kFourRows;
  return text.replace(text.find("DIR"), 3, direction);
}

TEST(Runtime, FourRowBoardsSowRoundEachSideAndCaptureAcrossColumns) {
  auto r = load(four_rows("ccw"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->side, 8);
  EXPECT_EQ(r->in_play, 16);
  State start = initial_state(*r);
  EXPECT_EQ(row(start, kS), (V{2, 2, 2, 2, 2, 2, 2, 2}));
  EXPECT_EQ(start.board_seeds(), 32);
  // Columns, with South's side at cells 0..7 and North's at 8..15: South's
  // back hole 1 (cell 0) faces North's back hole 4 (cell 11); South's front
  // hole 1 from the left (ring number 8, cell 7) faces North's front hole 4
  // from North's left (ring number 5, cell 12), and lies in front of South's
  // back hole 1.
  EXPECT_EQ(r->opposite[0], 11);
  EXPECT_EQ(r->opposite[7], 12);
  EXPECT_EQ(r->opposite[12], 7);
  EXPECT_EQ(r->behind[7], 0);
  EXPECT_EQ(r->behind[0], 7);
  EXPECT_EQ(r->behind[13], 10);
  EXPECT_EQ(r->front_mask, uint64_t{0xF0F0});

  // Back hole 4 (3 seeds) sows front holes 4, 3, 2: the last makes 2 in an
  // own front hole, so North's facing front hole (cell 13, 3 seeds) and the
  // back hole behind it (cell 10, 2 seeds) are taken, and sowing stops.
  State s = position(*r, {0, 0, 0, 3, 0, 0, 1, 0}, {1, 1, 2, 1, 1, 3, 1, 1});
  apply(*r, s, mv(4));
  EXPECT_EQ(row(s, kS), (V{0, 0, 0, 0, 1, 1, 2, 0}));
  EXPECT_EQ(row(s, kN), (V{1, 1, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(s.store(kS), 5);

  // A lap ending in South's front hole 1 (cell 7): sow_end takes North's
  // back hole 2 (front_hole / back_hole count from each player's left).
  State t = position(*r, {0, 0, 0, 0, 0, 2, 0, 0}, {1, 4, 1, 1, 1, 1, 1, 1});
  apply(*r, t, mv(6));
  EXPECT_EQ(row(t, kS), (V{0, 0, 0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(row(t, kN), (V{1, 0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(t.store(kS), 4);
}

// `row` on four rows: a player's back row, then front row, each from the
// player's left; the side's cells are in ring order (front row from the right).
TEST(Runtime, FourRowSetupsListTheBackRowThenTheFrontRow) {
  std::string text = four_rows("ccw");
  text.replace(text.find("seeds 2"), 7, "row 1 2 3 4  5 6 7 8");
  auto r = load(text);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_EQ(row(s, kS), (V{1, 2, 3, 4, 8, 7, 6, 5}));
  EXPECT_EQ(row(s, kN), (V{1, 2, 3, 4, 8, 7, 6, 5}));
  EXPECT_EQ(r->total(), 72);
}

// `lap_start`: the hole the current lap lifted (not the move's origin).
// Captured seeds taken into the hand are sown again retracing the
// capturing lap, from the hole after the one it lifted (Igisoro, Omweso).
TEST(Runtime, LapStartIsTheHoleTheCurrentLapLifted) {
  auto r = load(R"(
game "L" {
  board  { rows 4  holes 4  stores none }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 2 }
  sowing { direction ccw  relay landing }
  on lap_end when front(here) and count(here) > 1 and count(opposite(here)) > 0 {
    lift opposite(here)
    relay into next(lap_start)
  }
  end { when no moves  winner survivor }
}
)");
  ASSERT_TRUE(r);
  // Hole 1 sows 2 and 3; hole 3 (now 2) is relayed: 4 and 5; hole 5 is a
  // front hole, now 2: North's facing hole 8 (3 seeds) goes into the hand
  // and is sown from the hole after 3, the hole that lap lifted: 4, 5, 6.
  State s = position(*r, {2, 0, 1, 0, 1, 0, 0, 0}, {1, 1, 1, 1, 1, 1, 1, 3});
  ASSERT_FALSE(s.over);
  apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{0, 1, 0, 2, 3, 1, 0, 0}));
  EXPECT_EQ(row(s, kN), (V{1, 1, 1, 1, 1, 1, 1, 0}));
}

// Every legal move of a four-row game, in every position a few plies from
// the start, has a name of its own that reads back to it (both directions
// and moves from the store included; a four-row game has no moves from the
// opponent's holes).
TEST(Runtime, FourRowMoveNamesReadBackToTheirMoves) {
  std::string text = four_rows("either");
  text.replace(text.find("seeds 2"), 7, "seeds 2  store 2");
  text.replace(text.find("from own holes"), 14,
               "from store seeds 1 into holes of mover  from own holes");
  auto r = load(text);
  ASSERT_TRUE(r);
  const MoveNames names = r->move_names();
  EXPECT_EQ(names.rows, 4);
  EXPECT_EQ(names.holes, 4);
  std::vector<State> level = {initial_state(*r)};
  int seen = 0, from_store = 0;
  for (int ply = 0; ply < 3; ++ply) {
    std::vector<State> next;
    for (const State& s : level) {
      MoveList legal = legal_moves(*r, s);
      std::vector<std::string> words;
      for (Move m : legal) {
        std::string name = format_move(m, names);
        EXPECT_EQ(parse_move(name, names), m) << name << " at " << to_text(s);
        EXPECT_EQ(std::count(words.begin(), words.end(), name), 0) << name;
        words.push_back(name);
        ++seen;
        from_store += m.is_from_store();
        if (next.size() < 200 && !m.is_pass()) {
          State t = s;
          apply(*r, t, m);
          if (!t.over) next.push_back(t);
        }
      }
    }
    level = std::move(next);
  }
  EXPECT_GT(seen, 1000);
  EXPECT_GT(from_store, 0);
}

TEST(Runtime, FourRowBoardsSowClockwiseRoundTheSameRing) {
  auto r = load(four_rows("cw"));
  ASSERT_TRUE(r);
  // Back hole 4 (3 seeds) clockwise: back holes 3, 2, 1; the last makes
  // 2 in a back hole: no capture (not a front row), a relay from there:
  // 2 seeds into front hole 1 (cell 7) and front hole 2 (cell 6), which
  // then holds 2: North's facing front hole (cell 13) and the back hole
  // behind it (cell 10) are taken.
  State s = position(*r, {1, 0, 0, 3, 0, 0, 1, 0}, {1, 1, 2, 1, 1, 3, 1, 1});
  apply(*r, s, mv(4));
  EXPECT_EQ(row(s, kS), (V{0, 1, 1, 0, 0, 0, 2, 1}));
  EXPECT_EQ(row(s, kN), (V{1, 1, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(s.store(kS), 5);
}

TEST(Runtime, EvaluationDefaultsToStoreAndControlledSeeds) {
  auto r = load(kKalah);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 0, 0, 0, 0}, {2, 2, 0, 0, 0, 0}, 20, 23);
  EXPECT_EQ(evaluate(*r, s, kS), 20 - 23 + 1 - 4);
  EXPECT_EQ(evaluate(*r, s, kN), -(20 - 23 + 1 - 4));
}

// `sown` and `in_hand` in each place they are read: a drop handler sees
// the seed just sown counted (and no longer in hand), `skip when` the
// count before the hole it judges, lap_end the whole lap.
constexpr const char* kSownCounts = R"(
game "Sown counts" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { skip when sown == 1 and in_hand == 4 and here == next(origin, 2) }
  on drop when sown == 3 and in_hand == 2 { capture here to north }
  on lap_end when sown == 5 and in_hand == 0 { capture here to mover }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Sowing, SownAndInHandCountTheLapsSeeds) {
  auto r = load(kSownCounts);
  ASSERT_TRUE(r);
  State s = position(*r, {5, 1, 1, 1}, {1, 1, 1, 1}, 0, 0);
  apply(*r, s, mv(1));
  // S2 receives seed 1; S3 is skipped (1 sown, 4 in hand); S4 gets seed 2,
  // N1 seed 3 (captured to North with its 2), N2 seed 4, N3 seed 5 (the
  // lap's end: captured to South with its 2).
  EXPECT_EQ(row(s, kS), (V{0, 2, 1, 2}));
  EXPECT_EQ(row(s, kN), (V{0, 2, 0, 1}));
  EXPECT_EQ(s.store(kN), 2);
  EXPECT_EQ(s.store(kS), 2);
}

// Marks: `mark` without `for` is for the hole's row, `for P` names the
// owner, `unmark` clears; a marked hole can be read in `where`; marks are
// part of the position (its hash and repetition key).
constexpr const char* kMarks = R"(
game "Marks" {
  board  { rows 2  holes 3  stores captures  marks closed, taken }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 and not marked(hole, closed) }
  on sow_end {
    mark here as closed
    mark origin as taken for opponent
    unmark next(here) as closed
  }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Marks, SetClearOwnAndKeyThePosition) {
  auto r = load(kMarks);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 1, 1}, {1, 1, 1});
  s.set_mark(s.hole_cell(kS, 3), 0, true, kN);  // S3 closed, for North
  State plain = s;
  plain.marks = {};
  plain.mark_north = {};
  EXPECT_NE(s.position_hash(), plain.position_hash());
  EXPECT_EQ(legal_moves(*r, s).size(), 2u);  // S3 is closed
  apply(*r, s, mv(1));                       // lands in S2
  int s1 = s.hole_cell(kS, 1), s2 = s.hole_cell(kS, 2), s3 = s.hole_cell(kS, 3);
  EXPECT_TRUE(s.marked(s2, 0));
  EXPECT_EQ(s.mark_owner(s2, 0), kS);  // no `for`: the row's player
  EXPECT_TRUE(s.marked(s1, 1));
  EXPECT_EQ(s.mark_owner(s1, 1), kN);
  EXPECT_FALSE(s.marked(s3, 0));       // unmarked
  EXPECT_EQ(s.mark_owner(s3, 0), kS);  // a hole without the mark: its row
  EXPECT_EQ(s.marked_holes(0, kS), 1);
  EXPECT_EQ(s.marked_holes(1, kN), 1);
  EXPECT_EQ(validate(*r, s), "");
}

// `direction D when E`: the move's direction comes from its start hole, and
// next/prev follow it during the move.
constexpr const char* kDirectionWhen = R"(
game "Direction per move" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { direction cw when number(hole) == 1 }
  on sow_end { capture next(here) to mover }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Sowing, DirectionChosenByTheStartHole) {
  auto r = load(kDirectionWhen);
  ASSERT_TRUE(r);
  State cw = position(*r, {1, 1, 1}, {1, 2, 1});
  apply(*r, cw, mv(1));  // clockwise: S1 -> N3; next(N3) clockwise is N2
  EXPECT_EQ(row(cw, kS), (V{0, 1, 1}));
  EXPECT_EQ(row(cw, kN), (V{1, 0, 2}));
  EXPECT_EQ(cw.store(kS), 2);
  State ccw = position(*r, {1, 1, 1}, {2, 1, 1});
  apply(*r, ccw, mv(2));  // counter-clockwise: S2 -> S3; next(S3) is N1
  EXPECT_EQ(row(ccw, kS), (V{1, 0, 2}));
  EXPECT_EQ(row(ccw, kN), (V{0, 1, 1}));
  EXPECT_EQ(ccw.store(kS), 2);
}

// `can_move(P)` in an end clause sees either player, whoever is to move:
// the game ends only when neither can move; a player who alone cannot move
// passes.
constexpr const char* kCanMove = R"(
game "Neither can move" {
  board { rows 2  holes 3  stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 2  pass when no moves }
  end {
    when not can_move(south) and not can_move(north) as "blocked" { capture board to owners }
    winner most store
  }
}
)";

TEST(End, CanMoveSeesBothPlayers) {
  auto r = load(kCanMove);
  ASSERT_TRUE(r);
  State both = position(*r, {0, 0, 2}, {0, 0, 1});
  ApplyInfo info = apply(*r, both, mv(3));  // S3 -> N1, N2: singletons everywhere
  EXPECT_TRUE(both.over);
  EXPECT_EQ(info.end.reason, "blocked");
  EXPECT_EQ(both.store(kN), 3);

  State north_can = position(*r, {0, 0, 2}, {1, 0, 2});
  apply(*r, north_can, mv(3));  // South is left with nothing to move; North can
  EXPECT_FALSE(north_can.over);

  State south_can = position(*r, {0, 2, 2}, {0, 0, 0});
  apply(*r, south_can, mv(3));  // North (to move) cannot; South, not to move, can
  EXPECT_FALSE(south_can.over);
  EXPECT_EQ(format_moves(legal_moves(*r, south_can), r->move_names()), "pass");
}

// Direction rules in file order, with `either`: hole 1 sows clockwise,
// hole 3 either way (two moves), the rest the game's direction (ccw). The
// capture takes the hole after the landing hole in the move's direction.
constexpr const char* kDirectionRules = R"(
game "Direction rules" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  sowing {
    direction cw when number(hole) == 1
    direction either when number(hole) == 3
  }
  on sow_end { capture next(here) to mover }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Sowing, EitherMakesTwoMovesOfOneHole) {
  auto r = load(kDirectionRules);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 1, 1}, {1, 2, 3});
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 2, 3ccw, 3cw");
  EXPECT_FALSE(legal_moves(*r, s).contains(mv(3)));

  State ccw = s;
  apply(*r, ccw, Move{3, Way::Ccw});  // S3 -> N1; next(N1) counter-clockwise is N2
  EXPECT_EQ(row(ccw, kS), (V{1, 1, 0}));
  EXPECT_EQ(row(ccw, kN), (V{2, 0, 3}));
  EXPECT_EQ(ccw.store(kS), 2);

  State cw = s;
  apply(*r, cw, Move{3, Way::Cw});  // S3 -> S2; next(S2) clockwise is S1
  EXPECT_EQ(row(cw, kS), (V{0, 2, 0}));
  EXPECT_EQ(row(cw, kN), (V{1, 2, 3}));
  EXPECT_EQ(cw.store(kS), 1);

  State one = s;
  apply(*r, one, mv(1));  // the first rule: clockwise, S1 -> N3; next(N3) is N2
  EXPECT_EQ(row(one, kN), (V{1, 0, 4}));
  EXPECT_EQ(one.store(kS), 2);
}

// A look-ahead judges each direction of a hole on its own: with `must
// feed`, only the direction that reaches the opponent is legal.
TEST(Sowing, EitherDirectionsAreJudgedOneByOne) {
  std::string text = kDirectionRules;
  text.replace(text.find("count(hole) >= 1 }"), 18, "count(hole) >= 1  must feed }");
  auto r = load(text);
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {0, 0, 0});
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "3ccw");
  Rng rng(7);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(random_legal_move(*r, s, rng), (Move{3, Way::Ccw}));
}

// A `first move` clause keeps both directions of the required hole.
TEST(Sowing, FirstMoveKeepsBothDirections) {
  std::string text = kDirectionRules;
  text.replace(text.find("count(hole) >= 1 }"), 18,
               "count(hole) >= 1  first move from rightmost }");
  auto r = load(text);
  ASSERT_TRUE(r);
  EXPECT_EQ(format_moves(legal_moves(*r, initial_state(*r)), r->move_names()), "3ccw, 3cw");
}

// `sown` in sow_end is the seeds of the move's last lap (here it names the
// North hole captured).
constexpr const char* kSownAtSowEnd = R"(
game "Sown at the end of the move" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  on sow_end { capture row_hole(north, sown) to mover }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Sowing, SownAtSowEndIsTheLastLap) {
  auto r = load(kSownAtSowEnd);
  ASSERT_TRUE(r);
  State one = position(*r, {0, 0, 0, 3}, {0, 1, 0, 5});
  apply(*r, one, mv(4));  // one lap of 3: N1, N2, N3 (empty: no relay); N3 taken
  EXPECT_EQ(one.store(kS), 1);
  EXPECT_EQ(row(one, kN), (V{1, 2, 0, 5}));
  // N1, N2 (occupied: relay 2) N3, N4 (occupied: relay 3) S1, S2, S3 (empty:
  // stop). The last lap sowed 3: N3 (1 seed) is taken, not N2 (first lap,
  // empty) nor N4 (the 7 of the whole move, clamped; empty).
  State three = position(*r, {0, 0, 0, 2}, {0, 1, 0, 2});
  apply(*r, three, mv(4));
  EXPECT_EQ(three.store(kS), 1);
  EXPECT_EQ(row(three, kN), (V{1, 0, 0, 0}));
  EXPECT_EQ(row(three, kS), (V{1, 1, 1, 0}));
}

// Counters last across moves and are part of the position; `clockwise`
// tells a handler the move's direction. The first move chooses the way
// for the whole game.
constexpr const char* kCounters = R"(
game "The first move chooses" {
  board  { rows 2  holes 3  stores captures  counters way, sown_total }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  sowing {
    direction either when way == 0
    direction cw when way == 2
  }
  on sow_end {
    if way == 0 { if clockwise { way = 2 } else { way = 1 } }
    sown_total = sown_total + sown
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

TEST(Counters, TheFirstMoveChoosesTheWayForTheGame) {
  auto r = load(kCounters);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1ccw, 1cw, 2ccw, 2cw, 3ccw, 3cw");
  apply(*r, s, Move{2, Way::Cw});  // S2 -> S1, N3
  EXPECT_EQ(s.counters[0], 2);
  EXPECT_EQ(s.counters[1], 2);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 2, 3");  // the way is chosen
  apply(*r, s, mv(1));  // North clockwise: N1 -> S3, S2
  EXPECT_EQ(row(s, kS), (V{3, 1, 3}));
  EXPECT_EQ(s.counters[1], 4);
  EXPECT_EQ(validate(*r, s), "");
}

TEST(Counters, AreAPartOfThePosition) {
  auto r = load(kCounters);
  ASSERT_TRUE(r);
  State a = initial_state(*r);
  State b = a;
  b.counters[1] = 7;
  EXPECT_FALSE(a == b);
  EXPECT_NE(a.hash(), b.hash());
  EXPECT_NE(a.position_hash(), b.position_hash());
  EXPECT_EQ(to_text(b), "S[2 2 2] N[2 2 2] stores 0 0 counters 2:7 to_move south round 1");
  b.counters[3] = 1;  // the game declares two
  EXPECT_EQ(validate(*r, b), "a counter the game does not declare");
}

// A counter saturates at the ends of its 16 bits.
TEST(Counters, Saturate) {
  std::string text = kCounters;
  text.replace(text.find("sown_total = sown_total + sown"), 30, "sown_total = 100000");
  auto r = load(text);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  apply(*r, s, Move{1, Way::Ccw});
  EXPECT_EQ(s.counters[1], 32767);
}

// With an observer, a move of a game that may be endless is first probed
// on a copy: the probe sows the direction the mover chose. North's 1ccw
// would never stop (illegal); 1cw stops after one lap.
TEST(Sowing, AnObservedMoveIsProbedInItsChosenDirection) {
  auto r = load(R"(
game "Relay either way" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { direction either  relay landing  endless illegal }
  end { winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {2, 3, 0, 1}, {2, 0, 8, 0}, 0, 0, kN);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1cw, 3ccw, 3cw");
  Observer watch;  // every callback a no-op: only its presence matters
  ApplyInfo info = apply(*r, s, Move{1, Way::Cw}, &watch);
  EXPECT_FALSE(info.endless);
  EXPECT_EQ(row(s, kN), (V{0, 0, 8, 0}));
}

// `from all holes`: either player may start from any hole, the opponent's
// hole k being the move N+k; `best_capture(P)` looks at P's moves from the
// position after the move. The capture takes the hole two on from a landing
// hole that was occupied when the hole after it is empty.
constexpr const char* kAllHoles = R"(
game "Any hole" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from all holes where count(hole) >= 1 }
  on sow_end when count(here) >= 2 and count(next(here)) == 0 { capture next(here, 2) to mover }
  end {
    when best_capture(opponent) == 0 as "no-capture"
    winner most store
  }
}
)";

TEST(Moves, FromAllHolesOffersTheOpponentsRow) {
  auto r = load(kAllHoles);
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 2}, {0, 3, 0});
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 3, 5");
  s.to_move = kN;
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()),
            "2, 4, 6");  // North's 4 is South's hole 1
  State t = position(*r, {1, 0, 2}, {0, 3, 0});
  apply(*r, t, mv(5));  // North's hole 2 (3 seeds): N3, S1 (now 2), S2 (1)
  EXPECT_EQ(row(t, kS), (V{2, 1, 2}));
  EXPECT_EQ(row(t, kN), (V{0, 0, 1}));
}

TEST(End, BestCaptureLooksAtEveryMoveOfAPlayer) {
  auto r = load(kAllHoles);
  ASSERT_TRUE(r);
  // South's 1 lands in S2 (1 -> 2), S3 is empty: N1 (4 seeds) is taken.
  EXPECT_EQ(best_capture(*r, position(*r, {1, 1, 0}, {4, 0, 0}), kS), 4);
  EXPECT_EQ(best_capture(*r, position(*r, {1, 0, 0}, {0, 0, 0}), kS), 0);
  // The game ends when the player to move next could take nothing.
  State s = position(*r, {1, 1, 0}, {4, 0, 1});
  apply(*r, s, mv(1));  // takes N1's 4; left S[0 2 0] N[0 0 1]: North takes nothing
  EXPECT_EQ(s.store(kS), 4);
  EXPECT_TRUE(s.over);
}

// `capture N from H` and `remove N from H` take at most N seeds of H; in
// sow_end they are pending like whole captures, and `cancel` puts back
// exactly what was taken.
constexpr const char* kPartial = R"(
game "Partial captures" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  on sow_end {
    capture 2 from opposite(here) to mover
    remove 10 from here
    capture -1 from next(here) to owners
  }
  on captures when captured > 2 { cancel }
  end { when board_seeds == 0  winner most store }
}
)";

TEST(Captures, PartialCaptureTakesAtMostNSeeds) {
  auto r = load(kPartial);
  ASSERT_TRUE(r);
  // S1 -> S2 (here). N2 (opposite) has 1: 1 taken; S2's 1 removed; S3: -1 takes nothing.
  State s = position(*r, {1, 0, 4}, {5, 1, 5});
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_EQ(info.captured, 1);
  EXPECT_EQ(info.removed, 1);
  EXPECT_EQ(row(s, kS), (V{0, 0, 4}));
  EXPECT_EQ(row(s, kN), (V{5, 0, 5}));
  EXPECT_EQ(s.store(kS), 1);
  // N2 has 5: 2 taken (3 stay) and S2's 1 removed: 3 pending, cancelled.
  State t = position(*r, {1, 0, 4}, {5, 5, 5});
  info = apply(*r, t, mv(1));
  EXPECT_TRUE(info.cancelled);
  EXPECT_EQ(row(t, kS), (V{0, 1, 4}));
  EXPECT_EQ(row(t, kN), (V{5, 5, 5}));
  EXPECT_EQ(t.store(kS) + t.removed, 0);
}

TEST(Captures, PartialCaptureDuringSowingIsAtOnce) {
  auto r = load(R"(
game "Two at once" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end { capture 2 from here to opponent }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 3}, {1, 1, 4});
  apply(*r, s, mv(3));  // N1, N2, N3 (now 5): 2 of them to North's store
  EXPECT_EQ(row(s, kN), (V{2, 2, 3}));
  EXPECT_EQ(s.store(kN), 2);
}

// `laps alternate`: each relay lap sows the other way from the lap before;
// sow_end's `next` follows the last lap.
constexpr const char* kAlternate = R"(
game "Zigzag" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 2 }
  sowing { direction either  relay landing  laps alternate }
  on sow_end when side(here) == mover and count(here) == 1 {
    capture 2 from opposite(here) to mover
    if count(next(here)) == 0 { capture opposite(next(here)) to mover }
  }
  end { when board_seeds < 3 { capture board to owners }  winner most store }
}
)";

TEST(Sowing, LapsAlternate) {
  auto r = load(kAlternate);
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  // S1 (2) ccw: S2, S3 (3: relay, now clockwise) S2, S1, N4 (3: relay, now
  // counter-clockwise) S1, S2, S3 (empty before: stop). N2's 2 are taken;
  // next(S3) counter-clockwise is S4 (2 seeds): nothing more.
  apply(*r, s, Move{1, Way::Ccw});
  EXPECT_EQ(row(s, kS), (V{2, 5, 1, 2}));
  EXPECT_EQ(row(s, kN), (V{2, 0, 2, 0}));
  EXPECT_EQ(s.store(kS), 2);
  // The same move in a position where the last lap is clockwise: S4 (2) cw:
  // S3, S2 (3: relay ccw) S3, S4, N1 (empty: stop in North's row).
  State t = position(*r, {0, 2, 0, 2}, {0, 2, 2, 2});
  apply(*r, t, Move{4, Way::Cw});
  EXPECT_EQ(row(t, kS), (V{0, 0, 2, 1}));
  EXPECT_EQ(row(t, kN), (V{1, 2, 2, 2}));
}

// A refill's `remainder N`: a surplus rest of N or more seeds takes one
// more hole, the loser giving the seeds it lacks.
constexpr const char* kRemainder = R"(
game "Round up" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  end    { when board_seeds <= 1 { capture board to owners }  winner most store }
  match  { refill conquest from start remainder 3  max rounds 5  winner most store }
}
)";

TEST(Match, RemainderRoundsUpAConquest) {
  auto r = load(kRemainder);
  ASSERT_TRUE(r);
  // 19 - 5: South fills 3 holes, 4 more take N1, the rest 3 takes N2 with
  // one seed from North, who fills N3.
  State s = position(*r, {0, 0, 1}, {0, 0, 0}, 19, 4);
  apply(*r, s, mv(3));  // S3 -> N1: one seed left, North's
  ASSERT_EQ(s.round, 2);
  EXPECT_EQ(row(s, kS), (V{4, 4, 4}));
  EXPECT_EQ(row(s, kN), (V{4, 4, 4}));
  EXPECT_EQ(s.controller(s.hole_cell(kN, 1)), kS);
  EXPECT_EQ(s.controller(s.hole_cell(kN, 2)), kS);
  EXPECT_EQ(s.controller(s.hole_cell(kN, 3)), kN);
  // 18 - 6: a rest of 2 is lent, as without `remainder`.
  State t = position(*r, {0, 0, 1}, {0, 0, 0}, 18, 5);
  apply(*r, t, mv(3));
  ASSERT_EQ(t.round, 2);
  EXPECT_EQ(t.controller(t.hole_cell(kN, 1)), kS);
  EXPECT_EQ(t.controller(t.hole_cell(kN, 2)), kN);
  EXPECT_EQ(row(t, kN), (V{4, 4, 4}));
}

// In `end`, next and prev follow the game's direction even after a move
// sown the other way.
TEST(End, NextFollowsTheGamesDirection) {
  auto r = load(R"(
game "Back" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { direction cw when number(hole) == 1 }
  end {
    when count(next(row_hole(south, 3))) == 9 as "north-one"
    when board_seeds == 0
    winner most store
  }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {1, 2, 0}, {9, 0, 0});
  ApplyInfo info = apply(*r, s, mv(1));  // clockwise: S1 -> N3
  EXPECT_TRUE(info.game_over);           // next(S3) is N1 (9), not S2 (2)
  EXPECT_EQ(info.end.reason, "north-one");
}

// Marks made in a round can be cleared by the end clause that ends it.
TEST(Marks, AnEndBlockClearsTheRoundsMarks) {
  auto r = load(R"(
game "Marks for a round" {
  board  { rows 2  holes 3  stores captures  marks taken }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  on sow_end { mark here as taken for mover }
  end {
    when board_seeds <= 1 {
      capture board to owners
      let h = row_hole(south, 1)
      let k = 0
      while k < 2 * holes {
        unmark h as taken
        h = next(h)
        k = k + 1
      }
    }
    winner most store
  }
  match  { refill conquest from start  max rounds 5  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {0, 0, 0}, 12, 10);
  apply(*r, s, mv(3));  // S3 -> N1, marked; one seed left: the round ends
  ASSERT_EQ(s.round, 2);
  EXPECT_EQ(s.marks[0], 0u);
  State t = position(*r, {0, 2, 1}, {0, 0, 0}, 12, 9);
  apply(*r, t, mv(3));  // S3 -> N1, marked; three seeds left: the round goes on
  EXPECT_EQ(t.round, 1);
  EXPECT_TRUE(t.marked(t.hole_cell(kN, 1), 0));
}

// One-player games (`rows 1`): one row and its store on the track, the
// player moves every turn, the end clauses say won or lost.
constexpr const char* kSolo = R"(
game "Solo" {
  board  { rows 1  holes 4  stores sown }
  setup  { row 0 1 0 2 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  end {
    when board_seeds == 0 as "cleared" won
    when count(row_hole(south, 1)) >= 2 as "overflow" lost
  }
}
)";

TEST(OnePlayer, TheRowWrapsThroughTheStoreAndThePlayerMovesAgain) {
  auto r = load(kSolo);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->total(), 3);
  State s = initial_state(*r);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2, 4");
  // Hole 4 (2 seeds): the store, then hole 1 (empty before: the lap stops).
  apply(*r, s, mv(4));
  EXPECT_EQ(row(s, kS), (V{1, 1, 0, 0}));
  EXPECT_EQ(s.store(kS), 1);
  EXPECT_EQ(s.to_move, kS);
  EXPECT_EQ(row(s, kN), (V{0, 0, 0, 0}));  // North's row is not in play
  EXPECT_EQ(validate(*r, s), "");
  State bad = position(*r, {0, 1, 0, 1}, {0, 0, 0, 1});
  EXPECT_EQ(validate(*r, bad), "seeds in North's row in a one-player game");
  State north = position(*r, {0, 1, 0, 2}, {0, 0, 0, 0}, 0, 0, kN);
  EXPECT_EQ(validate(*r, north), "North to move in a one-player game");
}

TEST(OnePlayer, EndClausesSayWonOrLost) {
  auto r = load(kSolo);
  ASSERT_TRUE(r);
  State won = position(*r, {0, 0, 0, 1}, {0, 0, 0, 0}, 2);
  ApplyInfo info = apply(*r, won, mv(4));  // into the store: the row is cleared
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "cleared");
  EXPECT_EQ(won.result, (Outcome{Winner::South, 3, 0}));
  State lost = position(*r, {2, 0, 0, 1}, {0, 0, 0, 0});
  info = apply(*r, lost, mv(4));  // into the store; hole 1 holds 2
  EXPECT_EQ(info.end.reason, "overflow");
  EXPECT_EQ(lost.result, (Outcome{Winner::North, 1, 2}));  // lost: 1 in store, 2 left
}

// With no legal move and no clause that fires, a one-player game is lost.
TEST(OnePlayer, NoMoveLeftIsLost) {
  auto r = load(R"(
game "Exact" {
  board  { rows 1  holes 4  stores sown }
  setup  { row 1 0 0 1 }
  moves  { from own holes where count(hole) == holes + 1 - number(hole) }
  end    { when board_seeds == 0 won }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "4");
  ApplyInfo info = apply(*r, s, mv(4));  // hole 1 (1 seed, 4 from the store) can never move
  EXPECT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "no moves");
  EXPECT_EQ(s.result, (Outcome{Winner::North, 1, 1}));
}

TEST(OnePlayer, NextGoesRoundTheOneRow) {
  auto r = load(R"(
game "Round one row" {
  board  { rows 1  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  on sow_end { capture next(here, 2) to mover }
  end { when board_seeds == 0 won  when empty_row lost }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  apply(*r, s, mv(3));  // hole 3 -> hole 1 (2); next(hole 1, 2) is hole 3, empty
  EXPECT_EQ(row(s, kS), (V{2, 1, 0}));
  apply(*r, s, mv(2));  // hole 2 -> hole 3 (1); next(hole 3, 2) is hole 2, empty
  EXPECT_EQ(row(s, kS), (V{2, 0, 1}));
  apply(*r, s, mv(3));  // hole 3 -> hole 1 (3); hole 3 is taken: nothing there
  EXPECT_EQ(row(s, kS), (V{3, 0, 0}));
  EXPECT_FALSE(s.over);  // `empty_row` looks at the one row only
}

// An end block may take seeds out of play (`remove`), as a capture would
// take them to a store: they count as removed, not for either player.
TEST(End, ABlockRemovesSeedsFromPlay) {
  auto r = load(R"(
game "Out" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  end {
    when board_seeds <= 3 { remove 1 from row_hole(north, 1)  capture board to owners }
    winner most store
  }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {2, 0, 0}, 2, 1);
  apply(*r, s, mv(3));  // S3 -> N1 (3): three seeds left, one of them leaves play
  ASSERT_TRUE(s.over);
  EXPECT_EQ(s.removed, 1);
  EXPECT_EQ(s.result, (Outcome{Winner::North, 2, 3}));  // N1 keeps 2 of its 3
  EXPECT_EQ(validate(*r, s), "");
}

// `won by P`: a clause names the winner, whatever the stores say (the
// totals are still reported); `draw` in its block overrides it.
TEST(End, AClauseNamesItsWinner) {
  auto r = load(R"(
game "Bare row wins" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  end {
    when row_seeds(mover) == 0 as "bare" won by mover { capture board to owners }
    when board_seeds == 0
    winner most store
  }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {2, 2, 2}, 1, 4);
  ApplyInfo info = apply(*r, s, mv(3));  // S3 -> N1: South's row is bare
  ASSERT_TRUE(info.game_over);
  EXPECT_EQ(info.end.reason, "bare");
  EXPECT_EQ(s.result, (Outcome{Winner::South, 1, 11}));
}

// `lift H` takes seeds into the hand in lap_end; `relay into H` sows the
// hand from H itself (Omweso's captured seeds, sown again from the start
// hole). Seeds taken and not relayed are sown on after the landing hole.
constexpr const char* kSowAgain = R"(
game "Sow again" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end when lap == 1 and own(here) and count(here) == 1 and count(opposite(here)) > 0 {
    lift opposite(here)
    if count(opposite(here)) == 0 { relay into origin }
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

TEST(Sowing, LiftedSeedsAreSownAgain) {
  auto r = load(kSowAgain);
  ASSERT_TRUE(r);
  // S1 -> S2 (empty before): N3's 3 seeds into the hand, sown into S1, S2, S3.
  State s = position(*r, {1, 0, 0, 0}, {1, 1, 3, 1}, 9);
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{1, 2, 1, 0}));
  EXPECT_EQ(row(s, kN), (V{1, 1, 0, 1}));
  EXPECT_EQ(info.laps, 2);
  EXPECT_EQ(validate(*r, s), "");
}

TEST(Sowing, LiftedSeedsNotRelayedAreSownOnAfterTheLanding) {
  auto r = load(R"(
game "Sow on" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end when lap == 1 and count(here) == 1 { lift 2 from opposite(here) }
  end { when empty_row { capture board to owners }  winner most store }
}
)");
  ASSERT_TRUE(r);
  // S1 -> S2: 2 of N3's 3 seeds are lifted and sown on: S3, S4.
  State s = position(*r, {1, 0, 0, 0}, {1, 1, 3, 1});
  apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{0, 1, 1, 1}));
  EXPECT_EQ(row(s, kN), (V{1, 1, 1, 1}));
}

TEST(Sowing, LapsOfTakenSeedsCanBeEndless) {
  auto r = load(R"(
game "Round and round" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end when count(here) == 1 and here != origin { lift here  relay into origin }
  on lap_end when here == origin { lift here  relay into next(origin) }
  end { when empty_row { capture board to owners }  winner most store }
}
)");
  ASSERT_TRUE(r);
  // Move 1 lifts its one seed back and forth between S1 and S2 for ever;
  // move 3 ends in N1, which held a seed.
  State s = position(*r, {1, 0, 1}, {1, 1, 1});
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "3");
}

// `starter last_mover`: whoever made the move that ended a round starts
// the next, whoever won it.
TEST(Match, TheLastMoverStartsTheNextRound) {
  auto r = load(R"(
game "Last mover starts" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 4 }
  moves  { from own holes where count(hole) >= 1 }
  end    { when board_seeds <= 1 { capture board to owners }  winner most store }
  match  { refill conquest from start  starter last_mover  max rounds 5  winner most store }
}
)");
  ASSERT_TRUE(r);
  // North moves last and loses the round 19-5: North starts round 2.
  State s = position(*r, {0, 0, 0}, {0, 0, 1}, 19, 4, kN);
  apply(*r, s, mv(3));  // N3 -> S1: one seed left, South's
  ASSERT_EQ(s.round, 2);
  EXPECT_EQ(s.to_move, kN);
  EXPECT_EQ(s.round_starter, kN);
}

// Review fixes (stop 17): each of these crashed or answered wrongly.

// Partial captures of one hole in sow_end add to one pending entry: a
// thousand of them neither overflow the pending area nor lose a seed.
TEST(Captures, ManyPartialCapturesOfOneHoleArePending) {
  auto r = load(R"(
game "One by one" {
  board  { rows 2  holes 1  stores captures }
  setup  { seeds 1000 }
  moves  { from own holes where count(hole) >= 1 }
  on sow_end { while count(here) > 0 { capture 1 from here to mover  remove 1 from here } }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  // S1's 1000 seeds alternate N1, S1: the last lands in S1 (500), taken a
  // seed at a time, 250 to South's store and 250 out of play.
  ApplyInfo info = apply(*r, s, mv(1));
  EXPECT_EQ(info.captured, 250);
  EXPECT_EQ(info.removed, 250);
  EXPECT_EQ(s.store(kS), 250);
  EXPECT_EQ(s.count(s.hole_cell(kN, 1)), 1500);
  EXPECT_EQ(validate(*r, s), "");
}

// One hole, no store on the track and `skip origin`: a lap has nowhere to
// sow, so the move is endless (illegal), not a division by zero.
TEST(OnePlayer, ALapWithNowhereToSowIsEndless) {
  auto r = load(R"(
game "Nowhere" {
  board  { rows 1  holes 1  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { skip origin }
  end { when board_seeds == 0 won }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  EXPECT_TRUE(s.over);  // no legal move at the start: lost
  EXPECT_EQ(s.result.winner, Winner::North);
}

// `forbid after` sees next and prev in the game's direction, whatever way
// the move's last lap went.
TEST(MovesSection, ForbidAfterFollowsTheGamesDirection) {
  auto r = load(R"(
game "Forbid after a zigzag" {
  board  { rows 2  holes 3  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1  forbid after count(next(row_hole(south, 1))) == 0 }
  sowing { relay landing  laps alternate }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  // Move 3: S3 -> N1 (2: relay, now clockwise) S3, S2: next(S1) is S2 (1),
  // not N3 (empty), so it is legal.
  State s = position(*r, {2, 0, 1}, {1, 1, 0}, 4, 3);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 3");
}

// `relay into H cw|ccw`, `relay from H cw|ccw`: the laps from the next on
// sow that way (Igisoro's reverse capture, sown again counter-clockwise;
// Bao's captured seeds, whose direction the kichwa gives).
constexpr const char* kRelayWay = R"(
game "Turn back" {
  board  { rows 2  holes 4  stores captures }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  on lap_end when lap == 1 and own(here) and count(here) == 1 and count(opposite(here)) > 0 {
    lift opposite(here)
    relay into origin WAY
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

std::shared_ptr<const Rules> relay_way_game(const std::string& way) {
  std::string text = kRelayWay;
  text.replace(text.find("WAY"), 3, way);
  return load(text);
}

TEST(Sowing, RelayIntoWithADirectionTurnsEveryLaterLap) {
  auto ccw = relay_way_game("");
  auto cw = relay_way_game("cw");
  ASSERT_TRUE(ccw && cw);
  // S1 -> S2 (empty before): N3's 3 seeds sown from S1 itself: the game's
  // way S1, S2, S3; clockwise S1, N4, N3 (empty: stop).
  State a = position(*ccw, {1, 0, 0, 0}, {1, 1, 3, 1});
  apply(*ccw, a, mv(1));
  EXPECT_EQ(row(a, kS), (V{1, 2, 1, 0}));
  State b = position(*cw, {1, 0, 0, 0}, {1, 1, 3, 1});
  apply(*cw, b, mv(1));
  EXPECT_EQ(row(b, kS), (V{1, 1, 0, 0}));
  EXPECT_EQ(row(b, kN), (V{1, 1, 1, 2}));
  // The relay laps after it go clockwise too: N3's 2 into S1, N4 (2:
  // relay) N3, N2 (2: relay) N1, S4 (empty: stop).
  State c = position(*cw, {1, 0, 0, 0}, {1, 1, 2, 1}, 10);
  ApplyInfo info = apply(*cw, c, mv(1));
  EXPECT_EQ(row(c, kS), (V{1, 1, 0, 1}));
  EXPECT_EQ(row(c, kN), (V{2, 0, 1, 0}));
  EXPECT_EQ(info.laps, 4);
  EXPECT_EQ(validate(*cw, c), "");
}

TEST(Sowing, RelayFromWithADirection) {
  auto r = load(R"(
game "Turn from" {
  board  { rows 2  holes 4  stores captures  counters turned }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end when lap == 1 { relay from here cw }
  on sow_end { turned = 0  if clockwise { turned = 1 } }
  end { when empty_row { capture board to owners }  winner most store }
}
)");
  ASSERT_TRUE(r);
  // S1 (2) -> S2, S3 (3): lifted and sown clockwise, S2, S1, N4.
  State s = initial_state(*r);
  apply(*r, s, mv(1));
  EXPECT_EQ(row(s, kS), (V{1, 4, 0, 2}));
  EXPECT_EQ(row(s, kN), (V{2, 2, 2, 3}));
  EXPECT_EQ(s.counters[0], 1);
}

// `prefer when|after`: when some legal move passes, only those are legal;
// when none does, nothing changes; clauses apply in file order.
constexpr const char* kPrefer = R"(
game "Prefer" {
  board  { rows 2  holes 4  stores captures  counters took }
  setup  { seeds 2 }
  moves  {
    from own holes where count(hole) >= 1
    PREFER
  }
  on lap_end { took = 0 }
  on sow_end when own(here) and count(here) == 1 and count(opposite(here)) > 0 {
    capture opposite(here) to mover
    took = 1
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

std::shared_ptr<const Rules> prefer_game(const std::string& clauses) {
  std::string text = kPrefer;
  text.replace(text.find("PREFER"), 6, clauses);
  return load(text);
}

TEST(MovesSection, PreferKeepsTheMovesThatPassWhenThereAreAny) {
  auto plain = prefer_game("");
  auto capture = prefer_game("prefer after took == 1");
  auto odd = prefer_game("prefer when number(hole) % 2 == 1");
  auto both = prefer_game("prefer when number(hole) % 2 == 1  prefer after took == 1");
  auto other_order = prefer_game("prefer after took == 1  prefer when number(hole) % 2 == 1");
  ASSERT_TRUE(plain && capture && odd && both && other_order);
  // S1 (1) -> S2, empty before, facing N3 (2): a capture; S3 (2) -> S4,
  // N1; S4 (1) -> N1.
  State s = position(*plain, {1, 0, 2, 1}, {0, 1, 2, 1}, 4, 4);
  EXPECT_EQ(format_moves(legal_moves(*plain, s), plain->move_names()), "1, 3, 4");
  EXPECT_EQ(format_moves(legal_moves(*capture, s), capture->move_names()), "1");
  EXPECT_EQ(format_moves(legal_moves(*odd, s), odd->move_names()), "1, 3");
  EXPECT_EQ(format_moves(legal_moves(*both, s), both->move_names()), "1");
  // No move captures, no odd hole: the preferences change nothing.
  State t = position(*plain, {0, 2, 0, 1}, {1, 1, 0, 1}, 5, 5);
  EXPECT_EQ(format_moves(legal_moves(*capture, t), capture->move_names()), "2, 4");
  EXPECT_EQ(format_moves(legal_moves(*odd, t), odd->move_names()), "2, 4");
  // File order: S2 (2) -> S3, S4 (empty before, facing N1) captures; S3
  // (2) -> S4, N1 does not. The odd hole first leaves only 3, among which
  // nothing captures; the capture first leaves only 2, which is not odd.
  State u = position(*plain, {0, 2, 2, 0}, {1, 1, 1, 1}, 4, 4);
  EXPECT_EQ(format_moves(legal_moves(*capture, u), capture->move_names()), "2");
  EXPECT_EQ(format_moves(legal_moves(*both, u), both->move_names()), "3");
  EXPECT_EQ(format_moves(legal_moves(*other_order, u), other_order->move_names()), "2");
  // A random move is drawn among the preferred ones.
  Rng rng(7);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(format_move(random_legal_move(*capture, s, rng), capture->move_names()), "1");
  // Clauses are judged 32 at a time: with 40, the last ones still apply, in
  // order (the 33rd keeps 3 of u's 2, 3, and 3, 4 of s's 1, 3, 4; the 40th,
  // the capture, then finds none among them and changes nothing).
  std::string many;
  for (int i = 0; i < 32; ++i) many += "prefer when number(hole) <= 4  ";
  many += "prefer when number(hole) >= 3  ";
  for (int i = 0; i < 6; ++i) many += "prefer after took >= 0  ";
  auto forty = prefer_game(many + "prefer after took == 1");
  ASSERT_TRUE(forty);
  EXPECT_EQ(format_moves(legal_moves(*forty, u), forty->move_names()), "3");
  EXPECT_EQ(format_moves(legal_moves(*forty, s), forty->move_names()), "3, 4");
}

// `relay into H` with nothing in hand lands in H itself.
TEST(Sowing, RelayIntoWithAnEmptyHandLandsThere) {
  auto r = load(R"(
game "Into, empty-handed" {
  board  { rows 2  holes 3  stores captures  counters done, landed }
  setup  { seeds 1 }
  moves  { from own holes where count(hole) >= 1 }
  on lap_end when done == 0 { done = 1  relay into row_hole(north, 2) }
  on sow_end { landed = number(here)  if side(here) == north { landed = landed + 10 } }
  end { when board_seeds == 0  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = initial_state(*r);
  apply(*r, s, mv(1));  // S1 -> S2; nothing in hand: the next lap lands in N2
  EXPECT_EQ(s.counters[1], 12);
  EXPECT_EQ(row(s, kS), (V{0, 2, 1}));
}

// ---- quantifiers and expression fragments ------------------------------------------

// all/any/tally/sum over the holes, with `of P` and `where F`, and an
// expression fragment, each written into a counter after every move and
// compared with the same quantity computed here from the cells, over the
// positions of random games.
constexpr const char* kQuantifiers = R"(
fragment in_range(h: hole, lo: int, hi: int) = count(h) >= lo and count(h) <= hi
fragment empties = tally(h in holes: count(h) == 0)
game "Quantifiers" {
  board  { rows 2  holes 5  stores captures  counters a, b, c, d }
  setup  { seeds 3 }
  moves  { from own holes where count(hole) >= 1 }
  sowing { relay landing }
  on sow_end {
    if opponents(here) and in_range(here, 2, 3) { capture here to mover }
    a = empties
    b = sum(h in holes of north where number(h) > 2: count(h))
    c = 0
    if all(h in holes of mover: count(h) <= 4) { c = c + 1 }
    if any(h in holes where number(h) == 1: in_range(h, 5, 9)) { c = c + 2 }
    d = tally(h in holes of opponent where count(h) > 0: not in_range(h, 1, 2))
  }
  end { when board_seeds < 3 as "few"  winner most store }
}
)";

TEST(Expressions, QuantifiersAndExpressionFragmentsCountWhatTheyShould) {
  auto r = load(kQuantifiers);
  ASSERT_TRUE(r);
  Rng rng(11);
  int checked = 0, all_true = 0, any_true = 0;
  for (int game = 0; game < 40; ++game) {
    State s = initial_state(*r);
    for (int ply = 0; ply < 60 && !legal_moves(*r, s).empty(); ++ply) {
      Player mover = s.to_move;
      apply(*r, s, random_legal_move(*r, s, rng));
      if (s.over) break;
      auto count = [&](Player p, int n) { return int(s.cells[s.hole_cell(p, n)]); };
      int empties = 0, north_tail = 0, c = 0, d = 0;
      bool all_small = true, any_first = false;
      for (Player p : {Player::South, Player::North}) {
        for (int n = 1; n <= 5; ++n) {
          int k = count(p, n);
          empties += k == 0;
          if (p == Player::North && n > 2) north_tail += k;
          if (p == mover) all_small = all_small && k <= 4;
          if (n == 1) any_first = any_first || (k >= 5 && k <= 9);
          if (p != mover && k > 0 && !(k >= 1 && k <= 2)) ++d;
        }
      }
      c = (all_small ? 1 : 0) + (any_first ? 2 : 0);
      EXPECT_EQ(s.counters[0], empties);
      EXPECT_EQ(s.counters[1], north_tail);
      EXPECT_EQ(s.counters[2], c);
      EXPECT_EQ(s.counters[3], d);
      all_true += all_small;
      any_true += any_first;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(all_true, 0);  // both outcomes of each test were seen
  EXPECT_LT(all_true, checked);
  EXPECT_GT(any_true, 0);
  EXPECT_LT(any_true, checked);
}

// `for h in holes [of P] [where F]`: the body once for each hole of the
// set that passes F; with `of P`, P's row only.
TEST(Statements, ForGoesOverTheHolesOfTheSet) {
  auto r = load(R"(
game "For" {
  board  { rows 2  holes 5  stores captures  counters a, b }
  setup  { seeds 3 }
  moves  { from own holes where count(hole) >= 1 }
  on sow_end {
    a = 0
    for h in holes where count(h) > 2 { a = a + count(h) }
    b = 0
    for h in holes of opponent where count(h) == 1 { b = b + number(h) }
    for h in holes of mover where count(h) in [1, 2] { remove h }
  }
  end { when board_seeds < 3  winner most store }
}
)");
  ASSERT_TRUE(r);
  Rng rng(3);
  int checked = 0, removals = 0;
  for (int game = 0; game < 30; ++game) {
    State s = initial_state(*r);
    for (int ply = 0; ply < 80 && !s.over; ++ply) {
      Player mover = s.to_move;
      int removed = s.removed;
      apply(*r, s, random_legal_move(*r, s, rng));
      if (s.over) break;
      int a = 0, b = 0;  // the removals took only holes of 1 or 2 in the mover's row
      for (int c = 0; c < 10; ++c) a += s.cells[c] > 2 ? s.cells[c] : 0;
      for (int n = 1; n <= 5; ++n) {
        b += s.cells[s.hole_cell(other(mover), n)] == 1 ? n : 0;
        int k = s.cells[s.hole_cell(mover, n)];
        EXPECT_TRUE(k == 0 || k > 2) << to_text(s);
      }
      EXPECT_EQ(s.counters[0], a) << to_text(s);
      EXPECT_EQ(s.counters[1], b) << to_text(s);
      removals += s.removed > removed;
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(removals, 50);
}

// ---- setups -----------------------------------------------------------------------

std::string scattered(const std::string& clause) {
  return R"(
game "Scattered" {
  board  { rows 2  holes 7  stores captures }
  setup  { )" +
         clause + R"( }
  moves  { from own holes where count(hole) >= 1 }
  end    { when board_seeds == 0  winner most store }
}
)";
}

// `scatter N min M`: every hole at least M, N in all, drawn from the seed:
// the same seed the same board, other seeds other boards, and the throws
// spread evenly (each hole gets about its share over many draws).
TEST(Setup, ScatterIsDrawnFromTheSeed) {
  auto r = load(scattered("scatter 98 min 2  store 3"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->total(), 98 + 2 * 3);
  EXPECT_EQ(r->seeds, 7);  // the mean
  std::vector<long> per_hole(14, 0);
  int distinct = 0;
  State previous = initial_state(*r, 0);
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    State s = initial_state(*r, seed);
    EXPECT_EQ(s, initial_state(*r, seed));
    int board = 0;
    for (int c = 0; c < 14; ++c) {
      EXPECT_GE(s.cells[c], 2);
      board += s.cells[c];
      per_hole[c] += s.cells[c];
    }
    EXPECT_EQ(board, 98);
    EXPECT_EQ(s.store(kS), 3);
    EXPECT_EQ(s.store(kN), 3);
    EXPECT_EQ(validate(*r, s), "");
    distinct += !(s == previous);
    previous = s;
  }
  EXPECT_GE(distinct, 399);
  for (long total : per_hole) {  // 400 x 7 = 2800 each on average; 5 sigma is about 230
    EXPECT_GT(total, 2800 - 300);
    EXPECT_LT(total, 2800 + 300);
  }
}

TEST(Setup, ScatterMirroredCopiesSouthsRow) {
  auto r = load(scattered("scatter 40 min 1 mirrored"));
  ASSERT_TRUE(r);
  for (uint64_t seed = 0; seed < 50; ++seed) {
    State s = initial_state(*r, seed);
    int board = 0;
    for (int n = 1; n <= 7; ++n) {
      EXPECT_EQ(s.cells[s.hole_cell(kS, n)], s.cells[s.hole_cell(kN, n)]);
      EXPECT_GE(s.cells[s.hole_cell(kS, n)], 1);
      board += 2 * s.cells[s.hole_cell(kS, n)];
    }
    EXPECT_EQ(board, 40);
  }
  // Other setups ignore the seed.
  auto plain = load(scattered("seeds 4"));
  ASSERT_TRUE(plain);
  EXPECT_EQ(initial_state(*plain, 5), initial_state(*plain, 9));
}

// ---- matches won by rounds ----------------------------------------------------------

// `winner most rounds` with `ends when rounds_won(P) == 3`: each round's
// winner gains a round, a drawn round counts for nobody, and the match ends
// with the first to three (or when a round cannot be started), its result
// counting the rounds won.
TEST(Match, FirstToThreeRoundsWon) {
  auto r = load(R"(
game "Rounds" {
  board { rows 2  holes 3  stores sown }
  setup { seeds 2 }
  moves { from own holes where count(hole) > 0 }
  end {
    when empty_row { capture board to owners }
    winner most store
  }
  match {
    refill own from end
    starter loser
    ends when rounds_won(south) == 3 or rounds_won(north) == 3
    winner most rounds
  }
}
)");
  ASSERT_TRUE(r);
  Rng rng(5);
  int matches = 0, rounds = 0, drawn = 0, stuck = 0;
  for (int game = 0; game < 60; ++game) {
    State s = initial_state(*r);
    for (int ply = 0; ply < 5000 && !s.over; ++ply) {
      State before = s;
      ApplyInfo info = apply(*r, s, random_legal_move(*r, s, rng));
      if (!info.round_over) {
        EXPECT_EQ(s.rounds_won, before.rounds_won);
        continue;
      }
      ++rounds;
      std::array<uint8_t, 2> want = before.rounds_won;
      Winner w = info.end.outcome.winner;
      if (w == Winner::South) ++want[0];
      if (w == Winner::North) ++want[1];
      drawn += w == Winner::Draw;
      EXPECT_EQ(s.rounds_won, want);
      bool third = want[0] == 3 || want[1] == 3;
      if (third) {
        EXPECT_TRUE(s.over);
      }
      stuck += s.over && !third;  // the next round's starter could not move
    }
    ASSERT_TRUE(s.over);
    ++matches;
    EXPECT_EQ(s.result.south, s.rounds_won[0]);
    EXPECT_EQ(s.result.north, s.rounds_won[1]);
    int a = s.rounds_won[0], b = s.rounds_won[1];
    EXPECT_EQ(s.result.winner, a > b ? Winner::South : b > a ? Winner::North : Winner::Draw);
  }
  EXPECT_EQ(matches, 60);
  EXPECT_LT(stuck, 60);  // most matches end with a third round won
  EXPECT_GT(rounds, 3 * 60);
  EXPECT_GT(drawn, 0);  // drawn rounds occur and count for nobody
}

// ---- questions inside a move (`ask NAME`) -----------------------------------

// kKalah whose capture the mover may decline.
constexpr const char* kOptionalKalah = R"(
game "K?" {
  board { rows 2 holes 6 stores sown }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when is_store(here) { extra_turn }
  on sow_end when own(here) and count(here) == 1 and count(opposite(here)) > 0 {
    if ask take {
      capture opposite(here) to mover
      capture here to mover
    }
  }
  end { when empty_row { capture board to owners }  winner most store }
}
)";

TEST(Questions, MoveNamesCarryTheAnswersInOrder) {
  EXPECT_EQ(parse_move("3/y", MoveNames{2, 6}), (Move{3, Way::None, 1, 1}));
  EXPECT_EQ(parse_move("3cw/ny", MoveNames{2, 6}), (Move{3, Way::Cw, 2, 2}));
  EXPECT_EQ(parse_move("12/nnnnnnnn", MoveNames{2, 6}), (Move{12, Way::None, 8, 0}));
  for (const char* bad : {"3/", "3/x", "3/yes", "3/nnnnnnnnn", "/y", "pass/y", "3/y/n", "3y"}) {
    EXPECT_FALSE(parse_move(bad, MoveNames{2, 6})) << bad;
  }
  for (const char* name : {"3/y", "3/n", "4ccw/yn", "11cw/nny"}) {
    EXPECT_EQ(format_move(*parse_move(name, MoveNames{2, 6}), {}), name);
  }
  EXPECT_LT(*parse_move("3/n", MoveNames{2, 6}),
            *parse_move("3/y", MoveNames{2, 6}));  // MoveList order
  EXPECT_LT(*parse_move("3/n", MoveNames{2, 6}),
            *parse_move("3/nn", MoveNames{2, 6}));  // as the names read
  EXPECT_LT(*parse_move("3/nn", MoveNames{2, 6}), *parse_move("3/ny", MoveNames{2, 6}));
  EXPECT_LT(*parse_move("3/ny", MoveNames{2, 6}), *parse_move("3/y", MoveNames{2, 6}));
}

// Over the positions of random games: a Kalah move that captures is, in
// the optional game, two moves (answers y and n), y playing as Kalah does
// and n leaving the capture; every other move is the same plain move.
TEST(Questions, EveryAnswerIsALegalMoveAndPlaysAsItSays) {
  auto plain = load(kKalah);
  auto asked = load(kOptionalKalah);
  ASSERT_TRUE(plain && asked);
  Rng rng(5);
  int captures = 0;
  for (int game = 0; game < 30; ++game) {
    State s = initial_state(*asked);
    while (!s.over) {
      MoveList both = legal_moves(*asked, s);
      MoveList expected;
      for (Move m : legal_moves(*plain, s)) {
        State k = s;
        ApplyInfo info = apply(*plain, k, m);  // captured: the move's own, not an ending's
        if (info.captured == 0) {
          expected.push(m);
          State q = s;
          apply(*asked, q, m);
          EXPECT_EQ(q, k) << to_text(s) << " " << format_move(m, {});
          continue;
        }
        ++captures;
        Move yes{m.number, Way::None, 1, 1}, no{m.number, Way::None, 1, 0};
        expected.push(no);
        expected.push(yes);
        State y = s, n = s;
        apply(*asked, y, yes);
        EXPECT_EQ(y, k) << to_text(s) << " " << format_move(yes, {});
        EXPECT_EQ(apply(*asked, n, no).captured, 0);
        EXPECT_NE(n, k);
      }
      EXPECT_EQ(format_moves(both, {}), format_moves(expected, {})) << to_text(s);
      apply(*asked, s, both[rng.below(both.size())]);
    }
  }
  EXPECT_GT(captures, 100);
}

// Later questions that depend on earlier answers: every sequence the move
// can ask is one move, named in the order asked; `forbid after` judges
// each whole move.
TEST(Questions, EachSequenceOfAnswersIsOneMoveJudgedWhole) {
  auto r = load(R"(
game "Q" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1  forbid after store(mover) >= 3 }
  on sow_end {
    if ask a {
      if ask b { capture opposite(here) to mover }
    }
    if ask c { capture here to mover }
  }
  end { when board_seeds == 0 { }  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {2, 0, 0}, {1, 1, 2});  // hole 1 lands in South 3 (1 seed), across N1 (1)
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()),
            "1/nn, 1/ny, 1/ynn, 1/yny, 1/yyn, 1/yyy");
  s = position(*r, {2, 0, 0}, {1, 1, 2}, 1, 0);  // one in store: taking both (3) is forbidden
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1/nn, 1/ny, 1/ynn, 1/yny, 1/yyn");
  State t = s;
  apply(*r, t, *parse_move("1/yyn", MoveNames{2, 3}));
  EXPECT_EQ(t.store(Player::South), 2);
  EXPECT_EQ(row(t, Player::North), (V{0, 1, 2}));
}

// At most kMaxQuestions a move: the ninth is a run-time error, not a hang
// or a wrong list.
TEST(Questions, TheNinthQuestionOfAMoveIsARuntimeError) {
  auto r = load(R"(
game "Q" {
  board { rows 2 holes 6 stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  on drop { if ask go { capture here to mover } }
  end { when board_seeds == 0 { }  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {8, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 8});
  EXPECT_EQ(legal_moves(*r, s).size(), 256);  // 8 drops: every answer sequence
  s = position(*r, {9, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 7});
  EXPECT_THROW(legal_moves(*r, s), RuntimeError);
}

// ---- moves from the store (`from store`) -------------------------------------

TEST(StoreMoves, NamesAreTheSeedsTaken) {
  EXPECT_EQ(parse_move("s3", MoveNames{2, 6}), Move::from_store(3));
  Move asked = Move::from_store(12);
  asked.asked = 1;
  asked.answers = 1;
  EXPECT_EQ(parse_move("s12/y", MoveNames{2, 6}), asked);
  for (const char* bad : {"s", "s0", "s-1", "s+2", "s60001", "3s", "S3", "s3cw", "s 3"}) {
    EXPECT_FALSE(parse_move(bad, MoveNames{2, 6})) << bad;
  }
  for (const char* name : {"s1", "s60000", "s4/ny"}) {
    EXPECT_EQ(format_move(*parse_move(name, MoveNames{2, 6}), {}), name);
  }
  EXPECT_FALSE(Move::from_store(1).is_pass());
  EXPECT_LT(*parse_move("12", MoveNames{2, 6}),
            *parse_move("s1", MoveNames{2, 6}));  // after every move from a hole
}

constexpr const char* kStoreSowing = R"(
game "S" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 2  store 3 }
  moves { from own holes where count(hole) >= 2  from store }
  end { when board_seeds == 0 { }  winner most store }
}
)";

// Every count from 1 to the store's seeds, after the holes; the seeds
// leave the store, the first goes into the mover's hole 1 itself.
TEST(StoreMoves, EveryCountSowsFromTheMoversHoleOne) {
  auto r = load(kStoreSowing);
  ASSERT_TRUE(r);
  State s = position(*r, {2, 0, 1, 3}, {2, 2, 2, 2}, 3, 0);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 4, s1, s2, s3");
  State t = s;
  apply(*r, t, Move::from_store(3));
  EXPECT_EQ(row(t, kS), (V{3, 1, 2, 3}));
  EXPECT_EQ(t.store(kS), 0);
  s = position(*r, {0, 0, 1, 1}, {2, 2, 2, 2}, 2, 3, kN);
  t = s;
  apply(*r, t, Move::from_store(3));  // North's hole 1 onwards
  EXPECT_EQ(row(t, kN), (V{3, 3, 3, 2}));
  EXPECT_EQ(t.store(kN), 0);
  EXPECT_EQ(format_moves(legal_moves(*r, position(*r, {1, 1, 1, 1}, {2, 2, 2, 2}, 0, 3)),
                         r->move_names()),
            "");
}

// `seeds E`, `into H` and `when C`, read before the move with `mover`.
TEST(StoreMoves, SeedsIntoAndWhenShapeTheMoves) {
  auto r = load(R"(
game "S" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 2  store 3 }
  moves {
    from own holes where count(hole) >= 2
    from store seeds 2 into row_hole(opponent, 2) when count(row_hole(mover, 1)) == 0
  }
  end { when board_seeds == 0 { }  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 2, 1, 1}, {2, 2, 2, 2}, 3, 0);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2, s2");
  State t = s;
  apply(*r, t, Move::from_store(2));  // into North's hole 2, then North's hole 3
  EXPECT_EQ(row(t, kN), (V{2, 3, 3, 2}));
  EXPECT_EQ(t.store(kS), 1);
  s = position(*r, {1, 2, 1, 0}, {2, 2, 2, 2}, 3, 0);  // hole 1 holds a seed: not now
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2");
  s = position(*r, {0, 2, 1, 2}, {2, 2, 2, 2}, 1, 0);  // fewer than 2 in store
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2, 4");
}

// The look-ahead filters judge moves from the store like any other.
TEST(StoreMoves, MustFeedJudgesMovesFromTheStore) {
  auto r = load(R"(
game "S" {
  board { rows 2 holes 4 stores captures }
  setup { seeds 2  store 3 }
  moves { from own holes where count(hole) >= 1  from store  must feed }
  end { when board_seeds == 0 { }  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {1, 0, 0, 0}, {0, 0, 0, 0}, 10, 5);  // North has nothing
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()),
            "s5, s6, s7, s8, s9, s10");  // 4 stay in the row
}

// `into holes [of P] [where F]`: the mover chooses the hole (s1@5); a
// placing phase is one seed a move, the mover moving again while the
// store holds seeds.
TEST(StoreMoves, TheMoverMayChooseTheHole) {
  auto r = load(R"(
game "P" {
  board { rows 2 holes 3 stores captures }
  setup { seeds 1  store 2 }
  moves {
    from own holes where count(hole) >= 1
    from store seeds 1 into holes of mover where count(hole) < 2 when ply < 4
  }
  on sow_end when store(mover) > 0 and ply < 4 { extra_turn }
  end { when board_seeds == 0 { }  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {1, 2, 0}, {1, 1, 1}, 2, 2);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 2, s1@1, s1@3");
  ApplyInfo info = apply(*r, s, *parse_move("s1@3", MoveNames{2, 3}));
  EXPECT_TRUE(info.extra_turn);
  EXPECT_EQ(row(s, kS), (V{1, 2, 1}));
  EXPECT_EQ(s.store(kS), 1);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "1, 2, 3, s1@1, s1@3");
  s = position(*r, {1, 2, 0}, {0, 1, 1}, 2, 2, kN);  // North's own row, numbered from its hole 1
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2, 3, s1@1, s1@2, s1@3");
  EXPECT_EQ(format_move(*parse_move("s12@6", MoveNames{2, 3}), {}), "s12@6");
  EXPECT_FALSE(parse_move("s1@7", MoveNames{2, 3}));
  EXPECT_FALSE(parse_move("s1@", MoveNames{2, 3}));
  EXPECT_FALSE(parse_move("s@1", MoveNames{2, 3}));
}

// `refill none` with `starter loser` and placing moves: after a round the
// holes are empty, the stores hold every seed, and the loser arranges
// first (the loser arranging the next round).
TEST(StoreMoves, RefillNoneLeavesTheSeedsToBePlaced) {
  auto r = load(R"(
game "Arrange" {
  board  { rows 2  holes 3  stores captures  counters placing }
  setup  { seeds 2 }
  moves  {
    from own holes where count(hole) >= 1 and placing == 0
    from store seeds 1 into holes of mover when placing == 1
  }
  on sow_end when placing == 1 {
    if store(mover) > 0 { extra_turn } else if store(opponent) == 0 { placing = 0 }
  }
  end { when empty_row and placing == 0 { capture board to owners  placing = 1 }  winner most store }
  match { refill none  starter loser  max rounds 3  winner most store }
}
)");
  ASSERT_TRUE(r);
  State s = position(*r, {0, 0, 1}, {1, 0, 0}, 5, 5);  // South's 3 ends the round: South 5, North 7
  ApplyInfo info = apply(*r, s, Move{3});
  ASSERT_TRUE(info.round_over);
  EXPECT_FALSE(info.game_over);
  EXPECT_EQ(row(s, kS), (V{0, 0, 0}));
  EXPECT_EQ(row(s, kN), (V{0, 0, 0}));
  EXPECT_EQ(s.store(kS), 5);
  EXPECT_EQ(s.store(kN), 7);
  EXPECT_EQ(s.to_move, kS);  // the loser
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "s1@1, s1@2, s1@3");
  for (int i = 0; i < 5; ++i) apply(*r, s, *parse_move("s1@2", MoveNames{2, 3}));
  EXPECT_EQ(row(s, kS), (V{0, 5, 0}));
  EXPECT_EQ(s.to_move, kN);  // then the winner arranges
  for (int i = 0; i < 7; ++i) apply(*r, s, *parse_move("s1@1", MoveNames{2, 3}));
  EXPECT_EQ(row(s, kN), (V{7, 0, 0}));
  EXPECT_EQ(s.counters[0], 0);
  EXPECT_EQ(s.to_move, kS);
  EXPECT_EQ(format_moves(legal_moves(*r, s), r->move_names()), "2");
}

}  // namespace
}  // namespace mancala
