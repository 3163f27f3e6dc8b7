// Speed benchmarks (Google Benchmark): random playouts of the hand-written
// Kalah(6,4) and ǁHus (4×8) and of shipped games through the interpreter,
// in one process, and the time to load, check and compile a rule file.
//
// Playouts use one xorshift stream per benchmark and pick moves as
// rng % count, so the native and the interpreted Kalah play the same games,
// and so do the native and the interpreted ǁHus
// (tests/bench_native_test.cpp checks that they agree move by move): the
// ratio of their rates compares the same work. Figures and the method are
// in docs/performance.md; run with
//   build-bench/mancala_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>

#include "check.hpp"
#include "compile.hpp"
#include "hus_native.hpp"
#include "kalah_native.hpp"
#include "runtime.hpp"

namespace mancala {
namespace {

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

void interpreted(benchmark::State& st, const std::string& file) {
  auto rules = load(file);
  if (!rules) {
    st.SkipWithError("cannot load the rule file");
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
BENCHMARK_CAPTURE(interpreted, kalah, std::string("kalah.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, kalah_empty, std::string("kalah_empty.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, oware, std::string("oware.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, anywoli, std::string("anywoli.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, sadeqa_ii, std::string("sadeqa_ii.mnc"))
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, san_yao, std::string("san_yao.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, hus, std::string("hus.mnc"))->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(interpreted, igisoro, std::string("igisoro.mnc"))->Unit(benchmark::kMicrosecond);

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
