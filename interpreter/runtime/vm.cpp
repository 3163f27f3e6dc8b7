// The bytecode executor.
//
// A stack machine over Rules::code, dispatched by computed goto (one
// indirect jump per instruction; see run()). The frame (locals
// then the operand stack) is a fixed array on the C++ stack, sized for any
// file the compiler has seen so far; a file that needs more (thousands of
// simultaneous locals) gets a heap frame, the one allocation the runtime
// ever makes for code, and never for a shipped game. Actions call the
// capture primitives below, which are shared with the end logic so that
// observers and last_captor are updated in one place.
#include <algorithm>
#include <memory>
#include <string>

#include "machine.hpp"

namespace mancala {

// ---- captures --------------------------------------------------------------

namespace {

// Adds n seeds of `cell` bound for `to` (a store, or kPendingTo_Removed)
// to the pending captures of sow_end.
void add_pending(Machine& m, int cell, int to, int n) {
  m.pending_seeds += n;
  for (int i = 0; i < m.pending_count; ++i) {
    PendingCapture& p = m.pending[i];
    if (p.cell == cell && p.to == to) {
      p.n = static_cast<uint16_t>(p.n + n);
      return;
    }
  }
  m.pending[m.pending_count++] = {static_cast<uint8_t>(cell), static_cast<uint8_t>(to),
                                  static_cast<uint16_t>(n)};
}

// Takes n seeds (1..all) of a hole to a store, or pending in sow_end.
void capture_n(Machine& m, int cell, Player to, int n) {
  State& s = m.s;
  s.cells[cell] = static_cast<uint16_t>(s.cells[cell] - n);
  if (m.pending_mode) {
    add_pending(m, cell, index(to), n);
  } else {
    s.cells[s.store_cell(to)] += n;
    s.last_captor = to;
    s.has_captor = true;
    m.captured += n;
  }
  if (m.obs) m.obs->capture(cell, n, to, m.pending_mode);
}

// Takes n seeds (1..all) of a hole out of play, or pending in sow_end.
void remove_n(Machine& m, int cell, int n) {
  State& s = m.s;
  s.cells[cell] = static_cast<uint16_t>(s.cells[cell] - n);
  if (m.pending_mode) {
    add_pending(m, cell, kPendingTo_Removed, n);
  } else {
    s.removed += n;
    m.removed += n;
  }
  if (m.obs) m.obs->remove(cell, n, m.pending_mode);
}

// A request for `want` seeds takes at most what the hole holds.
int seeds_taken(const State& s, int cell, int64_t want) {
  return static_cast<int>(std::clamp<int64_t>(want, 0, s.cells[cell]));
}

}  // namespace

void capture_cell(Machine& m, int cell, Player to) {
  if (m.s.cells[cell] != 0) capture_n(m, cell, to, m.s.cells[cell]);
}

void capture_seeds(Machine& m, int cell, Player to, int64_t want) {
  if (int n = seeds_taken(m.s, cell, want)) capture_n(m, cell, to, n);
}

void remove_cell(Machine& m, int cell) {
  if (m.s.cells[cell] != 0) remove_n(m, cell, m.s.cells[cell]);
}

void remove_seeds(Machine& m, int cell, int64_t want) {
  if (int n = seeds_taken(m.s, cell, want)) remove_n(m, cell, n);
}

void lift_seeds(Machine& m, int cell, int64_t want) {
  if (m.s.is_store(cell)) return;  // a store is never lifted
  int n = seeds_taken(m.s, cell, want);
  if (n == 0) return;
  m.s.cells[cell] = static_cast<uint16_t>(m.s.cells[cell] - n);
  m.taken += n;
  if ((cell < m.s.holes) != (m.mover == Player::South)) m.lifted += n;  // a capture into the hand
  if (m.obs) m.obs->lift(cell, n);
}

void commit_pending(Machine& m) {
  State& s = m.s;
  if (m.cancel) {
    for (int i = 0; i < m.pending_count; ++i) s.cells[m.pending[i].cell] += m.pending[i].n;
    if (m.obs && m.pending_count > 0) m.obs->cancel();
  } else {
    for (int i = 0; i < m.pending_count; ++i) {
      const PendingCapture& p = m.pending[i];
      if (p.to == kPendingTo_Removed) {
        s.removed += p.n;
        m.removed += p.n;
      } else {
        Player to = static_cast<Player>(p.to);
        s.cells[s.store_cell(to)] += p.n;
        s.last_captor = to;
        s.has_captor = true;
        m.captured += p.n;
      }
    }
    if (m.obs && m.pending_count > 0) m.obs->commit();
  }
  m.pending_count = 0;
  m.pending_seeds = 0;
}

// ---- helpers for names and functions ----------------------------------------

namespace {

// k holes on from `cell` round its ring: the board's one ring, or on a
// four-row board the ring of the side the hole is in.
int step_ring(const Rules& r, int cell, int64_t k) {
  int n2 = r.ring_len;
  int64_t pos;
  int from = cell;
  if (cell >= 2 * r.side) {  // a store: the hole after (before) it, then k - 1 more
    bool fwd = k > 0;
    from = fwd ? r.next1[cell] : r.prev1[cell];
    if (k == 0) return cell;
    pos = r.ring_pos[from] + (fwd ? k - 1 : k + 1);
  } else {
    pos = r.ring_pos[cell] + (k % n2);
  }
  pos %= n2;
  if (pos < 0) pos += n2;
  int base = r.rows == 4 && from >= r.side ? r.side : 0;
  return r.ring[base + pos];
}

// Off the hot path: the position of the `while` is looked up only here.
[[noreturn]] void while_limit(const Rules& r, const Instr* in) {
  std::string where;
  auto index = static_cast<uint32_t>(in - r.code.data());
  for (const auto& [at, position] : r.while_positions) {
    if (at == index) where = position + ": ";
  }
  throw RuntimeError(where + "a while loop ran more than " + std::to_string(kMaxWhileIterations) +
                     " iterations");
}

// `ask NAME`: the move's answer to its next question (no beyond the
// answers it gives); the observer hears the question and the answer.
bool ask(Machine& m, int question) {
  if (m.asked >= kMaxQuestions) {
    throw RuntimeError("a move asked more than " + std::to_string(kMaxQuestions) +
                       " questions (the latest: " + m.rules.questions[question] + ")");
  }
  bool yes = m.asked < m.move.asked && m.move.answer(m.asked);
  ++m.asked;
  if (m.obs) m.obs->answer(m.rules.questions[question], yes);
  return yes;
}

int64_t run(Machine& m, const Instr* pc, int64_t* frame);

}  // namespace

int64_t exec(Machine& m, CodeRef code) {
  constexpr int kFixedFrame = 256;
  if (m.rules.frame_size <= kFixedFrame) {
    int64_t frame[kFixedFrame];
    return run(m, m.rules.at(code), frame);
  }
  auto frame = std::make_unique<int64_t[]>(m.rules.frame_size);
  return run(m, m.rules.at(code), frame.get());
}

namespace {

int64_t run(Machine& m, const Instr* pc, int64_t* locals) {
  const Rules& r = m.rules;
  State& s = m.s;
  const Instr* base = r.code.data();
  // The operand stack grows down from the end of the frame, towards the
  // locals at its start; the compiler sized the frame for both.
  int64_t* sp = locals + r.frame_size - 1;
  int64_t* const bottom = sp;
#define PUSH(v) (*--sp = (v))
#define TOP (*sp)
#define POP() (*sp++)
  // Dispatch by computed goto (a GCC/Clang extension): one indirect jump
  // per instruction, each predicted on its own.
  static const void* const kLabels[] = {
#define MANCALA_OP(name, ...) &&L_##name,
#include "opcodes.def"
#undef MANCALA_OP
  };
  const Instr* in;
#define NEXT                                     \
  do {                                           \
    in = pc++;                                   \
    goto* kLabels[static_cast<uint8_t>(in->op)]; \
  } while (0)
  NEXT;
L_PushInt:
  PUSH(in->a);
  NEXT;
L_PushConst:
  PUSH(r.constants[in->a]);
  NEXT;
L_Load:
  PUSH(locals[in->a]);
  NEXT;
L_Store:
  locals[in->a] = POP();
  NEXT;
L_Clockwise:
  PUSH((r.direction == Direction::Cw) != m.reversed);
  NEXT;
L_Counter:
  PUSH(s.counters[in->a]);
  NEXT;
L_SetCounter:
  s.counters[in->a] = static_cast<int16_t>(std::clamp<int64_t>(POP(), INT16_MIN, INT16_MAX));
  NEXT;
L_Pop:
  ++sp;
  NEXT;
L_Mover:
  PUSH(index(m.mover));
  NEXT;
L_Opponent:
  PUSH(index(other(m.mover)));
  NEXT;
L_Here:
  PUSH(m.here);
  NEXT;
L_Origin:
  PUSH(m.origin);
  NEXT;
L_LapStart:
  PUSH(m.lap_start);
  NEXT;
L_Hole:
  PUSH(m.hole);
  NEXT;
L_Last:
  PUSH(m.last);
  NEXT;
L_Lap:
  PUSH(m.lap);
  NEXT;
L_Sown:
  PUSH(m.sown);
  NEXT;
L_InHand:
  PUSH(m.in_hand);
  NEXT;
L_Captured:
  PUSH(m.pending_seeds);
  NEXT;
L_BoardSeeds:
  PUSH(s.board_seeds());
  NEXT;
L_Round:
  PUSH(s.round);
  NEXT;
L_Ply:
  PUSH(s.ply);
  NEXT;
L_LastCaptor:
  PUSH(index(s.has_captor ? s.last_captor : m.mover));
  NEXT;
L_Ask:
  PUSH(ask(m, in->a));
  NEXT;
L_NoMoves:
  if (m.no_moves < 0) m.no_moves = has_legal_move(r, s) ? 0 : 1;
  PUSH(m.no_moves);
  NEXT;
L_EmptyRow:
  PUSH(empty_row(r, s));
  NEXT;
L_Count:
  TOP = s.cells[TOP];
  NEXT;
L_RowHole : {
  int64_t n = std::clamp<int64_t>(POP(), 1, r.side);
  TOP = TOP * r.side + r.ring_number(false, static_cast<int>(n)) - 1;
  NEXT;
}
L_Marked : {
  int k = static_cast<int>(POP());
  TOP = s.marked(static_cast<int>(TOP), k);
  NEXT;
}
L_MarkOwner : {
  int k = static_cast<int>(POP());
  TOP = index(s.mark_owner(static_cast<int>(TOP), k));
  NEXT;
}
L_MarkedHoles : {
  Player p = static_cast<Player>(POP());
  TOP = s.marked_holes(static_cast<int>(TOP), p);
  NEXT;
}
L_StoreOf:
  TOP = s.cells[2 * r.side + TOP];
  NEXT;
L_RoundsWon:
  TOP = s.rounds_won[TOP & 1];
  NEXT;
L_BestCapture:
  TOP = best_capture(r, s, static_cast<Player>(TOP));
  NEXT;
L_CanMove : {
  State turn = s;  // the position with p to move
  turn.to_move = static_cast<Player>(TOP);
  TOP = has_legal_move(r, turn);
  NEXT;
}
L_RowSeeds:
  TOP = s.row_seeds(static_cast<Player>(TOP));
  NEXT;
L_ControlledSeeds:
  TOP = s.controlled_seeds(static_cast<Player>(TOP));
  NEXT;
L_Next:
  TOP = (m.reversed ? r.prev1 : r.next1)[TOP];
  NEXT;
L_Prev:
  TOP = (m.reversed ? r.next1 : r.prev1)[TOP];
  NEXT;
L_NextK : {
  int64_t k = POP();
  TOP = step_ring(r, static_cast<int>(TOP), m.reversed ? sat_neg(k) : k);
  NEXT;
}
L_PrevK : {
  int64_t k = POP();
  TOP = step_ring(r, static_cast<int>(TOP), m.reversed ? k : sat_neg(k));
  NEXT;
}
L_Opposite:
  TOP = r.opposite[TOP];
  NEXT;
L_Front:
  TOP = TOP < 2 * r.side && ((r.front_mask >> TOP) & 1u);
  NEXT;
L_Behind:
  TOP = r.behind[TOP];
  NEXT;
L_FrontHole : {  // the front row runs from the player's right on the side's ring
  int64_t n = std::clamp<int64_t>(POP(), 1, r.holes);
  TOP = TOP * r.side + r.ring_number(true, static_cast<int>(n)) - 1;
  NEXT;
}
L_BackHole : {
  int64_t n = std::clamp<int64_t>(POP(), 1, r.holes);
  TOP = TOP * r.side + r.ring_number(false, static_cast<int>(n)) - 1;
  NEXT;
}
L_Owner:
  TOP = index(s.controller(static_cast<int>(TOP)));
  NEXT;
L_Side:
  TOP = index(s.side(static_cast<int>(TOP)));
  NEXT;
L_Own:
  TOP = TOP < 2 * r.side && s.controller(static_cast<int>(TOP)) == m.mover;
  NEXT;
L_Opponents:
  TOP = TOP < 2 * r.side && s.controller(static_cast<int>(TOP)) != m.mover;
  NEXT;
L_IsStore:
  TOP = TOP >= 2 * r.side;
  NEXT;
L_Number:
  TOP = TOP >= 2 * r.side ? 0 : TOP % r.side + 1;
  NEXT;
L_Min : {
  int64_t b = POP();
  TOP = std::min(TOP, b);
  NEXT;
}
L_Max : {
  int64_t b = POP();
  TOP = std::max(TOP, b);
  NEXT;
}
L_Abs:
  TOP = sat_abs(TOP);
  NEXT;
L_CountHere:
  PUSH(s.cells[m.here]);
  NEXT;
L_OwnHere:
  PUSH(m.here < 2 * r.side && s.controller(m.here) == m.mover);
  NEXT;
L_IsStoreHere:
  PUSH(m.here >= 2 * r.side);
  NEXT;
L_OppositeHere:
  PUSH(r.opposite[m.here]);
  NEXT;
L_CountOppositeHere:
  PUSH(s.cells[r.opposite[m.here]]);
  NEXT;
L_CountLoad:
  PUSH(s.cells[locals[in->a]]);
  NEXT;
L_StoreOfInt:
  PUSH(s.cells[2 * r.side + in->a]);
  NEXT;
L_Neg:
  TOP = sat_neg(TOP);
  NEXT;
L_Not:
  TOP = TOP == 0;
  NEXT;
L_Add : {
  int64_t b = POP();
  TOP = sat_add(TOP, b);
  NEXT;
}
L_Sub : {
  int64_t b = POP();
  TOP = sat_sub(TOP, b);
  NEXT;
}
L_Mul : {
  int64_t b = POP();
  TOP = sat_mul(TOP, b);
  NEXT;
}
L_Div : {
  int64_t b = POP();
  TOP = sat_div(TOP, b);
  NEXT;
}
L_Mod : {
  int64_t b = POP();
  TOP = sat_mod(TOP, b);
  NEXT;
}
L_Eq : {
  int64_t b = POP();
  TOP = TOP == b;
  NEXT;
}
L_Ne : {
  int64_t b = POP();
  TOP = TOP != b;
  NEXT;
}
L_Lt : {
  int64_t b = POP();
  TOP = TOP < b;
  NEXT;
}
L_Le : {
  int64_t b = POP();
  TOP = TOP <= b;
  NEXT;
}
L_Gt : {
  int64_t b = POP();
  TOP = TOP > b;
  NEXT;
}
L_Ge : {
  int64_t b = POP();
  TOP = TOP >= b;
  NEXT;
}
L_EqInt:
  TOP = TOP == in->a;
  NEXT;
L_GtInt:
  TOP = TOP > in->a;
  NEXT;
L_LeInt:
  TOP = TOP <= in->a;
  NEXT;
L_AddInt:
  TOP = sat_add(TOP, in->a);
  NEXT;
L_MulInt:
  TOP = sat_mul(TOP, in->a);
  NEXT;
L_Jump:
  pc = base + in->a;
  NEXT;
L_JumpIfFalse:
  if (POP() == 0) pc = base + in->a;
  NEXT;
L_JumpIfTrue:
  if (POP() != 0) pc = base + in->a;
  NEXT;
L_JumpUnlessEqInt:
  if (POP() != in->b) pc = base + in->a;
  NEXT;
L_JumpUnlessGtInt:
  if (POP() <= in->b) pc = base + in->a;
  NEXT;
L_JumpUnlessLeInt:
  if (POP() > in->b) pc = base + in->a;
  NEXT;
L_AndJump:
  if (TOP == 0)
    pc = base + in->a;
  else
    ++sp;
  NEXT;
L_OrJump:
  if (TOP != 0)
    pc = base + in->a;
  else
    ++sp;
  NEXT;
L_WhileGuard:
  if (++locals[in->a] > kMaxWhileIterations) while_limit(r, in);
  NEXT;
L_ChainGuard:
  PUSH(++locals[in->a] <= 2 * r.side);
  NEXT;
L_Ret:
  return sp == bottom ? 0 : TOP;
L_Capture : {
  int64_t p = POP();
  int64_t h = POP();
  capture_cell(m, static_cast<int>(h), static_cast<Player>(p));
  NEXT;
}
L_CaptureOwners : {
  int h = static_cast<int>(POP());
  capture_cell(m, h, s.controller(h));
  NEXT;
}
L_CaptureBoard : {
  Player p = static_cast<Player>(POP());
  for (int h = 0; h < 2 * r.side; ++h) capture_cell(m, h, p);
  NEXT;
}
L_CaptureBoardOwners:
  for (int h = 0; h < 2 * r.side; ++h) capture_cell(m, h, s.controller(h));
  NEXT;
L_CaptureSome : {
  int64_t p = POP();
  int64_t n = POP();
  int h = static_cast<int>(POP());
  capture_seeds(m, h, static_cast<Player>(p), n);
  NEXT;
}
L_CaptureSomeOwners : {
  int64_t n = POP();
  int h = static_cast<int>(POP());
  capture_seeds(m, h, s.controller(h), n);
  NEXT;
}
L_Remove:
  remove_cell(m, static_cast<int>(POP()));
  NEXT;
L_RemoveSome : {
  int64_t n = POP();
  remove_seeds(m, static_cast<int>(POP()), n);
  NEXT;
}
L_ExtraTurn:
  m.extra_turn = true;
  NEXT;
L_Stop:
  m.stop = true;
  NEXT;
L_RelayInto:
  m.relay_into = static_cast<int>(POP());
  NEXT;
L_RelayWay:
  m.relay_way = static_cast<int>(in->a);
  NEXT;
L_LiftHole:
  lift_seeds(m, static_cast<int>(POP()), INT64_MAX);
  NEXT;
L_LiftSome : {
  int64_t n = POP();
  lift_seeds(m, static_cast<int>(POP()), n);
  NEXT;
}
L_RelayFrom:
  m.relay_from = static_cast<int>(POP());
  NEXT;
L_MarkHole : {
  Player p = static_cast<Player>(POP());
  int k = static_cast<int>(POP());
  s.set_mark(static_cast<int>(POP()), k, true, p);
  NEXT;
}
L_UnmarkHole : {
  int k = static_cast<int>(POP());
  s.set_mark(static_cast<int>(POP()), k, false, Player::South);
  NEXT;
}
L_Leave:
  m.leave = static_cast<int>(std::clamp<int64_t>(POP(), 0, 1 << 20));
  NEXT;
L_Cancel:
  m.cancel = true;
  NEXT;
L_Draw:
  m.draw = true;
  NEXT;
#undef NEXT
#undef PUSH
#undef TOP
#undef POP
}

}  // namespace
}  // namespace mancala
