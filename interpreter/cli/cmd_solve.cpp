// `mancala solve RULES`: the exact value of the start position (or of the
// position after --moves), with a principal variation and the value of
// every first move.
//
// The solver (interpreter/solve) answers in Scores, the result first and
// then the margin; this file turns them into what people read: "south wins
// by 4", the margin South minus North as the JSON `value`. A node or time
// limit is not a failure: the answer is then proven bounds, marked
// exact=false, and the status is still 0. Progress goes to standard error
// only when it is a terminal, so JSON and pipes see nothing extra.
#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "command.hpp"
#include "json.hpp"
#include "move_list.hpp"
#include "runtime.hpp"
#include "solve.hpp"

namespace mancala::cli {
namespace {

// "south wins by 4", "north wins by 2", "draw"; a result that does not
// follow the margin says both ("south wins, margin -3"). A one-player game
// is "won" or "lost", with the seeds its store ends with.
std::string describe_score(Score s, bool solitaire) {
  Winner w = score_winner(s);
  int m = score_margin(s);
  if (solitaire) return fmt::format("{}, {} in the store", w == Winner::South ? "won" : "lost", m);
  if (w == Winner::South && m > 0) return fmt::format("south wins by {}", m);
  if (w == Winner::North && m < 0) return fmt::format("north wins by {}", -m);
  if (w == Winner::Draw && m == 0) return "draw";
  return fmt::format("{}, margin {}",
                     w == Winner::Draw ? "draw" : std::string(winner_name(w)) + " wins", m);
}

std::string describe_bounds(Bounds b, bool solitaire) {
  if (b.exact()) {
    return fmt::format("{:+d} ({})", score_margin(b.lower), describe_score(b.lower, solitaire));
  }
  return fmt::format("in [{:+d}, {:+d}] (from {} to {})", score_margin(b.lower),
                     score_margin(b.upper), describe_score(b.lower, solitaire),
                     describe_score(b.upper, solitaire));
}

// What a finished game is here: a match is solved to its end, every round,
// unless --round asks for the current round.
const char* scope(const Rules& rules, const SolveLimits& limits) {
  return !rules.match.present ? "game" : limits.one_round ? "round" : "match";
}

void write_bounds(JsonWriter& w, Bounds b) {
  w.key("exact").value(b.exact());
  if (b.exact()) {
    w.key("value").value(score_margin(b.lower));
    w.key("result").value(winner_name(score_winner(b.lower)));
    return;
  }
  w.key("lower").value(score_margin(b.lower));
  w.key("upper").value(score_margin(b.upper));
  w.key("lower_result").value(winner_name(score_winner(b.lower)));
  w.key("upper_result").value(winner_name(score_winner(b.upper)));
}

void print_json(const Rules& rules, const State& start, const SolveLimits& limits,
                const SolveResult& r, Io& io) {
  MoveNames names = rules.move_names();
  JsonWriter w;
  w.begin_object().key("game").value(rules.name);
  w.key("to_move").value(player_name(start.to_move)).key("scope").value(scope(rules, limits));
  write_bounds(w, r.value);
  w.key("pv").begin_array();
  for (Move m : r.pv) w.value(format_move(m, names));
  w.end_array().key("pv_complete").value(r.pv_complete);
  w.key("moves").begin_array();
  for (const MoveValue& mv : r.moves) {
    w.begin_object().key("move").value(format_move(mv.move, names));
    write_bounds(w, mv.value);
    w.end_object();
  }
  w.end_array();
  w.key("nodes").value(r.nodes).key("seconds").value(r.seconds, 3);
  w.key("stopped").value(r.stopped).end_object();
  fmt::print(io.out, "{}\n", w.str());
}

void print_text(const Rules& rules, const State& start, const SolveLimits& limits,
                const SolveResult& r, Io& io) {
  MoveNames names = rules.move_names();
  const bool solitaire = rules.players() == 1;
  std::string_view scope_words = !rules.match.present ? ""
                                 : limits.one_round
                                     ? "; the value is this round's (round {}), to its end"
                                     : "; the value is the whole match's, every round to its end";
  fmt::print(io.out, "{}: {} to move{}\n", rules.name, player_name(start.to_move),
             fmt::format(fmt::runtime(scope_words), start.round));
  fmt::print(io.out, "value: {}{}\n", describe_bounds(r.value, solitaire),
             r.value.exact() ? ", exact" : ", bounds only (a limit stopped the search)");
  if (r.value.exact()) {
    std::string pv;
    for (Move m : r.pv) pv += (pv.empty() ? "" : " ") + format_move(m, names);
    fmt::print(io.out, "principal variation: {}{}\n", pv.empty() ? "(none)" : pv,
               r.pv_complete ? "" : " ... (stopped)");
  }
  if (!r.moves.empty()) fmt::print(io.out, "first moves (South minus North):\n");
  for (const MoveValue& mv : r.moves) {
    fmt::print(io.out, "  {:<6} {}\n", format_move(mv.move, names),
               describe_bounds(mv.value, solitaire));
  }
  double rate = r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0;
  fmt::print(io.out,
             "nodes: {} in {:.2f} s ({:.0f} nodes/s; table of {} entries, keys of {} bits{}{})\n",
             r.nodes, r.seconds, rate, r.table_entries, r.key_bits,
             r.store_free ? " without the stores" : "",
             r.egtb_hits ? fmt::format("; {} positions from the database", r.egtb_hits) : "");
}

// A number of seconds, > 0.
Expected<double> parse_seconds(std::string_view text) {
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !(v > 0) || !std::isfinite(v)) {
    return Expected<double>::fail(
        fmt::format("--time: expected a number of seconds above 0, got '{}'", text));
  }
  return Expected<double>::ok(v);
}

struct Options {
  SolveLimits limits;
  std::vector<std::pair<std::string, int64_t>> overrides;
};

Expected<Options> read_options(const ParsedArgs& args) {
  using Result = Expected<Options>;
  Options o;
  auto overrides = read_overrides(args);
  if (!overrides) return Result::fail(overrides.error);
  o.overrides = *overrides.value;
  auto nodes = parse_int(args.get("max-nodes"), 0, INT64_MAX, "--max-nodes");
  if (!nodes) return Result::fail(nodes.error);
  o.limits.max_nodes = static_cast<uint64_t>(*nodes.value);
  auto memory = parse_int(args.get("memory"), 1, 1 << 20, "--memory");
  if (!memory) return Result::fail(memory.error);
  o.limits.memory_mb = static_cast<size_t>(*memory.value);
  o.limits.one_round = args.has("round");
  auto threads = parse_int(args.get("threads"), 1, 256, "--threads");
  if (!threads) return Result::fail(threads.error);
  o.limits.threads = static_cast<int>(*threads.value);
  if (args.has("time")) {
    auto seconds = parse_seconds(args.get("time"));
    if (!seconds) return Result::fail(seconds.error);
    o.limits.seconds = *seconds.value;
  }
  return Result::ok(std::move(o));
}

// Plays --moves from the start, keeping the history a repetition clause
// reads; an error message when one is illegal.
std::string play_prefix(const Rules& rules, State& s, const std::vector<Move>& moves,
                        History& history) {
  MoveNames names = rules.move_names();
  for (size_t i = 0; i < moves.size(); ++i) {
    if (s.over)
      return fmt::format("move {} ({}): the game is already over", i + 1,
                         format_move(moves[i], names));
    MoveList legal = legal_moves(rules, s);
    if (!legal.contains(moves[i])) {
      return fmt::format("move {} ({}) is not legal; legal moves: {}", i + 1,
                         format_move(moves[i], names), format_moves(legal, names));
    }
    apply(rules, s, moves[i], nullptr, &history);
  }
  return "";
}

int run_solve(const ParsedArgs& args, Io& io) {
  auto options = read_options(args);
  if (!options) return usage_error(io, "solve", options.error);
  auto seed = read_setup_seed(args);
  if (!seed) return usage_error(io, "solve", seed.error);
  std::optional<LoadedGame> loaded = load_game(args.positionals()[0], options.value->overrides, io);
  if (!loaded) return kFailed;
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  auto moves = parse_move_list(args.get("moves"), rules->move_names());
  if (!moves) return usage_error(io, "solve", moves.error);
  std::string refused = unsolvable_reason(*rules);
  if (!refused.empty()) {
    fmt::print(io.err, "mancala solve: {} cannot be solved: {}\n", rules->name, refused);
    return kFailed;
  }
  try {
    State start = initial_state(*rules, *seed.value);
    History history;
    std::string bad = play_prefix(*rules, start, *moves.value, history);
    if (!bad.empty()) {
      fmt::print(io.err, "mancala solve: --moves: {}\n", bad);
      return kFailed;
    }
    std::optional<Egtb> egtb;
    if (args.has("egtb")) {
      egtb = Egtb::load(*rules, args.get("egtb"));
      options.value->limits.egtb = &*egtb;
    }
    std::function<void(const SolveProgress&)> progress;
    if (io.err_tty) {
      progress = [&io](const SolveProgress& p) {
        std::string moves =
            p.phase == "moves" ? fmt::format(" {}/{}", p.moves_done, p.moves_total) : "";
        fmt::print(
            io.err,
            "\r\x1b[Ksolving ({}{}): {} nodes, {:.1f} s, {:.0f} nodes/s, value in [{:+d}, {:+d}]",
            p.phase, moves, p.nodes, p.seconds, p.seconds > 0 ? p.nodes / p.seconds : 0.0,
            score_margin(p.bounds.lower), score_margin(p.bounds.upper));
        std::fflush(io.err);
      };
    }
    SolveResult r = solve(*rules, start, options.value->limits, progress, &history);
    if (io.err_tty && r.nodes >= (uint64_t{1} << 20)) fmt::print(io.err, "\r\x1b[K");
    if (args.get("format") == "json") {
      print_json(*rules, start, options.value->limits, r, io);
    } else {
      print_text(*rules, start, options.value->limits, r, io);
    }
  } catch (const RuntimeError& e) {
    fmt::print(io.err, "mancala solve: runtime error: {}\n", e.what());
    return kFailed;
  } catch (const EgtbError& e) {
    fmt::print(io.err, "mancala solve: --egtb: {}\n", e.what());
    return kFailed;
  } catch (const SolveError& e) {
    fmt::print(io.err, "mancala solve: {}: {}\n", rules->name, e.what());
    return kFailed;
  }
  return kOk;
}

}  // namespace

Command solve_command() {
  Command c;
  c.name = "solve";
  c.summary = "the exact value of a position with perfect play (docs/solving.md)";
  c.description =
      "Searches the whole game tree from the start (or from the position after --moves)\n"
      "with alpha-beta and a transposition table, and prints the value for South:\n"
      "the final margin, South's total minus North's, with perfect play by both sides\n"
      "(a better result always outranks a better margin), a principal variation, and\n"
      "the value of every legal first move. No depth limit and no heuristic: the value\n"
      "is exact, or, when --max-nodes or --time stops the search, proven bounds\n"
      "`value in [a, b]` (exact: false; the status is still 0). A game with a\n"
      "`repetition` end clause is searched with the positions since the last capture,\n"
      "as play keeps them. A game that can cycle with no rule to end it is refused\n"
      "(status 1) when the search meets a line that returns to a position on it.\n"
      "Progress is shown on standard error when it is a terminal.";
  c.spec.positional("RULES");
  c.spec.flag(FlagSpec::option("moves", "LIST",
                               "solve the position after these moves, comma-separated (6,3,2)")
                  .defaults_to(""));
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text: for people; json: one object, `value` South minus North")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(
      FlagSpec::option("max-nodes", "N", "stop after N positions (0: no limit)").defaults_to("0"));
  c.spec.flag(FlagSpec::option("time", "SECONDS", "stop after this many seconds (e.g. 2.5)"));
  c.spec.flag(FlagSpec::option("memory", "MB", "the transposition table's size in megabytes")
                  .defaults_to("256"));
  c.spec.flag(FlagSpec::toggle(
      "round", 0, "a match: solve the current round only (its outcome ends the search)"));
  c.spec.flag(FlagSpec::option("threads", "N",
                               "workers sharing the first moves (the answer does not depend on N)")
                  .defaults_to("1"));
  c.spec.flag(FlagSpec::option("egtb", "FILE",
                               "an endgame database of these rules (`mancala egtb build`)"));
  c.spec.flag(setup_seed_flag());
  c.spec.flag(set_flag());
  c.run = run_solve;
  return c;
}

}  // namespace mancala::cli
