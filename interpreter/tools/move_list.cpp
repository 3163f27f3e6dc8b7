// parse_move_list (see move_list.hpp): split on commas, parse_move each.
#include "move_list.hpp"

#include <fmt/format.h>

#include "runtime.hpp"

namespace mancala {

Expected<std::vector<Move>> parse_move_list(const std::string& text, MoveNames names) {
  using Result = Expected<std::vector<Move>>;
  int last = names.rows == 1 ? names.side() : 2 * names.side();  // one row: 1..N
  std::vector<Move> moves;
  if (text.empty()) return Result::ok(moves);
  size_t start = 0;
  for (int n = 1;; ++n) {
    size_t comma = text.find(',', start);
    std::string word = text.substr(start, comma == std::string::npos ? comma : comma - start);
    std::optional<Move> m = parse_move(word, names);
    if (m && !m->is_pass() && m->number > last) m.reset();
    if (!m) {
      if (std::string why = move_name_error(word, names); !why.empty()) {
        return Result::fail(fmt::format("--moves: move {} is '{}': {}", n, word, why));
      }
      std::string holes =
          names.four_rows()
              ? fmt::format("a row and a hole from the mover's left, f1..f{0} or b1..b{0}",
                            names.holes)
              : fmt::format("a hole 1..{}", last);
      return Result::fail(fmt::format(
          "--moves: move {} is '{}'; expected {} (with ccw or cw where the mover "
          "chooses the direction, /y or /n per question where a move asks), s and a number of "
          "seeds for a move from the store, or 'pass'",
          n, word, holes));
    }
    moves.push_back(*m);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return Result::ok(std::move(moves));
}

}  // namespace mancala
