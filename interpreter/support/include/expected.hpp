// Expected<T>: a value or an error message, the one error type for
// operations on untrusted input that are not rule files (records,
// scenarios, moves, agent specs, flags). Rule files report through
// Diagnostics instead, because they have many errors with source ranges.
// C++20 has no std::expected; this is the small part of it we need.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace mancala {

template <class T>
struct Expected {
  std::optional<T> value;
  std::string error;  // for people: what is wrong and where; "" when value is set

  static Expected ok(T v) { return {std::move(v), {}}; }
  static Expected fail(std::string message) { return {std::nullopt, std::move(message)}; }
  explicit operator bool() const { return value.has_value(); }
};

}  // namespace mancala
