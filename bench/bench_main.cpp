// Speed benchmarks (Google Benchmark): random games of the hand-written
// yardsticks (Kalah(6,4), ǁHus (4×8), Oware, Sadeqa II, Anywoli) and of
// shipped games through the interpreter, in one process, and the time to
// load, check and compile a rule file.
//
// Two modes, as `mancala bench` has: a walk of `legal_moves` (list the
// moves, pick one as xorshift % count: `native_X`, `interpreted/X`), and
// playouts drawn as `random_legal_move` draws them from an Rng
// (`playout_native_X`, `playout/X`); `compiled/X` and `playout_compiled/X`
// are the interpreter with the game's code compiled to C++. In each
// mode a hand-written game and its rule file draw alike and so play the
// same games (tests/bench_native_test.cpp checks that they agree move by
// move): the ratio of their rates compares the same work. Figures and the
// method are in docs/performance.md; run with
//   build-bench/mancala_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "anywoli_native.hpp"
#include "check.hpp"
#include "compile.hpp"
#include "hus_native.hpp"
#include "kalah_native.hpp"
#include "native.hpp"
#include "oware_native.hpp"
#include "rng.hpp"
#include "runtime.hpp"
#include "sadeqa_ii_native.hpp"

namespace mancala {

// Every shipped game's code compiled to C++ (`mancala compile --emit cpp`,
// built in by CMakeLists.txt).
std::span<const NativeCode> compiled_games();

namespace {

// random_legal_move's generator in the playout benchmarks, hand-written
// and interpreted alike.
constexpr uint64_t kPlayoutSeed = 0x5EED;

struct XorShift {
  uint64_t s = 0x9E3779B97F4A7C15ull;
  uint64_t operator()() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
};

std::shared_ptr<const Rules> load(const std::string& file) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(std::string(MANCALA_SOURCE_DIR) + "/games/" + file, sources, diags);
  if (!r.ok || !r.game) return nullptr;
  return compile(*r.game);
}

// The same rules with their code compiled to C++ (native.hpp); null when
// the build holds none for them.
std::shared_ptr<const Rules> load_compiled(const std::string& file) {
  auto rules = load(file);
  if (!rules) return nullptr;
  auto compiled = std::make_shared<Rules>(*rules);
  if (!attach_native(*compiled, compiled_games())) return nullptr;
  return compiled;
}

void rates(benchmark::State& st, int64_t moves, int64_t games) {
  st.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  st.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}

void native_kalah(benchmark::State& st) {
  XorShift rng;
  int64_t moves = 0, games = 0;
  for (auto _ : st) {
    native::Kalah k = native::Kalah::start();
    int legal[6];
    while (!k.over) {
      int n = k.legal(legal);
      k.play(legal[rng() % n]);
      ++moves;
    }
    benchmark::DoNotOptimize(k.pit);
    ++games;
  }
  st.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  st.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}
BENCHMARK(native_kalah)->Unit(benchmark::kMicrosecond);

void native_hus(benchmark::State& st) {
  XorShift rng;
  int64_t moves = 0, games = 0;
  native::Hus h;
  for (auto _ : st) {
    h.reset();
    int legal[16];
    while (!h.over) {
      int n = h.legal(legal);
      h.play(legal[rng() % n]);
      ++moves;
    }
    benchmark::DoNotOptimize(h.cell);
    ++games;
  }
  st.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  st.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}
BENCHMARK(native_hus)->Unit(benchmark::kMicrosecond);

void walk(benchmark::State& st, const std::shared_ptr<const Rules>& rules) {
  if (!rules) {
    st.SkipWithError("cannot load the rule file (or its compiled code)");
    return;
  }
  XorShift rng;
  History history;
  history.reserve(4096);
  int64_t moves = 0, games = 0;
  for (auto _ : st) {
    State s = initial_state(*rules);
    history.clear();
    while (!s.over) {
      MoveList legal = legal_moves(*rules, s);
      apply(*rules, s, legal[static_cast<int>(rng() % legal.size())], nullptr,
            rules->has_repetition ? &history : nullptr);
      ++moves;
    }
    benchmark::DoNotOptimize(s.cells);
    ++games;
  }
  st.counters["moves_per_s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  st.counters["games_per_s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}
void interpreted(benchmark::State& st, const std::string& file) {
  walk(st, load(file));
}
// The walk with the game's code compiled to C++ (`mancala compile --emit cpp`).
void compiled(benchmark::State& st, const std::string& file) {
  walk(st, load_compiled(file));
}
BENCHMARK_CAPTURE(interpreted, kalah, std::string("kalah.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(compiled, kalah, std::string("kalah.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, kalah_empty, std::string("kalah_empty.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, san_yao, std::string("san_yao.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, hus, std::string("hus.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(compiled, hus, std::string("hus.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, igisoro, std::string("igisoro.mnc"))->Unit(benchmark::kMicrosecond);

// The same games as `interpreted`, drawn and played with apply_random_move
// from an Rng (what MCTS's playouts use), which plays only the drawn move
// ahead, and that look-ahead is the move.
void play_out(benchmark::State& st, const std::shared_ptr<const Rules>& rules) {
  if (!rules) {
    st.SkipWithError("cannot load the rule file (or its compiled code)");
    return;
  }
  Rng rng(kPlayoutSeed);
  History history;
  history.reserve(4096);
  int64_t moves = 0, games = 0;
  for (auto _ : st) {
    State s = initial_state(*rules);
    history.clear();
    while (!s.over) {
      apply_random_move(*rules, s, rng, rules->has_repetition ? &history : nullptr);
      ++moves;
    }
    benchmark::DoNotOptimize(s.cells);
    ++games;
  }
  rates(st, moves, games);
}
void playout(benchmark::State& st, const std::string& file) {
  play_out(st, load(file));
}
void playout_compiled(benchmark::State& st, const std::string& file) {
  play_out(st, load_compiled(file));
}

// A hand-written game of the same rules as a rule file, in one of the two
// modes: a walk of its legal moves drawn with the xorshift stream (as
// `interpreted`), or playouts whose moves random_move draws from an Rng as
// random_legal_move does (as `playout`). The two sides of a pair thus play
// the same games. The game object holds its repetition history, so it is
// made once.
template <class Game, bool kPlayout>
void yardstick(benchmark::State& st) {
  XorShift xorshift;
  Rng rng(kPlayoutSeed);
  auto game = std::make_unique<Game>();
  int64_t moves = 0, games = 0;
  for (auto _ : st) {
    game->reset();
    int legal[Game::kHoles];
    while (!game->over) {
      int move;
      if constexpr (kPlayout) {
        move = game->random_move(rng);
      } else {
        int n = game->legal(legal);
        move = legal[xorshift() % n];
      }
      game->play(move);
      ++moves;
    }
    benchmark::DoNotOptimize(game->cell);
    ++games;
  }
  rates(st, moves, games);
}

// Kalah and ǁHus in playouts (their walks are native_kalah and native_hus).
void playout_native_kalah(benchmark::State& st) {
  Rng rng(kPlayoutSeed);
  int64_t moves = 0, games = 0;
  for (auto _ : st) {
    native::Kalah k = native::Kalah::start();
    while (!k.over) {
      k.play(k.random_move(rng));
      ++moves;
    }
    benchmark::DoNotOptimize(k.pit);
    ++games;
  }
  rates(st, moves, games);
}
BENCHMARK(playout_native_kalah)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout, kalah, std::string("kalah.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout_compiled, kalah, std::string("kalah.mnc"))->Unit(benchmark::kMicrosecond);

void playout_native_hus(benchmark::State& st) {
  Rng rng(kPlayoutSeed);
  int64_t moves = 0, games = 0;
  native::Hus h;
  for (auto _ : st) {
    h.reset();
    while (!h.over) {
      h.play(h.random_move(rng));
      ++moves;
    }
    benchmark::DoNotOptimize(h.cell);
    ++games;
  }
  rates(st, moves, games);
}
BENCHMARK(playout_native_hus)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout, hus, std::string("hus.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout_compiled, hus, std::string("hus.mnc"))->Unit(benchmark::kMicrosecond);

// Each hand-written game next to its rule file, in both modes.
BENCHMARK(yardstick<native::Oware, false>)->Name("native_oware")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, oware, std::string("oware.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(compiled, oware, std::string("oware.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK(yardstick<native::Oware, true>)
    ->Name("playout_native_oware")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout, oware, std::string("oware.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout_compiled, oware, std::string("oware.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK(yardstick<native::SadeqaII, false>)
    ->Name("native_sadeqa_ii")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, sadeqa_ii, std::string("sadeqa_ii.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(compiled, sadeqa_ii, std::string("sadeqa_ii.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK(yardstick<native::SadeqaII, true>)
    ->Name("playout_native_sadeqa_ii")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout, sadeqa_ii, std::string("sadeqa_ii.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout_compiled, sadeqa_ii, std::string("sadeqa_ii.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(yardstick<native::Anywoli, false>)->Name("native_anywoli")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, anywoli, std::string("anywoli.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(compiled, anywoli, std::string("anywoli.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK(yardstick<native::Anywoli, true>)
    ->Name("playout_native_anywoli")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout, anywoli, std::string("anywoli.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(playout_compiled, anywoli, std::string("anywoli.mnc"))
    ->Unit(benchmark::kMicrosecond);

void load_check_compile(benchmark::State& st, const std::string& file) {
  for (auto _ : st) {
    auto rules = load(file);
    benchmark::DoNotOptimize(rules);
  }
}
BENCHMARK_CAPTURE(load_check_compile, kalah, std::string("kalah.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(load_check_compile, oware, std::string("oware.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(load_check_compile, san_yao, std::string("san_yao.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(load_check_compile, anywoli, std::string("anywoli.mnc"))
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace mancala

BENCHMARK_MAIN();
