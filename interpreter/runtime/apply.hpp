// The pipeline of one move: the list of a simple position's moves, and
// apply's sowing, sow_end code and captures, who moves next, the
// counters, the end clauses.
//
// It lives in this header, as sow_loop.hpp's lap loop does, so that it is
// compiled twice from one text: in runtime.cpp reading the Rules
// (legal_moves_interpreted and apply_interpreted, what Rules::listing and
// Rules::applying hold by default), and in the C++ that `mancala compile
// --emit cpp` writes, where each game compiles legal_moves_as and apply_as
// with its settings (MANCALA_MOVE_SETTINGS, read through settings<S>) as
// constants and its compiled sowing called directly, so that the tests of
// flags fold away, the loops over a row are unrolled and the lap loop is
// inlined into the move. What only some games reach (a position that is
// not simple, an endless move, a restore, a match's new round) stays out
// of line in runtime.cpp and match.cpp, the same code for both.
#pragma once

#include <array>
#include <type_traits>

#include "machine.hpp"
#include "rng.hpp"

namespace mancala {

// Defined in match.cpp.
// `won`: a one-player game's clause says `won` (else the game is lost).
// `named`: the winner a `won by P` clause named (0 South, 1 North), or -1.
void end_round(Machine& m, ApplyInfo& info, std::string_view reason, bool draw, bool won = false,
               int named = -1);

// Defined in runtime.cpp, out of line: an endless move ends the game or
// round (`endless draw`, `endless ends`); a move played on a saved state
// where an endless move is not illegal (restores_endless); the error of
// an endless move where it is illegal.
void end_endless(const Rules& r, State& s, Player mover, Observer* obs, ApplyInfo& info);
bool run_move_or_restore(Machine& m, int start);
[[noreturn]] void illegal_endless_move(Move move);
// legal_moves into `out` (empty), the runtime's own listing.
void list_moves(const Rules& r, const State& s, MoveList& out);
// random_legal_move in a position that is not unfiltered_position's, the
// runtime's own draw.
Move draw_move(const Rules& r, const State& s, Rng& rng);

// For each byte: its bits set, and the position of its k-th set bit.
struct ByteBits {
  std::array<uint8_t, 256> count{};
  std::array<std::array<uint8_t, 8>, 256> select{};
};
inline constexpr ByteBits kByteBits = [] {
  ByteBits t;
  for (int b = 0; b < 256; ++b) {
    for (int i = 0; i < 8; ++i) {
      if (b >> i & 1) t.select[b][t.count[b]++] = static_cast<uint8_t>(i);
    }
  }
  return t;
}();

namespace {

// Whether `must feed` binds the player to move (the opponent controls no seed).
template <class S = Rules>
[[gnu::always_inline]] inline bool feed_binds(const Rules& r, const State& s) {
  return settings<S>(r).must_feed && s.controlled_empty(other(s.to_move));
}

// The common case: any controlled non-empty hole is a legal start (no
// expression, no look-ahead in this position).
template <class S = Rules>
[[gnu::always_inline]] inline bool simple_position(const Rules& r, const State& s) {
  return settings<S>(r).simple_starts && !feed_binds<S>(r, s);
}

// ---- legal moves -------------------------------------------------------------

// The cells the player to move may start from, as a bit mask over
// 0..2N-1: those they control, or every hole (`from all holes`). The
// control mask is flipped for South by an XOR, not chosen by a branch on
// the mover, which alternates (callgrind counted it mispredicted 0.6 times
// a Kalah move).
template <class S = Rules>
[[gnu::always_inline]] inline uint64_t start_bits(const Rules& r, const State& s) {
  const S& set = settings<S>(r);
  if (set.from_all) return set.hole_mask;
  uint64_t south = uint64_t{0} - uint64_t{s.to_move == Player::South};
  return (s.control ^ south) & set.hole_mask;
}

// A mask over cells in move order: bit k is the cell `first` + k round the
// ring of 2S holes, `first` being the mover's hole 1 (so that the move
// from bit k is number k + 1).
template <class S = Rules>
[[gnu::always_inline]] inline uint64_t in_move_order(const Rules& r, const State& s, uint64_t cells,
                                                     int& first) {
  const S& set = settings<S>(r);
  // Rotated by `first` (North's hole 1 to bit 0), without a branch on the
  // mover (see start_bits); the left shift in two steps so that it stays
  // below 64 when `first` is 0.
  first = set.side & -static_cast<int>(s.to_move == Player::North);
  return ((cells >> first) | ((cells << (2 * set.side - first - 1)) << 1)) & set.hole_mask;
}

// start_bits in move order.
template <class S = Rules>
[[gnu::always_inline]] inline uint64_t move_order_bits(const Rules& r, const State& s, int& first) {
  return in_move_order<S>(r, s, start_bits<S>(r, s), first);
}

// Whether a `first move` clause still binds the player to move.
template <class S = Rules>
[[gnu::always_inline]] inline bool first_move_pending(const Rules& r, const State& s) {
  return settings<S>(r).first_move != FirstMove::Any && !(s.moved & (1u << index(s.to_move)));
}

// A simple position whose moves no `first move` or `prefer` filters: its
// moves are its controlled non-empty holes (simple_moves, simple_draw).
template <class S = Rules>
[[gnu::always_inline]] inline bool unfiltered_position(const Rules& r, const State& s) {
  return simple_position<S>(r, s) && !first_move_pending<S>(r, s) && !settings<S>(r).has_prefer;
}

// legal_moves for a simple position: each controlled non-empty hole, in
// move order, written without a branch per hole (a plain walk of the row
// when the mover controls exactly their own side).
template <class S = Rules>
[[gnu::always_inline]] inline void simple_moves(const Rules& r, const State& s, MoveList& list) {
  const int side = settings<S>(r).side;
  int first = 0;
  uint64_t bits = move_order_bits<S>(r, s, first);
  Move* out = list.data();
  int n = 0;
  if (bits == (uint64_t{1} << side) - 1) {  // the mover's own side, as most positions are
    const uint16_t* cell = s.cells.data() + first;
    for (int k = 0; k < side; ++k) {
      write_plain_move(out + n, static_cast<uint64_t>(k + 1));
      n += cell[k] != 0;
    }
    list.set_size(n);
    return;
  }
  while (bits) {
    int k = __builtin_ctzll(bits);
    bits &= bits - 1;
    int c = first + k;
    if (c >= 2 * side) c -= 2 * side;
    write_plain_move(out + n, static_cast<uint64_t>(k + 1));
    n += s.cells[c] != 0;
  }
  list.set_size(n);
}

// legal_moves (runtime.hpp) with the settings S: a simple position's moves
// here, with no `first move` or `prefer` to filter them; any other from
// the runtime's own listing (list_moves).
template <class S>
[[gnu::always_inline]] inline MoveList legal_moves_as(const Rules& r, const State& s) {
  MoveList out;
  if (s.over || !unfiltered_position<S>(r, s)) {
    list_moves(r, s, out);
    return out;
  }
  simple_moves<S>(r, s, out);
  if (out.empty() && settings<S>(r).pass_when_no_moves) out.push(Move::pass());
  return out;
}

// The occupied starts of the player to move in move order (as
// in_move_order sets `first`): the mover's own row, as most positions have
// it, read as one run of cells.
template <class S = Rules>
[[gnu::always_inline]] inline uint64_t occupied_starts_in_order(const Rules& r, const State& s,
                                                                int& first) {
  const int side = settings<S>(r).side;
  uint64_t starts = start_bits<S>(r, s);
  uint64_t bits = in_move_order<S>(r, s, starts, first);
  return bits == (uint64_t{1} << side) - 1
             ? detail::nonempty_cells(s.cells.data() + first, side)
             : in_move_order<S>(r, s, starts & s.nonempty_holes(), first);
}

// The number of bits set, without a library call where the target has
// no popcount instruction (the baseline x86-64 this is built for).
[[gnu::always_inline]] inline int bit_count(uint64_t x) {
#ifdef __POPCNT__
  return __builtin_popcountll(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

// The position of the k-th (from 0) set bit of `bits` (k < its bits set):
// a table look-up per byte, so that a mask within one byte (six or seven
// holes) costs no branch on k. Clearing the k lowest bits in a loop ran k
// times, a branch a random draw mispredicted about once a move.
[[gnu::always_inline]] inline int select_bit(uint64_t bits, int k) {
  for (int base = 0;; base += 8, bits >>= 8) {
    int count = kByteBits.count[bits & 0xFF];
    if (k < count) return base + kByteBits.select[bits & 0xFF][k];
    k -= count;
  }
}

// One of `candidates` (not 0), drawn uniformly with rng.
[[gnu::always_inline]] inline int draw_cell(uint64_t candidates, Rng& rng) {
  return select_bit(candidates, rng.below(bit_count(candidates)));
}

// random_legal_move in a simple position with no `first move` or
// `prefer` to filter its moves: legal_moves would list the occupied
// starts in move order, so the same draw from the same count, without
// writing the list.
template <class S = Rules>
[[gnu::always_inline]] inline Move simple_draw(const Rules& r, const State& s, Rng& rng) {
  int first = 0;
  uint64_t bits = occupied_starts_in_order<S>(r, s, first);
  if (bits == 0) {  // the list would be the pass alone, drawn all the same
    MANCALA_ASSERT(settings<S>(r).pass_when_no_moves &&
                   "random_legal_move: a live position without a move");
    rng.below(1);
    return Move::pass();
  }
  return Move{static_cast<uint8_t>(draw_cell(bits, rng) + 1)};
}

// ---- the move ----------------------------------------------------------------

// How the pipeline sows: `kSow`, a game's compiled sowing, called directly
// (an observer's moves are sown by the copies that report every step); or,
// where kSow is null, sow_move (Rules::sowing).
template <Sowing kSow>
[[gnu::always_inline]] inline bool sow_as(Machine& m, int start) {
  if constexpr (kSow == nullptr) {
    return sow_move(m, start);
  } else {
    if (m.obs) return sow_observed(m, start);
    return kSow(m, start);
  }
}

// What a move does after its sowing: the sow_end handlers with pending
// captures, then the captures handlers and the commit.
template <class S = Rules>
[[gnu::always_inline]] inline void after_sowing(Machine& m) {
  const S& set = settings<S>(m);
  if (set.has_sow_end) {
    m.pending_mode = true;
    run_handlers(m, Event::SowEnd);
    m.pending_mode = false;
  }
  if (m.pending_count > 0) {
    if (set.has_captures) run_handlers(m, Event::Captures);
    commit_pending(m);
  }
}

// The move from `start` up to the commit of its captures (no end
// clauses). False when the sowing would never stop.
template <class S = Rules, Sowing kSow = nullptr>
[[gnu::always_inline]] inline bool sow_and_finish(Machine& m, int start) {
  if (!sow_as<kSow>(m, start)) return false;
  after_sowing<S>(m);
  return true;
}

// ---- ends --------------------------------------------------------------------

// A condition on the stores alone, from its table (DirectTest): stores
// past the table (more seeds than the game has) run the code.
[[gnu::always_inline]] inline bool store_test(Machine& m, const EndClauseCode& c) {
  const DirectTest& t = c.direct;
  auto side = static_cast<uint32_t>(t.k);
  uint32_t south = m.s.cells[2 * m.rules.side], north = m.s.cells[2 * m.rules.side + 1];
  if (south >= side || north >= side) return exec(m, c.cond) != 0;
  uint32_t bit = south * side + north;
  return (m.rules.store_tables[t.table + bit / 64] >> (bit % 64)) & 1u;
}

// Whether p's row is empty (State::row_empty), inline, its length a
// constant in a compiled game (a State played by these rules has
// `holes == side`).
template <class S>
[[gnu::always_inline]] inline bool row_empty(const Machine& m, Player p) {
  const int side = settings<S>(m).side;
  MANCALA_ASSERT(m.s.holes == side);
  return detail::cells_empty(m.s.cells.data() + index(p) * side, side);
}

// An end condition's direct test (Rules' DirectTest): what its code
// computes. `board` memoises the board's sum over the clauses of one move
// (-1: not yet summed; conditions change nothing).
template <class S>
[[gnu::always_inline]] inline bool direct_test(Machine& m, const EndClauseCode& c, int& board) {
  const DirectTest& t = c.direct;
  int64_t v = 0;
  switch (t.value) {
    case OpCode::StoreOfInt:
      return store_test(m, c);
    case OpCode::EmptyRow:
      v = row_empty<S>(m, Player::South) ||
          (settings<S>(m).rows != 1 && row_empty<S>(m, Player::North));
      // Both rows hold seeds: where each player controls their own row and
      // every own hole with a seed is a start (simple_position), the player
      // to move has a move, as has_legal_move would find; so the test that
      // a live position is not stuck (check_end) costs nothing more.
      if (v == 0 && m.no_moves < 0 && m.s.control == m.rules.default_control &&
          simple_position<S>(m.rules, m.s)) {
        m.no_moves = 0;
      }
      break;
    case OpCode::NoMoves:
      if (m.no_moves < 0) m.no_moves = has_legal_move(m.rules, m.s) ? 0 : 1;
      v = m.no_moves;
      break;
    case OpCode::BoardSeeds:
      if (board < 0) board = m.s.board_seeds();
      v = board;
      break;
    default:  // Ply
      v = m.s.ply;
      break;
  }
  return t.passes(v);
}

// Runs the end clauses in file order; the first that fires ends the
// game/round. Then the guarantee that a live position has a move or a pass.
template <class S>
[[gnu::always_inline]] inline void check_end(Machine& m, ApplyInfo& info, int repetitions) {
  const Rules& r = m.rules;
  State& s = m.s;
  int board = -1;
  for (const EndClauseCode& c : r.end) {
    bool fired = false;
    switch (c.kind) {
      case EndKind::When:
        fired = c.direct.empty() ? exec(m, c.cond) != 0 : direct_test<S>(m, c, board);
        break;
      case EndKind::Stalemate:
        fired = s.since_capture >= c.count;
        break;
      case EndKind::Repetition:
        fired = repetitions >= c.count;
        break;
    }
    if (!fired) continue;
    m.draw = c.draw;
    int named = c.won_by.empty() ? -1 : static_cast<int>(exec(m, c.won_by));
    if (!c.block.empty()) exec(m, c.block);
    end_round(m, info, c.label, m.draw, c.won, named);
    return;
  }
  if (!settings<S>(r).pass_when_no_moves) {
    if (m.no_moves < 0) m.no_moves = has_legal_move(r, s) ? 0 : 1;
    if (m.no_moves == 1) end_round(m, info, "no moves", false);
  }
}

// Whether apply plays a move on a saved state (run_move_or_restore): in
// a game where a move may be endless and that is not illegal (apply's
// move is legal, so where endless moves are illegal it stops).
template <class S = Rules>
[[gnu::always_inline]] inline bool restores_endless(const Rules& r) {
  return settings<S>(r).may_be_endless && settings<S>(r).endless != EndlessKind::Illegal;
}

// After a move that ended a round of a match (not the game): the next
// round's repetitions count from its start.
[[gnu::always_inline]] inline void restart_history(const State& s, const ApplyInfo& info,
                                                   History* history) {
  if (info.round_over && !info.game_over && history) {
    history->clear();
    history->push(s.position_hash());
  }
}

template <class S>
[[gnu::always_inline]] inline void record_position(const Rules& r, const State& s, History* h,
                                                   bool captured, int& reps) {
  if (!h || !settings<S>(r).has_repetition) return;
  if (captured) h->clear();
  uint64_t key = s.position_hash();
  h->push(key);
  reps = h->occurrences(key);
}

// ---- apply -------------------------------------------------------------------

// With a History that is still empty, the position before the first move
// is recorded first, so that the start position counts.
template <class S = Rules>
[[gnu::always_inline]] inline void record_start(const Rules& r, const State& s, History* h) {
  if (h && settings<S>(r).has_repetition && h->size() == 0) h->push(s.position_hash());
}

// After a move (not a pass) that stopped: what ApplyInfo takes from its
// sowing, and who moves next.
template <class S>
[[gnu::always_inline]] inline void after_move(const Rules& r, State& s, const Machine& m,
                                              ApplyInfo& info) {
  info.laps = m.lap;
  info.cancelled = m.cancel;
  s.moved |= static_cast<uint8_t>(1u << index(m.mover));
  s.to_move = m.extra_turn || settings<S>(r).rows == 1 ? m.mover : other(m.mover);
}

// After any move or pass: the counters, the repetition history, the end
// clauses and a new round.
template <class S>
[[gnu::always_inline]] inline void settle(const Rules& r, State& s, Machine& m, ApplyInfo& info,
                                          History* history) {
  s.ply = static_cast<uint16_t>(s.ply < 65535 ? s.ply + 1 : 65535);
  info.captured = m.captured;
  info.removed = m.removed;
  info.lifted = m.lifted;
  bool took = m.captured + m.removed > 0;
  s.since_capture =
      took ? 0 : static_cast<uint16_t>(s.since_capture < 65535 ? s.since_capture + 1 : 65535);
  int reps = 0;
  record_position<S>(r, s, history, took, reps);
  m.no_moves = -1;
  m.reversed = false;  // in `end`, next and prev follow the game's direction
  check_end<S>(m, info, reps);
  restart_history(s, info, history);
  info.extra_turn = m.extra_turn && !info.round_over && !info.game_over;
  if (info.extra_turn && m.obs) m.obs->extra_turn();
}

// The rest of a move whose sowing `m` has done, and which stopped: the
// sow_end code and captures, who moves next, the counters and the ends.
template <class S = Rules>
[[gnu::always_inline]] inline void finish_sown_move(const Rules& r, State& s, Machine& m,
                                                    ApplyInfo& info, History* history) {
  after_sowing<S>(m);
  after_move<S>(r, s, m, info);
  settle<S>(r, s, m, info, history);
}

// apply (runtime.hpp) with the settings S and the sowing kSow (sow_as).
template <class S, Sowing kSow>
[[gnu::always_inline]] inline ApplyInfo apply_as(const Rules& r, State& s, Move move, Observer* obs,
                                                 History* history) {
  MANCALA_ASSERT(!s.over);
  ApplyInfo info;
  Player p = s.to_move;
  info.mover = p;
  record_start<S>(r, s, history);
  Machine m(r, s, p, obs);
  if (move.is_pass()) {
    info.passed = true;
    if (obs) obs->pass();
    s.to_move = other(p);
  } else {
    prepare(m, move);
    int start = start_cell<S>(m, move);
    // Where an endless move is illegal, a legal move stops: nothing to save.
    bool stopped =
        restores_endless<S>(r) ? run_move_or_restore(m, start) : sow_and_finish<S, kSow>(m, start);
    if (!stopped) {
      if (settings<S>(r).endless == EndlessKind::Illegal) illegal_endless_move(move);
      end_endless(r, s, p, obs, info);
      restart_history(s, info, history);
      return info;
    }
    after_move<S>(r, s, m, info);
  }
  settle<S>(r, s, m, info, history);
  return info;
}

// apply_random_move (runtime.hpp) with the settings S and the sowing kSow,
// where the drawn move needs no look-ahead (else apply_drawn_move):
// simple_draw where it serves (else draw_move, without testing the
// position again as random_legal_move would), then apply_as, in one
// function.
template <class S, Sowing kSow>
[[gnu::always_inline]] inline ApplyInfo apply_random_move_as(const Rules& r, State& s, Rng& rng,
                                                             History* history) {
  MANCALA_ASSERT(
      !(settings<S>(r).may_be_endless && settings<S>(r).endless == EndlessKind::Illegal));
  Move move = unfiltered_position<S>(r, s) ? simple_draw<S>(r, s, rng) : draw_move(r, s, rng);
  return apply_as<S, kSow>(r, s, move, nullptr, history);
}

}  // namespace

}  // namespace mancala
