// `mancala replay RULES --moves 6,3,pass,2 [--format text|jsonl]`: play a
// list of moves and show the position after each.
//
// The jsonl form is the reference record format of tests/reference
// (position_json.hpp), so replaying a record's moves must reproduce it byte
// for byte; the text form draws the board for people. Every line is
// written as soon as its move is played, so when a move turns out to be
// illegal the lines before it are already out and the error names the ply
// and the moves that were legal there. With --record, RULES may be left
// out (the record's own `rules:` is used), and a record is refused, naming
// what differs, when its rule texts or its settings are not those of this
// replay.
#include <fmt/format.h>

#include "board_view.hpp"
#include "command.hpp"
#include "move_list.hpp"
#include "position_json.hpp"
#include "record.hpp"
#include "runtime.hpp"
#include "text.hpp"

namespace mancala::cli {
namespace {

// The rows of a four-row board as South sees them, top to bottom: North's
// back and front rows, South's front and back rows, each from South's
// left, with the stores on the back rows' lines.
std::string draw_four_rows(const Rules& rules, const State& s) {
  int n = rules.holes;
  auto row = [&](Player p, bool front) {
    std::string out;
    for (int j = 1; j <= n; ++j) {
      int from_own_left = p == Player::South ? j : n + 1 - j;
      int number = rules.ring_number(front, from_own_left);
      out += fmt::format(" {:>4}", s.count(s.hole_cell(p, number)));
    }
    return out;
  };
  auto store = [&](Player p) {
    return rules.stores == StoreKind::None ? "" : fmt::format("  store {}", s.store(p));
  };
  std::string out =
      fmt::format("  north back {}{}\n", row(Player::North, false), store(Player::North));
  out += fmt::format("  north front{}\n", row(Player::North, true));
  out += fmt::format("  south front{}\n", row(Player::South, true));
  return out + fmt::format("  south back {}{}\n", row(Player::South, false), store(Player::South));
}

// The board as South sees it: North's row reversed on top. A hole
// controlled by the other row's player (a son) is marked with '*'.
std::string draw_board(const Rules& rules, const State& s) {
  auto row = [&](Player p, bool reversed) {
    std::string out;
    for (int i = 0; i < s.holes; ++i) {
      int cell = s.hole_cell(p, reversed ? s.holes - i : i + 1);
      out += fmt::format("{:>4}{}", s.count(cell), s.controller(cell) != p ? '*' : ' ');
    }
    return out;
  };
  std::string stores;
  if (rules.stores != StoreKind::None) {
    stores = fmt::format("  store {}", s.store(Player::North));
  }
  std::string out;
  if (rules.rows == 4) {
    out = draw_four_rows(rules, s);
  } else {
    if (rules.rows == 2) out = fmt::format("  north {}{}\n", row(Player::North, true), stores);
    if (rules.stores != StoreKind::None) stores = fmt::format("  store {}", s.store(Player::South));
    out += fmt::format("  south {}{}\n", row(Player::South, false), stores);
  }
  if (s.removed > 0) out += fmt::format("  removed {}\n", s.removed);
  if (std::string marks = marks_summary(rules, s); !marks.empty()) {
    out += fmt::format("  marks {}\n", marks);
  }
  if (!rules.counters.empty()) out += fmt::format("  counters {}\n", counters_summary(rules, s));
  return out;
}

// "south 25-23", or in a one-player game "won, 12 in the store, 0 left".
std::string result_words(const Rules& rules, const Outcome& o) {
  if (rules.rows == 1) {
    return fmt::format("{}, {} in the store, {} left", winner_word(rules, o.winner), o.south,
                       o.north);
  }
  return fmt::format("{} {}-{}", winner_word(rules, o.winner), o.south, o.north);
}

void print_text(const Rules& rules, const MoveRecord& r, const State& s, const ApplyInfo& info,
                Io& io) {
  fmt::print(io.out, "ply {}: {} plays {}\n", r.ply, player_name(r.mover),
             format_move(r.move, rules.move_names()));
  fmt::print(io.out, "{}", draw_board(rules, s));
  if (info.round_over && !info.game_over) {
    const Outcome& o = info.end.outcome;
    fmt::print(io.out, "  round {} over ({}): {} {}-{}; round {} starts\n", s.round - 1,
               info.end.reason, winner_word(rules, o.winner), o.south, o.north, s.round);
  }
  if (s.over) {
    fmt::print(io.out, "  game over ({}): {}\n", info.end.reason, result_words(rules, s.result));
  } else {
    fmt::print(io.out, "  to move: {}\n", player_name(s.to_move));
  }
}

// Plays `moves`, printing after each; kFailed at the first bad move, or at
// the first position that differs from `expected` (a game record's) when given.
int play_moves(const Rules& rules, uint64_t seed, const std::vector<Move>& moves, int game_index,
               bool jsonl, Io& io, const std::vector<std::string>* expected = nullptr) {
  State state = initial_state(rules, seed);
  History history;
  if (!jsonl) {
    fmt::print(io.out, "start\n{}", draw_board(rules, state));
    if (state.over) {
      fmt::print(io.out, "  game over before any move: {}\n", result_words(rules, state.result));
    } else {
      fmt::print(io.out, "  to move: {}\n", player_name(state.to_move));
    }
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    MoveRecord record{game_index, static_cast<int>(i + 1), state.to_move, moves[i]};
    if (state.over) {
      fmt::print(io.err, "mancala replay: ply {}: the game is already over\n", record.ply);
      return kFailed;
    }
    MoveList legal = legal_moves(rules, state);
    if (!legal.contains(moves[i])) {
      fmt::print(io.err, "mancala replay: ply {}: {} cannot play {}; legal moves: {}\n", record.ply,
                 player_name(state.to_move), format_move(moves[i], rules.move_names()),
                 format_moves(legal, rules.move_names()));
      return kFailed;
    }
    ApplyInfo info;
    try {
      info = apply(rules, state, moves[i], nullptr, &history);
    } catch (const RuntimeError& e) {
      fmt::print(io.err, "mancala replay: ply {}: runtime error: {}\n", record.ply, e.what());
      return kFailed;
    }
    std::string line = position_json(rules, record, state, info);
    if (jsonl) {
      fmt::print(io.out, "{}\n", line);
    } else {
      print_text(rules, record, state, info, io);
    }
    if (expected && line != (*expected)[i]) {
      fmt::print(io.err,
                 "mancala replay: ply {}: the position differs from the record\n"
                 "  recorded: {}\n  replayed: {}\n",
                 record.ply, (*expected)[i], line);
      return kFailed;
    }
  }
  return kOk;
}

// `--record FILE`: the record's moves, checked against its positions. The
// record's settings apply unless --set is given; a record made with other
// rule texts (another rules_hash) is refused unless --force.
int replay_record(const ParsedArgs& args, std::vector<std::pair<std::string, int64_t>> overrides,
                  int game_index, Io& io) {
  const std::string path = args.get("record");
  auto record = read_record(path);
  if (!record) {
    fmt::print(io.err, "mancala replay: {}\n", record.error);
    return kFailed;
  }
  const GameRecord& r = *record.value;
  const bool set_given = !overrides.empty();
  if (!set_given) overrides = r.settings;
  const std::string rules_path =
      args.positionals().empty() ? resolve_rules_path(path, r.rules) : args.positionals()[0];
  std::optional<LoadedGame> loaded = load_game(rules_path, overrides, io);
  if (!loaded) return kFailed;
  // The hash covers the settings too (they are a source, "<command line>"),
  // so the rule text is compared by hashing it with the record's settings.
  std::string hash = rules_hash(loaded->sources);
  const bool settings_differ = set_given && overrides != r.settings;
  std::string text_hash = hash;
  if (settings_differ) {
    static const DiskFileSystem disk;
    SourceSet sources;
    Diagnostics quiet;
    CheckOptions options;
    options.fs = &disk;
    options.overrides = r.settings;
    (void)check_file(rules_path, sources, quiet, options);
    text_hash = rules_hash(sources);
  }
  std::vector<std::string> differences;
  if (text_hash != r.rules_hash) {
    differences.push_back(fmt::format(
        "the rule text differs (recorded: {} as {}; now: {} as {}: the file or one of its "
        "imports has changed, or it is another game)",
        r.rules, r.rules_hash, rules_path, text_hash));
  }
  if (settings_differ) {
    auto text = [](const std::vector<std::pair<std::string, int64_t>>& set) {
      std::vector<std::string> items;
      for (const auto& [k, v] : set) items.push_back(fmt::format("{}={}", k, v));
      return items.empty() ? std::string("none") : join(items, ", ");
    };
    differences.push_back(fmt::format("the settings differ (recorded: {}; --set: {})",
                                      text(r.settings), text(overrides)));
  }
  if (!differences.empty() && !args.has("force")) {
    fmt::print(io.err,
               "mancala replay: {}: {};\n  the game may not replay; use --force to try anyway\n",
               path, join(differences, "; and "));
    return kFailed;
  }
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  std::vector<std::string> expected;
  for (const std::string& p : r.positions) expected.push_back(canonical_json_of_position(p));
  auto moves = record_moves(path, r, rules->move_names());
  if (!moves) {
    fmt::print(io.err, "mancala replay: {}\n", moves.error);
    return kFailed;
  }
  int status = play_moves(*rules, r.seed, *moves.value, game_index, args.get("format") == "jsonl",
                          io, &expected);
  if (status == kOk) {
    fmt::print(io.err, "mancala replay: {}: all {} positions reproduced\n", path, r.moves.size());
  }
  return status;
}

int run_replay(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "replay", overrides.error);
  auto game_index = parse_int(args.get("game-index"), 0, 1000000000, "--game-index");
  if (!game_index) return usage_error(io, "replay", game_index.error);
  if (args.has("record")) {  // the parser saw to it that --moves is not also given
    return replay_record(args, *overrides.value, static_cast<int>(*game_index.value), io);
  }
  if (args.positionals().empty()) {
    return usage_error(io, "replay", "missing RULES (only --record may leave it out)");
  }
  std::optional<LoadedGame> loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  auto moves = parse_move_list(args.get("moves"), rules->move_names());
  if (!moves) return usage_error(io, "replay", moves.error);
  auto seed = read_setup_seed(args);
  if (!seed) return usage_error(io, "replay", seed.error);
  return play_moves(*rules, *seed.value, *moves.value, static_cast<int>(*game_index.value),
                    args.get("format") == "jsonl", io);
}

}  // namespace

Command replay_command() {
  Command c;
  c.name = "replay";
  c.summary = "play a list of moves and show each position";
  c.description =
      "Moves are named as in docs/cli.md (Move notation): the mover's own holes 1..N,\n"
      "the opponent's hole k as N+k (a son the mover controls, or any hole with `from all\n"
      "holes`), and `pass`; on a four-row board the row and the hole from the mover's\n"
      "left, f3 or b3 (the opponent's of3, ob3); where the\n"
      "mover chooses the direction, the hole and ccw or cw (3cw); where a move asks the\n"
      "mover questions, the answers after a slash, y or n in the order asked (3/y, 3cw/ny);\n"
      "s and a number of seeds for a move from the store (s3).\n"
      "jsonl prints one JSON object per move, the record format of game files.\n"
      "An illegal move stops the replay with status 1, naming the ply and the\n"
      "legal moves; the positions before it are printed. With --record, the moves of\n"
      "a game record are replayed and each position must match the recorded one\n"
      "(status 1 naming the first ply that differs). With --record, RULES may be left\n"
      "out: the record's `rules:` is used, relative to the record's folder, else to the\n"
      "current directory. A record whose rules_hash is not that of RULES, or whose\n"
      "settings are not those of --set, is refused (saying which) unless --force.";
  c.spec.positional("RULES", Arity::optional);
  c.spec.flag(FlagSpec::option("moves", "LIST", "the moves, comma-separated (e.g. 6,3,pass,2)")
                  .require_either("what to replay"));
  c.spec.flag(FlagSpec::option("record", "FILE",
                               "a game record (play --record): replay it, checking every position")
                  .require_either("what to replay"));
  c.spec.flag(FlagSpec::toggle("force", 0, "replay a record even if its rules_hash differs"));
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text: the board after each move; jsonl: one JSON object per move")
                  .one_of({"text", "jsonl"})
                  .defaults_to("text"));
  c.spec.flag(
      FlagSpec::option("game-index", "N",
                       "the value of the `game` key in jsonl (to reproduce a multi-game file)")
          .defaults_to("0"));
  c.spec.flag(setup_seed_flag());
  c.spec.flag(set_flag());
  c.run = run_replay;
  return c;
}

}  // namespace mancala::cli
