// The bytecode generator: checked AST expressions and statements -> Instr.
//
// A plain one-pass stack-machine generator. The checker has already
// guaranteed types and names, so every surprise is an assertion. Four
// small optimisations matter for speed and live here: constant folding of
// pure sub-expressions (so `holes - 1` or `total / 2` cost one push),
// constant locals (a `let` of a constant never assigned again, such as a
// fragment parameter given a literal, folds like the literal), fused
// instructions for the most frequent pairs (`count(here)`, `x == k`,
// `x > k`, `x <= k` (and `>=`, `<` as those with k - 1), `store(south)`, `x + k`, `k * x`,
// `own(here)`, `is_store(here)`, `count(opposite(here))`: a constant operand of + and * is put on
// the right to fuse), and short-circuit jumps for `and`/`or`/`in`, threaded and then fused with the
// comparison before them
// (`count(here) == 1` as a condition is CountHere; JumpUnlessEqInt 1).
// Locals get slots by scope (a slot is reused after its block closes); the
// deepest stack and slot use are tracked so that the executor can run on a
// fixed frame.
#include <algorithm>
#include <cassert>
#include <limits>
#include <optional>

#include "arithmetic.hpp"
#include "builtins.hpp"
#include "compile_internal.hpp"

namespace mancala {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Op;
using ast::Stmt;
using ast::StmtKind;

// How many values an instruction leaves on the stack minus how many it
// takes (opcodes.def), on the path that falls through.
int stack_effect(OpCode op) {
  return op_info(op).push - op_info(op).pop;
}

// The instruction of an operator other than `and` / `or`.
// clang-format off
OpCode operator_code(Op op) {
  switch (op) {
    case Op::Add: return OpCode::Add;
    case Op::Sub: return OpCode::Sub;
    case Op::Mul: return OpCode::Mul;
    case Op::Div: return OpCode::Div;
    case Op::Mod: return OpCode::Mod;
    case Op::Eq: return OpCode::Eq;
    case Op::Ne: return OpCode::Ne;
    case Op::Lt: return OpCode::Lt;
    case Op::Le: return OpCode::Le;
    case Op::Gt: return OpCode::Gt;
    case Op::Ge: return OpCode::Ge;
    case Op::Neg: return OpCode::Neg;
    case Op::Not: return OpCode::Not;
    case Op::And: case Op::Or: case Op::None: break;
  }
  assert(false && "no instruction for this operator");
  return OpCode::Ret;
}
// clang-format on

// A comparison with a constant right operand k, as one instruction with
// k as its operand: `x >= k` is `x > k - 1`, `x < k` is `x <= k - 1`.
struct ConstantCompare {
  OpCode fused;
  int32_t shift;  // added to k
};
std::optional<ConstantCompare> constant_compare(OpCode op) {
  switch (op) {
    case OpCode::Eq:
      return ConstantCompare{OpCode::EqInt, 0};
    case OpCode::Gt:
      return ConstantCompare{OpCode::GtInt, 0};
    case OpCode::Ge:
      return ConstantCompare{OpCode::GtInt, -1};
    case OpCode::Le:
      return ConstantCompare{OpCode::LeInt, 0};
    case OpCode::Lt:
      return ConstantCompare{OpCode::LeInt, -1};
    default:
      return std::nullopt;
  }
}

bool fits32(int64_t v) {
  return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

}  // namespace

void CodeGen::emit(OpCode op, int32_t a) {
  auto& code = rules_.code;
  bool can_fuse = !code.empty() && last_label_ != label();
  if (can_fuse) {
    Instr& prev = code.back();
    if (op == OpCode::Count && prev.op == OpCode::Here) {
      prev.op = OpCode::CountHere;
      return;  // stack effect of Here + Count == CountHere
    }
    if (prev.op == OpCode::Here &&
        (op == OpCode::Own || op == OpCode::IsStore || op == OpCode::Opposite)) {
      prev.op = op == OpCode::Own       ? OpCode::OwnHere
                : op == OpCode::IsStore ? OpCode::IsStoreHere
                                        : OpCode::OppositeHere;
      return;  // stack effect of Here + Own (IsStore, Opposite) == OwnHere (...)
    }
    if (op == OpCode::Count && prev.op == OpCode::OppositeHere) {
      prev.op = OpCode::CountOppositeHere;
      return;
    }
    if (op == OpCode::Count && prev.op == OpCode::Load) {
      prev.op = OpCode::CountLoad;
      return;
    }
    if (std::optional<ConstantCompare> c = constant_compare(op);
        c && prev.op == OpCode::PushInt &&
        (c->shift == 0 || prev.a > std::numeric_limits<int32_t>::min())) {
      prev.op = c->fused;
      prev.a += c->shift;
      --depth_;
      return;
    }
    if (op == OpCode::StoreOf && prev.op == OpCode::PushInt && (prev.a == 0 || prev.a == 1)) {
      prev.op = OpCode::StoreOfInt;
      return;  // stack effect of PushInt + StoreOf == StoreOfInt
    }
    if ((op == OpCode::Add || op == OpCode::Mul) && prev.op == OpCode::PushInt) {
      prev.op = op == OpCode::Add ? OpCode::AddInt : OpCode::MulInt;
      --depth_;
      return;
    }
  }
  code.push_back(Instr{.op = op, .a = a});
  uses_no_moves_ |= op == OpCode::NoMoves;
  uses_relay_from_ |= op == OpCode::RelayFrom || op == OpCode::RelayInto;
  uses_hand_ |= op == OpCode::LiftHole || op == OpCode::LiftSome || op == OpCode::RelayInto;
  uses_sown_ |= op == OpCode::Sown || op == OpCode::InHand;
  uses_lap_start_ |= op == OpCode::LapStart;
  uses_relay_way_ |= op == OpCode::RelayWay;
  uses_draw_ |= op == OpCode::Draw;
  depth_ += stack_effect(op);
  assert(depth_ >= 0);
  if (depth_ > max_stack_) max_stack_ = depth_;
}

int CodeGen::question(const std::string& name) {
  std::vector<std::string>& q = rules_.questions;
  auto it = std::find(q.begin(), q.end(), name);
  if (it != q.end()) return static_cast<int>(it - q.begin());
  q.push_back(name);
  return static_cast<int>(q.size() - 1);
}

void CodeGen::push_constant(int64_t v) {
  if (fits32(v)) {
    emit(OpCode::PushInt, static_cast<int32_t>(v));
  } else {
    rules_.constants.push_back(v);
    emit(OpCode::PushConst, static_cast<int32_t>(rules_.constants.size() - 1));
  }
}

int CodeGen::new_slot() {
  int slot = next_slot_++;
  if (next_slot_ > max_locals_) max_locals_ = next_slot_;
  return slot;
}

void CodeGen::close_scope() {
  // Scopes nest, so slots are released in stack order.
  auto [locals, slot] = scope_marks_.back();
  scope_marks_.pop_back();
  locals_.resize(locals);
  next_slot_ = slot;
}

const CodeGen::Local* CodeGen::find_local(const std::string& n) const {
  for (size_t i = locals_.size(); i-- > 0;) {
    if (locals_[i].name == n) return &locals_[i];
  }
  return nullptr;
}

void CodeGen::reset_frame() {
  depth_ = 0;
  next_slot_ = 0;
  locals_.clear();
  scope_marks_.clear();
  last_label_ = label();  // nothing fuses with the previous region
}

CodeRef CodeGen::expression(const Expr& e) {
  CodeRef ref{label()};
  reset_frame();
  expr(e);
  emit(OpCode::Ret);
  finish_region(ref.entry);
  return ref;
}

CodeRef CodeGen::block(const std::vector<Stmt>& body, const Expr* when) {
  CodeRef ref{label()};
  reset_frame();
  int skip = -1;
  if (when) {
    expr(*when);
    skip = label();
    emit(OpCode::JumpIfFalse);
  }
  open_scope();
  stmts(body);
  close_scope();
  if (skip >= 0) bind(skip);
  emit(OpCode::Ret);
  finish_region(ref.entry);
  return ref;
}

CodeRef CodeGen::event(const std::vector<HandlerSpec>& handlers, std::vector<HandlerCode>& out) {
  if (handlers.empty()) return {};
  CodeRef ref{label()};
  size_t first = out.size();
  for (const HandlerSpec& h : handlers) {
    reset_frame();
    out.push_back(HandlerCode{h.name, CodeRef{label()}});
    int skip = -1;
    if (h.when) {
      expr(*h.when);
      skip = label();
      emit(OpCode::JumpIfFalse);
    }
    open_scope();
    stmts(h.body);
    close_scope();
    if (skip >= 0) bind(skip);
  }
  emit(OpCode::Ret);
  std::vector<CodeRef*> entries;
  for (size_t i = first; i < out.size(); ++i) entries.push_back(&out[i].code);
  finish_region(ref.entry, entries);
  return ref;
}

void CodeGen::finish_region(int from, const std::vector<CodeRef*>& entries) {
  thread_jumps(from);
  fuse_branches(from, entries);
}

// Jump threading: a short-circuit jump that lands on another conditional
// jump is redirected to where that one would go (`a and b` as a handler's
// `when` then costs one jump per operand, not two).
void CodeGen::thread_jumps(int from) {
  auto& code = rules_.code;
  for (int pc = from; pc < label(); ++pc) {
    Instr& in = code[pc];
    for (int hops = 0; hops < 16; ++hops) {
      if (in.a < 0 || in.a >= label()) break;
      const Instr& t = code[in.a];
      OpCode op = in.op;
      if ((op == OpCode::Jump || op == OpCode::JumpIfFalse || op == OpCode::JumpIfTrue) &&
          t.op == OpCode::Jump) {
        in.a = t.a;
      } else if (op == OpCode::AndJump &&
                 (t.op == OpCode::AndJump || t.op == OpCode::JumpIfFalse)) {
        in.op = t.op;  // a false value keeps going to t's target
        in.a = t.a;
      } else if (op == OpCode::OrJump && t.op == OpCode::OrJump) {
        in.a = t.a;
      } else if (op == OpCode::AndJump && t.op == OpCode::OrJump) {
        in.op = OpCode::JumpIfFalse;  // false is popped by t and falls through
        in.a = in.a + 1;
      } else if (op == OpCode::OrJump && (t.op == OpCode::AndJump || t.op == OpCode::JumpIfFalse)) {
        in.op = OpCode::JumpIfTrue;  // true is popped by t and falls through
        in.a = in.a + 1;
      } else {
        break;
      }
    }
  }
}

namespace {

// The one instruction that does what `in` then the conditional jump `jump`
// do, if there is one.
std::optional<Instr> fused_branch(const Instr& in, const Instr& jump) {
  if (jump.op != OpCode::JumpIfFalse && jump.op != OpCode::JumpIfTrue) return std::nullopt;
  bool if_false = jump.op == OpCode::JumpIfFalse;
  if (in.op == OpCode::Not) {
    return Instr{.op = if_false ? OpCode::JumpIfTrue : OpCode::JumpIfFalse, .a = jump.a};
  }
  if (if_false && (in.op == OpCode::OwnHere || in.op == OpCode::IsStoreHere)) {
    OpCode test =
        in.op == OpCode::OwnHere ? OpCode::JumpUnlessOwnHere : OpCode::JumpUnlessStoreHere;
    return Instr{.op = test, .a = jump.a};
  }
  bool fits =
      in.a >= std::numeric_limits<int16_t>::min() && in.a <= std::numeric_limits<int16_t>::max();
  OpCode op = in.op == OpCode::EqInt   ? OpCode::JumpUnlessEqInt
              : in.op == OpCode::GtInt ? OpCode::JumpUnlessGtInt
              : in.op == OpCode::LeInt ? OpCode::JumpUnlessLeInt
                                       : OpCode::Ret;  // nothing to fuse
  if (!if_false || !fits || op == OpCode::Ret) return std::nullopt;
  return Instr{.op = op, .b = static_cast<int16_t>(in.a), .a = jump.a};
}

}  // namespace

// Compare and branch: `EqInt k; JumpIfFalse L` becomes `JumpUnlessEqInt
// k L` (and GtInt, LeInt; `Not; JumpIfFalse L` becomes `JumpIfTrue L`;
// `OwnHere; JumpIfFalse L` becomes `JumpUnlessOwnHere L`, IsStoreHere
// `JumpUnlessStoreHere L`), one dispatch instead of two, wherever nothing
// jumps to the second and k fits Instr::b. Done after jump threading,
// which turns the `and` chains of handler conditions into such pairs. The
// region [from, end) is then compacted: every jump in it and every handler
// entry is renumbered (nothing outside a region points into it but those).
void CodeGen::fuse_branches(int from, const std::vector<CodeRef*>& entries) {
  auto& code = rules_.code;
  const int end = label();
  std::vector<bool> target(static_cast<size_t>(end - from + 1), false);
  for (int pc = from; pc < end; ++pc) {
    if (!is_jump(code[pc].op)) continue;
    if (code[pc].a < from || code[pc].a > end) return;  // never generated; left unfused
    target[static_cast<size_t>(code[pc].a - from)] = true;
  }
  for (const CodeRef* e : entries) target[static_cast<size_t>(e->entry - from)] = true;
  std::vector<int> moved(target.size());  // old place - from -> new place
  int out = from;
  for (int pc = from; pc < end; ++pc) {
    Instr in = code[pc];
    moved[static_cast<size_t>(pc - from)] = out;
    if (pc + 1 < end && !target[static_cast<size_t>(pc + 1 - from)]) {
      std::optional<Instr> both = fused_branch(in, code[pc + 1]);
      if (both) {
        in = *both;
        moved[static_cast<size_t>(++pc - from)] = out;
      }
    }
    code[out++] = in;
  }
  moved[static_cast<size_t>(end - from)] = out;
  code.resize(static_cast<size_t>(out));
  for (int pc = from; pc < out; ++pc) {
    if (is_jump(code[pc].op)) code[pc].a = moved[static_cast<size_t>(code[pc].a - from)];
  }
  for (CodeRef* e : entries) e->entry = moved[static_cast<size_t>(e->entry - from)];
}

// ---- expressions -----------------------------------------------------------

namespace {

// The value of a built-in constant (south, seeds, total, ...).
std::optional<int64_t> constant_value(NameId id, const Settings& s) {
  switch (id) {
#define MANCALA_CONSTANT(Id, spelling, type, value, words) \
  case NameId::Id:                                         \
    return (value);
#include "builtins.def"
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<int64_t> CodeGen::fold(const Expr& e) const {
  switch (e.kind) {
    case ExprKind::Int:
    case ExprKind::Bool:
      return e.value;
    case ExprKind::Name:
      if (e.mark >= 0) return e.mark;  // a mark's name is its index
      if (e.builtin >= 0) return constant_value(static_cast<NameId>(e.builtin), rules_);
      if (const Local* l = find_local(e.name)) return l->constant;
      return std::nullopt;
    case ExprKind::Unary: {
      auto a = fold(e.args[0]);
      if (!a) return std::nullopt;
      return apply_operator(operator_code(e.op), *a);
    }
    case ExprKind::Binary: {
      auto a = fold(e.args[0]);
      auto b = fold(e.args[1]);
      if (!a || !b) return std::nullopt;
      if (e.op == Op::And) return *a != 0 && *b != 0;
      if (e.op == Op::Or) return *a != 0 || *b != 0;
      return apply_operator(operator_code(e.op), *a, *b);
    }
    case ExprKind::Call: {
      const BuiltinFunction& f = find_function(static_cast<FunctionId>(e.builtin));
      if (!f.pure) return std::nullopt;
      int64_t v[2] = {0, 0};
      for (size_t i = 0; i < e.args.size() && i < 2; ++i) {
        auto x = fold(e.args[i]);
        if (!x) return std::nullopt;
        v[i] = *x;
      }
      return apply_operator(e.args.size() > f.min_args ? f.op_more : f.op, v[0], v[1]);
    }
    default:
      return std::nullopt;
  }
}

void CodeGen::expr(const Expr& e) {
  if (auto v = fold(e)) {
    push_constant(*v);
    return;
  }
  switch (e.kind) {
    case ExprKind::Name:
      name(e);
      return;
    case ExprKind::Call:
      call(e);
      return;
    case ExprKind::NoMoves:
      emit(find_name(NameId::NoMoves).op);
      return;
    case ExprKind::Ask:
      emit(OpCode::Ask, question(e.name));
      return;
    case ExprKind::Unary:
      expr(e.args[0]);
      emit(operator_code(e.op));
      return;
    case ExprKind::Binary:
      binary(e);
      return;
    case ExprKind::In:
      in_list(e);
      return;
    case ExprKind::Quantifier:
      quantifier(e);
      return;
    case ExprKind::Fragment:
      fragment(e);
      return;
    default:
      assert(false && "unfoldable literal");
      return;
  }
}

// A local, or a built-in name: the instruction of its builtins.def row
// (constants never get here: fold() took them). In a chain body, `hole` is
// the chain's current hole, held in a slot.
void CodeGen::name(const Expr& e) {
  if (e.counter >= 0) {
    emit(OpCode::Counter, e.counter);
    return;
  }
  if (e.builtin < 0) {
    const Local* l = find_local(e.name);
    assert(l && "an unknown name reached compile");
    emit(OpCode::Load, l ? l->slot : 0);
    return;
  }
  const BuiltinName& n = find_name(static_cast<NameId>(e.builtin));
  assert(n.kind == NameKind::Instruction);
  if (n.id == NameId::Hole && !chain_slots_.empty()) {
    emit(OpCode::Load, chain_slots_.back());
    return;
  }
  emit(n.op);
}

// A built-in function: its arguments, then its builtins.def instruction
// (the longer form's when the optional argument is given).
void CodeGen::call(const Expr& e) {
  const BuiltinFunction& f = find_function(static_cast<FunctionId>(e.builtin));
  for (const Expr& arg : e.args) expr(arg);
  emit(e.args.size() > f.min_args ? f.op_more : f.op);
}

void CodeGen::binary(const Expr& e) {
  if (e.op == Op::And || e.op == Op::Or) {
    auto left = fold(e.args[0]);
    if (left) {  // a constant left side decides or disappears
      bool decides = (e.op == Op::And) ? *left == 0 : *left != 0;
      if (decides) {
        push_constant(e.op == Op::And ? 0 : 1);
      } else {
        expr(e.args[1]);
      }
      return;
    }
    expr(e.args[0]);
    int at = label();
    emit(e.op == Op::And ? OpCode::AndJump : OpCode::OrJump);
    expr(e.args[1]);
    bind(at);
    return;
  }
  // A constant on the left of + or * goes to the right (both are
  // commutative, and a constant has no effect to keep in order), where it
  // fuses with the operator: `2 * store(south)` is StoreOfInt 0; MulInt 2.
  bool swap = (e.op == Op::Add || e.op == Op::Mul) && fold(e.args[0]) && !fold(e.args[1]);
  expr(e.args[swap ? 1 : 0]);
  expr(e.args[swap ? 0 : 1]);
  emit(operator_code(e.op));
}

// x in [a, b, ...]: x goes to a temporary slot, then an `or` chain.
void CodeGen::in_list(const Expr& e) {
  int slot = new_slot();
  expr(e.args[0]);
  emit(OpCode::Store, slot);
  std::vector<int> to_end;
  for (size_t i = 1; i < e.args.size(); ++i) {
    emit(OpCode::Load, slot);
    expr(e.args[i]);
    emit(OpCode::Eq);
    if (i + 1 < e.args.size()) {
      to_end.push_back(label());
      emit(OpCode::OrJump);
    }
  }
  if (e.args.size() == 1) push_constant(0);
  for (int at : to_end) bind(at);
  next_slot_ = slot;
}

// The loop over the holes of `holes [of P] [where F]` that quantifiers and
// `for` share: South's holes then North's are cells 0..rows*N-1, P's row
// starts at P*N; the hole is in the variable's slot, and a hole failing F
// goes straight to the next (F is judged when the loop reaches the hole).
CodeGen::HoleLoop CodeGen::open_hole_loop(const std::string& name, const Expr* player,
                                          const Expr& filter) {
  HoleLoop loop;
  loop.index = new_slot();
  int hole = new_slot();
  int base = -1;
  if (player) {
    base = new_slot();
    expr(*player);
    push_constant(rules_.side);
    emit(OpCode::Mul);
    emit(OpCode::Store, base);
  }
  push_constant(0);
  emit(OpCode::Store, loop.index);
  loop.top = label();
  last_label_ = loop.top;
  emit(OpCode::Load, loop.index);
  push_constant((player ? rules_.side : rules_.in_play) - 1);
  emit(OpCode::Gt);
  loop.to_end.push_back(label());
  emit(OpCode::JumpIfTrue);
  emit(OpCode::Load, loop.index);
  if (player) {
    emit(OpCode::Load, base);
    emit(OpCode::Add);
  }
  emit(OpCode::Store, hole);
  locals_.push_back({name, hole, std::nullopt});
  if (!fold(filter).value_or(0)) {  // unless it is always true
    expr(filter);
    loop.to_next.push_back(label());
    emit(OpCode::JumpIfFalse);
  }
  return loop;
}

void CodeGen::close_hole_loop(const HoleLoop& loop) {
  for (int at : loop.to_next) bind(at);
  emit(OpCode::Load, loop.index);
  push_constant(1);
  emit(OpCode::Add);
  emit(OpCode::Store, loop.index);
  emit(OpCode::Jump, loop.top);
  for (int at : loop.to_end) bind(at);
}

// all|any|tally|sum(h in holes [of P] [where F]: body): the hole loop with
// the result in an accumulator; `all` and `any` leave the loop at the
// first hole that decides them.
void CodeGen::quantifier(const Expr& e) {
  open_scope();
  int acc = new_slot();
  push_constant(e.quant == ast::Quant::All ? 1 : 0);
  emit(OpCode::Store, acc);
  HoleLoop loop = open_hole_loop(e.name, e.args.size() > 2 ? &e.args[2] : nullptr, e.args[1]);
  expr(e.args[0]);
  if (e.quant == ast::Quant::All || e.quant == ast::Quant::Any) {
    bool all = e.quant == ast::Quant::All;
    loop.to_next.push_back(label());
    emit(all ? OpCode::JumpIfTrue : OpCode::JumpIfFalse);
    push_constant(all ? 0 : 1);
    emit(OpCode::Store, acc);
    loop.to_end.push_back(label());
    emit(OpCode::Jump);
  } else {  // tally adds the 0/1 of a bool, sum the int
    emit(OpCode::Load, acc);
    emit(OpCode::Add);
    emit(OpCode::Store, acc);
  }
  close_hole_loop(loop);
  emit(OpCode::Load, acc);
  close_scope();
}

// An expression fragment: each argument bound to its parameter's local
// (a constant argument folds into the body like a constant `let`), then
// the body.
void CodeGen::fragment(const Expr& e) {
  int first = next_slot_;
  std::vector<Local> bound;
  for (size_t i = 0; i < e.params.size(); ++i) {
    if (auto v = fold(e.args[i])) {
      bound.push_back({e.params[i], -1, v});
      continue;
    }
    int slot = new_slot();
    expr(e.args[i]);
    emit(OpCode::Store, slot);
    bound.push_back({e.params[i], slot, std::nullopt});
  }
  open_scope();
  for (Local& l : bound) locals_.push_back(std::move(l));
  expr(e.args.back());
  close_scope();
  next_slot_ = first;
}

// ---- statements ------------------------------------------------------------

void CodeGen::stmts(const std::vector<Stmt>& body) {
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i].kind == StmtKind::Let && constant_let(body, i)) continue;
    stmt(body[i]);
  }
}

namespace {

// Whether s, or a statement inside it, assigns the variable `name`.
bool assigns(const Stmt& s, const std::string& name) {
  if (s.kind == StmtKind::Assign && s.name == name) return true;
  for (const auto* list : {&s.body, &s.else_body}) {
    for (const Stmt& inner : *list) {
      if (assigns(inner, name)) return true;
    }
  }
  return false;
}

}  // namespace

// A `let` bound to a constant and not assigned later in its block is a name
// for the constant: its uses fold like literals and it takes no slot. The
// common case is a fragment parameter given a literal argument (the
// expansion binds each parameter with a `let`), e.g. `sown_to_owner(4)`,
// whose test then costs `count(here) == 4`, not a load and a compare.
bool CodeGen::constant_let(const std::vector<Stmt>& body, size_t i) {
  std::optional<int64_t> value = fold(*body[i].value);
  if (!value) return false;
  for (size_t j = i + 1; j < body.size(); ++j) {
    if (assigns(body[j], body[i].name)) return false;
  }
  locals_.push_back({body[i].name, -1, value});
  return true;
}

// clang-format off
void CodeGen::stmt(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::Capture: capture(s); return;
    case StmtKind::Remove: remove(s); return;
    case StmtKind::ExtraTurn: emit(OpCode::ExtraTurn); return;
    case StmtKind::Stop: emit(OpCode::Stop); return;
    case StmtKind::Cancel: emit(OpCode::Cancel); return;
    case StmtKind::Draw: emit(OpCode::Draw); return;
    case StmtKind::Relay:
      expr(*s.target);
      emit(s.into ? OpCode::RelayInto : OpCode::RelayFrom);
      if (s.way) emit(OpCode::RelayWay, s.way->text == "cw" ? 1 : 0);
      return;
    case StmtKind::Lift:
      expr(*s.target);
      if (s.value) expr(*s.value);
      emit(s.value ? OpCode::LiftSome : OpCode::LiftHole);
      return;
    case StmtKind::Leave: expr(*s.value); emit(OpCode::Leave); return;
    case StmtKind::Mark: mark(s); return;
    case StmtKind::Unmark:
      expr(*s.target);
      push_constant(mark_of(s));
      emit(OpCode::UnmarkHole);
      return;
    case StmtKind::Let: {
      expr(*s.value);
      int slot = new_slot();
      locals_.push_back({s.name, slot, std::nullopt});
      emit(OpCode::Store, slot);
      return;
    }
    case StmtKind::Assign: {
      if (s.counter >= 0) {
        expr(*s.value);
        emit(OpCode::SetCounter, s.counter);
        return;
      }
      const Local* l = find_local(s.name);
      assert(l && "assignment to an unknown local");
      expr(*s.value);
      emit(OpCode::Store, l ? l->slot : 0);
      return;
    }
    case StmtKind::If: if_stmt(s); return;
    case StmtKind::While: while_stmt(s); return;
    case StmtKind::Chain: chain_stmt(s); return;
    case StmtKind::For: for_stmt(s); return;
    case StmtKind::Use:
      open_scope();
      stmts(s.body);
      close_scope();
      return;
  }
}
// clang-format on

// `remove H` and `remove N from H`.
void CodeGen::remove(const Stmt& s) {
  expr(*s.target);
  if (!s.value) {
    emit(OpCode::Remove);
    return;
  }
  expr(*s.value);
  emit(OpCode::RemoveSome);
}

// `capture [N from] H|board to P|owners`: the operands (hole, then the
// number), then the destination: `to owners` has an instruction of its
// own, `to P` pushes P.
void CodeGen::capture(const Stmt& s) {
  if (s.target) expr(*s.target);  // empty: `board`
  if (s.value) expr(*s.value);    // N from H (never `board`: the grammar has no such form)
  OpCode owners = s.value    ? OpCode::CaptureSomeOwners
                  : s.target ? OpCode::CaptureOwners
                             : OpCode::CaptureBoardOwners;
  OpCode to_player = s.value    ? OpCode::CaptureSome
                     : s.target ? OpCode::Capture
                                : OpCode::CaptureBoard;
  if (s.dest) expr(*s.dest);
  emit(s.dest ? to_player : owners);
}

// The index of the mark a `mark`/`unmark` names (the checker made sure it
// is one of the board's).
int CodeGen::mark_of(const Stmt& s) const {
  const auto& marks = rules_.marks;
  auto it = std::find(marks.begin(), marks.end(), s.name);
  assert(it != marks.end() && "a mark the board does not declare");
  return static_cast<int>(it - marks.begin());
}

// `mark H as NAME [for P]`: without `for`, the mark is for H's row.
void CodeGen::mark(const Stmt& s) {
  expr(*s.target);
  push_constant(mark_of(s));
  if (s.dest) {
    expr(*s.dest);
  } else {
    expr(*s.target);
    emit(OpCode::Side);
  }
  emit(OpCode::MarkHole);
}

void CodeGen::if_stmt(const Stmt& s) {
  expr(*s.cond);
  int to_else = label();
  emit(OpCode::JumpIfFalse);
  open_scope();
  stmts(s.body);
  close_scope();
  if (!s.has_else) {
    bind(to_else);
    return;
  }
  int to_end = label();
  emit(OpCode::Jump);
  bind(to_else);
  open_scope();
  stmts(s.else_body);
  close_scope();
  bind(to_end);
}

void CodeGen::while_stmt(const Stmt& s) {
  int counter = new_slot();
  emit(OpCode::PushInt, 0);
  emit(OpCode::Store, counter);
  int top = label();
  last_label_ = top;
  expr(*s.cond);
  int to_end = label();
  emit(OpCode::JumpIfFalse);
  emit(OpCode::WhileGuard, counter);
  if (!s.where.empty()) {
    rules_.while_positions.emplace_back(static_cast<uint32_t>(rules_.code.size() - 1), s.where);
  }
  open_scope();
  stmts(s.body);
  close_scope();
  emit(OpCode::Jump, top);
  bind(to_end);
  next_slot_ = counter;
}

// chain forward|backward from H while E { body }: slot h holds `hole`,
// slot h+1 counts visits (at most 2N, one lap of the board).
void CodeGen::chain_stmt(const Stmt& s) {
  int hole = new_slot();
  int counter = new_slot();
  expr(*s.target);
  emit(OpCode::Store, hole);
  emit(OpCode::PushInt, 0);
  emit(OpCode::Store, counter);
  chain_slots_.push_back(hole);
  int top = label();
  last_label_ = top;
  emit(OpCode::ChainGuard, counter);
  int to_end1 = label();
  emit(OpCode::JumpIfFalse);
  expr(*s.cond);
  int to_end2 = label();
  emit(OpCode::JumpIfFalse);
  open_scope();
  stmts(s.body);
  close_scope();
  emit(OpCode::Load, hole);
  emit(s.forward ? OpCode::Next : OpCode::Prev);
  emit(OpCode::Store, hole);
  emit(OpCode::Jump, top);
  bind(to_end1);
  bind(to_end2);
  chain_slots_.pop_back();
  next_slot_ = hole;
}

// for h in holes [of P] [where F] { body }: the body in the hole loop.
void CodeGen::for_stmt(const Stmt& s) {
  open_scope();
  HoleLoop loop = open_hole_loop(s.name, s.dest ? &*s.dest : nullptr, *s.cond);
  open_scope();
  stmts(s.body);
  close_scope();
  close_hole_loop(loop);
  close_scope();
}

}  // namespace mancala
