// The end of a game or of a round, and matches of rounds.
//
// Kept apart from the move pipeline because it is cold code with its own
// vocabulary (outcomes, allocation, conquest, starters) and runs at most
// once per round. The refill follows docs/language.md, section 3 `match`:
// `conquest` as San-Yao (docs/games/san_yao.md) states it (the round winner
// fills their row, each full `seeds` of surplus conquers one loser hole as
// a son, the remainder is lent, the loser fills the rest; a tie fills own
// rows), `own` as Dakon and Congkak play it (each fills their own row as
// far as their store goes; the holes left empty can be marked as burnt).
// Filling is greedy from the stores, so even a file whose seeds were
// removed from play keeps every seed accounted for.
#include <algorithm>

#include "machine.hpp"

namespace mancala {
namespace {

Winner winner_of(int south, int north) {
  return south > north ? Winner::South : north > south ? Winner::North : Winner::Draw;
}

Outcome most_store(const State& s, bool draw) {
  Outcome o;
  o.south = static_cast<uint16_t>(s.store(Player::South));
  o.north = static_cast<uint16_t>(s.store(Player::North));
  o.winner = draw ? Winner::Draw : winner_of(o.south, o.north);
  return o;
}

// `winner most rounds` of a match: the player who won more rounds; the
// totals are the rounds won.
Outcome most_rounds(const State& s) {
  Outcome o;
  o.south = s.rounds_won[0];
  o.north = s.rounds_won[1];
  o.winner = winner_of(o.south, o.north);
  return o;
}

// The result of a match that is over.
Outcome match_result(const Rules& r, const State& s) {
  return r.match.winner == WinnerKind::MostRounds ? most_rounds(s) : most_store(s, false);
}

// `winner survivor`: the player to move who cannot move loses; totals are
// the seeds left in each row.
Outcome survivor(Machine& m, bool draw) {
  const State& s = m.s;
  Outcome o;
  o.south = static_cast<uint16_t>(s.row_seeds(Player::South));
  o.north = static_cast<uint16_t>(s.row_seeds(Player::North));
  if (draw) {
    o.winner = Winner::Draw;
    return o;
  }
  if (m.no_moves < 0) m.no_moves = has_legal_move(m.rules, s) ? 0 : 1;
  if (m.no_moves == 1) {
    o.winner = s.to_move == Player::South ? Winner::North : Winner::South;
  } else {
    o.winner = winner_of(o.south, o.north);
  }
  return o;
}

// One-player games (`rows 1`): won or lost, with the seeds in the store and
// those left on the board.
Outcome solo(const State& s, bool won) {
  Outcome o;
  o.south = static_cast<uint16_t>(s.store(Player::South));
  o.north = static_cast<uint16_t>(s.board_seeds());
  o.winner = won ? Winner::South : Winner::North;
  return o;
}

// `named`: the winner a `won by P` clause named, or -1 (the winner clause
// decides); a `draw` overrides it.
Outcome outcome(Machine& m, bool draw, bool won, int named) {
  const Rules& r = m.rules;
  if (r.rows == 1) return solo(m.s, won && !draw);
  Outcome o = r.winner == WinnerKind::Survivor ? survivor(m, draw) : most_store(m.s, draw);
  if (named >= 0 && !draw) o.winner = named == 0 ? Winner::South : Winner::North;
  return o;
}

// Moves up to `want` seeds from `from`'s store into each of `holes`.
void fill(State& s, Player from, const int* holes, int count, int want) {
  int store = s.store_cell(from);
  for (int i = 0; i < count; ++i) {
    int n = std::min<int>(want, s.cells[store]);
    s.cells[holes[i]] += static_cast<uint16_t>(n);
    s.cells[store] -= static_cast<uint16_t>(n);
  }
}

// Board seeds left at a round's end (an end clause without an allocation
// block) go to their controllers, so the refill starts from the stores.
void sweep_board(State& s) {
  for (int h = 0; h < 2 * s.holes; ++h) {
    s.cells[s.store_cell(s.controller(h))] += s.cells[h];
    s.cells[h] = 0;
  }
}

// In a match, a round's seeds all count: whatever an ending left on the
// board (a blockless clause, the stuck ending, the last round) goes to its
// controllers before the round's result is taken, so every round's result
// and the match's add up to all the seeds. (`winner survivor` counts the
// rows themselves, so its board stays until the refill.)
bool counts_board(const Rules& r) {
  return r.match.present && r.winner != WinnerKind::Survivor;
}

// `refill own`: each player fills their own holes from their own store,
// `seeds` a hole, from hole N down (`from end`) or from hole 1 up; a hole
// that cannot get a full `seeds` stays empty (and carries the refill's
// mark, cleared everywhere first); what is left stays in the store.
void refill_own(const Rules& r, State& s) {
  int n = r.side;
  int mark = r.match.refill_mark;
  if (mark >= 0) {
    s.marks[mark] = 0;
    s.mark_north[mark] = 0;
  }
  for (Player p : {Player::South, Player::North}) {
    int store = s.store_cell(p);
    for (int k = 0; k < n; ++k) {
      int cell = s.hole_cell(p, r.match.refill == RefillFrom::End ? n - k : k + 1);
      if (s.cells[store] >= r.seeds) {
        s.cells[cell] = static_cast<uint16_t>(r.seeds);
        s.cells[store] -= static_cast<uint16_t>(r.seeds);
      } else if (mark >= 0) {
        s.set_mark(cell, mark, true, p);
      }
    }
  }
}

// Whether the winner's surplus remainder (after `sons` full holes) takes
// one more hole under `refill conquest ... remainder N`.
bool rounds_up(const Rules& r, const State& s, Player w, int sons) {
  int want = r.match.refill_remainder;
  if (want == 0 || r.seeds == 0 || sons >= r.side) return false;
  int rest = s.store(w) - sons * r.seeds;
  return rest >= want && rest < r.seeds && s.store(other(w)) >= r.seeds - rest;
}

void refill(const Rules& r, State& s, Winner round_winner) {
  int n = r.side;
  sweep_board(s);
  s.control = r.default_control;
  if (r.match.refill_kind == RefillKind::Own) {
    refill_own(r, s);
    return;
  }
  if (r.match.refill_kind == RefillKind::None) return;  // the seeds stay in the stores
  int own[2][kMaxRowHoles];
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < n; ++i) own[p][i] = p * n + i;
  }
  if (round_winner == Winner::Draw || round_winner == Winner::None) {
    fill(s, Player::South, own[0], n, r.seeds);
    fill(s, Player::North, own[1], n, r.seeds);
    return;
  }
  Player w = round_winner == Winner::South ? Player::South : Player::North;
  Player l = other(w);
  fill(s, w, own[index(w)], n, r.seeds);
  int sons = r.seeds > 0 ? std::min(n, s.store(w) / r.seeds) : 0;
  if (rounds_up(r, s, w, sons)) {  // `remainder N`: the loser cedes the missing seeds
    int missing = r.seeds - s.store(w) % r.seeds;
    s.cells[s.store_cell(l)] = static_cast<uint16_t>(s.store(l) - missing);
    s.cells[s.store_cell(w)] = static_cast<uint16_t>(s.store(w) + missing);
    ++sons;
  }
  int son_cells[kMaxRowHoles];
  int keep_cells[kMaxRowHoles];
  int kept = 0;
  for (int k = 0; k < n; ++k) {
    // Sons are taken from the end of the loser's row (hole N, N-1, ...) or its start.
    int number = r.match.refill == RefillFrom::End ? n - k : k + 1;
    int cell = s.hole_cell(l, number);
    if (k < sons) {
      son_cells[k] = cell;
      s.set_controller(cell, w);
    } else {
      keep_cells[kept++] = cell;
    }
  }
  fill(s, w, son_cells, sons, r.seeds);
  // The rest of the surplus is lent to the loser.
  s.cells[s.store_cell(l)] += s.cells[s.store_cell(w)];
  s.cells[s.store_cell(w)] = 0;
  std::sort(keep_cells, keep_cells + kept);
  fill(s, l, keep_cells, kept, r.seeds);
}

// `mover`: who made the move that ended the round.
Player next_starter(const Rules& r, const State& s, Winner w, Player mover) {
  Player first = s.round_starter;
  bool tie = w == Winner::Draw || w == Winner::None;
  Player after_tie = r.match.after_tie == TieStarter::First ? first : other(first);
  switch (r.match.starter) {
    case StarterKind::Winner:
      return tie ? after_tie : (w == Winner::South ? Player::South : Player::North);
    case StarterKind::Loser:
      return tie ? after_tie : (w == Winner::South ? Player::North : Player::South);
    case StarterKind::Alternate:
      return other(first);
    case StarterKind::LastMover:
      return mover;
  }
  return other(first);
}

void end_game(Machine& m, ApplyInfo& info, const Outcome& result) {
  m.s.over = true;
  m.s.result = result;
  info.game_over = true;
  if (m.obs) m.obs->game_end(result);
}

}  // namespace

bool end_if_stuck(Machine& m, ApplyInfo* info, bool new_round) {
  const Rules& r = m.rules;
  if (r.pass_when_no_moves || has_legal_move(r, m.s)) return false;
  m.no_moves = 1;
  if (counts_board(r)) sweep_board(m.s);
  // A round nobody can start ends a match won by rounds with the rounds won.
  bool by_rounds = new_round && r.match.winner == WinnerKind::MostRounds;
  Outcome o = by_rounds ? most_rounds(m.s) : outcome(m, false, false, -1);
  ApplyInfo ignored;
  ApplyInfo& out = info ? *info : ignored;
  if (!out.round_over) out.end = EndInfo{o, "no moves", m.s.round};
  end_game(m, out, o);
  return true;
}

void end_round(Machine& m, ApplyInfo& info, std::string_view reason, bool draw, bool won,
               int named) {
  const Rules& r = m.rules;
  State& s = m.s;
  if (counts_board(r)) sweep_board(s);
  Outcome o = outcome(m, draw, won, named);
  info.end = EndInfo{o, reason, s.round};
  if (!r.match.present) {
    end_game(m, info, o);
    return;
  }
  info.round_over = true;
  if (o.winner == Winner::South || o.winner == Winner::North) {
    uint8_t& won = s.rounds_won[o.winner == Winner::South ? 0 : 1];
    if (won < 255) ++won;
  }
  if (m.obs) m.obs->round_end(info.end);
  bool ends = r.match.max_rounds > 0 && s.round >= r.match.max_rounds;
  if (!ends && !r.match_ends.empty()) ends = exec(m, r.match_ends) != 0;
  if (ends) {
    end_game(m, info, match_result(r, s));
    return;
  }
  Player starter = next_starter(r, s, o.winner, m.mover);
  refill(r, s, o.winner);
  s.round = static_cast<uint16_t>(s.round + 1);
  s.since_capture = 0;
  s.has_captor = false;
  s.round_starter = starter;
  s.to_move = starter;
  if (m.obs) m.obs->refill(s);
  m.no_moves = -1;
  end_if_stuck(m, &info, true);  // a new round nobody can start ends the match
}

}  // namespace mancala
