// `mancala bench RULES`: how fast a rule file plays random games.
//
// Plays uniformly random games (whole matches where there are rounds) from
// the start, on one thread, for a wall-clock budget or a fixed number of
// games (the same work every run, what an instruction count under
// callgrind needs: docs/performance.md), in two modes: a walk
// of `legal_moves` (list the moves, pick one), and playouts drawn and
// played with `apply_random_move` (the mode keeps the name of what draws,
// `random_legal_move`), which is what MCTS's playouts use and which skips
// the look-ahead of the moves not drawn. Each mode is
// run `--repeat` times, the modes interleaved so that a change in the
// machine's load hits both alike, and the median run is reported with the
// spread (the machines are shared and noisy: compare medians). Moves come
// from seeded generators, so a given seed plays the same games on every
// machine; only the time differs. A game's History is reserved once and
// reused, so the loop measures the runtime, not the allocator.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "command.hpp"
#include "json.hpp"
#include "rng.hpp"
#include "runtime.hpp"

namespace mancala::cli {
namespace {

enum class Mode { LegalMoves, Playout };

struct BenchResult {
  int64_t games = 0;
  int64_t moves = 0;
  double seconds = 0;
  double moves_per_s() const { return moves / seconds; }
  double games_per_s() const { return games / seconds; }
};

// How long a run plays: `games` games when not 0, else for `seconds`.
struct Budget {
  double seconds = 0;
  int64_t games = 0;
  bool spent(const BenchResult& r) const { return games ? r.games >= games : r.seconds >= seconds; }
};

BenchResult run_games(const Rules& rules, Mode mode, Budget budget, uint64_t seed) {
  using Clock = std::chrono::steady_clock;
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  Rng rng(seed * 0x9E3779B97F4A7C15ull + 1);
  History history;
  history.reserve(4096);
  History* h = rules.has_repetition ? &history : nullptr;
  BenchResult r;
  auto start = Clock::now();
  do {
    State st = initial_state(rules);
    history.clear();
    while (!st.over) {
      if (mode == Mode::LegalMoves) {
        MoveList legal = legal_moves(rules, st);
        apply(rules, st, legal[static_cast<int>(next() % legal.size())], nullptr, h);
      } else {
        apply_random_move(rules, st, rng, h);
      }
      ++r.moves;
    }
    ++r.games;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (!budget.spent(r));
  return r;
}

// "13.2 M", "300.2 k", "950": three significant figures or so, for people.
std::string readable(double x) {
  if (x >= 1e9) return fmt::format("{:.1f} G", x / 1e9);
  if (x >= 1e6) return fmt::format("{:.1f} M", x / 1e6);
  if (x >= 1e3) return fmt::format("{:.1f} k", x / 1e3);
  return fmt::format("{:.0f}", x);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The runs of one mode, summarised.
struct ModeSummary {
  const char* name;
  std::vector<BenchResult> runs;
  std::vector<double> of(double (BenchResult::*f)() const) const {
    std::vector<double> v;
    for (const BenchResult& r : runs) v.push_back((r.*f)());
    return v;
  }
  double moves_median() const { return median(of(&BenchResult::moves_per_s)); }
  double games_median() const { return median(of(&BenchResult::games_per_s)); }
  double moves_min() const {
    auto v = of(&BenchResult::moves_per_s);
    return *std::min_element(v.begin(), v.end());
  }
  double moves_max() const {
    auto v = of(&BenchResult::moves_per_s);
    return *std::max_element(v.begin(), v.end());
  }
  double avg_moves() const {
    int64_t games = 0, moves = 0;
    for (const BenchResult& r : runs) games += r.games, moves += r.moves;
    return static_cast<double>(moves) / static_cast<double>(games);
  }
};

Expected<double> parse_seconds(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  double v = std::strtod(begin, &end);
  if (text.empty() || end != begin + text.size() || !std::isfinite(v) || v < 0.01 || v > 3600)
    return Expected<double>::fail(fmt::format(
        "--seconds: expected a number of seconds from 0.01 to 3600 (e.g. 0.5), got '{}'", text));
  return Expected<double>::ok(v);
}

void write_mode(JsonWriter& w, const ModeSummary& m) {
  w.key(m.name).begin_object();
  w.key("games_per_s").value(m.games_median(), 1).key("moves_per_s").value(m.moves_median(), 1);
  w.key("moves_per_s_min").value(m.moves_min(), 1);
  w.key("moves_per_s_max").value(m.moves_max(), 1);
  w.key("avg_moves").value(m.avg_moves(), 2);
  w.key("runs").begin_array();
  for (const BenchResult& r : m.runs) {
    w.begin_object().key("games").value(r.games).key("moves").value(r.moves);
    w.key("seconds").value(r.seconds, 3).end_object();
  }
  w.end_array().end_object();
}

// The modes --mode asks for, in the order they run.
std::vector<std::pair<Mode, ModeSummary*>> chosen_modes(const std::string& name, ModeSummary& walk,
                                                        ModeSummary& playout) {
  std::vector<std::pair<Mode, ModeSummary*>> modes;
  if (name != "random_legal_move") modes.push_back({Mode::LegalMoves, &walk});
  if (name != "legal_moves") modes.push_back({Mode::Playout, &playout});
  return modes;
}

int run_bench(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "bench", overrides.error);
  if (args.has("seconds") && args.has("games"))
    return usage_error(io, "bench", "give --seconds or --games, not both");
  auto seconds = parse_seconds(args.get("seconds"));
  if (!seconds) return usage_error(io, "bench", seconds.error);
  Budget budget{*seconds.value, 0};
  if (args.has("games")) {
    auto games = parse_int(args.get("games"), 1, 1'000'000'000, "--games");
    if (!games) return usage_error(io, "bench", games.error);
    budget.games = *games.value;
  }
  auto repeat = parse_int(args.get("repeat"), 1, 1000, "--repeat");
  if (!repeat) return usage_error(io, "bench", repeat.error);
  auto seed = parse_int(args.get("seed"), 0, INT64_MAX, "--seed");
  if (!seed) return usage_error(io, "bench", seed.error);
  auto loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  auto rules = rules_to_play(*loaded);
  ModeSummary walk{"legal_moves", {}}, playout{"random_legal_move", {}};
  auto modes = chosen_modes(args.get("mode"), walk, playout);
  try {
    for (int64_t i = 0; i < *repeat.value; ++i) {
      for (auto [mode, summary] : modes)
        summary->runs.push_back(
            run_games(*rules, mode, budget, static_cast<uint64_t>(*seed.value)));
    }
  } catch (const RuntimeError& e) {
    fmt::print(io.err, "mancala bench: {}: {}\n", args.positionals()[0], e.what());
    return kFailed;
  }
  // The game's compiled pipeline (listing, apply, sowing: native.hpp) runs
  // only where the settings are those compiled; the compiled pieces of code
  // run wherever the code is (a `--set` of another board keeps them).
  const bool compiled_pipeline = rules->applying != apply_interpreted;
  if (args.get("format") == "json") {
    JsonWriter w;
    w.begin_object().key("game").value(rules->name);
    if (budget.games)
      w.key("games").value(budget.games);
    else
      w.key("seconds").value(budget.seconds, 2);
    w.key("repeat").value(*repeat.value).key("seed").value(*seed.value);
    w.key("compiled_code").value(rules->native != nullptr);
    w.key("compiled_pipeline").value(compiled_pipeline);
    if (!walk.runs.empty()) {  // its medians at the top, as before there were modes
      w.key("games_per_s").value(walk.games_median(), 1);
      w.key("moves_per_s").value(walk.moves_median(), 1);
      w.key("avg_moves").value(walk.avg_moves(), 2);
    }
    w.key("modes").begin_object();
    for (auto [mode, summary] : modes) write_mode(w, *summary);
    w.end_object().end_object();
    fmt::print(io.out, "{}\n", w.str());
    return kOk;
  }
  std::string run = budget.games
                        ? fmt::format("{} game{}", budget.games, budget.games == 1 ? "" : "s")
                        : fmt::format("{:g} s", budget.seconds);
  fmt::print(io.out, "{}: random games on one thread, {} run{} of {} per mode, seed {}{}\n",
             rules->name, *repeat.value, *repeat.value == 1 ? "" : "s", run, *seed.value,
             !rules->native      ? ""
             : compiled_pipeline ? ", compiled code and pipeline"
                                 : ", compiled code");
  for (auto [mode, m] : modes) {
    std::string spread = m->runs.size() > 1
                             ? fmt::format(" (median; runs {}-{})", readable(m->moves_min()),
                                           readable(m->moves_max()))
                             : "";
    fmt::print(io.out, "  {:<18} {} moves/s{}, {} games/s, {:.1f} moves per game\n", m->name,
               readable(m->moves_median()), spread, readable(m->games_median()), m->avg_moves());
  }
  return kOk;
}

}  // namespace

Command bench_command() {
  Command c;
  c.name = "bench";
  c.summary = "measure how fast a rule file plays random games";
  c.description =
      "Plays uniformly random games of RULES (whole matches where there are rounds)\n"
      "from the start on one thread, in two modes: `legal_moves` lists the moves and\n"
      "picks one; `random_legal_move` draws and plays one as MCTS's playouts do\n"
      "(cheaper where legality needs look-ahead). Each mode plays for --seconds,\n"
      "or --games games, --repeat times (modes interleaved), and the median run is\n"
      "reported with the slowest and fastest, as moves/s, games/s and moves per\n"
      "game. The same --seed plays the same games. --games with one --mode is the\n"
      "same work every run, for counting instructions: valgrind --tool=callgrind\n"
      "mancala bench RULES --games 1000 --mode random_legal_move.";
  c.spec.positional("RULES");
  c.spec.flag(FlagSpec::option("seconds", "S",
                               "how long each run plays, in seconds (0.01 to 3600, e.g. 0.5)")
                  .defaults_to("3"));
  c.spec.flag(FlagSpec::option("games", "N",
                               "play N games a run instead of playing for --seconds (1 to 1e9)"));
  c.spec.flag(FlagSpec::option("mode", "MODE", "which modes run: one, or both in turn")
                  .one_of({"legal_moves", "random_legal_move", "both"})
                  .defaults_to("both"));
  c.spec.flag(
      FlagSpec::option("repeat", "N", "runs per mode; the median is reported").defaults_to("1"));
  c.spec.flag(FlagSpec::option("seed", "N", "seed of the random moves").defaults_to("1"));
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text for people; json: medians and every run of each mode")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(set_flag());
  c.run = run_bench;
  return c;
}

}  // namespace mancala::cli
