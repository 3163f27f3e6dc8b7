// Moves and their consequences: legal moves, apply, end clauses, rounds.
//
// legal_moves walks the mover's controlled holes in move-number order (so
// the list comes out ascending) and filters them through the `moves`
// clauses; the two look-ahead filters (`must feed`, and `endless illegal`
// in a game that can relay) play the candidate on a State copy on the C++
// stack; where the board shows that a candidate's first lap ends its move
// (Rules::first_lap_test), the endless check needs no sowing at all. apply
// runs the same move pipeline (apply.hpp: sow_loop.hpp, then sow_end
// with pending captures, then captures and commit), then the end clauses in
// file order, then, in a match, the round logic of match.cpp; through
// Rules::applying, so that a game's compiled pipeline runs in its place. The
// one pipeline serves real moves and look-ahead alike, so they cannot
// disagree. Two kinds of move leave the common path, each kept out of the
// way of games without it: moves from the store (`from store`, listed
// after the starts by for_each_store_move) and moves that ask the mover
// questions (`ask`): composite_moves plays each start once per answer
// sequence, and the look-ahead filters then judge each whole move.
// random_legal_move plays only the drawn candidate ahead; apply_random_move,
// for playouts, sows that candidate on the state itself, so that where an
// endless move is illegal the look-ahead that finds it stops is its sowing.
#include "runtime.hpp"

#include <algorithm>

#include "apply.hpp"
#include "machine.hpp"
#include "rng.hpp"
#include "text.hpp"

namespace mancala {

bool MoveList::contains(Move m) const {
  for (Move x : *this) {
    if (x == m) return true;
  }
  return false;
}

std::string format_moves(const MoveList& moves, MoveNames names) {
  std::vector<std::string> words;
  for (Move m : moves) words.push_back(format_move(m, names));
  return join(words, ", ");
}

int History::occurrences(uint64_t position_hash) const {
  int n = 0;
  for (uint64_t h : hashes_) n += h == position_hash;
  return n;
}

namespace {

// `scatter N min M`: M seeds in every hole, then the rest thrown one at a
// time, each into any hole with equal chance (mirrored: into South's row,
// and North's row copies it).
void scatter(const Rules& r, State& s, uint64_t seed) {
  int cells = r.in_play;
  for (int c = 0; c < cells; ++c) s.cells[c] = static_cast<uint16_t>(r.scatter_min);
  int rest = r.scatter - cells * r.scatter_min;
  int targets = r.scatter_mirrored ? r.side : cells;
  if (r.scatter_mirrored) rest /= 2;
  Rng rng(seed ^ 0x5CA77E2D5EEDull);  // not the agents' stream for the same seed
  for (int i = 0; i < rest; ++i) ++s.cells[rng.below(targets)];
  if (r.scatter_mirrored) {
    for (int c = 0; c < r.side; ++c) s.cells[r.side + c] = s.cells[c];
  }
}

}  // namespace

State initial_state(const Rules& r, uint64_t seed) {
  State s;
  s.holes = static_cast<uint8_t>(r.side);
  if (r.scatter > 0) {
    scatter(r, s, seed);
  } else {
    for (int c = 0; c < r.in_play; ++c) {  // one-player games: South's row only
      int number = c % r.side;             // 0-based, from the row's player's left
      s.cells[c] = static_cast<uint16_t>(r.row.empty() ? r.seeds : r.row[number]);
    }
  }
  for (int p = 0; p < (r.rows == 1 ? 1 : 2); ++p) {
    s.cells[s.store_cell(static_cast<Player>(p))] = static_cast<uint16_t>(r.store_seeds);
  }
  s.control = r.default_control;
  Machine m(r, s, Player::South, nullptr);
  end_if_stuck(m, nullptr);  // e.g. `where count(hole) >= 2` with one seed per hole
  return s;
}

// ---- one move's pipeline ---------------------------------------------------

int store_start_cell(Machine& m) {
  const Rules& r = m.rules;
  if (r.from_store_into.empty()) return m.s.hole_cell(m.mover, 1);
  int64_t cell = exec(m, r.from_store_into);
  if (cell < 0 || cell >= 2 * r.side) {
    throw RuntimeError("'from store into' named a store: a move from the store enters at a hole");
  }
  return static_cast<int>(cell);
}

bool run_move(Machine& m, int start) {
  return sow_and_finish(m, start);
}

// ---- legal moves -------------------------------------------------------------

namespace {

// The look-ahead filters that apply to the player to move: `endless
// illegal` in a game that can relay, `must feed` while the opponent
// controls no seed, and `forbid after`.
struct Lookahead {
  bool endless = false;
  bool feed = false;
  bool after = false;
  bool any() const { return endless || feed || after; }
};

[[gnu::always_inline]] inline Lookahead lookahead_for(const Rules& r, const State& s) {
  return {r.may_be_endless && r.endless == EndlessKind::Illegal, feed_binds(r, s),
          !r.forbid_after.empty()};
}

// Whether the position a move led to passes every `forbid after` (the
// machine is the move's: `mover` is the player who moved).
bool passes_after(const Rules& r, Machine& m) {
  for (CodeRef f : r.forbid_after) {
    if (exec(m, f) != 0) return false;
  }
  return true;
}

// Whether the move `sim` is set up to play from `cell` (on `copy`, a copy
// of s) passes the look-ahead filters. A move that would never stop is
// judged by the `endless` clause alone.
[[gnu::always_inline]] inline bool judge(const Rules& r, const State& s, const State& copy,
                                         Machine& sim, int cell, Lookahead la) {
  if (!la.feed && !la.after) return sow_move(sim, cell);  // endless check only
  if (!run_move(sim, cell)) return r.endless != EndlessKind::Illegal;
  if (la.feed && copy.controlled_empty(other(s.to_move))) return false;
  sim.reversed = false;  // `forbid after` sees next and prev in the game's direction
  return !la.after || passes_after(r, sim);
}

// Whether the first lap of a move from `cell` is sure to end the move, in
// a game where that can be read off the board (Rules::first_lap_test): a
// lap of fewer seeds than the track drops one seed in each hole it passes,
// so no guarded drop code runs when no hole's count after its seed passes
// the guard; the lap ends in an empty hole (or a store), where the relay's
// default condition stops, and lap_end code, if any, is guarded against
// that count. False when that is not certain: the move is then sown.
[[gnu::always_inline]] inline bool first_lap_stops(const Rules& r, const State& s, int cell) {
  int mv = index(s.to_move);
  int len = r.track_len[mv];
  int p = r.track_pos[mv][cell];
  int n = s.cells[cell];
  if (n == 0 || n >= len || p >= len) return false;
  const uint8_t* path = r.track[mv].data() + p;  // doubled: path[n] needs no wrap
  if (r.has_drop) {
    const HereGuard& drop = r.event_guards[static_cast<size_t>(Event::Drop)];
    for (int i = 1; i <= n; ++i) {
      if (drop.admits(s.cells[path[i]] + 1)) return false;
    }
  }
  int land = path[n];
  int count = s.cells[land] + 1;
  if (!r.events[static_cast<size_t>(Event::LapEnd)].empty() &&
      r.event_guards[static_cast<size_t>(Event::LapEnd)].admits(count)) {
    return false;
  }
  return land >= 2 * r.side || count == 1;
}

// Whether a candidate start passes the look-ahead filters, by playing it
// on a copy of the position.
[[gnu::noinline]] bool played_passes(const Rules& r, const State& s, int cell, Way way,
                                     Lookahead la) {
  State copy = s;
  Machine sim(r, copy, s.to_move, nullptr);
  prepare(sim, Move{0, way});
  return judge(r, s, copy, sim, cell, la);
}

// Whether a candidate start passes the look-ahead filters: the first-lap
// test inline (it settles most candidates of the games that have it), the
// move played ahead out of line.
[[gnu::always_inline]] inline bool passes_lookahead(const Rules& r, const State& s, int cell,
                                                    Way way, Lookahead la) {
  if (r.first_lap_test && !la.feed && !la.after && first_lap_stops(r, s, cell)) return true;
  return played_passes(r, s, cell, way, la);
}

// The same for a move from the store.
bool store_move_passes(const Rules& r, const State& s, Move move, Lookahead la) {
  State copy = s;
  Machine sim(r, copy, s.to_move, nullptr);
  prepare(sim, move);
  return judge(r, s, copy, sim, start_cell(sim, move), la);
}

[[noreturn]] void too_many_moves() {
  throw RuntimeError("a position has more than " + std::to_string(MoveList::kCapacity) +
                     " legal moves (starts, answers and moves from the store)");
}

// Moves from the store one position may offer: with the 4N starts of the
// largest board, the capacity of a MoveList.
constexpr int kMaxStoreMoves = MoveList::kCapacity - 4 * kMaxRowHoles;

// `from store into holes [of P] [where F]`: the holes the mover may choose,
// as a mask over move numbers (bit k: move k + 1, the mover's own holes
// first); 0 when the rules name the hole.
uint64_t store_entries(const Rules& r, Machine& m) {
  if (!r.from_store_choice) return 0;
  int row = r.from_store_of.empty() ? -1 : static_cast<int>(exec(m, r.from_store_of));
  uint64_t mask = 0;
  for (int k = 0; k < r.in_play; ++k) {
    int cell = move_cell(r.side, m.mover, Move{static_cast<uint8_t>(k + 1)});
    if (row >= 0 && m.s.side(cell) != static_cast<Player>(row)) continue;
    // Off the mover's track (the other side of a four-row board): no lap sows there.
    if (r.track_pos[index(m.mover)][cell] >= r.track_len[index(m.mover)]) continue;
    m.hole = cell;
    if (!r.from_store_where.empty() && exec(m, r.from_store_where) == 0) continue;
    mask |= uint64_t{1} << k;
  }
  return mask;
}

// Calls f(move) for each move of `from store` open to the player to move
// (s1, s2, ... or the one of `seeds E`) that passes the look-ahead filters
// `la`, until f returns false.
template <typename F>
void for_each_store_move(const Rules& r, const State& s, F&& f, Lookahead la) {
  if (!r.from_store) return;
  int have = s.store(s.to_move);
  if (have == 0) return;
  Machine m(r, const_cast<State&>(s), s.to_move, nullptr);  // expressions only: no writes
  if (!r.from_store_when.empty() && exec(m, r.from_store_when) == 0) return;
  int lo = 1, hi = have;
  if (!r.from_store_seeds.empty()) {
    int64_t n = exec(m, r.from_store_seeds);
    if (n < 1 || n > have) return;
    lo = hi = static_cast<int>(n);
  }
  uint64_t entries = store_entries(r, m);
  int per_count = r.from_store_choice ? __builtin_popcountll(entries) : 1;
  if ((hi - lo + 1) * per_count > kMaxStoreMoves) too_many_moves();
  // false when f asked to stop
  auto offer = [&](Move move) {
    return (la.any() && !store_move_passes(r, s, move, la)) || f(move);
  };
  for (int n = lo; n <= hi; ++n) {
    Move move = Move::from_store(n);
    if (!r.from_store_choice) {
      if (!offer(move)) return;
      continue;
    }
    for (uint64_t left = entries; left != 0; left &= left - 1) {  // the hole, chosen
      move.number = static_cast<uint8_t>(__builtin_ctzll(left) + 1);
      if (!offer(move)) return;
    }
  }
}

// Whether a start cell passes the `where` and `forbid` expressions.
bool passes_expressions(const Rules& r, Machine& m, int cell) {
  m.hole = cell;
  if (r.where_min_seeds > 0) {
    if (m.s.cells[cell] < r.where_min_seeds) return false;
  } else if (!r.move_where.empty() && exec(m, r.move_where) == 0) {
    return false;
  }
  for (CodeRef f : r.forbid) {
    if (exec(m, f) != 0) return false;
  }
  return true;
}

// Whether a start's expressions are a count alone (`where count(hole) >=
// K`, no `forbid`): no code to run.
[[gnu::always_inline]] inline bool count_only(const Rules& r) {
  return r.where_min_seeds > 0 && r.forbid.empty();
}

// The starts of the player to move that hold at least `where_min_seeds`
// seeds, as a bit mask over cells (count_only games), built without a
// branch per hole when that count is 1.
[[gnu::always_inline]] inline uint64_t counted_starts(const Rules& r, const State& s) {
  uint64_t starts = start_bits(r, s);
  if (r.where_min_seeds == 1) return starts & s.nonempty_holes();
  uint64_t candidates = 0;
  for (uint64_t bits = starts; bits != 0; bits &= bits - 1) {
    int cell = __builtin_ctzll(bits);
    candidates |= uint64_t{s.cells[cell] >= r.where_min_seeds} << cell;
  }
  return candidates;
}

// Calls f(cell, way) for each legal start in move order (the mover's hole
// 1 first, around the ring; a hole the mover may sow either way twice, ccw
// then cw) until f returns false (then returns false), under the look-ahead
// filters `la` (an empty Lookahead skips them: the caller applies them
// itself, to the candidates it needs). The common case (any controlled non-empty hole)
// never comes here: see simple_moves and random_legal_move.
template <typename F>
bool for_each_start(const Rules& r, const State& s, F&& f, Lookahead la) {
  Player p = s.to_move;
  int first = 0;
  // With a count alone to pass, the holes short of it leave the mask at once.
  const bool counted = count_only(r);
  uint64_t mine = !counted                 ? move_order_bits(r, s, first)
                  : r.where_min_seeds == 1 ? occupied_starts_in_order(r, s, first)
                                           : in_move_order(r, s, counted_starts(r, s), first);
  Machine m(r, const_cast<State&>(s), p, nullptr);  // expressions only: no writes
  const int ring = 2 * r.side;
  for (; mine; mine &= mine - 1) {
    int cell = first + __builtin_ctzll(mine);
    if (cell >= ring) cell -= ring;
    if (!counted && !passes_expressions(r, m, cell)) continue;
    if (r.direction_choice && direction_at(m, cell) == Direction::Either) {
      for (Way way : {Way::Ccw, Way::Cw}) {
        if (la.any() && !passes_lookahead(r, s, cell, way, la)) continue;
        if (!f(cell, way)) return false;
      }
      continue;
    }
    if (la.any() && !passes_lookahead(r, s, cell, Way::None, la)) continue;
    if (!f(cell, Way::None)) return false;
  }
  return true;
}

// `must feed else any`: when no start feeds, the feed filter is lifted.
// Applied only where a look-ahead already runs, so the common path (a
// position with no look-ahead) does not pay for it.
Lookahead with_fallback(const Rules& r, const State& s, Lookahead la) {
  if (!la.feed || !r.feed_else_any) return la;
  bool feeds = false;
  auto found = [&](auto...) {
    feeds = true;
    return false;
  };
  for_each_start(r, s, found, la);
  if (r.from_store && !feeds) for_each_store_move(r, s, found, la);
  la.feed = feeds;
  return la;
}

// Calls f(move) for each legal move in order (the starts, then the moves
// from the store) until f returns false.
template <typename F>
[[gnu::always_inline]] inline void for_each_move(const Rules& r, const State& s, F&& f) {
  Lookahead la = with_fallback(r, s, lookahead_for(r, s));
  Player p = s.to_move;
  bool all = for_each_start(
      r, s,
      [&](int cell, Way way) {
        return f(Move{cell_move(r.side, p, cell).number, way});
      },
      la);
  if (r.from_store && all) for_each_store_move(r, s, f, la);
}

}  // namespace

// ---- filters on a listed move list ------------------------------------------

namespace {

// Keeps the moves for which keep(i) holds, in order, and with them their
// entries of `bits` (when given).
template <typename F>
void keep_where(MoveList& moves, uint32_t* bits, F&& keep) {
  int n = 0;
  for (int i = 0; i < moves.size(); ++i) {
    if (!keep(i)) continue;
    if (bits) bits[n] = bits[i];
    moves.data()[n++] = moves[i];
  }
  moves.set_size(n);
}

// A binding `first move` clause: only the moves from the required hole
// (both directions, if it offers two), when it is a legal start at all.
void keep_first_move(const Rules& r, const State& s, MoveList& moves, uint32_t* bits) {
  Player p = s.to_move;
  int number = r.first_move == FirstMove::Rightmost ? r.side : 1;
  if (s.controller(s.hole_cell(p, number)) != p) return;
  uint8_t required = cell_move(r.side, p, s.hole_cell(p, number)).number;
  auto from_required = [&](int i) { return moves[i].number == required; };
  bool any = false;
  for (int i = 0; i < moves.size(); ++i) any |= from_required(i);
  if (any) keep_where(moves, bits, from_required);
}

// The `prefer when` clauses [first, last) (at most 32) that a move's start
// hole passes, as bits (a move from the store has no start hole: it never
// passes them).
uint32_t when_preferences(const Rules& r, const State& s, Move move, size_t first, size_t last) {
  if (move.is_pass() || move.is_from_store()) return 0;
  bool any = false;
  for (size_t i = first; i < last; ++i) any |= !r.prefer[i].after;
  if (!any) return 0;
  uint32_t bits = 0;
  State copy = s;
  Machine m(r, copy, s.to_move, nullptr);
  prepare(m, move);
  m.hole = move_cell(r.side, s.to_move, move);
  for (size_t i = first; i < last; ++i) {
    if (!r.prefer[i].after && exec(m, r.prefer[i].code) != 0) bits |= 1u << (i - first);
  }
  return bits;
}

// The `prefer after` clauses [first, last) that the position a move led to
// passes, as bits; `played` is the move's machine, after run_move stopped.
uint32_t after_preferences(const Rules& r, Machine& played, size_t first, size_t last) {
  uint32_t bits = 0;
  played.reversed = false;  // as `forbid after`: next and prev in the game's direction
  for (size_t i = first; i < last; ++i) {
    if (r.prefer[i].after && exec(played, r.prefer[i].code) != 0) bits |= 1u << (i - first);
  }
  return bits;
}

// The `prefer` clauses [first, last) a legal move passes, as bits: its
// start hole for `when`, the position it leads to for `after`, played out
// once for all of them (a move that never stops passes none).
uint32_t preferences(const Rules& r, const State& s, Move move, size_t first, size_t last) {
  uint32_t bits = when_preferences(r, s, move, first, last);
  bool after = false;
  for (size_t i = first; i < last; ++i) after |= r.prefer[i].after;
  if (!after || move.is_pass()) return bits;
  State copy = s;
  Machine play(r, copy, s.to_move, nullptr);
  prepare(play, move);
  if (!run_move(play, start_cell(play, move))) return bits;
  return bits | after_preferences(r, play, first, last);
}

// The first 32 `prefer` clauses a move passes, as bits, judged on the
// machine that played it (`stopped`: its sowing stopped). Out of line, so
// that games without `prefer` do not carry it.
[[gnu::noinline]] uint32_t first_preferences(const Rules& r, const State& s, Move move,
                                             Machine& played, bool stopped) {
  size_t last = std::min<size_t>(r.prefer.size(), 32);
  uint32_t bits = when_preferences(r, s, move, 0, last);
  return stopped ? bits | after_preferences(r, played, 0, last) : bits;
}

// The `prefer` clauses in file order: each keeps the moves that pass it,
// when at least one does. A move is judged once for 32 clauses (one
// play-out, not one a clause); `known` holds each move's bits for the
// first 32, when the listing already played the moves out (or null).
void keep_preferred(const Rules& r, const State& s, MoveList& moves, const uint32_t* known) {
  std::array<uint32_t, MoveList::kCapacity> passed;
  for (size_t first = 0; first < r.prefer.size(); first += 32) {
    size_t last = std::min(first + 32, r.prefer.size());
    for (int i = 0; i < moves.size(); ++i) {
      passed[i] = first == 0 && known ? known[i] : preferences(r, s, moves[i], first, last);
    }
    for (size_t c = first; c < last; ++c) {
      uint32_t bit = 1u << (c - first);
      int kept = 0;
      for (int i = 0; i < moves.size(); ++i) kept += (passed[i] & bit) != 0;
      if (kept == 0 || kept == moves.size()) continue;
      keep_where(moves, passed.data(), [&](int i) { return (passed[i] & bit) != 0; });
    }
  }
}

}  // namespace

// ---- moves that ask questions ----------------------------------------------

namespace {

// A move with all its answers, and how it fares under the look-ahead filters.
struct Composite {
  Move move;
  bool feeds;   // `must feed`: the opponent controls seeds after it (or it never stops)
  bool passes;  // it passes `endless illegal` and `forbid after`
};

// Sorts moves ascending, each keeping its entry of `bits`.
[[gnu::noinline]] void sort_with_bits(MoveList& moves, uint32_t* bits) {
  std::array<uint8_t, MoveList::kCapacity> order;  // kCapacity <= 256
  static_assert(MoveList::kCapacity <= 256);
  for (int i = 0; i < moves.size(); ++i) order[i] = static_cast<uint8_t>(i);
  std::sort(order.begin(), order.begin() + moves.size(),
            [&](uint8_t a, uint8_t b) { return moves[a] < moves[b]; });
  MoveList sorted;
  std::array<uint32_t, MoveList::kCapacity> sorted_bits;
  for (int i = 0; i < moves.size(); ++i) {
    sorted.push(moves[order[i]]);
    sorted_bits[i] = bits[order[i]];
  }
  moves = sorted;
  std::copy(sorted_bits.begin(), sorted_bits.begin() + moves.size(), bits);
}

// Plays the start `prefix` names with its answers on a copy, answering no
// to every later question; reports that move to f, then does the same for
// each later question answered yes (so every answer sequence the move can
// ask is reported once, and each is played once). With kBits, f also gets
// the bits of the first 32 `prefer` clauses the move passes (0 otherwise).
template <bool kBits, typename F>
void expand(const Rules& r, const State& s, Move prefix, Lookahead la, F& f) {
  State copy = s;
  Machine sim(r, copy, s.to_move, nullptr);
  prepare(sim, prefix);
  bool stopped = run_move(sim, start_cell(sim, prefix));
  Composite c{prefix, true, true};
  c.move.asked = sim.asked;
  if (!stopped) {
    c.passes = r.endless != EndlessKind::Illegal;
  } else {
    c.feeds = !la.feed || !copy.controlled_empty(other(s.to_move));
    sim.reversed = false;  // `forbid after` sees next and prev in the game's direction
    c.passes = !la.after || passes_after(r, sim);
  }
  if constexpr (kBits) {
    f(c, first_preferences(r, s, prefix, sim, stopped));
  } else {
    f(c, 0);
  }
  for (int j = prefix.asked; j < sim.asked; ++j) {
    Move next = prefix;
    next.asked = static_cast<uint8_t>(j + 1);
    next.answers = static_cast<uint8_t>(prefix.answers | (1u << j));
    expand<kBits>(r, s, next, la, f);
  }
}

// legal_moves in a game that asks, or whose `prefer after` clauses play
// every move out anyway: every start that passes the expressions, with
// every answer sequence, then the look-ahead filters on each whole move
// (`must feed else any` falling back when no whole move feeds), each move
// played once; with kBits, `prefer` receives the bits of the first 32
// `prefer` clauses of each move listed (a game without them is compiled
// without that work). Out of line, so that its frame does not weigh on
// legal_moves in other games.
template <bool kBits>
[[gnu::noinline]] void composite_moves(const Rules& r, const State& s, MoveList& out,
                                       uint32_t* prefer) {
  Lookahead la = lookahead_for(r, s);
  std::array<Composite, MoveList::kCapacity> found;
  int n = 0;
  bool some_feeds = false;
  auto keep = [&](const Composite& c, uint32_t bits) {
    if (n == MoveList::kCapacity) too_many_moves();
    if constexpr (kBits) prefer[n] = bits;
    found[n++] = c;
    some_feeds |= c.feeds && c.passes;
  };
  Player p = s.to_move;
  for_each_start(
      r, s,
      [&](int cell, Way way) {
        expand<kBits>(r, s, Move{cell_move(r.side, p, cell).number, way}, la, keep);
        return true;
      },
      Lookahead{});
  for_each_store_move(
      r, s,
      [&](Move move) {
        expand<kBits>(r, s, move, la, keep);
        return true;
      },
      Lookahead{});
  bool feed = la.feed && !(r.feed_else_any && !some_feeds);
  for (int i = 0; i < n; ++i) {
    if (!found[i].passes || (feed && !found[i].feeds)) continue;
    if constexpr (kBits) prefer[out.size()] = prefer[i];  // out.size() <= i
    out.push(found[i].move);
  }
  if constexpr (kBits) {
    sort_with_bits(out, prefer);
  } else {
    std::sort(out.data(), out.data() + out.size());
  }
}

// legal_moves where listing the moves plays each out (questions, `prefer
// after`): the filters after the listing reuse those play-outs.
[[gnu::noinline]] void played_moves(const Rules& r, const State& s, MoveList& out) {
  if (!r.has_prefer) {
    composite_moves<false>(r, s, out, nullptr);
    if (first_move_pending(r, s)) keep_first_move(r, s, out, nullptr);
    return;
  }
  std::array<uint32_t, MoveList::kCapacity> prefer;
  composite_moves<true>(r, s, out, prefer.data());
  if (first_move_pending(r, s)) keep_first_move(r, s, out, prefer.data());
  keep_preferred(r, s, out, prefer.data());
}

[[gnu::noinline]] bool has_composite_move(const Rules& r, const State& s) {
  MoveList moves;
  composite_moves<false>(r, s, moves, nullptr);
  return !moves.empty();
}

// The starts random_legal_move draws among: those that pass the
// expressions, as a bit mask over cells, built without a branch per hole
// in the common case (`where count(hole) >= 1`, no `forbid`), and without
// running code for `where count(hole) >= K`.
[[gnu::always_inline]] inline uint64_t start_candidates(const Rules& r, const State& s) {
  if (count_only(r)) return counted_starts(r, s);
  uint64_t candidates = 0;
  for_each_start(
      r, s,
      [&](int cell, Way) {
        candidates |= uint64_t{1} << cell;
        return true;
      },
      Lookahead{});
  return candidates;
}

// Whether random_legal_move draws among start_candidates in this position
// (else it draws from legal_moves).
[[gnu::always_inline]] inline bool draws_candidates(const Rules& r, const State& s, Lookahead la) {
  return !first_move_pending(r, s) && la.any() && !r.direction_choice && !r.has_questions &&
         !r.from_store && r.prefer.empty();
}

// Whether a start of the player to move ends after its first lap, read
// off the board (Rules::first_lap_test), where that is all the look-ahead
// asks (`endless illegal` alone): then a legal move exists, whichever
// start comes first in move order, without sowing one.
bool some_first_lap_stops(const Rules& r, const State& s) {
  Lookahead la = lookahead_for(r, s);
  if (la.feed || la.after || r.direction_choice || r.has_questions) return false;
  for (uint64_t c = start_candidates(r, s); c != 0; c &= c - 1) {
    if (first_lap_stops(r, s, __builtin_ctzll(c))) return true;
  }
  return false;
}

}  // namespace

bool has_legal_move(const Rules& r, const State& s) {
  if (simple_position(r, s)) {
    // Stops at the first seed: most positions have one in the first hole.
    for (uint64_t bits = start_bits(r, s); bits; bits &= bits - 1) {
      if (s.cells[__builtin_ctzll(bits)] != 0) return true;
    }
    return false;
  }
  if (r.has_questions && lookahead_for(r, s).any()) return has_composite_move(r, s);
  if (r.first_lap_test && some_first_lap_stops(r, s)) return true;
  bool found = false;
  for_each_move(r, s, [&](Move) {
    found = true;
    return false;
  });
  return found;
}

int best_capture(const Rules& r, const State& s, Player p) {
  State turn = s;
  turn.to_move = p;
  int best = 0;
  for (Move m : legal_moves(r, turn)) {
    if (m.is_pass()) continue;
    State copy = turn;
    Machine sim(r, copy, p, nullptr);
    prepare(sim, m);
    if (!run_move(sim, start_cell(sim, m))) continue;  // an endless move takes nothing
    best = std::max(best, sim.captured + sim.removed);
  }
  return best;
}

namespace {

// legal_moves, into `out` (empty).
[[gnu::always_inline]] inline void list_legal_moves(const Rules& r, const State& s, MoveList& out) {
  if (s.over) return;
  bool simple = simple_position(r, s);
  if (!simple && (r.has_questions || r.prefer_after)) {
    played_moves(r, s, out);
  } else {
    if (simple) {
      simple_moves(r, s, out);
    } else {
      for_each_move(r, s, [&](Move m) {
        out.push(m);  // at most 4N starts and kMaxStoreMoves: within the capacity
        return true;
      });
    }
    if (first_move_pending(r, s)) keep_first_move(r, s, out, nullptr);
    if (!r.prefer.empty()) keep_preferred(r, s, out, nullptr);
  }
  if (out.empty() && r.pass_when_no_moves) out.push(Move::pass());
}

}  // namespace

MoveList legal_moves_interpreted(const Rules& r, const State& s) {
  MoveList out;
  list_legal_moves(r, s, out);
  return out;
}

// What a game's compiled listing (legal_moves_as) does not list itself.
void list_moves(const Rules& r, const State& s, MoveList& out) {
  list_legal_moves(r, s, out);
}

// Draws among the candidates that pass the expressions, and plays only the
// drawn ones ahead: a candidate that fails is dropped and the draw repeated,
// which is still uniform over the legal moves. A playout in a relay game
// thus sows about one candidate per ply instead of every one.
Move random_legal_move(const Rules& r, const State& s, Rng& rng) {
  if (unfiltered_position(r, s)) return simple_draw(r, s, rng);
  return draw_move(r, s, rng);
}

// What a game's compiled draw (simple_draw) does not draw itself.
Move draw_move(const Rules& r, const State& s, Rng& rng) {
  Player p = s.to_move;
  Lookahead la = lookahead_for(r, s);
  if (!draws_candidates(r, s, la)) {
    MoveList moves = legal_moves(r, s);
    MANCALA_ASSERT(!moves.empty() && "random_legal_move: the game is over");
    return moves[rng.below(moves.size())];
  }
  la = with_fallback(r, s, la);
  for (uint64_t candidates = start_candidates(r, s); candidates != 0;) {
    int cell = draw_cell(candidates, rng);
    if (passes_lookahead(r, s, cell, Way::None, la)) return cell_move(r.side, p, cell);
    candidates &= ~(uint64_t{1} << cell);
  }
  MANCALA_ASSERT(r.pass_when_no_moves && "random_legal_move: a live position without a move");
  return Move::pass();
}

// ---- ends and apply ---------------------------------------------------------

void end_endless(const Rules& r, State& s, Player mover, Observer* obs, ApplyInfo& info) {
  Machine m(r, s, mover, obs);
  info.endless = true;
  if (obs) obs->endless();
  bool draw = r.endless != EndlessKind::Ends;
  MANCALA_ASSERT(r.endless != EndlessKind::Illegal && "apply: an endless move is illegal");
  if (!draw && !r.endless_block.empty()) exec(m, r.endless_block);
  end_round(m, info, "endless", draw || m.draw);
}

// run_move for games whose moves may be endless without that making them
// illegal (`endless draw`, `endless ends`; restores_endless): an endless
// move leaves the state as it was before the move, and an observer sees
// none of its steps (the sowing is first probed on a copy). Kept out of
// line so that other games do not pay for the copy.
[[gnu::noinline]] bool run_move_or_restore(Machine& m, int start) {
  if (m.obs) {
    State copy = m.s;
    Machine probe(m.rules, copy, m.mover, nullptr);
    prepare(probe, m.move);  // the probe sows the move the mover chose
    if (!sow_move(probe, start)) return false;
    return sow_and_finish(m, start);
  }
  State saved = m.s;
  if (sow_and_finish(m, start)) return true;
  m.s = saved;
  return false;
}

[[noreturn]] void illegal_endless_move(Move move) {
  throw RuntimeError("apply: move " + std::to_string(move.number) +
                     " would never stop, and endless moves are illegal in this game: apply takes "
                     "a legal move");
}

ApplyInfo apply_interpreted(const Rules& r, State& s, Move move, Observer* obs, History* history) {
  return apply_as<Rules, nullptr>(r, s, move, obs, history);
}

ApplyInfo apply_random_move_interpreted(const Rules& r, State& s, Rng& rng, History* history) {
  return apply_random_move_as<Rules, nullptr>(r, s, rng, history);
}

// apply_random_move where an endless move is illegal: the drawn candidate
// is sown on the state itself (saved first, unless its first lap is seen
// to stop it) rather than on a copy, so that the look-ahead that finds it
// stops is also its sowing; a candidate that would never stop is put back
// and the draw repeated. The draws are random_legal_move's, and the move
// then played is apply's, step for step.
ApplyInfo apply_drawn_move(const Rules& r, State& s, Rng& rng, History* history) {
  Lookahead la = lookahead_for(r, s);
  if (la.feed || la.after || !draws_candidates(r, s, la)) {
    return apply(r, s, random_legal_move(r, s, rng), nullptr, history);
  }
  MANCALA_ASSERT(!s.over);
  Player p = s.to_move;
  record_start(r, s, history);
  for (uint64_t candidates = start_candidates(r, s); candidates != 0;) {
    int cell = draw_cell(candidates, rng);
    ApplyInfo info;
    info.mover = p;
    if (r.first_lap_test && first_lap_stops(r, s, cell)) {  // stops: nothing to save
      Machine m(r, s, p, nullptr);
      prepare(m, cell_move(r.side, p, cell));
      sow_move(m, cell);
      finish_sown_move(r, s, m, info, history);
      return info;
    }
    State saved = s;
    Machine m(r, s, p, nullptr);
    prepare(m, cell_move(r.side, p, cell));
    if (sow_move(m, cell)) {
      finish_sown_move(r, s, m, info, history);
      return info;
    }
    s = saved;
    candidates &= ~(uint64_t{1} << cell);
  }
  MANCALA_ASSERT(r.pass_when_no_moves && "apply_random_move: a live position without a move");
  return apply(r, s, Move::pass(), nullptr, history);
}

// Where random_legal_move draws among the candidates (the look-ahead is
// `endless illegal` alone), each candidate is sown on its own child, in
// move order, and kept if it stops: the look-ahead is the child's sowing.
// Elsewhere, legal_moves then apply on a copy for each.
void legal_children(const Rules& r, const State& s, MoveList& moves, State* children,
                    ApplyInfo* infos) {
  Lookahead la = s.over ? Lookahead{} : lookahead_for(r, s);
  moves.clear();
  if (la.feed || la.after || !draws_candidates(r, s, la)) {
    list_legal_moves(r, s, moves);
    static_assert(std::is_trivially_destructible_v<ApplyInfo>);  // so its storage is reused
    for (int i = 0; i < moves.size(); ++i) {
      children[i] = s;
      ::new (static_cast<void*>(infos + i)) ApplyInfo(apply(r, children[i], moves[i]));  // no copy
    }
    return;
  }
  Player p = s.to_move;
  int first = 0;
  for (uint64_t bits = in_move_order(r, s, start_candidates(r, s), first); bits != 0;
       bits &= bits - 1) {
    int cell = first + __builtin_ctzll(bits);
    if (cell >= 2 * r.side) cell -= 2 * r.side;
    Move move = cell_move(r.side, p, cell);
    State& child = children[moves.size()];
    ApplyInfo& info = infos[moves.size()];
    child = s;
    info = ApplyInfo{};
    info.mover = p;
    Machine m(r, child, p, nullptr);
    prepare(m, move);
    if (!sow_move(m, cell)) continue;  // it would never stop: not a legal move
    finish_sown_move(r, child, m, info, nullptr);
    moves.push(move);
  }
  if (moves.empty()) {
    MANCALA_ASSERT(r.pass_when_no_moves && "legal_children: a live position without a move");
    moves.push(Move::pass());
    children[0] = s;
    infos[0] = apply(r, children[0], Move::pass());
  }
}

// ---- evaluation and validation ---------------------------------------------

uint32_t add_store_table(Rules& r, CodeRef cond, int side) {
  auto first = static_cast<uint32_t>(r.store_tables.size());
  r.store_tables.resize(r.store_tables.size() + (static_cast<size_t>(side * side) + 63) / 64);
  State s = initial_state(r);
  for (int south = 0; south < side; ++south) {
    for (int north = 0; north < side; ++north) {
      s.cells[2 * r.side] = static_cast<uint16_t>(south);
      s.cells[2 * r.side + 1] = static_cast<uint16_t>(north);
      Machine m(r, s, Player::South, nullptr);
      if (exec(m, cond) == 0) continue;
      auto bit = static_cast<uint32_t>(south * side + north);
      r.store_tables[first + bit / 64] |= uint64_t{1} << (bit % 64);
    }
  }
  return first;
}

int64_t evaluate(const Rules& r, const State& s, Player pov) {
  if (r.evaluation.empty()) {
    Player o = other(pov);
    return int64_t{s.store(pov)} - s.store(o) + s.controlled_seeds(pov) - s.controlled_seeds(o);
  }
  Machine m(r, const_cast<State&>(s), pov, nullptr);  // expressions only
  return exec(m, r.evaluation);
}

namespace {

// A one-player game: North's row and store stay empty and South moves.
std::string validate_one_player(const Rules& r, const State& s) {
  for (int i = 1; i <= r.side; ++i) {
    if (s.count(s.hole_cell(Player::North, i)) != 0)
      return "seeds in North's row in a one-player game";
  }
  if (s.store(Player::North) != 0) return "seeds in North's store in a one-player game";
  if (s.control != r.default_control) return "a hole changes hands in a one-player game";
  if (!s.over && s.to_move != Player::South) return "North to move in a one-player game";
  return "";
}

}  // namespace

std::string validate(const Rules& r, const State& s) {
  if (s.holes != r.side) {
    return "the position has " + std::to_string(s.holes) + " holes per row, the game " +
           std::to_string(r.side);
  }
  for (int c = r.cells; c < kMaxCells; ++c) {
    if (s.cells[c] != 0) return "seeds in a cell beyond the board";
  }
  if (r.side < 32 && (s.control >> (2 * r.side)) != 0) return "control of a hole beyond the board";
  for (int k = 0; k < kMaxMarks; ++k) {
    if (k >= static_cast<int>(r.marks.size()) && (s.marks[k] || s.mark_north[k]))
      return "a mark the game does not declare";
    if ((s.mark_north[k] & ~s.marks[k]) != 0 || (r.side < 32 && (s.marks[k] >> (2 * r.side)) != 0))
      return "a mark on a hole beyond the board";
  }
  for (int k = static_cast<int>(r.counters.size()); k < kMaxCounters; ++k) {
    if (s.counters[k]) return "a counter the game does not declare";
  }
  long sum = s.seeds_in_play() + s.removed;
  if (sum != r.total()) {
    return "the position holds " + std::to_string(sum) +
           " seeds (holes + stores + removed), the game " + std::to_string(r.total());
  }
  if (r.stores == StoreKind::None && (s.store(Player::South) || s.store(Player::North))) {
    return "seeds in a store, but the game has no stores";
  }
  if (r.rows == 1) return validate_one_player(r, s);
  return "";
}

}  // namespace mancala
