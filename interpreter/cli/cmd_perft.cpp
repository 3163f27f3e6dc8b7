// `mancala perft RULES --depth N`: count the move tree, depth by depth.
//
// Perft counts are a functional signature of a game's rules (as in chess
// engines): a refactor of the runtime that should not change play must
// leave them unchanged. The count at depth d is the number of move
// sequences of length d from the start; a game that is over before d
// contributes nothing deeper. Games with `repetition` clauses get their own
// History copy per branch, so the counts follow the real rules at some cost
// in speed.
//
// The text form prints each depth as soon as it is known and flushes it
// (as Stockfish does), so a run stopped by ^C keeps what it counted: the
// tree is walked again for each depth (iterative deepening), which costs
// about 1/(b-1) more for a branching factor b, some 25% for Kalah. The JSON
// form is one object printed at the end, from one walk that fills every
// depth.
#include <fmt/format.h>

#include "command.hpp"
#include "json.hpp"
#include "runtime.hpp"

namespace mancala::cli {
namespace {

void walk(const Rules& rules, const State& state, const History* history, int ply, int depth,
          std::vector<uint64_t>& leaves) {
  MoveList moves = legal_moves(rules, state);
  leaves[ply] += static_cast<uint64_t>(moves.size());
  if (ply + 1 >= depth) return;
  for (Move m : moves) {
    State next = state;
    if (history == nullptr) {
      apply(rules, next, m);
      if (!next.over) walk(rules, next, nullptr, ply + 1, depth, leaves);
    } else {
      History h = *history;
      apply(rules, next, m, nullptr, &h);
      if (!next.over) walk(rules, next, &h, ply + 1, depth, leaves);
    }
  }
}

int run_perft(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "perft", overrides.error);
  auto depth = parse_int(args.get("depth"), 1, 64, "--depth");
  if (!depth) return usage_error(io, "perft", depth.error);
  auto seed = read_setup_seed(args);
  if (!seed) return usage_error(io, "perft", seed.error);
  std::optional<LoadedGame> loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  const int n = static_cast<int>(*depth.value);
  std::vector<uint64_t> leaves(n, 0);
  State start = initial_state(*rules, *seed.value);
  History history;
  History* h = rules->has_repetition ? &history : nullptr;
  const bool json = args.get("format") == "json";
  try {
    if (json) {
      if (!start.over) walk(*rules, start, h, 0, n, leaves);
    } else {
      for (int d = 1; d <= n; ++d) {
        std::vector<uint64_t> counts(d, 0);
        if (!start.over) walk(*rules, start, h, 0, d, counts);
        fmt::print(io.out, "depth {}: {}\n", d, counts[d - 1]);
        flush(io.out);
      }
      return kOk;
    }
  } catch (const RuntimeError& e) {
    fmt::print(io.err, "mancala perft: runtime error: {}\n", e.what());
    return kFailed;
  }
  {
    JsonWriter w;
    w.begin_object().key("game").value(rules->name).key("depth").value(n);
    w.key("leaves").begin_array();
    for (uint64_t count : leaves) w.value(count);
    w.end_array().end_object();
    fmt::print(io.out, "{}\n", w.str());
  }
  return kOk;
}

}  // namespace

Command perft_command() {
  Command c;
  c.name = "perft";
  c.summary = "count the move sequences of each length from the start (a rules signature)";
  c.description =
      "Prints, for each depth 1..N, the number of move sequences of that length\n"
      "from the start position (passes are moves; finished games stop counting).\n"
      "In text form each depth is printed as soon as it is counted, so ^C keeps the\n"
      "depths done; the JSON object is printed once, at the end.";
  c.spec.positional("RULES");
  c.spec.flag(FlagSpec::option("depth", "N", "the deepest ply to count, 1..64").require());
  c.spec.flag(
      FlagSpec::option("format", "FORMAT",
                       "text: one line per depth; json: {\"game\",\"depth\",\"leaves\":[...]}")
          .one_of({"text", "json"})
          .defaults_to("text"));
  c.spec.flag(setup_seed_flag());
  c.spec.flag(set_flag());
  c.run = run_perft;
  return c;
}

}  // namespace mancala::cli
