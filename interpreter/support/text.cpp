// join (text.hpp): the one list joiner. It takes whole strings rather than
// a callback per item because every caller already has its words (names,
// moves, phrases) as strings, and a separate last separator covers both
// lists for programs ("a, b, c") and lists in sentences ("a, b or c").
#include "text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace mancala {

std::string with_thousands(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

std::string join(const std::vector<std::string>& items, std::string_view sep,
                 std::string_view last_sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? last_sep : sep;
    out += items[i];
  }
  return out;
}

}  // namespace mancala
