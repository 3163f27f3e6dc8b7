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
#include "native.hpp"
#include "ops.hpp"

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
void while_limit(const Rules& r, int32_t at) {
  std::string where;
  for (const auto& [index, position] : r.while_positions) {
    if (static_cast<int32_t>(index) == at) where = position + ": ";
  }
  throw RuntimeError(where + "a while loop ran more than " + std::to_string(kMaxWhileIterations) +
                     " iterations");
}

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

namespace {

int64_t run(Machine& m, const Instr* pc);

}  // namespace

// Games without compiled code pay one compare per piece of code run; a
// compiled piece is entered straight from here, and the bytecode's frame
// is set up in run itself, so that neither pays a call in between.
int64_t exec(Machine& m, CodeRef code) {
  if (const NativeCode* native = m.rules.native) {
    if (NativeFn piece = native->pieces[code.entry]) return piece(m);
  }
  return run(m, m.rules.at(code));
}

namespace {

int64_t run(Machine& m, const Instr* pc) {
  const Rules& r = m.rules;
  State& s = m.s;
  // The frame: on the C++ stack for any file the compiler has seen so far.
  constexpr int kFixedFrame = 256;
  int64_t fixed[kFixedFrame];
  std::unique_ptr<int64_t[]> big;
  int64_t* locals = fixed;
  if (r.frame_size > kFixedFrame) [[unlikely]] {
    big = std::make_unique<int64_t[]>(static_cast<size_t>(r.frame_size));
    locals = big.get();
  }
  const Instr* base = r.code.data();
  // The operand stack grows down from the end of the frame, towards the
  // locals at its start; the compiler sized the frame for both.
  int64_t* sp = locals + r.frame_size - 1;
  int64_t* const bottom = sp;
#define PUSH(v) (*--sp = (v))
#define TOP (*sp)
#define POP() (*sp++)
  // An instruction that is not control flow calls its function (ops.hpp):
  // V pushes a value, A acts; the digit is how many values it pops.
#define V0(name)                              \
  L_##name : PUSH(op_##name(m, s, r, in->a)); \
  NEXT
#define V1(name)                                   \
  L_##name : TOP = op_##name(m, s, r, in->a, TOP); \
  NEXT
#define V2(name)                             \
  L_##name : {                               \
    int64_t y = POP();                       \
    TOP = op_##name(m, s, r, in->a, TOP, y); \
  }                                          \
  NEXT
#define A0(name)                        \
  L_##name : op_##name(m, s, r, in->a); \
  NEXT
#define A1(name)                               \
  L_##name : op_##name(m, s, r, in->a, POP()); \
  NEXT
#define A2(name)                     \
  L_##name : {                       \
    int64_t y = POP();               \
    int64_t x = POP();               \
    op_##name(m, s, r, in->a, x, y); \
  }                                  \
  NEXT
#define A3(name)                        \
  L_##name : {                          \
    int64_t z = POP();                  \
    int64_t y = POP();                  \
    int64_t x = POP();                  \
    op_##name(m, s, r, in->a, x, y, z); \
  }                                     \
  NEXT
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
  V0(PushInt);
  V0(PushConst);
L_Load:
  PUSH(locals[in->a]);
  NEXT;
  V0(Counter);
L_Store:
  locals[in->a] = POP();
  NEXT;
L_Pop:
  ++sp;
  NEXT;
  V0(Mover);
  V0(Opponent);
  V0(Here);
  V0(Clockwise);
  V0(Origin);
  V0(LapStart);
  V0(Hole);
  V0(Last);
  V0(Lap);
  V0(Sown);
  V0(InHand);
  V0(Captured);
  V0(BoardSeeds);
  V0(Ply);
  V0(Round);
  V0(LastCaptor);
  V0(Ask);
  V0(NoMoves);
  V0(EmptyRow);
  V2(RowHole);
  V2(Marked);
  V2(MarkOwner);
  V2(MarkedHoles);
  V1(Count);
  V1(StoreOf);
  V1(RoundsWon);
  V1(BestCapture);
  V1(CanMove);
  V1(RowSeeds);
  V1(ControlledSeeds);
  V1(Next);
  V1(Prev);
  V2(NextK);
  V2(PrevK);
  V1(Opposite);
  V1(Front);
  V1(Behind);
  V2(FrontHole);
  V2(BackHole);
  V1(Owner);
  V1(Side);
  V1(Own);
  V1(Opponents);
  V1(IsStore);
  V1(Number);
  V2(Min);
  V2(Max);
  V1(Abs);
  V0(CountHere);
L_CountLoad:
  PUSH(s.cells[locals[in->a]]);
  NEXT;
  V0(StoreOfInt);
  V0(OwnHere);
  V0(IsStoreHere);
  V0(OppositeHere);
  V0(CountOppositeHere);
  V1(Neg);
  V1(Not);
  V2(Add);
  V2(Sub);
  V2(Mul);
  V2(Div);
  V2(Mod);
  V2(Eq);
  V2(Ne);
  V2(Lt);
  V2(Le);
  V2(Gt);
  V2(Ge);
  V1(EqInt);
  V1(GtInt);
  V1(LeInt);
  V1(AddInt);
  V1(MulInt);
L_Jump:
  pc = base + in->a;
  NEXT;
L_JumpIfFalse:
  if (POP() == 0) pc = base + in->a;
  NEXT;
L_JumpIfTrue:
  if (POP() != 0) pc = base + in->a;
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
L_JumpUnlessEqInt:
  if (POP() != in->b) pc = base + in->a;
  NEXT;
L_JumpUnlessGtInt:
  if (POP() <= in->b) pc = base + in->a;
  NEXT;
L_JumpUnlessLeInt:
  if (POP() > in->b) pc = base + in->a;
  NEXT;
L_JumpUnlessOwnHere:
  if (!op_OwnHere(m, s, r, 0)) pc = base + in->a;  // a is the target, not an operand
  NEXT;
L_JumpUnlessStoreHere:
  if (!op_IsStoreHere(m, s, r, 0)) pc = base + in->a;  // a is the target, not an operand
  NEXT;
L_WhileGuard:
  if (++locals[in->a] > kMaxWhileIterations) while_limit(r, static_cast<int32_t>(in - base));
  NEXT;
L_ChainGuard:
  PUSH(++locals[in->a] <= 2 * r.side);
  NEXT;
L_Ret:
  return sp == bottom ? 0 : TOP;
  A2(Capture);
  A1(CaptureOwners);
  A1(CaptureBoard);
  A0(CaptureBoardOwners);
  A3(CaptureSome);
  A2(CaptureSomeOwners);
  A1(Remove);
  A2(RemoveSome);
  A0(ExtraTurn);
  A0(Stop);
  A1(RelayFrom);
  A1(RelayInto);
  A0(RelayWay);
  A1(LiftHole);
  A2(LiftSome);
  A3(MarkHole);
  A2(UnmarkHole);
  A1(SetCounter);
  A1(Leave);
  A0(Cancel);
  A0(Draw);
#undef NEXT
#undef V0
#undef V1
#undef V2
#undef A0
#undef A1
#undef A2
#undef A3
#undef PUSH
#undef TOP
#undef POP
}

}  // namespace
}  // namespace mancala
