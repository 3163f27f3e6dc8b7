// parse_move_list (see move_list.hpp): split on commas, parse_move each.
#include "move_list.hpp"

#include <fmt/format.h>

#include "runtime.hpp"

namespace mancala {

Expected<std::vector<Move>> parse_move_list(const std::string& text, int side, int rows) {
  using Result = Expected<std::vector<Move>>;
  int last = rows == 1 ? side : 2 * side;  // one row: 1..N
  std::vector<Move> moves;
  if (text.empty()) return Result::ok(moves);
  size_t start = 0;
  for (int n = 1;; ++n) {
    size_t comma = text.find(',', start);
    std::string word = text.substr(start, comma == std::string::npos ? comma : comma - start);
    std::optional<Move> m = parse_move(word, side);
    if (m && !m->is_pass() && m->number > last) m.reset();
    if (!m) {
      return Result::fail(fmt::format(
          "--moves: move {} is '{}'; expected a hole 1..{} (with ccw or cw where the mover "
          "chooses the direction, /y or /n per question where a move asks), s and a number of "
          "seeds for a move from the store, or 'pass'",
          n, word, last));
    }
    moves.push_back(*m);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return Result::ok(std::move(moves));
}

}  // namespace mancala
