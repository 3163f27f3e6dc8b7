// The per-move JSON line (see position_json.hpp). Each key has its own
// small writer so that the order of keys reads top to bottom in
// position_json, exactly as in the reference records.
#include "position_json.hpp"

#include <fmt/format.h>

namespace mancala {
namespace {

// `[a,b,c]` of the n values f(0..n-1).
template <class F>
std::string json_list(int n, F f) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += ',';
    out += f(i);
  }
  return out + "]";
}

std::string board_json(const State& s) {
  auto row = [&](Player p) {
    return json_list(s.holes,
                     [&](int i) { return std::to_string(s.count(s.hole_cell(p, i + 1))); });
  };
  return fmt::format("{{\"south\":{},\"north\":{}}}", row(Player::South), row(Player::North));
}

std::string control_json(const State& s) {
  auto row = [&](Player p) {
    return json_list(s.holes, [&](int i) {
      return fmt::format("\"{}\"", player_name(s.controller(s.hole_cell(p, i + 1))));
    });
  };
  return fmt::format("{{\"south\":{},\"north\":{}}}", row(Player::South), row(Player::North));
}

std::string stores_json(const Rules& rules, const State& s) {
  bool has = rules.stores != StoreKind::None;
  return fmt::format("{{\"south\":{},\"north\":{}}}", has ? s.store(Player::South) : 0,
                     has ? s.store(Player::North) : 0);
}

std::string move_json(Move m) {
  return m.is_pass() ? std::string("\"pass\"") : std::to_string(m.number);
}

std::string outcome_json(const Outcome& o) {
  return fmt::format("{{\"winner\":\"{}\",\"south\":{},\"north\":{}", winner_word(o.winner),
                     o.south, o.north);
}

std::string round_over_json(const ApplyInfo& info) {
  if (!info.round_over && !info.game_over) return "null";
  return fmt::format("{},\"reason\":\"{}\"}}", outcome_json(info.end.outcome), info.end.reason);
}

}  // namespace

const char* winner_word(Winner w) {
  switch (w) {
    case Winner::South:
      return "south";
    case Winner::North:
      return "north";
    default:
      return "draw";
  }
}

std::string position_json(const Rules& rules, const MoveRecord& record, const State& after,
                          const ApplyInfo& info) {
  std::string out = fmt::format(
      "{{\"game\":{},\"ply\":{},\"mover\":\"{}\",\"move\":{},\"board\":{},\"stores\":{},"
      "\"removed\":{},\"control\":{},\"round\":{},",
      record.game, record.ply, player_name(record.mover), move_json(record.move), board_json(after),
      stores_json(rules, after), after.removed, control_json(after), after.round);
  out += fmt::format(
      "\"to_move\":{},\"over\":{},\"result\":{}",
      after.over ? std::string("null") : fmt::format("\"{}\"", player_name(after.to_move)),
      after.over ? "true" : "false",
      after.over ? outcome_json(after.result) + "}" : std::string("null"));
  if (rules.match.present) out += ",\"round_over\":" + round_over_json(info);
  return out + "}";
}

}  // namespace mancala
