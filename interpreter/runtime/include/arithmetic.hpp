// The arithmetic of the rule language: 64-bit integers that saturate
// instead of overflowing, and division and remainder by zero that give 0
// (docs/language.md, section 6).
//
// The executor (runtime/vm.cpp) computes with these functions and the
// compiler folds constants with apply_operator, so that a folded
// expression and an executed one always agree.
#pragma once

#include <cstdint>
#include <limits>

#include "rules.hpp"

namespace mancala {

// ---- saturating 64-bit arithmetic -----------------------------------------

inline int64_t saturate(bool overflow, int64_t value, bool positive) {
  if (!overflow) return value;
  return positive ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}
inline int64_t sat_add(int64_t a, int64_t b) {
  int64_t r;
  bool o = __builtin_add_overflow(a, b, &r);
  return saturate(o, r, b > 0);
}
inline int64_t sat_sub(int64_t a, int64_t b) {
  int64_t r;
  bool o = __builtin_sub_overflow(a, b, &r);
  return saturate(o, r, b < 0);
}
inline int64_t sat_mul(int64_t a, int64_t b) {
  int64_t r;
  bool o = __builtin_mul_overflow(a, b, &r);
  return saturate(o, r, (a < 0) == (b < 0));
}
inline int64_t sat_div(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1)
    return a == std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::max() : -a;
  return a / b;
}
inline int64_t sat_mod(int64_t a, int64_t b) {
  if (b == 0 || b == -1) return 0;
  return a % b;
}
inline int64_t sat_neg(int64_t a) {
  return sat_sub(0, a);
}
inline int64_t sat_abs(int64_t a) {
  return a < 0 ? sat_neg(a) : a;
}

// The value of a pure operator instruction on constant operands: Neg,
// Not, Abs (operand a), Add .. Ge, Min, Max (a op b). Any other op: 0.
// clang-format off
inline int64_t apply_operator(OpCode op, int64_t a, int64_t b = 0) {
  switch (op) {
    case OpCode::Neg: return sat_neg(a);
    case OpCode::Not: return a == 0;
    case OpCode::Abs: return sat_abs(a);
    case OpCode::Add: return sat_add(a, b);
    case OpCode::Sub: return sat_sub(a, b);
    case OpCode::Mul: return sat_mul(a, b);
    case OpCode::Div: return sat_div(a, b);
    case OpCode::Mod: return sat_mod(a, b);
    case OpCode::Eq: return a == b;
    case OpCode::Ne: return a != b;
    case OpCode::Lt: return a < b;
    case OpCode::Le: return a <= b;
    case OpCode::Gt: return a > b;
    case OpCode::Ge: return a >= b;
    case OpCode::Min: return a < b ? a : b;
    case OpCode::Max: return a > b ? a : b;
    default: return 0;
  }
}
// clang-format on

}  // namespace mancala
