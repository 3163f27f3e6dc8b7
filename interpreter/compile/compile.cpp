// The compile stage, top level: board tables, then code for every part of
// the game, then the fast-path flags.
//
// The tables make the runtime's inner loops plain array reads: the sowing
// track of each mover is written out cell by cell (stores included or
// skipped as the `stores` clause says) and doubled, so a lap of fewer seeds
// than the track never needs a modulo; next/prev/opposite are per-cell
// arrays. Flags are decided here from what the file contains, never from
// the game's name: a file with no drop handler and no `skip when` sows
// whole laps by division; a file that can never relay never pays for the
// endless-sowing check.
#include "compile.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>

#include "builtins.hpp"
#include "compile_internal.hpp"
#include "runtime.hpp"

namespace mancala {
namespace {

// The physical ring in sowing order from South hole 1, stores included:
// ccw S1..SN, S-store, N1..NN, N-store; cw the reverse from S1. A board of
// one row (a one-player game) is S1..SN and South's store.
std::vector<int> physical_ring(int rows, int n, Direction dir) {
  std::vector<int> ccw;
  for (int i = 0; i < n; ++i) ccw.push_back(i);
  ccw.push_back(2 * n);
  if (rows == 2) {
    for (int i = n; i < 2 * n; ++i) ccw.push_back(i);
    ccw.push_back(2 * n + 1);
  }
  if (dir == Direction::Ccw) return ccw;
  std::vector<int> cw{0};
  for (size_t i = ccw.size() - 1; i > 0; --i) cw.push_back(ccw[i]);
  return cw;
}

// Each mover's track along the ring `phys`: holes, plus their own store
// when stores are sown (the store lies where it is on the board, so a
// clockwise track reaches the mover's store after the opponent's hole 1).
template <class Track, class Len, class Pos>
void build_tracks(const Rules& r, const std::vector<int>& phys, Track& track, Len& len, Pos& pos) {
  int n2 = 2 * r.side;
  for (int m = 0; m < 2; ++m) {
    pos[m].fill(255);
    int t = 0;
    for (int c : phys) {
      bool on = c < n2 || (r.stores == StoreKind::Sown && c == n2 + m);
      if (!on) continue;
      track[m][t] = static_cast<uint8_t>(c);
      pos[m][c] = static_cast<uint8_t>(t);
      ++t;
    }
    len[m] = t;
    for (int i = 0; i < t; ++i) track[m][t + i] = track[m][i];
  }
}

// A four-row board (`rows 4`): each side is its own ring of 2N holes, cells
// in counter-clockwise order (the back row from the player's left, then the
// front row from the right), and no store is ever sown. The ring tables
// hold South's ring, then North's; ring_pos is a hole's place in its own.
void build_four_row_tables(Rules& r) {
  int n = r.holes;
  int side = 2 * n;
  r.cells = 2 * side + 2;
  bool ccw = r.direction == Direction::Ccw;
  for (int base : {0, side}) {
    for (int i = 0; i < side; ++i) {
      int c = base + (ccw ? i : (side - i) % side);  // cw: hole 1, then the ring backwards
      r.ring[base + i] = static_cast<uint8_t>(c);
      r.ring_pos[c] = static_cast<uint8_t>(i);
    }
    for (int i = 0; i < side; ++i) {
      int c = r.ring[base + i];
      r.next1[c] = r.ring[base + (i + 1) % side];
      r.prev1[c] = r.ring[base + (i + side - 1) % side];
    }
  }
  r.ring_len = side;
  r.hole_mask = ~uint64_t{0} >> (64 - 2 * side);
  if (!r.row.empty()) {  // back row, then front row, each from the left: into ring order
    std::vector<int> ring(r.row.begin(), r.row.begin() + n);
    for (int i = n; i < side; ++i) ring.push_back(r.row[static_cast<size_t>(3 * n - 1 - i)]);
    r.row = ring;
  }
  // Each hole's column: the hole behind it (back j-1 behind front 2N-j),
  // and the facing hole: column j from South's left is North's column
  // n + 1 - j, front row to front row and back row to back row.
  for (int c = 0; c < 2 * side; ++c) {
    int base = c < side ? 0 : side, i = c - base;
    bool front = i >= n;
    int column = front ? side - i : i + 1;  // from this side's player's left
    int mirror = n + 1 - column, other = side - base;
    r.behind[c] = static_cast<uint8_t>(base + side - 1 - i);
    if (front) r.front_mask |= uint64_t{1} << c;
    r.opposite[c] = static_cast<uint8_t>(other + (front ? side - mirror : mirror - 1));
  }
  for (int p = 0; p < 2; ++p) {
    int store = 2 * side + p;
    r.next1[store] = r.ring[p * side];  // a store leads into its player's ring
    r.prev1[store] = r.ring[p * side + side - 1];
    r.opposite[store] = static_cast<uint8_t>(2 * side + 1 - p);
  }
  // Each mover's tracks: their ring in the game's direction and the other.
  for (int m = 0; m < 2; ++m) {
    for (bool reversed : {false, true}) {
      auto& track = reversed ? r.rtrack[m] : r.track[m];
      auto& pos = reversed ? r.rtrack_pos[m] : r.track_pos[m];
      pos.fill(255);
      for (int i = 0; i < side; ++i) {
        int c = m * side + ((ccw != reversed) ? i : (side - i) % side);
        track[i] = track[i + side] = static_cast<uint8_t>(c);
        pos[c] = static_cast<uint8_t>(i);
      }
      (reversed ? r.rtrack_len : r.track_len)[m] = side;
    }
  }
}

void build_tables(Rules& r) {
  r.side = r.rows == 4 ? 2 * r.holes : r.holes;
  r.in_play = r.rows == 1 ? r.side : 2 * r.side;
  r.default_control = default_control(r.side);
  for (int c = 0; c < kMaxCells; ++c) r.behind[c] = static_cast<uint8_t>(c);
  if (r.rows == 4) return build_four_row_tables(r);
  int n = r.side;
  int n2 = 2 * n;
  r.cells = n2 + 2;
  std::vector<int> phys = physical_ring(r.rows, n, r.direction);
  // The ring of holes, and each cell's neighbours on it.
  int k = 0;
  for (int c : phys) {
    if (c < n2) {
      r.ring[k] = static_cast<uint8_t>(c);
      r.ring_pos[c] = static_cast<uint8_t>(k);
      r.hole_mask |= uint64_t{1} << c;
      ++k;
    }
  }
  r.ring_len = k;
  r.front_mask = r.hole_mask;  // one row a side: every hole faces the other side
  int len = static_cast<int>(phys.size());
  for (int i = 0; i < len; ++i) {
    int c = phys[i];
    // The next and previous *holes* in the physical ring (skipping stores).
    int j = (i + 1) % len;
    while (phys[j] >= n2) j = (j + 1) % len;
    r.next1[c] = static_cast<uint8_t>(phys[j]);
    j = (i + len - 1) % len;
    while (phys[j] >= n2) j = (j + len - 1) % len;
    r.prev1[c] = static_cast<uint8_t>(phys[j]);
  }
  for (int c = 0; c < n2; ++c) r.opposite[c] = static_cast<uint8_t>(n2 - 1 - c);  // rows 2
  r.opposite[n2] = static_cast<uint8_t>(n2 + 1);
  r.opposite[n2 + 1] = static_cast<uint8_t>(n2);
  build_tracks(r, phys, r.track, r.track_len, r.track_pos);
  Direction other = r.direction == Direction::Ccw ? Direction::Cw : Direction::Ccw;
  build_tracks(r, physical_ring(r.rows, n, other), r.rtrack, r.rtrack_len, r.rtrack_pos);
}

bool is_name(const ast::Expr& e, NameId id) {
  return e.kind == ast::ExprKind::Name && e.builtin == static_cast<int>(id);
}

// K when `e` is `count(hole) >= K` or `count(hole) > K - 1` (K >= 1), or
// `count(hole) != 0` (K = 1): the seeds a start needs (Rules::where_min_seeds);
// else 0.
int min_seeds_test(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Binary) return 0;
  const ast::Expr& l = e.args[0];
  const ast::Expr& r = e.args[1];
  bool count_hole = l.kind == ast::ExprKind::Call &&
                    l.builtin == static_cast<int>(FunctionId::Count) && l.args.size() == 1 &&
                    is_name(l.args[0], NameId::Hole);
  if (!count_hole || r.kind != ast::ExprKind::Int) return 0;
  constexpr int64_t kMost = 0xffff;  // no hole holds more
  if (e.op == ast::Op::Ge && r.value >= 1 && r.value <= kMost) return static_cast<int>(r.value);
  if (e.op == ast::Op::Gt && r.value >= 0 && r.value < kMost) return static_cast<int>(r.value) + 1;
  return e.op == ast::Op::Ne && r.value == 0 ? 1 : 0;
}

// Instructions that only read the position or the event (no effect, no
// local, no look-ahead): what a condition may run before its guard.
bool reads_only(OpCode op) {
  switch (op) {
    case OpCode::PushInt:
    case OpCode::PushConst:
    case OpCode::Mover:
    case OpCode::Opponent:
    case OpCode::Here:
    case OpCode::Clockwise:
    case OpCode::Origin:
    case OpCode::LapStart:
    case OpCode::Last:
    case OpCode::Lap:
    case OpCode::Sown:
    case OpCode::InHand:
    case OpCode::Captured:
    case OpCode::BoardSeeds:
    case OpCode::Ply:
    case OpCode::Round:
    case OpCode::LastCaptor:
    case OpCode::RowHole:
    case OpCode::Marked:
    case OpCode::MarkOwner:
    case OpCode::MarkedHoles:
    case OpCode::Count:
    case OpCode::StoreOf:
    case OpCode::RowSeeds:
    case OpCode::Next:
    case OpCode::Prev:
    case OpCode::NextK:
    case OpCode::PrevK:
    case OpCode::Opposite:
    case OpCode::Front:
    case OpCode::Behind:
    case OpCode::FrontHole:
    case OpCode::BackHole:
    case OpCode::Owner:
    case OpCode::Side:
    case OpCode::Own:
    case OpCode::Opponents:
    case OpCode::IsStore:
    case OpCode::Number:
    case OpCode::CountHere:
    case OpCode::StoreOfInt:
    case OpCode::OwnHere:
    case OpCode::IsStoreHere:
    case OpCode::OppositeHere:
    case OpCode::CountOppositeHere:
    case OpCode::Not:
    case OpCode::EqInt:
    case OpCode::GtInt:
    case OpCode::LeInt:
    case OpCode::Eq:
    case OpCode::Ne:
    case OpCode::Lt:
    case OpCode::Le:
    case OpCode::Gt:
    case OpCode::Ge:
      return true;
    default:
      return false;
  }
}

bool is_branch(OpCode op) {
  return is_jump(op) && op != OpCode::Jump && op != OpCode::AndJump && op != OpCode::OrJump;
}

// Whether `cell` is a hole of player p's (0 South, 1 North) while every
// hole is its row's player's: what own(cell) is for the mover p.
bool row_players_hole(const Rules& r, int cell, int p) {
  return cell < 2 * r.side && static_cast<int>((r.default_control >> cell) & 1u) == p;
}

// The locals a piece of code's opening has stored, as far as they are
// known at compile time (handler_reach): a chain's hole and its counter.
constexpr size_t kKnownLocals = 8;
using Locals = std::array<std::optional<int64_t>, kKnownLocals>;

// Local `a`'s slot in `locals` (Locals or const Locals), or nullptr for a
// local past those kept.
template <class L>
auto* known_local(L& locals, int64_t a) {
  return a >= 0 && static_cast<size_t>(a) < kKnownLocals ? &locals[static_cast<size_t>(a)]
                                                         : nullptr;
}

// The value of a leading test's instructions [from, to) with `here` =
// cell, when they read only the board's shape there (the cell, its
// column, whether it is a store or in a front row, its number, constants);
// nullopt when they read anything else. With a `mover` (0 South, 1 North;
// -1: none), also the mover and whose holes are whose (`own(here)`), as
// they are while every hole is its row's player's (Rules::default_control).
// With `locals`, also the locals known there, and a chain's first visit
// (ChainGuard counts it in its local).
std::optional<int64_t> shape_value(const Rules& r, size_t from, size_t to, int cell, int mover = -1,
                                   Locals* locals = nullptr) {
  constexpr int kDepth = 8;
  int64_t stack[kDepth];
  int n = 0;
  auto hole = [&](int64_t h) { return h >= 0 && h < r.cells; };
  auto local = [&](int32_t a) -> std::optional<int64_t>* {
    std::optional<int64_t>* l = locals ? known_local(*locals, a) : nullptr;
    return l && *l ? l : nullptr;
  };
  for (size_t pc = from; pc < to; ++pc) {
    const Instr& in = r.code[pc];
    const OpInfo& info = op_info(in.op);
    if (n < info.pop || n - info.pop + info.push > kDepth) return std::nullopt;
    int64_t x = info.pop > 0 ? stack[n - info.pop] : 0;  // the first operand
    int64_t y = info.pop > 1 ? stack[n - 1] : 0;         // the second, for two
    int64_t v;
    switch (in.op) {
      case OpCode::Here:
        v = cell;
        break;
      case OpCode::OppositeHere:
        v = r.opposite[cell];
        break;
      case OpCode::IsStoreHere:
      case OpCode::JumpUnlessStoreHere:  // its test's value (narrow_cells)
        v = r.is_store_cell(cell);
        break;
      case OpCode::Mover:
      case OpCode::Opponent:
        if (mover < 0) return std::nullopt;
        v = in.op == OpCode::Mover ? mover : 1 - mover;
        break;
      case OpCode::OwnHere:
      case OpCode::JumpUnlessOwnHere:  // its test's value (mover_reach)
        if (mover < 0) return std::nullopt;
        v = row_players_hole(r, cell, mover);
        break;
      case OpCode::Own:
      case OpCode::Opponents:
        if (mover < 0 || !hole(x)) return std::nullopt;
        v = row_players_hole(r, static_cast<int>(x), in.op == OpCode::Own ? mover : 1 - mover);
        break;
      case OpCode::Load:
        if (!local(in.a)) return std::nullopt;
        v = **local(in.a);
        break;
      case OpCode::ChainGuard:
        if (!local(in.a)) return std::nullopt;
        v = ++**local(in.a) <= 2 * r.side;
        break;
      case OpCode::PushInt:
        v = in.a;
        break;
      case OpCode::PushConst:
        if (in.a < 0 || static_cast<size_t>(in.a) >= r.constants.size()) return std::nullopt;
        v = r.constants[static_cast<size_t>(in.a)];
        break;
      case OpCode::Opposite:
        if (!hole(x)) return std::nullopt;
        v = r.opposite[x];
        break;
      case OpCode::Behind:
        if (!hole(x)) return std::nullopt;
        v = r.behind[x];
        break;
      case OpCode::Front:
        if (!hole(x)) return std::nullopt;
        v = r.in_front(x);
        break;
      case OpCode::IsStore:
        if (!hole(x)) return std::nullopt;
        v = r.is_store_cell(x);
        break;
      case OpCode::Number:
        if (!hole(x)) return std::nullopt;
        v = r.number_of(x);
        break;
      case OpCode::Not:
        v = x == 0;
        break;
      case OpCode::EqInt:
        v = x == in.a;
        break;
      case OpCode::GtInt:
        v = x > in.a;
        break;
      case OpCode::LeInt:
        v = x <= in.a;
        break;
      case OpCode::Eq:
        v = x == y;
        break;
      case OpCode::Ne:
        v = x != y;
        break;
      case OpCode::Lt:
        v = x < y;
        break;
      case OpCode::Le:
        v = x <= y;
        break;
      case OpCode::Gt:
        v = x > y;
        break;
      case OpCode::Ge:
        v = x >= y;
        break;
      default:
        return std::nullopt;
    }
    n -= info.pop;
    stack[n++] = v;
  }
  if (n != 1) return std::nullopt;
  return stack[0];
}

// Whether the branch `in` lets the code go on (does not jump) on value v.
bool branch_passes(const Instr& in, int64_t v) {
  switch (in.op) {
    case OpCode::JumpIfFalse:
    case OpCode::JumpUnlessOwnHere:
    case OpCode::JumpUnlessStoreHere:
      return v != 0;
    case OpCode::JumpIfTrue:
      return v == 0;
    case OpCode::JumpUnlessEqInt:
      return v == in.b;
    case OpCode::JumpUnlessGtInt:
      return v > in.b;
    case OpCode::JumpUnlessLeInt:
      return v <= in.b;
    default:
      return true;
  }
}

// One of the tests that open a piece of code: the instructions [from, to)
// compute its value and `branch` jumps away on it (a branch that pops
// nothing, JumpUnlessStoreHere, computes its value itself: to = branch + 1).
// Or, where the walk keeps locals, a value stored in local `store` by the
// instruction at `branch`.
struct LeadingTest {
  size_t from, to, branch;
  int store = -1;
};

// The counts a compare-and-branch on count(here) lets through, or nullopt
// when `test` is no such branch.
std::optional<HereGuard::Range> count_range(const Instr& test) {
  switch (test.op) {
    case OpCode::JumpUnlessEqInt:
      return HereGuard::range_of(HereGuard::Test::Eq, test.b);
    case OpCode::JumpUnlessGtInt:
      return HereGuard::range_of(HereGuard::Test::Gt, test.b);
    case OpCode::JumpUnlessLeInt:
      if (test.b < 0) return HereGuard::Range{};
      return HereGuard::Range{0, static_cast<uint32_t>(test.b)};
    default:
      return std::nullopt;
  }
}

// Calls visit(test) for each test that opens the code at `entry`, while
// visit returns true: tests evaluated by instructions that only read
// (reads_only) on an empty stack, each branching to the same `exit` (-1:
// wherever the first one branches) — the `and`s of a condition, which every
// path past them passes. With `locals`, also values stored in locals
// (visited as tests with a `store`), the loads of locals and a chain's
// first visit: the opening of a chain (`chain backward from here while
// ...`), whose while-condition fails to the handler's end. Stops at the
// first instruction that is none of these.
template <class Visit>
void walk_leading_tests(const Rules& r, size_t entry, int exit, bool locals, Visit&& visit) {
  int depth = 0;
  size_t from = entry;  // the current test's first instruction
  auto reads = [&](OpCode op) {
    return reads_only(op) ||
           (locals && (op == OpCode::Load || op == OpCode::CountLoad || op == OpCode::ChainGuard));
  };
  for (size_t pc = entry; pc < r.code.size(); ++pc) {
    const Instr& in = r.code[pc];
    const OpInfo& info = op_info(in.op);
    bool store = locals && in.op == OpCode::Store && depth == 1;
    if (is_branch(in.op) || store) {
      if (!store && exit < 0) exit = in.a;
      if (!store && (in.a != exit || depth != info.pop)) return;
      LeadingTest t{from, info.pop == 0 ? pc + 1 : pc, pc, store ? in.a : -1};
      if (!visit(t)) return;
      depth = 0;
      from = pc + 1;
      continue;
    }
    if (!reads(in.op)) return;
    depth += info.push - info.pop;
  }
}

// The counts a leading test lets through when it is count(here) against a
// constant (CountHere, or the count of a local known to hold `here`, then
// a compare-and-branch), or nullopt.
std::optional<HereGuard::Range> count_test(const Rules& r, const LeadingTest& t, int cell = -1,
                                           const Locals* locals = nullptr) {
  if (t.store >= 0 || t.to != t.from + 1) return std::nullopt;
  const Instr& value = r.code[t.from];
  bool here = value.op == OpCode::CountHere;
  if (const std::optional<int64_t>* l =
          value.op == OpCode::CountLoad && locals ? known_local(*locals, value.a) : nullptr) {
    here = *l == std::optional<int64_t>(cell);
  }
  return here ? count_range(r.code[t.branch]) : std::nullopt;
}

bool is_ret(const Rules& r, int pc) {
  return pc >= 0 && static_cast<size_t>(pc) < r.code.size() &&
         r.code[static_cast<size_t>(pc)].op == OpCode::Ret;
}

// Narrows g.at by a leading test that reads only the board's shape at
// `here`: a cell where it fails never gets past it. A test that reads more
// narrows nothing. Returns whether it narrowed (the guard then decides the
// test).
bool narrow_cells(const Rules& r, HereGuard& g, const LeadingTest& t) {
  std::array<HereGuard::Range, kMaxCells> at = g.at;
  for (int c = 0; c < r.cells; ++c) {
    std::optional<int64_t> v = shape_value(r, t.from, t.to, c);
    if (!v) return false;
    if (!branch_passes(r.code[t.branch], *v)) at[static_cast<size_t>(c)] = HereGuard::Range{};
  }
  g.at = at;
  return true;
}

// A leading test of the count of another hole that the board's shape fixes
// by `here` (CountOppositeHere, or instructions that read only the shape at
// `here` then Count) against a constant, as the guard keeps it
// (AlsoTests::Test): the hole for each cell the guard still admits, and the
// counts the branch lets through. nullopt for any other test (count(here)
// itself is the guard's own test), or where some such cell gives no hole.
std::optional<AlsoTests::Test> also_test(const Rules& r, const HereGuard& g, const LeadingTest& t) {
  std::optional<HereGuard::Range> counts = count_range(r.code[t.branch]);
  if (t.store >= 0 || t.to <= t.from || !counts) return std::nullopt;
  OpCode last = r.code[t.to - 1].op;
  bool fused = t.to == t.from + 1 && last == OpCode::CountOppositeHere;
  if (!fused && last != OpCode::Count) return std::nullopt;
  AlsoTests::Test a;
  a.counts = *counts;
  for (int c = 0; c < r.cells; ++c) {
    if (g.rules_out(c)) continue;
    std::optional<int64_t> hole = fused ? r.opposite[c] : shape_value(r, t.from, t.to - 1, c);
    if (!hole || *hole < 0 || *hole >= r.cells) return std::nullopt;
    a.cell[static_cast<size_t>(c)] = static_cast<uint8_t>(*hole);
  }
  return a;
}

// The guard of an event's code (Rules::event_guards), from the tests that
// open it when they all fail to one Ret (walk_leading_tests): the `and`s of
// a handler's condition (`front(here) and count(here) > 1 and ...`). The
// first of them that is count(here) against a constant (== or >) is the
// guard's test; those that read only the board's shape at `here` narrow its
// cells; up to AlsoTests::kMax of the count of a hole the shape fixes by
// `here` go to `also`, as that hole cell by cell (also_test). The guard
// decides its count and shape tests exactly, so the code is entered past
// them (past_count: the count test when it is the first; past_cell: the
// tests up to the first that is neither).
HereGuard here_guard(const Rules& r, CodeRef code, AlsoTests& also) {
  HereGuard g;
  if (code.empty()) return g;
  g.past_count = g.past_cell = code;
  bool decided = true;  // the guard decides every test so far
  walk_leading_tests(r, static_cast<size_t>(code.entry), -1, false, [&](const LeadingTest& t) {
    const Instr& branch = r.code[t.branch];
    if (!is_ret(r, branch.a)) return false;
    CodeRef past{static_cast<int32_t>(t.branch + 1)};
    bool eq = branch.op == OpCode::JumpUnlessEqInt, gt = branch.op == OpCode::JumpUnlessGtInt;
    if (count_test(r, t) && g.test == HereGuard::Test::None && (eq || gt)) {
      HereGuard counted(eq ? HereGuard::Test::Eq : HereGuard::Test::Gt, branch.b);
      for (int c = 0; c < kMaxCells; ++c) {  // the cells the tests before it ruled out stay out
        if (g.rules_out(c)) counted.at[static_cast<size_t>(c)] = HereGuard::Range{};
      }
      counted.past_count = static_cast<int32_t>(t.from) == code.entry ? past : code;
      counted.past_cell = decided ? past : g.past_cell;
      g = counted;
      return true;
    }
    if (also.count < AlsoTests::kMax) {
      if (std::optional<AlsoTests::Test> a = also_test(r, g, t)) {
        also.tests[static_cast<size_t>(also.count++)] = *a;
        decided = false;  // the code still runs it (AlsoTests)
        return true;
      }
    }
    decided = narrow_cells(r, g, t) && decided;
    if (decided) g.past_cell = past;
    return true;
  });
  return g;
}

// The counts one handler (its code from `entry`, its tests failing to
// `exit`: the next handler, or the event's Ret) may act on with `here` =
// cell when `mover` moves: its leading tests that read only the board's
// shape, the mover and `own(here)` pass or fail by the cell, and those of
// count(here) against a constant narrow the counts, up to the first test
// that reads anything else. A chain from `here` that opens the handler
// and ends it is read the same way: its locals are known on its first
// visit (the hole is `here`), and where its while-condition fails there the
// handler does nothing.
HereGuard::Range handler_reach(const Rules& r, size_t entry, int exit, int cell, int mover) {
  HereGuard::Range counts{0, UINT32_MAX};
  Locals locals{};
  walk_leading_tests(r, entry, exit, true, [&](const LeadingTest& t) {
    if (std::optional<HereGuard::Range> c = count_test(r, t, cell, &locals)) {
      counts = counts.intersect(*c);
      return true;
    }
    std::optional<int64_t> v = shape_value(r, t.from, t.to, cell, mover, &locals);
    if (t.store >= 0) {
      std::optional<int64_t>* l = known_local(locals, t.store);
      if (l) *l = v;
      return v.has_value() && l;
    }
    if (v && !branch_passes(r.code[t.branch], *v)) counts = HereGuard::Range{};
    return v && !counts.none();
  });
  return counts;
}

// Adds to event e's guard what the mover decides across all its handlers
// (HereGuard::by_mover), where that rules out more than the guard's `at`.
void mover_reach(Rules& r, size_t e) {
  const std::vector<HandlerCode>& hs = r.handlers[e];
  HereGuard& g = r.event_guards[e];
  if (hs.empty()) return;
  auto end = static_cast<size_t>(hs.back().code.entry);
  while (end < r.code.size() && r.code[end].op != OpCode::Ret) ++end;
  bool narrower = false;
  for (int p = 0; p < 2; ++p) {
    for (int c = 0; c < r.cells; ++c) {
      HereGuard::Range reach;
      for (size_t i = 0; i < hs.size(); ++i) {
        int exit = i + 1 < hs.size() ? hs[i + 1].code.entry : static_cast<int>(end);
        reach = reach.hull(handler_reach(r, static_cast<size_t>(hs[i].code.entry), exit, c, p));
      }
      auto& at = g.by_mover[static_cast<size_t>(p)][static_cast<size_t>(c)];
      at = reach.intersect(g.at[static_cast<size_t>(c)]);
      narrower |= at != g.at[static_cast<size_t>(c)];
    }
  }
  g.mover_decides = narrower;
}

// Whether a move's first lap can be seen to end it without sowing it
// (Rules::first_lap_test): what decides there is the landing hole's count,
// and every piece of code that could run during the lap has a guard on the
// count of its hole.
bool first_lap_testable(const Rules& r, bool no_room) {
  auto guarded = [&](Event e) {
    size_t k = static_cast<size_t>(e);
    return r.events[k].empty() || r.event_guards[k].test != HereGuard::Test::None;
  };
  return r.may_be_endless && r.endless == EndlessKind::Illegal && r.relay == RelayKind::Landing &&
         r.relay_when.empty() && r.events[static_cast<size_t>(Event::Pickup)].empty() &&
         r.skip_when.empty() && !no_room && !r.direction_per_move && !r.has_questions &&
         guarded(Event::Drop) && guarded(Event::LapEnd);
}

// The direct form of an end condition (Rules' DirectTest): code that is a
// name of the position, then Ret, or then a comparison with a constant
// (fused or not), then Ret. Anything else runs as bytecode.
DirectTest compared(OpCode value, OpCode compare, int32_t k) {
  constexpr int64_t kMin = INT64_MIN / 2, kMax = INT64_MAX / 2;  // no name reaches these
  DirectTest t{value, compare, k, k, k, false};
  switch (compare) {
    case OpCode::Ne:
      t.outside = true;
      break;
    case OpCode::Lt:
      t.lo = kMin;
      t.hi = int64_t{k} - 1;
      break;
    case OpCode::Le:
      t.lo = kMin;
      break;
    case OpCode::Gt:
      t.lo = int64_t{k} + 1;
      t.hi = kMax;
      break;
    case OpCode::Ge:
      t.hi = kMax;
      break;
    default:
      break;  // Eq
  }
  return t;
}

DirectTest direct_test(const Rules& r, CodeRef code) {
  if (code.empty()) return {};
  const Instr* in = r.code.data() + code.entry;
  size_t left = r.code.size() - static_cast<size_t>(code.entry);
  OpCode v = in[0].op;
  bool name =
      v == OpCode::EmptyRow || v == OpCode::NoMoves || v == OpCode::BoardSeeds || v == OpCode::Ply;
  if (!name || left < 2) return {};
  if (in[1].op == OpCode::Ret) return compared(v, OpCode::Ne, 0);
  auto fused = [](OpCode op) {
    return op == OpCode::EqInt   ? OpCode::Eq
           : op == OpCode::GtInt ? OpCode::Gt
           : op == OpCode::LeInt ? OpCode::Le
                                 : OpCode::Ret;  // not a fused comparison
  };
  if (left >= 3 && fused(in[1].op) != OpCode::Ret && in[2].op == OpCode::Ret) {
    return compared(v, fused(in[1].op), in[1].a);
  }
  auto is_compare = [](OpCode op) {
    return op == OpCode::Eq || op == OpCode::Ne || op == OpCode::Lt || op == OpCode::Le ||
           op == OpCode::Gt || op == OpCode::Ge;
  };
  if (left >= 4 && in[1].op == OpCode::PushInt && is_compare(in[2].op) && in[3].op == OpCode::Ret) {
    return compared(v, in[2].op, in[1].a);
  }
  return {};
}

// Whether a condition's code reads nothing but the two stores and
// constants, so that a table of the stores can stand for it (DirectTest):
// straight-line code and forward jumps, up to its Ret, of the
// instructions below alone (no division: it may fail).
bool reads_only_stores(const Rules& r, CodeRef code) {
  if (code.empty()) return false;
  auto entry = static_cast<size_t>(code.entry), end = entry;
  while (end < r.code.size() && r.code[end].op != OpCode::Ret) ++end;
  if (end == r.code.size()) return false;
  bool store = false;
  for (size_t i = entry; i < end; ++i) {
    const Instr& in = r.code[i];
    switch (in.op) {
      case OpCode::StoreOfInt:
        store = true;
        break;
      case OpCode::Jump:
      case OpCode::JumpIfFalse:
      case OpCode::JumpIfTrue:
      case OpCode::AndJump:
      case OpCode::OrJump:
        if (static_cast<size_t>(in.a) <= i || static_cast<size_t>(in.a) > end) return false;
        break;
      case OpCode::PushInt:
      case OpCode::PushConst:
      case OpCode::Min:
      case OpCode::Max:
      case OpCode::Abs:
      case OpCode::Neg:
      case OpCode::Not:
      case OpCode::Add:
      case OpCode::Sub:
      case OpCode::Mul:
      case OpCode::Eq:
      case OpCode::Ne:
      case OpCode::Lt:
      case OpCode::Le:
      case OpCode::Gt:
      case OpCode::Ge:
      case OpCode::EqInt:
      case OpCode::GtInt:
      case OpCode::LeInt:
      case OpCode::AddInt:
      case OpCode::MulInt:
        break;
      default:
        return false;
    }
  }
  return store;
}

// The largest table of the stores (DirectTest), in entries: 128 seeds a
// store or fewer, so that making it costs a load no more than a
// millisecond or so.
constexpr int kMaxStoreTable = 129 * 129;

// Makes the conditions on the stores alone tables, once the code is whole.
void table_store_conditions(Rules& r) {
  int side = r.total() + 1;
  if (side * side > kMaxStoreTable) return;
  for (EndClauseCode& c : r.end) {
    if (c.kind != EndKind::When || !c.direct.empty() || !reads_only_stores(r, c.cond)) continue;
    uint32_t table = add_store_table(r, c.cond, side);
    c.direct.value = OpCode::StoreOfInt;
    c.direct.k = side;
    c.direct.table = table;
  }
}

void compile_moves_and_sowing(const GameSpec& g, Rules& r, CodeGen& gen) {
  if (g.move_where) {
    r.where_min_seeds = min_seeds_test(*g.move_where);
    r.move_where = gen.expression(*g.move_where);
  }
  for (const ast::Expr& f : g.forbid) r.forbid.push_back(gen.expression(f));
  for (const ast::Expr& f : g.forbid_after) r.forbid_after.push_back(gen.expression(f));
  for (const auto& p : g.prefer) r.prefer.push_back({p.after, gen.expression(p.cond)});
  if (g.from_store_seeds) r.from_store_seeds = gen.expression(*g.from_store_seeds);
  if (g.from_store_into) r.from_store_into = gen.expression(*g.from_store_into);
  if (g.from_store_when) r.from_store_when = gen.expression(*g.from_store_when);
  if (g.from_store_of) r.from_store_of = gen.expression(*g.from_store_of);
  if (g.from_store_where) r.from_store_where = gen.expression(*g.from_store_where);
  if (g.relay_when) r.relay_when = gen.expression(*g.relay_when);
  for (const DirectionRule& d : g.direction_rules) {
    r.direction_rules.push_back({d.when ? gen.expression(*d.when) : CodeRef{}, d.direction});
    r.direction_choice |= d.direction == Direction::Either;
  }
  if (g.skip_when) r.skip_when = gen.expression(*g.skip_when);
  if (g.endless == EndlessKind::Ends && !g.endless_body.empty()) {
    r.endless_block = gen.block(g.endless_body);
  }
  for (size_t e = 0; e < kEventCount; ++e) {
    r.events[e] = gen.event(g.handlers[e], r.handlers[e]);
    r.event_guards[e] = here_guard(r, r.events[e], r.event_also[e]);
    mover_reach(r, e);
  }
}

void compile_end(const GameSpec& g, Rules& r, CodeGen& gen) {
  for (const EndClause& c : g.end) {
    EndClauseCode code;
    code.kind = c.kind;
    code.label = c.label;
    if (code.label.empty()) {
      code.label = c.kind == EndKind::When        ? "condition"
                   : c.kind == EndKind::Stalemate ? "stalemate"
                                                  : "repetition";
    }
    code.draw = c.draw;
    code.won = c.won;
    if (c.won_by) code.won_by = gen.expression(*c.won_by);
    code.count = c.count;
    if (c.kind == EndKind::When) {
      assert(c.cond && "a `when` end clause without a condition");
      if (c.cond) code.cond = gen.expression(*c.cond);
      code.direct = direct_test(r, code.cond);
    }
    if (c.kind == EndKind::Repetition) r.has_repetition = true;
    if (!c.body.empty()) code.block = gen.block(c.body);
    r.end.push_back(std::move(code));
  }
  if (g.match.present && g.match_ends_when) r.match_ends = gen.expression(*g.match_ends_when);
  if (g.evaluation) r.evaluation = gen.expression(*g.evaluation);
}

}  // namespace

std::shared_ptr<const Rules> compile(const CheckedGame& game) {
  const GameSpec& g = game.spec;
  assert(g.holes >= 1 && g.holes <= kMaxRowHoles && "holes out of range after check");
  auto rules = std::make_shared<Rules>();
  Rules& r = *rules;
  static_cast<Settings&>(r) = g;
  r.name = g.name;
  r.info = g.info;
  build_tables(r);

  CodeGen gen(r);
  compile_moves_and_sowing(g, r, gen);
  compile_end(g, r, gen);

  r.frame_size = gen.frame_size();
  r.has_drop = !r.events[static_cast<size_t>(Event::Drop)].empty();
  r.hand_laps = gen.uses_hand() || r.from_store;  // a move from the store sows a hand
  // A lap that `skip origin` leaves no hole to sow into (one hole, no store
  // on the track) is endless: only the seed-by-seed loop sees it.
  bool no_room = r.skip_origin &&
                 std::min({r.track_len[0], r.track_len[1], r.rtrack_len[0], r.rtrack_len[1]}) <= 1;
  // Seeds in the hand are sown by whole rounds too, unless `skip origin`
  // skips the lifted hole (a lap of taken seeds lifts none: sown seed by seed).
  r.slow_sow = r.has_drop || !r.skip_when.empty() || (r.hand_laps && r.skip_origin) || no_room;
  r.may_relay = r.relay != RelayKind::None || gen.uses_relay_from() || gen.uses_hand();
  r.plain_relay = r.events[static_cast<size_t>(Event::LapEnd)].empty() && r.relay_when.empty();
  r.reads_sown = gen.uses_sown();
  r.reads_lap_start = gen.uses_lap_start();
  r.has_lasting = !r.marks.empty() || !r.counters.empty();
  r.direction_per_move = !r.direction_rules.empty();
  r.laps_turn = r.laps_alternate || gen.uses_relay_way();
  r.may_be_endless = r.may_relay || !r.skip_when.empty() || no_room;
  r.has_questions = !r.questions.empty();
  r.has_prefer = !r.prefer.empty();
  r.prefer_after =
      std::any_of(r.prefer.begin(), r.prefer.end(), [](const PreferCode& p) { return p.after; });
  r.simple_starts = !r.has_questions && !r.from_store && r.where_min_seeds == 1 &&
                    r.forbid.empty() && r.forbid_after.empty() && !r.direction_choice &&
                    !(r.may_be_endless && r.endless == EndlessKind::Illegal);
  r.needs_no_moves = gen.uses_no_moves();
  r.plain_laps = r.events[static_cast<size_t>(Event::Pickup)].empty() && !r.slow_sow &&
                 r.plain_relay && !r.reads_lap_start && !r.laps_turn && !r.has_questions &&
                 !r.hand_laps;
  // Code may run during the sowing, but none that lifts, skips, turns,
  // asks, reads `lap_start` or keeps marks and counters (sow_loop.hpp).
  r.whole_laps = !r.plain_laps && r.events[static_cast<size_t>(Event::Pickup)].empty() &&
                 !r.skip_origin && r.skip_when.empty() && !r.reads_lap_start && !r.laps_turn &&
                 !r.has_questions && !r.hand_laps && !r.has_lasting;
  // Tests of other holes imply lap_end code, so the relay is never plain.
  r.lap_end_also =
      r.event_also[static_cast<size_t>(Event::LapEnd)].count > 0 && r.relay_when.empty();
  r.sowing = runtime_sowing(r);
  r.has_sow_end = !r.events[static_cast<size_t>(Event::SowEnd)].empty();
  r.has_captures = !r.events[static_cast<size_t>(Event::Captures)].empty();
  r.first_lap_test = first_lap_testable(r, no_room);
  table_store_conditions(r);
  return rules;
}

}  // namespace mancala
