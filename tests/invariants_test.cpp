// Random-game invariants over every shipped game, and the no-allocation
// guarantee of the runtime.
//
// One parameterised suite, instantiated from the files found in games/ (a
// new game is covered by adding its file, never by editing this test). Each
// game plays many seeded random games; at every position the checks are the
// ones that hold for any rule file: seeds are conserved, the legal-move list
// is ascending and unique and is empty exactly when the game is over, `pass`
// only comes alone, random_legal_move draws one of the legal moves,
// apply_random_move plays as random_legal_move then apply do, and
// legal_children as legal_moves then apply, equal
// states hash and print equal, playing with an
// observer changes nothing, and every game ends within a bound. The
// allocation test replaces the global operator new of this test binary with
// a counting one (it still allocates normally) and asserts that
// legal_moves, apply and apply_random_move make no allocation once a game
// is under way.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <new>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "native.hpp"
#include "runtime.hpp"
#include "test_games.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// The counting allocator replaces every plain and nothrow form of operator
// new and delete (the array forms call these), so that memory is always
// freed the way it was allocated. AddressSanitizer brings its own operator
// new, whose checks a replacement would defeat; there the count comes from
// the sanitizer's allocation hook instead, which sees every allocation
// (malloc and new alike), so the test runs in both builds.
#if defined(__SANITIZE_ADDRESS__)
extern "C" int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*,
                                                                             std::size_t),
                                                         void (*free_hook)(const volatile void*));
namespace {
void count_allocation(const volatile void*, std::size_t) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
}
void ignore_free(const volatile void*) {}
// The sanitizer installs a hook pair only when both are given.
const int g_hook_installed =
    __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
}  // namespace
#else
// GCC cannot see that these replacements pair malloc with free.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
#endif

namespace mancala {

// Every shipped game's code compiled to C++ (`mancala compile --emit cpp`,
// generated and built in by CMakeLists.txt).
std::span<const NativeCode> compiled_games();

namespace {

std::vector<std::string> game_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(MANCALA_SOURCE_DIR "/games")) {
    if (e.path().extension() == ".mnc") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::shared_ptr<const Rules> load(const std::string& path) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(path, sources, diags);
  EXPECT_TRUE(r.ok && r.game) << render_text(diags, sources);
  if (!r.ok || !r.game) return nullptr;
  return compile(*r.game);
}

bool sanitizer_run() {
  return std::getenv("MANCALA_SANITIZER_RUN") != nullptr;
}

// Counts every callback, to check that observing does not change play.
struct CountingObserver : Observer {
  int events = 0;
  void lift(int, int) override { ++events; }
  void drop(int) override { ++events; }
  void capture(int, int, Player, bool) override { ++events; }
  void remove(int, int, bool) override { ++events; }
};

class GameInvariants : public ::testing::TestWithParam<std::string> {};

// Two ApplyInfos report the same move, field by field.
void expect_same_info(const ApplyInfo& b, const ApplyInfo& a) {
  ASSERT_EQ(std::tie(b.mover, b.passed, b.extra_turn, b.laps, b.captured, b.removed, b.lifted,
                     b.cancelled, b.endless, b.round_over, b.game_over),
            std::tie(a.mover, a.passed, a.extra_turn, a.laps, a.captured, a.removed, a.lifted,
                     a.cancelled, a.endless, a.round_over, a.game_over));
  if (a.round_over || a.game_over) {
    ASSERT_EQ(b.end.outcome, a.end.outcome);
    ASSERT_EQ(b.end.reason, a.end.reason);
    ASSERT_EQ(b.end.round, a.end.round);
  }
}

void check_position(const Rules& rules, const State& s, const MoveList& moves) {
  ASSERT_EQ(validate(rules, s), "") << to_text(s);
  ASSERT_EQ(s.seeds_in_play() + s.removed, rules.total()) << to_text(s);
  ASSERT_EQ(moves.empty(), s.over) << "a live position needs a move or a pass: " << to_text(s);
  for (int i = 1; i < moves.size(); ++i) {
    ASSERT_LT(moves[i - 1], moves[i]) << "legal moves must be ascending and unique";
  }
  if (moves.contains(Move::pass())) {
    ASSERT_EQ(moves.size(), 1) << "pass only comes alone";
  }
  for (Move m : moves) {
    if (m.is_from_store()) {  // `from store`: within the mover's store
      ASSERT_TRUE(rules.from_store);
      ASSERT_LE(m.seeds, s.store(s.to_move));
    } else if (!m.is_pass()) {
      ASSERT_LE(m.number, 2 * rules.holes);
      if (!rules.from_all) {  // `from all holes`: any hole of the board
        ASSERT_EQ(s.controller(move_cell(rules, s.to_move, m)), s.to_move);
      }
    }
  }
  State copy = s;
  ASSERT_EQ(copy, s);
  ASSERT_EQ(copy.hash(), s.hash());
  ASSERT_EQ(to_text(copy), to_text(s));
}

TEST_P(GameInvariants, RandomGames) {
  auto rules = load(GetParam());
  ASSERT_TRUE(rules);
  // Thousands of games per shipped game in both builds: under the sanitizers
  // (slower per move) 2,000, in the optimised build 3,000.
  const int games = sanitizer_run() ? 2000 : 3000;
  const int max_plies = 200000;
  std::mt19937_64 rng(12345);
  long plies = 0;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules);
    History history;
    history.reserve(1024);
    int ply = 0;
    for (;; ++ply) {
      MoveList moves = legal_moves(*rules, s);
      check_position(*rules, s, moves);
      if (HasFatalFailure()) return;
      if (s.over) break;
      ASSERT_LT(ply, max_plies) << "game " << g << " does not end: " << to_text(s);
      Move m = moves[static_cast<int>(rng() % moves.size())];
      uint64_t seed = rng();
      Rng draw(seed);
      Move drawn = random_legal_move(*rules, s, draw);
      ASSERT_TRUE(moves.contains(drawn))
          << "random_legal_move drew an illegal move: " << to_text(s);
      // Where no look-ahead binds (simple starts, must feed not binding) the
      // draw is the list's: the same move as legal_moves' entry drawn from
      // the same generator, whether or not the list is written.
      bool feed = rules->must_feed && s.controlled_empty(other(s.to_move));
      if (rules->simple_starts && !feed) {
        Rng twin(seed);
        ASSERT_EQ(drawn, moves[static_cast<int>(twin.below(moves.size()))]) << to_text(s);
        ASSERT_EQ(draw.next(), twin.next()) << "a different number of draws: " << to_text(s);
      }
      if (ply % 7 == 0) {  // an observer must not change anything
        State watched = s;
        History watched_history = history;
        CountingObserver obs;
        apply(*rules, watched, m, &obs, &watched_history);
        apply(*rules, s, m, nullptr, &history);
        ASSERT_EQ(watched, s);
      } else {
        apply(*rules, s, m, nullptr, &history);
      }
    }
    plies += ply;
    ASSERT_NE(s.result.winner, Winner::None);
  }
  RecordProperty("plies", std::to_string(plies));
}

TEST_P(GameInvariants, NoAllocationInLegalMovesOrApply) {
  auto rules = load(GetParam());
  ASSERT_TRUE(rules);
  std::mt19937_64 rng(99);
  for (int g = 0; g < 20; ++g) {
    State s = initial_state(*rules);
    History history;
    history.reserve(1 << 16);
    long before = g_allocations.load();
    int ply = 0;
    while (!s.over && ply++ < 20000) {
      MoveList moves = legal_moves(*rules, s);
      apply(*rules, s, moves[static_cast<int>(rng() % moves.size())], nullptr, &history);
    }
    EXPECT_EQ(g_allocations.load() - before, 0) << "legal_moves/apply allocated";
  }
}

// apply_random_move against what it replaces: from the same seed, every
// move gives the same state, ApplyInfo, history and draws as
// random_legal_move followed by apply (in the games whose look-ahead it
// reuses, the look-ahead's sowing is the move's own).
TEST_P(GameInvariants, ApplyRandomMoveIsRandomLegalMoveThenApply) {
  auto rules = load(GetParam());
  ASSERT_TRUE(rules);
  const int games = sanitizer_run() ? 40 : 150;
  History* none = nullptr;
  for (int g = 0; g < games; ++g) {
    State before = initial_state(*rules, static_cast<uint64_t>(g));
    State drawn = before;
    Rng rng_before(1000 + g), rng_drawn(1000 + g);
    History h_before, h_drawn;
    // Half the games without a history, as MCTS plays a game without
    // `repetition`: there a game may cycle, so it is cut off as a playout is.
    bool with_history = g % 2 == 0;
    int ply = 0;
    for (; !before.over && (with_history || ply < 1000); ++ply) {
      ASSERT_LT(ply, 200000) << "game " << g << " does not end";
      ApplyInfo a = apply(*rules, before, random_legal_move(*rules, before, rng_before), nullptr,
                          with_history ? &h_before : none);
      ApplyInfo b = apply_random_move(*rules, drawn, rng_drawn, with_history ? &h_drawn : none);
      ASSERT_EQ(drawn, before) << "game " << g << " ply " << ply << ": " << to_text(drawn)
                               << " against " << to_text(before);
      ASSERT_NO_FATAL_FAILURE(expect_same_info(b, a)) << "game " << g << " ply " << ply;
      ASSERT_EQ(h_drawn.size(), h_before.size()) << "game " << g << " ply " << ply;
      if (h_before.size() > 0) {
        ASSERT_EQ(h_drawn.last(), h_before.last());
      }
      Rng next_before = rng_before, next_drawn = rng_drawn;  // the same draws so far
      ASSERT_EQ(next_drawn.next(), next_before.next()) << "game " << g << " ply " << ply;
    }
    ASSERT_EQ(drawn.hash(), before.hash());
  }
}

// legal_children against what it replaces: at every position of random
// games, the same moves as legal_moves, and for each the state and
// ApplyInfo of apply on a copy (in the games whose look-ahead it reuses,
// the look-ahead's sowing is the child's own); and no allocation.
TEST_P(GameInvariants, LegalChildrenAreLegalMovesThenApply) {
  auto rules = load(GetParam());
  ASSERT_TRUE(rules);
  const int games = sanitizer_run() ? 10 : 40;
  std::mt19937_64 rng(7);
  std::vector<State> children(MoveList::kCapacity);
  std::vector<ApplyInfo> infos(MoveList::kCapacity);
  for (int g = 0; g < games; ++g) {
    State s = initial_state(*rules, static_cast<uint64_t>(g));
    for (int ply = 0; !s.over && ply < 1000; ++ply) {
      MoveList moves;
      long before = g_allocations.load();
      legal_children(*rules, s, moves, children.data(), infos.data());
      ASSERT_EQ(g_allocations.load() - before, 0) << "legal_children allocated";
      MoveList expected = legal_moves(*rules, s);
      ASSERT_EQ(format_moves(moves, rules->move_names()),
                format_moves(expected, rules->move_names()))
          << "game " << g << " ply " << ply << ": " << to_text(s);
      for (int i = 0; i < moves.size(); ++i) {
        State played = s;
        ApplyInfo info = apply(*rules, played, moves[i]);
        ASSERT_EQ(children[static_cast<size_t>(i)], played)
            << "game " << g << " ply " << ply << " move " << i << ": " << to_text(s);
        ASSERT_NO_FATAL_FAILURE(expect_same_info(infos[static_cast<size_t>(i)], info))
            << "game " << g << " ply " << ply << " move " << i;
      }
      s = children[rng() % static_cast<size_t>(moves.size())];
    }
  }
}

// Whether `r` plays a compiled pipeline (sowing, listing, apply and random
// move) or the runtime's: all four or none.
void expect_compiled_pipeline(const Rules& r, bool compiled) {
  EXPECT_EQ(r.sowing != runtime_sowing(r), compiled) << "sowing";
  EXPECT_EQ(r.listing != legal_moves_interpreted, compiled) << "listing";
  EXPECT_EQ(r.applying != apply_interpreted, compiled) << "applying";
  EXPECT_EQ(r.applying_random != apply_random_move_interpreted, compiled) << "applying_random";
}

// The game's code compiled to C++ and built into this test plays as its
// bytecode: the same legal moves, positions, ApplyInfo and evaluation at
// every ply of random games (with a history, so repetition clauses run;
// every fifth move watched by an observer, which both see alike), and the
// same random playouts from the same seeds.
void expect_compiled_plays_alike(const std::string& path) {
  auto rules = load(path);
  ASSERT_TRUE(rules);
  auto compiled = std::make_shared<Rules>(*rules);
  ASSERT_TRUE(attach_native(*compiled, compiled_games()))
      << "no compiled code with this game's fingerprint: build again";
  expect_compiled_pipeline(*compiled, true);
  const int games = sanitizer_run() ? 10 : 40;
  std::mt19937_64 rng(11);
  for (int g = 0; g < games; ++g) {
    State a = initial_state(*rules, static_cast<uint64_t>(g));
    State b = a;
    History ha, hb;
    for (int ply = 0; !a.over && ply < 2000; ++ply) {
      MoveList ma = legal_moves(*rules, a);
      MoveList mb = legal_moves(*compiled, b);
      ASSERT_EQ(format_moves(mb, rules->move_names()), format_moves(ma, rules->move_names()))
          << "game " << g << " ply " << ply << ": " << to_text(a);
      Move move = ma[static_cast<int>(rng() % static_cast<size_t>(ma.size()))];
      CountingObserver oa, ob;
      bool watched = ply % 5 == 4;
      ApplyInfo ia = apply(*rules, a, move, watched ? &oa : nullptr, &ha);
      ApplyInfo ib = apply(*compiled, b, move, watched ? &ob : nullptr, &hb);
      ASSERT_EQ(ob.events, oa.events) << "game " << g << " ply " << ply;
      ASSERT_EQ(b, a) << "game " << g << " ply " << ply << ": " << to_text(b) << " against "
                      << to_text(a);
      ASSERT_NO_FATAL_FAILURE(expect_same_info(ib, ia)) << "game " << g << " ply " << ply;
      ASSERT_EQ(evaluate(*compiled, b, Player::South), evaluate(*rules, a, Player::South));
    }
  }
  for (int g = 0; g < games; ++g) {
    State a = initial_state(*rules, static_cast<uint64_t>(g));
    State b = a;
    History ha, hb;
    Rng ra(static_cast<uint64_t>(g)), rb(static_cast<uint64_t>(g));
    for (int ply = 0; !a.over && ply < 2000; ++ply) {
      ApplyInfo ia = apply_random_move(*rules, a, ra, &ha);
      ApplyInfo ib = apply_random_move(*compiled, b, rb, &hb);
      ASSERT_EQ(b, a) << "playout " << g << " ply " << ply << ": " << to_text(b) << " against "
                      << to_text(a);
      ASSERT_NO_FATAL_FAILURE(expect_same_info(ib, ia)) << "playout " << g << " ply " << ply;
    }
  }
}

TEST_P(GameInvariants, CompiledCodePlaysAsTheBytecode) {
  expect_compiled_plays_alike(GetParam());
}

// The games made up to use the instructions that no shipped game uses.
TEST(CompiledCode, MadeUpGamesPlayAsTheBytecode) {
  expect_compiled_plays_alike(MANCALA_SOURCE_DIR "/tests/compiled/every_instruction.mnc");
}

// Every instruction is compiled and played by the tests above: each one
// the compiler emits is in the code of a shipped game or of a game in
// tests/compiled/ (a new instruction needs a game that uses it).
TEST(CompiledCode, EveryInstructionIsPlayed) {
  std::vector<std::string> files = game_files();
  files.push_back(MANCALA_SOURCE_DIR "/tests/compiled/every_instruction.mnc");
  std::set<std::string> used;
  for (const std::string& file : files) {
    auto rules = load(file);
    ASSERT_TRUE(rules) << file;
    for (const Instr& in : rules->code) used.insert(op_info(in.op).name);
  }
  for (const OpInfo& info : kOpInfo) {
    if (std::string(info.name) == "Pop") continue;  // never emitted: statements leave no value
    EXPECT_TRUE(used.count(info.name)) << info.name << " is in no game's code";
  }
}

// Compiled code is found by the code it was compiled from: a game whose
// code differs in one constant has none.
TEST(CompiledCode, IsFoundByItsCodeAlone) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  Rules changed = *rules;
  ASSERT_TRUE(attach_native(changed, compiled_games()));
  EXPECT_NE(changed.native, nullptr);
  Rules other = *rules;
  other.native = nullptr;
  ASSERT_FALSE(other.code.empty());
  other.code.back().a += 1;
  EXPECT_FALSE(attach_native(other, compiled_games()));
  EXPECT_EQ(other.native, nullptr);
}

// The compiled pipeline holds the settings it was compiled with as
// constants, so rules with other settings (a board of another size, as
// `--set holes=4` makes) keep the compiled code but not the pipeline.
TEST(CompiledCode, ItsPipelineIsPlayedOnlyWithItsSettings) {
  auto rules = load(MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_TRUE(rules);
  Rules same = *rules;
  ASSERT_TRUE(attach_native(same, compiled_games()));
  expect_compiled_pipeline(same, true);
  auto smaller = test::load_game("kalah", {{"holes", 4}});
  ASSERT_TRUE(smaller);
  Rules other = *smaller;
  ASSERT_TRUE(attach_native(other, compiled_games()));
  EXPECT_EQ(other.native, same.native);
  expect_compiled_pipeline(other, false);
  Rules budget = *rules;  // a setting of the sowing
  budget.endless_laps += 1;
  ASSERT_TRUE(attach_native(budget, compiled_games()));
  expect_compiled_pipeline(budget, false);
  Rules passing = *rules;  // a setting of apply
  passing.pass_when_no_moves = true;
  ASSERT_TRUE(attach_native(passing, compiled_games()));
  expect_compiled_pipeline(passing, false);
  Rules first = *rules;  // a setting of the listing
  first.first_move = FirstMove::Leftmost;
  ASSERT_TRUE(attach_native(first, compiled_games()));
  expect_compiled_pipeline(first, false);
}

TEST_P(GameInvariants, NoAllocationInApplyRandomMove) {
  auto rules = load(GetParam());
  ASSERT_TRUE(rules);
  Rng rng(99);
  for (int g = 0; g < 20; ++g) {
    State s = initial_state(*rules);
    History history;
    history.reserve(1 << 16);
    long before = g_allocations.load();
    for (int ply = 0; !s.over && ply < 20000; ++ply) apply_random_move(*rules, s, rng, &history);
    EXPECT_EQ(g_allocations.load() - before, 0) << "apply_random_move allocated";
  }
}

// The counter counts: without it the tests above could not fail.
TEST(AllocationCounter, SeesAnAllocation) {
#if defined(__SANITIZE_ADDRESS__)
  ASSERT_EQ(g_hook_installed, 1);
#endif
  long before = g_allocations.load();
  auto p = std::make_unique<std::vector<int>>(100);
  EXPECT_GE(g_allocations.load() - before, 2) << p->size();
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = std::filesystem::path(info.param).stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Games, GameInvariants, ::testing::ValuesIn(game_files()), test_name);

}  // namespace
}  // namespace mancala
