// What each instruction does, written once for the two ways code runs.
//
// Every instruction that is not control flow and does not touch the
// frame (locals, jumps, the return) is one always-inline function here:
// op_NAME(machine, state, rules, operand, values...), taking the values it pops in stack
// order (the deepest first) and returning the value it pushes, if any (the
// pop and push counts of opcodes.def). The bytecode executor (vm.cpp) calls
// them from its dispatch loop; code compiled ahead of time to C++
// (`mancala compile --emit cpp`, compile/emit_cpp.cpp) calls the same
// functions with its operand stack turned into locals. So a change to what
// an instruction means is made in one place and both follow; a new
// instruction that is not control flow needs its function here.
#pragma once

#include <algorithm>
#include <cstdint>

#include "machine.hpp"

namespace mancala {

// k holes on from `cell` round its ring (vm.cpp).
int step_ring(const Rules& r, int cell, int64_t k);
// `ask NAME`: the move's answer to its next question (vm.cpp).
bool ask(Machine& m, int question);
// A `while` past its iteration limit: a runtime error naming the loop's
// place in the file (the WhileGuard at instruction `at`).
[[noreturn]] void while_limit(const Rules& r, int32_t at);

#define MANCALA_OP_FN [[gnu::always_inline]] inline
// Every function sees the machine, its state and rules (kept apart so that
// the caller's registers hold them across calls) and the operand.
#define MANCALA_OP_ARGS Machine &m, State &s, const Rules &r, int32_t a

// ---- values of the move and the position ------------------------------------

MANCALA_OP_FN int64_t op_PushInt(MANCALA_OP_ARGS) {
  return a;
}
MANCALA_OP_FN int64_t op_PushConst(MANCALA_OP_ARGS) {
  return r.constants[a];
}
MANCALA_OP_FN int64_t op_Counter(MANCALA_OP_ARGS) {
  return s.counters[a];
}
MANCALA_OP_FN int64_t op_Clockwise(MANCALA_OP_ARGS) {
  return (r.direction == Direction::Cw) != m.reversed;
}
MANCALA_OP_FN int64_t op_Mover(MANCALA_OP_ARGS) {
  return index(m.mover);
}
MANCALA_OP_FN int64_t op_Opponent(MANCALA_OP_ARGS) {
  return index(other(m.mover));
}
MANCALA_OP_FN int64_t op_Here(MANCALA_OP_ARGS) {
  return m.here;
}
MANCALA_OP_FN int64_t op_Origin(MANCALA_OP_ARGS) {
  return m.origin;
}
MANCALA_OP_FN int64_t op_LapStart(MANCALA_OP_ARGS) {
  return m.lap_start;
}
MANCALA_OP_FN int64_t op_Hole(MANCALA_OP_ARGS) {
  return m.hole;
}
MANCALA_OP_FN int64_t op_Last(MANCALA_OP_ARGS) {
  return m.last;
}
MANCALA_OP_FN int64_t op_Lap(MANCALA_OP_ARGS) {
  return m.lap;
}
MANCALA_OP_FN int64_t op_Sown(MANCALA_OP_ARGS) {
  return m.sown;
}
MANCALA_OP_FN int64_t op_InHand(MANCALA_OP_ARGS) {
  return m.in_hand;
}
MANCALA_OP_FN int64_t op_Captured(MANCALA_OP_ARGS) {
  return m.pending_seeds;
}
MANCALA_OP_FN int64_t op_BoardSeeds(MANCALA_OP_ARGS) {
  return s.board_seeds();
}
MANCALA_OP_FN int64_t op_Round(MANCALA_OP_ARGS) {
  return s.round;
}
MANCALA_OP_FN int64_t op_Ply(MANCALA_OP_ARGS) {
  return s.ply;
}
MANCALA_OP_FN int64_t op_LastCaptor(MANCALA_OP_ARGS) {
  return index(s.has_captor ? s.last_captor : m.mover);
}
MANCALA_OP_FN int64_t op_Ask(MANCALA_OP_ARGS) {
  return ask(m, a);
}
MANCALA_OP_FN int64_t op_NoMoves(MANCALA_OP_ARGS) {
  if (m.no_moves < 0) m.no_moves = has_legal_move(r, s) ? 0 : 1;
  return m.no_moves;
}
MANCALA_OP_FN int64_t op_EmptyRow(MANCALA_OP_ARGS) {
  return empty_row(r, s);
}
MANCALA_OP_FN int64_t op_CountHere(MANCALA_OP_ARGS) {
  return s.cells[m.here];
}
MANCALA_OP_FN int64_t op_StoreOfInt(MANCALA_OP_ARGS) {
  return s.cells[2 * r.side + a];
}
MANCALA_OP_FN int64_t op_OwnHere(MANCALA_OP_ARGS) {
  return m.here < 2 * r.side && s.controller(m.here) == m.mover;
}
MANCALA_OP_FN int64_t op_IsStoreHere(MANCALA_OP_ARGS) {
  return r.is_store_cell(m.here);
}
MANCALA_OP_FN int64_t op_OppositeHere(MANCALA_OP_ARGS) {
  return r.opposite[m.here];
}
MANCALA_OP_FN int64_t op_CountOppositeHere(MANCALA_OP_ARGS) {
  return s.cells[r.opposite[m.here]];
}

// ---- functions of one value -------------------------------------------------

MANCALA_OP_FN int64_t op_Count(MANCALA_OP_ARGS, int64_t h) {
  return s.cells[h];
}
MANCALA_OP_FN int64_t op_StoreOf(MANCALA_OP_ARGS, int64_t p) {
  return s.cells[2 * r.side + p];
}
MANCALA_OP_FN int64_t op_RoundsWon(MANCALA_OP_ARGS, int64_t p) {
  return s.rounds_won[p & 1];
}
MANCALA_OP_FN int64_t op_BestCapture(MANCALA_OP_ARGS, int64_t p) {
  return best_capture(r, s, static_cast<Player>(p));
}
MANCALA_OP_FN int64_t op_CanMove(MANCALA_OP_ARGS, int64_t p) {
  State turn = s;  // the position with p to move
  turn.to_move = static_cast<Player>(p);
  return has_legal_move(r, turn);
}
MANCALA_OP_FN int64_t op_RowSeeds(MANCALA_OP_ARGS, int64_t p) {
  return s.row_seeds(static_cast<Player>(p));
}
MANCALA_OP_FN int64_t op_ControlledSeeds(MANCALA_OP_ARGS, int64_t p) {
  return s.controlled_seeds(static_cast<Player>(p));
}
MANCALA_OP_FN int64_t op_Next(MANCALA_OP_ARGS, int64_t h) {
  return (m.reversed ? r.prev1 : r.next1)[h];
}
MANCALA_OP_FN int64_t op_Prev(MANCALA_OP_ARGS, int64_t h) {
  return (m.reversed ? r.next1 : r.prev1)[h];
}
MANCALA_OP_FN int64_t op_Opposite(MANCALA_OP_ARGS, int64_t h) {
  return r.opposite[h];
}
MANCALA_OP_FN int64_t op_Front(MANCALA_OP_ARGS, int64_t h) {
  return r.in_front(h);
}
MANCALA_OP_FN int64_t op_Behind(MANCALA_OP_ARGS, int64_t h) {
  return r.behind[h];
}
MANCALA_OP_FN int64_t op_Owner(MANCALA_OP_ARGS, int64_t h) {
  return index(s.controller(static_cast<int>(h)));
}
MANCALA_OP_FN int64_t op_Side(MANCALA_OP_ARGS, int64_t h) {
  return index(s.side(static_cast<int>(h)));
}
MANCALA_OP_FN int64_t op_Own(MANCALA_OP_ARGS, int64_t h) {
  return h < 2 * r.side && s.controller(static_cast<int>(h)) == m.mover;
}
MANCALA_OP_FN int64_t op_Opponents(MANCALA_OP_ARGS, int64_t h) {
  return h < 2 * r.side && s.controller(static_cast<int>(h)) != m.mover;
}
MANCALA_OP_FN int64_t op_IsStore(MANCALA_OP_ARGS, int64_t h) {
  return r.is_store_cell(h);
}
MANCALA_OP_FN int64_t op_Number(MANCALA_OP_ARGS, int64_t h) {
  return r.number_of(h);
}
MANCALA_OP_FN int64_t op_Abs(MANCALA_OP_ARGS, int64_t x) {
  return sat_abs(x);
}
MANCALA_OP_FN int64_t op_Neg(MANCALA_OP_ARGS, int64_t x) {
  return sat_neg(x);
}
MANCALA_OP_FN int64_t op_Not(MANCALA_OP_ARGS, int64_t x) {
  return x == 0;
}
MANCALA_OP_FN int64_t op_EqInt(MANCALA_OP_ARGS, int64_t x) {
  return x == a;
}
MANCALA_OP_FN int64_t op_GtInt(MANCALA_OP_ARGS, int64_t x) {
  return x > a;
}
MANCALA_OP_FN int64_t op_LeInt(MANCALA_OP_ARGS, int64_t x) {
  return x <= a;
}
MANCALA_OP_FN int64_t op_AddInt(MANCALA_OP_ARGS, int64_t x) {
  return sat_add(x, a);
}
MANCALA_OP_FN int64_t op_MulInt(MANCALA_OP_ARGS, int64_t x) {
  return sat_mul(x, a);
}

// ---- functions of two values (x the deeper) ---------------------------------

MANCALA_OP_FN int64_t op_RowHole(MANCALA_OP_ARGS, int64_t p, int64_t n) {
  n = std::clamp<int64_t>(n, 1, r.side);
  return p * r.side + r.ring_number(false, static_cast<int>(n)) - 1;
}
MANCALA_OP_FN int64_t op_Marked(MANCALA_OP_ARGS, int64_t h, int64_t k) {
  return s.marked(static_cast<int>(h), static_cast<int>(k));
}
MANCALA_OP_FN int64_t op_MarkOwner(MANCALA_OP_ARGS, int64_t h, int64_t k) {
  return index(s.mark_owner(static_cast<int>(h), static_cast<int>(k)));
}
MANCALA_OP_FN int64_t op_MarkedHoles(MANCALA_OP_ARGS, int64_t k, int64_t p) {
  return s.marked_holes(static_cast<int>(k), static_cast<Player>(p));
}
MANCALA_OP_FN int64_t op_NextK(MANCALA_OP_ARGS, int64_t h, int64_t k) {
  return step_ring(r, static_cast<int>(h), m.reversed ? sat_neg(k) : k);
}
MANCALA_OP_FN int64_t op_PrevK(MANCALA_OP_ARGS, int64_t h, int64_t k) {
  return step_ring(r, static_cast<int>(h), m.reversed ? k : sat_neg(k));
}
// The front row runs from the player's right on the side's ring.
MANCALA_OP_FN int64_t op_FrontHole(MANCALA_OP_ARGS, int64_t p, int64_t n) {
  n = std::clamp<int64_t>(n, 1, r.holes);
  return p * r.side + r.ring_number(true, static_cast<int>(n)) - 1;
}
MANCALA_OP_FN int64_t op_BackHole(MANCALA_OP_ARGS, int64_t p, int64_t n) {
  n = std::clamp<int64_t>(n, 1, r.holes);
  return p * r.side + r.ring_number(false, static_cast<int>(n)) - 1;
}
MANCALA_OP_FN int64_t op_Min(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return std::min(x, y);
}
MANCALA_OP_FN int64_t op_Max(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return std::max(x, y);
}
MANCALA_OP_FN int64_t op_Add(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return sat_add(x, y);
}
MANCALA_OP_FN int64_t op_Sub(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return sat_sub(x, y);
}
MANCALA_OP_FN int64_t op_Mul(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return sat_mul(x, y);
}
MANCALA_OP_FN int64_t op_Div(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return sat_div(x, y);
}
MANCALA_OP_FN int64_t op_Mod(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return sat_mod(x, y);
}
MANCALA_OP_FN int64_t op_Eq(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x == y;
}
MANCALA_OP_FN int64_t op_Ne(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x != y;
}
MANCALA_OP_FN int64_t op_Lt(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x < y;
}
MANCALA_OP_FN int64_t op_Le(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x <= y;
}
MANCALA_OP_FN int64_t op_Gt(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x > y;
}
MANCALA_OP_FN int64_t op_Ge(MANCALA_OP_ARGS, int64_t x, int64_t y) {
  return x >= y;
}

// ---- actions ------------------------------------------------------------------

MANCALA_OP_FN void op_Capture(MANCALA_OP_ARGS, int64_t h, int64_t p) {
  capture_cell(m, static_cast<int>(h), static_cast<Player>(p));
}
MANCALA_OP_FN void op_CaptureOwners(MANCALA_OP_ARGS, int64_t h) {
  capture_cell(m, static_cast<int>(h), s.controller(static_cast<int>(h)));
}
MANCALA_OP_FN void op_CaptureBoard(MANCALA_OP_ARGS, int64_t p) {
  for (int h = 0; h < 2 * r.side; ++h) capture_cell(m, h, static_cast<Player>(p));
}
MANCALA_OP_FN void op_CaptureBoardOwners(MANCALA_OP_ARGS) {
  for (int h = 0; h < 2 * r.side; ++h) capture_cell(m, h, s.controller(h));
}
MANCALA_OP_FN void op_CaptureSome(MANCALA_OP_ARGS, int64_t h, int64_t n, int64_t p) {
  capture_seeds(m, static_cast<int>(h), static_cast<Player>(p), n);
}
MANCALA_OP_FN void op_CaptureSomeOwners(MANCALA_OP_ARGS, int64_t h, int64_t n) {
  capture_seeds(m, static_cast<int>(h), s.controller(static_cast<int>(h)), n);
}
MANCALA_OP_FN void op_Remove(MANCALA_OP_ARGS, int64_t h) {
  remove_cell(m, static_cast<int>(h));
}
MANCALA_OP_FN void op_RemoveSome(MANCALA_OP_ARGS, int64_t h, int64_t n) {
  remove_seeds(m, static_cast<int>(h), n);
}
MANCALA_OP_FN void op_ExtraTurn(MANCALA_OP_ARGS) {
  m.extra_turn = true;
}
MANCALA_OP_FN void op_Stop(MANCALA_OP_ARGS) {
  m.stop = true;
}
MANCALA_OP_FN void op_RelayFrom(MANCALA_OP_ARGS, int64_t h) {
  m.relay_from = static_cast<int>(h);
}
MANCALA_OP_FN void op_RelayInto(MANCALA_OP_ARGS, int64_t h) {
  m.relay_into = static_cast<int>(h);
}
MANCALA_OP_FN void op_RelayWay(MANCALA_OP_ARGS) {
  m.relay_way = a;
}
MANCALA_OP_FN void op_LiftHole(MANCALA_OP_ARGS, int64_t h) {
  lift_seeds(m, static_cast<int>(h), INT64_MAX);
}
MANCALA_OP_FN void op_LiftSome(MANCALA_OP_ARGS, int64_t h, int64_t n) {
  lift_seeds(m, static_cast<int>(h), n);
}
MANCALA_OP_FN void op_MarkHole(MANCALA_OP_ARGS, int64_t h, int64_t k, int64_t p) {
  s.set_mark(static_cast<int>(h), static_cast<int>(k), true, static_cast<Player>(p));
}
MANCALA_OP_FN void op_UnmarkHole(MANCALA_OP_ARGS, int64_t h, int64_t k) {
  s.set_mark(static_cast<int>(h), static_cast<int>(k), false, Player::South);
}
MANCALA_OP_FN void op_SetCounter(MANCALA_OP_ARGS, int64_t v) {
  s.counters[a] = static_cast<int16_t>(std::clamp<int64_t>(v, INT16_MIN, INT16_MAX));
}
MANCALA_OP_FN void op_Leave(MANCALA_OP_ARGS, int64_t n) {
  m.leave = static_cast<int>(std::clamp<int64_t>(n, 0, 1 << 20));
}
MANCALA_OP_FN void op_Cancel(MANCALA_OP_ARGS) {
  m.cancel = true;
}
MANCALA_OP_FN void op_Draw(MANCALA_OP_ARGS) {
  m.draw = true;
}

#undef MANCALA_OP_FN
#undef MANCALA_OP_ARGS

}  // namespace mancala
