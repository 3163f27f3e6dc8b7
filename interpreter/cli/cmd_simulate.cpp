// `mancala simulate RULES --games N --south SPEC --north SPEC`: many games
// between two agents, and a report on them.
//
// The work is the library's (interpreter/agents/include/simulate.hpp), so tests can call
// it without the binary; this file reads flags, shows a progress bar, and
// prints the report. The bar goes to stderr and only when stderr is a
// terminal, polled from the main thread while the workers play, so that
// stdout carries nothing but the report and is the same for every run
// with the same seed, whatever --threads says.
#include <fmt/format.h>

#include <chrono>
#include <future>
#include <system_error>
#include <thread>

#include "agents.hpp"
#include "command.hpp"
#include "simulate.hpp"

namespace mancala::cli {
namespace {

void draw_progress(Io& io, int done, int total) {
  constexpr int kWidth = 30;
  int filled = total > 0 ? done * kWidth / total : kWidth;
  fmt::print(io.err, "\r[{}{}] {}/{} games", std::string(filled, '#'),
             std::string(kWidth - filled, '.'), done, total);
  std::fflush(io.err);
}

// Runs the simulation on a worker thread while this one draws the bar.
Expected<SimulationReport> run_with_progress(const Rules& rules, SimulationOptions& options,
                                             Io& io) {
  std::atomic<int> finished{0};
  options.finished = &finished;
  auto job = std::async(std::launch::async, [&] { return simulate(rules, options); });
  bool bar = io.err_tty;
  while (job.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) {
    if (bar) draw_progress(io, finished.load(), options.games);
  }
  if (bar) fmt::print(io.err, "\r\x1b[K");
  return job.get();
}

Expected<SimulationOptions> read_options(const ParsedArgs& args) {
  using Result = Expected<SimulationOptions>;
  SimulationOptions o;
  auto games = parse_int(args.get("games"), 1, 100000000, "--games");
  if (!games) return Result::fail(games.error);
  auto threads = parse_int(args.get("threads"), 1, 256, "--threads");
  if (!threads) return Result::fail(threads.error);
  auto seed = parse_int(args.get("seed"), 0, INT64_MAX, "--seed");
  if (!seed) return Result::fail(seed.error);
  auto opening = parse_int(args.get("opening-plies"), 0, 1000, "--opening-plies");
  if (!opening) return Result::fail(opening.error);
  auto max_plies = parse_int(args.get("max-plies"), 1, 100000000, "--max-plies");
  if (!max_plies) return Result::fail(max_plies.error);
  o.games = static_cast<int>(*games.value);
  o.threads = static_cast<int>(*threads.value);
  o.seed = static_cast<uint64_t>(*seed.value);
  o.opening_plies = static_cast<int>(*opening.value);
  o.max_plies = static_cast<int>(*max_plies.value);
  o.south = args.get("south");
  o.north = args.get("north");
  return Result::ok(std::move(o));
}

int run_simulate(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "simulate", overrides.error);
  auto options = read_options(args);
  if (!options) return usage_error(io, "simulate", options.error);
  for (const std::string* spec : {&options.value->south, &options.value->north}) {
    if (*spec == "human")
      return usage_error(io, "simulate", "simulate plays agents only, not 'human'");
  }
  for (const std::string* spec : {&options.value->south, &options.value->north}) {
    std::string error = agent_spec_error(*spec);
    if (!error.empty()) return usage_error(io, "simulate", error);
  }
  std::optional<LoadedGame> loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  Expected<SimulationReport> result;
  try {
    result = run_with_progress(*rules, *options.value, io);
  } catch (const std::system_error& e) {  // std::async could not start its thread
    result = Expected<SimulationReport>::fail(
        fmt::format("cannot start a thread: {}", e.code().message()));
  }
  if (!result) {  // the specs were checked above: a database or the system failed us
    fmt::print(io.err, "mancala simulate: {}\n", result.error);
    return kFailed;
  }
  const SimulationReport& report = *result.value;
  if (args.get("format") == "json") {
    fmt::print(io.out, "{}\n", simulation_json(report));
  } else {
    fmt::print(io.out, "{}", simulation_text(report));
  }
  return report.errors > 0 ? kFailed : kOk;
}

}  // namespace

Command simulate_command() {
  Command c;
  c.name = "simulate";
  c.summary = "play many games between two agents and report on them";
  c.description =
      "Reports wins, draws and losses of each side, South's (the first player's) score\n"
      "rate with a 95% Wilson interval, game length in plies, rounds per match,\n"
      "captures per game, and how often each end clause or guard fired (by its label).\n"
      "Game i is played by agents seeded from (--seed, i) only, so the report is the\n"
      "same for a seed whatever --threads says. Alpha-beta is deterministic: two\n"
      "alpha-beta sides play one game over and over unless --opening-plies N starts\n"
      "each game with N random moves; without them the interval is taken over the one\n"
      "distinct game. No rate is printed when no game finished. Agents: random,\n"
      "greedy, alphabeta, mcts, with options as in `ai:alphabeta:depth=4` or\n"
      "`mcts:iterations=2000` (docs/agents.md); `alphabeta:egtb=FILE` gives alpha-beta an\n"
      "endgame database of the game (`mancala egtb build`).\n"
      "Games are totalled as they end, so memory does not grow with --games.\n"
      "A progress bar is shown on stderr when it is a terminal. Status 1 if any game\n"
      "failed (a runtime error of the rule file), an agent's database cannot be loaded\n"
      "for the game, or a thread could not be started.";
  c.spec.positional("RULES");
  c.spec.flag(FlagSpec::option("games", "N", "how many games to play").defaults_to("100"));
  c.spec.flag(FlagSpec::option("south", "SPEC", "South's agent (moves first)")
                  .defaults_to("alphabeta:depth=4"));
  c.spec.flag(FlagSpec::option("north", "SPEC", "North's agent").defaults_to("alphabeta:depth=4"));
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  c.spec.flag(FlagSpec::option("threads", "N", "worker threads (results do not depend on it)")
                  .defaults_to(std::to_string(cores)));
  c.spec.flag(
      FlagSpec::option("seed", "N", "seed of every game's agents and opening").defaults_to("1"));
  c.spec.flag(
      FlagSpec::option("opening-plies", "N", "random moves that start each game").defaults_to("0"));
  c.spec.flag(FlagSpec::option("max-plies", "N", "a game longer than this counts as unfinished")
                  .defaults_to("100000"));
  c.spec.flag(FlagSpec::option("format", "FORMAT", "text for people, json for scripts")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(set_flag());
  c.run = run_simulate;
  return c;
}

}  // namespace mancala::cli
