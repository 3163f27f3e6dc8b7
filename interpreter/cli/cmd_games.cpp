// `mancala games`: the shipped games, one line each.
//
// The games are the files of games/ built into the binary (check.hpp,
// shipped_games), so this lists what `mancala play NAME` and `import "NAME"`
// find from any directory. Each game is checked to read its name, board and
// origin (the `origin` key of its `info` section, else `region`).
#include <fmt/format.h>

#include <algorithm>

#include "command.hpp"
#include "json.hpp"

namespace mancala::cli {
namespace {

struct Row {
  std::string name;    // "kalah"
  std::string game;    // "Kalah"
  std::string origin;  // "" when the info section names none
  std::string board;   // "2x6, stores sown"
  int rows = 0;
  int holes = 0;
  std::string stores;
};

std::optional<Row> read_row(const ShippedGame& shipped) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult result = check_text(shipped.source_name, std::string(shipped.text), sources, diags);
  if (!result.game) return std::nullopt;
  const GameSpec& g = result.game->spec;
  Row row{shipped.name, g.name, "", "", g.rows, g.holes, std::string(spell(g.stores))};
  for (const char* key : {"origin", "region"}) {
    auto it =
        std::find_if(g.info.begin(), g.info.end(), [&](const auto& kv) { return kv.first == key; });
    if (it != g.info.end()) {
      row.origin = it->second;
      break;
    }
  }
  row.board = fmt::format("{}x{}, stores {}", row.rows, row.holes, row.stores);
  return row;
}

int run_games(const ParsedArgs& args, Io& io) {
  std::vector<Row> rows;
  for (const ShippedGame& g : shipped_games()) {
    if (auto row = read_row(g)) rows.push_back(*row);
  }
  if (args.get("format") == "json") {
    JsonWriter w(JsonWriter::Layout::Lines);
    w.begin_array();
    for (const Row& r : rows) {
      w.begin_object().key("name").value(r.name).key("game").value(r.game);
      w.key("origin").value(r.origin).key("board").value(r.board);
      w.key("rows").value(r.rows).key("holes").value(r.holes).key("stores").value(r.stores);
      w.end_object();
    }
    w.end_array();
    fmt::print(io.out, "{}\n", w.str());
    return kOk;
  }
  size_t name_w = 0, game_w = 0, board_w = 0;
  for (const Row& r : rows) {
    name_w = std::max(name_w, r.name.size());
    game_w = std::max(game_w, r.game.size());
    board_w = std::max(board_w, r.board.size());
  }
  for (const Row& r : rows) {
    std::string line = fmt::format("{:<{}}  {:<{}}  {:<{}}  {}", r.name, name_w, r.game, game_w,
                                   r.board, board_w, r.origin.empty() ? "-" : r.origin);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    fmt::print(io.out, "{}\n", line);
  }
  return kOk;
}

}  // namespace

Command games_command() {
  Command c;
  c.name = "games";
  c.summary = "list the shipped games (play one with 'mancala play NAME')";
  c.description =
      "Lists the games built into mancala, one a line: the name to give as RULES\n"
      "(mancala play kalah) or to import (import \"kalah\"), the game's own name,\n"
      "its board and where it is from (the origin or region of its info section;\n"
      "'-' when it names none).";
  c.spec.flag(FlagSpec::option("format", "FORMAT", "text: one line a game; json: one array")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.run = run_games;
  return c;
}

}  // namespace mancala::cli
