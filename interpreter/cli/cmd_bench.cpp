// `mancala bench RULES`: how fast a rule file plays random games.
//
// Plays uniformly random games (whole matches where there are rounds) from
// the start, on one thread, for a wall-clock budget, and reports games/s,
// moves/s and the average game length. Moves are drawn from one seeded
// xorshift stream, so a given seed plays the same games on every machine;
// only the time differs. A game's History is reserved once and reused, so
// the loop measures the runtime, not the allocator.
#include <fmt/format.h>

#include <chrono>

#include "command.hpp"
#include "compile.hpp"
#include "json.hpp"
#include "runtime.hpp"

namespace mancala::cli {
namespace {

struct BenchResult {
  int64_t games = 0;
  int64_t moves = 0;
  double seconds = 0;
};

BenchResult run_games(const Rules& rules, double budget, uint64_t seed) {
  using Clock = std::chrono::steady_clock;
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  History history;
  history.reserve(4096);
  History* h = rules.has_repetition ? &history : nullptr;
  BenchResult r;
  auto start = Clock::now();
  do {
    State st = initial_state(rules);
    history.clear();
    while (!st.over) {
      MoveList legal = legal_moves(rules, st);
      apply(rules, st, legal[static_cast<int>(next() % legal.size())], nullptr, h);
      ++r.moves;
    }
    ++r.games;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (r.seconds < budget);
  return r;
}

int run_bench(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "bench", overrides.error);
  auto seconds = parse_int(args.get("seconds"), 1, 3600, "--seconds");
  if (!seconds) return usage_error(io, "bench", seconds.error);
  auto seed = parse_int(args.get("seed"), 0, INT64_MAX, "--seed");
  if (!seed) return usage_error(io, "bench", seed.error);
  auto loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  auto rules = compile(loaded->game);
  BenchResult r;
  try {
    r = run_games(*rules, static_cast<double>(*seconds.value), static_cast<uint64_t>(*seed.value));
  } catch (const RuntimeError& e) {
    fmt::print(io.err, "mancala bench: {}: {}\n", args.positionals()[0], e.what());
    return kFailed;
  }
  double gps = r.games / r.seconds, mps = r.moves / r.seconds;
  double avg = static_cast<double>(r.moves) / static_cast<double>(r.games);
  if (args.get("format") == "json") {
    JsonWriter w;
    w.begin_object().key("games_per_s").value(gps, 1).key("moves_per_s").value(mps, 1);
    w.key("avg_moves").value(avg, 2).end_object();
    fmt::print(io.out, "{}\n", w.str());
  } else {
    fmt::print(io.out, "{}: {} games, {} moves in {:.2f} s\n", rules->name, r.games, r.moves,
               r.seconds);
    fmt::print(io.out, "games/s {:.1f}\nmoves/s {:.1f}\naverage moves per game {:.2f}\n", gps, mps,
               avg);
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
      "from the start on one thread for about --seconds, and prints games/s, moves/s\n"
      "and the average number of moves per game. The same --seed plays the same games.";
  c.spec.usage = "bench [--seconds S] [--seed N] [--format text|json] [--set KEY=VALUE]... RULES";
  c.spec.min_positionals = 1;
  c.spec.max_positionals = 1;
  c.spec.flag(
      FlagSpec::option("seconds", "S", "how long to play (whole seconds)").defaults_to("3"));
  c.spec.flag(FlagSpec::option("seed", "N", "seed of the random moves").defaults_to("1"));
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text for people; json: {games_per_s, moves_per_s, avg_moves}")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(set_flag());
  c.run = run_bench;
  return c;
}

}  // namespace mancala::cli
