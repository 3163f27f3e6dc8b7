// The per-move JSON line (see position_json.hpp). Each key whose value is
// not a plain number or word has its own small writer, so that the order of
// keys reads top to bottom in position_json, exactly as in the reference
// records.
#include "position_json.hpp"

#include "json.hpp"

namespace mancala {
namespace {

// {"south":[...],"north":[...]} of f(p, i) over each row's holes 1..N
// (i: the hole's number round the player's side). On a four-row board each
// player's value is {"front":[...],"back":[...]}, each row from the
// player's left.
template <class F>
void write_rows(JsonWriter& w, const Rules& rules, const State& s, F f) {
  w.begin_object();
  int n = rules.holes;
  for (Player p : {Player::South, Player::North}) {
    w.key(player_name(p));
    if (rules.rows == 4) {
      w.begin_object().key("front").begin_array();
      for (int j = 1; j <= n; ++j) f(p, rules.ring_number(true, j));
      w.end_array().key("back").begin_array();
      for (int j = 1; j <= n; ++j) f(p, rules.ring_number(false, j));
      w.end_array().end_object();
      continue;
    }
    w.begin_array();
    for (int i = 1; i <= s.holes; ++i) f(p, i);
    w.end_array();
  }
  w.end_object();
}

void write_board(JsonWriter& w, const Rules& rules, const State& s) {
  write_rows(w, rules, s, [&](Player p, int i) { w.value(s.count(s.hole_cell(p, i))); });
}

void write_control(JsonWriter& w, const Rules& rules, const State& s) {
  write_rows(w, rules, s,
             [&](Player p, int i) { w.value(player_name(s.controller(s.hole_cell(p, i)))); });
}

void write_stores(JsonWriter& w, const Rules& rules, const State& s) {
  bool has = rules.stores != StoreKind::None;
  w.begin_object();
  w.key("south").value(has ? s.store(Player::South) : 0);
  w.key("north").value(has ? s.store(Player::North) : 0);
  w.end_object();
}

// {"tuzdik": {"south": [null, ..., "south", ...], "north": [...]}}: for each
// mark of the game, each hole's mark owner, or null when it is not marked.
void write_marks(JsonWriter& w, const Rules& rules, const State& s) {
  w.begin_object();
  for (size_t k = 0; k < rules.marks.size(); ++k) {
    int kind = static_cast<int>(k);
    w.key(rules.marks[k]);
    write_rows(w, rules, s, [&](Player p, int i) {
      int cell = s.hole_cell(p, i);
      if (s.marked(cell, kind)) {
        w.value(player_name(s.mark_owner(cell, kind)));
      } else {
        w.null();
      }
    });
  }
  w.end_object();
}

// A number, or a string for "pass", a move with a chosen direction ("3cw"),
// one with answers ("3/y"), one from the store ("s4") and every move of a
// four-row board ("f3").
void write_move(JsonWriter& w, Move m, MoveNames names) {
  if (m.is_pass() || m.way != Way::None || m.asked > 0 || m.is_from_store() || names.four_rows()) {
    w.value(format_move(m, names));
  } else {
    w.value(m.number);
  }
}

// The keys of an outcome, inside an object the caller opens and closes.
void write_outcome(JsonWriter& w, const Rules& rules, const Outcome& o) {
  w.key("winner").value(winner_word(rules, o.winner)).key("south").value(o.south);
  w.key("north").value(o.north);
}

void write_round_over(JsonWriter& w, const Rules& rules, const ApplyInfo& info) {
  if (!info.round_over && !info.game_over) {
    w.null();
    return;
  }
  w.begin_object();
  write_outcome(w, rules, info.end.outcome);
  w.key("reason").value(info.end.reason).end_object();
}

}  // namespace

const char* winner_word(const Rules& rules, Winner w) {
  if (rules.rows == 1) return w == Winner::South ? "won" : "lost";
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
  JsonWriter w;
  w.begin_object();
  w.key("game").value(record.game).key("ply").value(record.ply);
  w.key("mover").value(player_name(record.mover));
  w.key("move");
  write_move(w, record.move, rules.move_names());
  w.key("board");
  write_board(w, rules, after);
  w.key("stores");
  write_stores(w, rules, after);
  w.key("removed").value(after.removed);
  w.key("control");
  write_control(w, rules, after);
  if (!rules.marks.empty()) {  // only in games that declare marks
    w.key("marks");
    write_marks(w, rules, after);
  }
  if (!rules.counters.empty()) {  // only in games that declare counters
    w.key("counters").begin_object();
    for (size_t k = 0; k < rules.counters.size(); ++k)
      w.key(rules.counters[k]).value(after.counters[k]);
    w.end_object();
  }
  w.key("round").value(after.round);
  if (rules.match.winner == WinnerKind::MostRounds) {  // only in matches won by rounds
    w.key("rounds_won").begin_object();
    w.key("south").value(after.rounds_won[0]).key("north").value(after.rounds_won[1]);
    w.end_object();
  }
  w.key("to_move");
  if (after.over) {
    w.null();
  } else {
    w.value(player_name(after.to_move));
  }
  w.key("over").value(after.over).key("result");
  if (after.over) {
    w.begin_object();
    write_outcome(w, rules, after.result);
    w.end_object();
  } else {
    w.null();
  }
  if (rules.match.present) {
    w.key("round_over");
    write_round_over(w, rules, info);
  }
  w.end_object();
  return w.str();
}

}  // namespace mancala
