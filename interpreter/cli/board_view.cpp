// The board drawing and the sowing animation (see board_view.hpp). The
// drawing is built line by line from one description of the grid (the
// store columns, N hole columns, and which box character goes where), so
// the Unicode and ASCII forms cannot drift apart; escapes are added around
// already-padded text, so colour never changes a column.
#include "board_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "command.hpp"

namespace mancala::cli {
namespace {

// The characters of one horizontal line of the grid: its left end, the
// joint between two columns, the fill of a column, and its right end.
struct Rule {
  const char* left;
  const char* joint;
  const char* fill;
  const char* right;
};

struct Glyphs {
  Rule top, middle, bottom;
  const char* bar;  // a vertical line
  const char* son;  // the marker after a son's count
};

const Glyphs kUnicode = {
    {"┌", "┬", "─", "┐"}, {"├", "┼", "─", "┤"}, {"└", "┴", "─", "┘"}, "│", "•"};
const Glyphs kAscii = {{"+", "+", "-", "+"}, {"+", "+", "-", "+"}, {"+", "+", "-", "+"}, "|", "*"};

constexpr const char* kIndent = "   ";

int digits(int n) {
  int d = 1;
  while (n >= 10) {
    n /= 10;
    ++d;
  }
  return d;
}

std::string repeat(const char* s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

class Painter {
 public:
  Painter(const Rules& rules, const State& s, const BoardStyle& style, const BoardLabels& labels)
      : s_(s),
        style_(style),
        labels_(labels),
        g_(style.unicode ? kUnicode : kAscii),
        stores_(rules.stores != StoreKind::None),
        width_(std::max(4, digits(std::max(rules.total(), 1)) + 2)),
        sons_(rules.match.present),
        rules_(rules) {}

  std::string draw() const {
    int boxed =
        static_cast<int>(std::strlen(kIndent)) + 1 + (s_.holes + (stores_ ? 2 : 0)) * (width_ + 1);
    if (rules_.rows == 4) return four_rows();
    if (style_.width > 0 && boxed > style_.width) return compact();
    if (rules_.rows == 1) return solo();
    std::string out = caption(Player::North) + numbers(Player::North);
    out += border(g_.top) + row(Player::North) + middle() + row(Player::South);
    out += border(g_.bottom) + numbers(Player::South) + caption(Player::South);
    out += lasting_lines();
    if (!labels_.hand.empty()) out += fmt::format("{}{}\n", kIndent, labels_.hand);
    return out;
  }

 private:
  // A one-player board: the row and its store at the right end.
  std::string solo() const {
    int columns = s_.holes + (stores_ ? 1 : 0);
    std::string out = caption(Player::South) + border(g_.top, columns);
    out += std::string(kIndent) + g_.bar;
    for (int cell : row_cells(Player::South)) out += cell_text(cell) + g_.bar;
    if (stores_) out += cell_text(s_.store_cell(Player::South)) + g_.bar;
    out += "\n" + border(g_.bottom, columns) + numbers(Player::South);
    out += lasting_lines();
    if (!labels_.hand.empty()) out += fmt::format("{}{}\n", kIndent, labels_.hand);
    return out;
  }

  // A four-row board, one line of counts per row as South sees it: North's
  // back and front rows, then South's front and back rows, each with the
  // holes' names as moves name them (b1, f3: the row and the hole from its
  // player's left) on its outer side, the captions (with the stores) above
  // and below.
  std::string four_rows() const {
    int n = rules_.holes;
    auto ring = [&](Player p, bool front) {  // ring numbers, left to right as South sees
      std::vector<int> numbers;
      for (int j = 1; j <= n; ++j) {
        int from_own_left = p == Player::South ? j : n + 1 - j;
        numbers.push_back(rules_.ring_number(front, from_own_left));
      }
      return numbers;
    };
    auto line = [&](Player p, bool front, bool counts) {
      std::string out = kIndent;
      for (int k : ring(p, front)) {
        int cell = s_.hole_cell(p, k);
        out +=
            " " + (counts ? cell_text(cell, width_ - 1, false)
                          : fmt::format("{:>{}}", format_hole(k, rules_.move_names()), width_ - 1));
      }
      return out + "\n";
    };
    auto head = [&](Player p) {
      std::string text = caption(p);
      text.pop_back();  // the newline
      if (stores_) text += fmt::format(", store {}", s_.store(p));
      return text + "\n";
    };
    std::string rule = std::string(kIndent) + repeat(g_.middle.fill, n * width_) + "\n";
    std::string out = head(Player::North) + line(Player::North, false, false);
    out += line(Player::North, false, true) + line(Player::North, true, true);
    out += line(Player::North, true, false) + rule + line(Player::South, true, false);
    out += line(Player::South, true, true) + line(Player::South, false, true);
    out += line(Player::South, false, false) + head(Player::South);
    out += lasting_lines();
    if (!labels_.hand.empty()) out += fmt::format("{}{}\n", kIndent, labels_.hand);
    return out;
  }

  // The compact board: for each row its caption (with its store), the
  // hole numbers and the counts, one column of digits + marker per hole.
  std::string compact() const {
    int w = width_ - 2 + (sons_ ? 1 : 0);  // digits, and a marker where sons can be
    auto line = [&](Player p, bool counts) {
      std::string out;
      for (int cell : row_cells(p)) {
        out += " ";
        out += counts ? cell_text(cell, width_ - 2, sons_)
                      : fmt::format("{:>{}}", cell - index(p) * s_.holes + 1, w);
      }
      return out + "\n";
    };
    auto head = [&](Player p) {
      std::string text = caption(p);
      text.pop_back();  // the newline
      if (stores_) text += fmt::format(", store {}", s_.store(p));
      return text.substr(std::strlen(kIndent)) + "\n";
    };
    std::string out;
    if (rules_.rows == 2) {
      out += head(Player::North) + line(Player::North, false) + line(Player::North, true);
    }
    out += line(Player::South, true) + line(Player::South, false) + head(Player::South);
    out += lasting_lines();
    if (!labels_.hand.empty()) out += labels_.hand + "\n";
    return out;
  }

  // " 12*": a count right-aligned in `digits` columns before a one-column
  // marker (left out when `marker` is false), coloured for a son and
  // reversed when highlighted.
  std::string cell_text(int cell) const { return cell_text(cell, width_ - 1, true); }
  std::string cell_text(int cell, int digits_width, bool marker) const {
    bool son = !s_.is_store(cell) && s_.controller(cell) != s_.side(cell);
    std::string text = fmt::format("{:>{}}", s_.count(cell), digits_width);
    if (!marker)
      return style_.colour && cell == labels_.highlight ? "\x1b[7m" + text + colour_reset(style_)
                                                        : text;
    std::string mark = son ? g_.son : " ";
    if (!style_.colour) return text + mark;
    std::string on = son ? player_colour(style_, s_.controller(cell)) : "";
    if (cell == labels_.highlight) on += "\x1b[7m";
    if (on.empty()) return text + mark;
    return on + text + colour_reset(style_) +
           (son ? player_colour(style_, s_.controller(cell)) : "") + mark + colour_reset(style_);
  }

  // The cells of a row from left to right as South sees it.
  std::vector<int> row_cells(Player p) const {
    std::vector<int> cells;
    for (int i = 0; i < s_.holes; ++i) {
      cells.push_back(s_.hole_cell(p, p == Player::North ? s_.holes - i : i + 1));
    }
    return cells;
  }

  std::string border(const Rule& r) const { return border(r, s_.holes + (stores_ ? 2 : 0)); }
  std::string border(const Rule& r, int columns) const {
    std::string out = std::string(kIndent) + r.left;
    for (int i = 0; i < columns; ++i) {
      out += repeat(r.fill, width_) + (i + 1 < columns ? r.joint : r.right);
    }
    return out + "\n";
  }

  std::string row(Player p) const {
    std::string out = std::string(kIndent) + g_.bar;
    if (stores_) out += std::string(width_, ' ') + g_.bar;
    for (int cell : row_cells(p)) out += cell_text(cell) + g_.bar;
    if (stores_) out += std::string(width_, ' ') + g_.bar;
    return out + "\n";
  }

  std::string middle() const {
    if (!stores_) return border(g_.middle);
    std::string out = std::string(kIndent) + g_.bar + cell_text(s_.store_cell(Player::North));
    out += g_.middle.left;
    for (int i = 0; i < s_.holes; ++i) {
      out += repeat(g_.middle.fill, width_) + (i + 1 < s_.holes ? g_.middle.joint : "");
    }
    out += std::string(g_.middle.right) + cell_text(s_.store_cell(Player::South)) + g_.bar;
    return out + "\n";
  }

  // Hole numbers from each player's own view, over (North) or under
  // (South) the row, with the letter of the store's owner by each store.
  std::string numbers(Player p) const {
    // Under the first bar, then each label under its count (a column is a
    // cell, its marker and a bar).
    std::string out = std::string(kIndent) + " ";
    auto column = [&](const std::string& text) {
      return fmt::format("{:>{}}  ", text, width_ - 1);
    };
    if (stores_ && rules_.rows == 2) out += column(p == Player::North ? "N" : "");
    for (int cell : row_cells(p)) out += column(std::to_string(cell - index(p) * s_.holes + 1));
    if (stores_) out += column(p == Player::South ? "S" : "");
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  }

  // The marks that lie on holes and the game's counters, a line each.
  std::string lasting_lines() const {
    std::string out;
    if (std::string text = marks_summary(rules_, s_); !text.empty()) {
      out += fmt::format("{}marks: {}\n", kIndent, text);
    }
    if (!rules_.counters.empty()) {
      out += fmt::format("{}counters: {}\n", kIndent, counters_summary(rules_, s_));
    }
    return out;
  }

  std::string caption(Player p) const {
    std::string name = p == Player::North ? labels_.north : labels_.south;
    std::string text =
        style_.colour ? player_colour(style_, p) + "\x1b[1m" + name + colour_reset(style_) : name;
    if ((p == Player::North || rules_.rows == 1) && s_.removed > 0) {
      text += fmt::format("   out of play: {}", s_.removed);
    }
    return std::string(kIndent) + text + "\n";
  }

  const State& s_;
  const BoardStyle& style_;
  const BoardLabels& labels_;
  const Glyphs& g_;
  bool stores_;
  int width_;
  bool sons_;  // a hole can change hands (a match's refill), so cells carry a marker
  const Rules& rules_;
};

}  // namespace

std::string marks_summary(const Rules& rules, const State& s) {
  const std::vector<std::string>& marks = rules.marks;
  std::vector<std::string> kinds;
  for (size_t k = 0; k < marks.size(); ++k) {
    std::vector<std::string> holes;
    for (int c = 0; c < 2 * s.holes; ++c) {
      if (!s.marked(c, static_cast<int>(k))) continue;
      holes.push_back(fmt::format("{}{} ({})", c < s.holes ? 'S' : 'N',
                                  format_hole(c % s.holes + 1, rules.move_names()),
                                  player_name(s.mark_owner(c, static_cast<int>(k)))));
    }
    if (!holes.empty()) kinds.push_back(fmt::format("{} {}", marks[k], fmt::join(holes, ", ")));
  }
  return fmt::format("{}", fmt::join(kinds, "; "));
}

std::string counters_summary(const Rules& rules, const State& s) {
  std::vector<std::string> items;
  for (size_t k = 0; k < rules.counters.size(); ++k) {
    items.push_back(fmt::format("{} {}", rules.counters[k], s.counters[k]));
  }
  return fmt::format("{}", fmt::join(items, ", "));
}

std::string player_colour(const BoardStyle& style, Player p) {
  if (!style.colour) return "";
  return p == Player::South ? "\x1b[36m" : "\x1b[33m";
}

std::string colour_reset(const BoardStyle& style) {
  return style.colour ? "\x1b[0m" : "";
}

std::string draw_board(const Rules& rules, const State& state, const BoardStyle& style,
                       const BoardLabels& labels) {
  return Painter(rules, state, style, labels).draw();
}

// ---- animation ----------------------------------------------------------

SowingAnimation::SowingAnimation(const Rules& rules, const State& before, const BoardStyle& style,
                                 BoardLabels labels, FILE* out, int delay_ms)
    : rules_(rules),
      shadow_(before),
      style_(style),
      labels_(std::move(labels)),
      out_(out),
      delay_ms_(delay_ms) {}

void SowingAnimation::take(int cell, int n) {
  int have = shadow_.cells[cell];
  shadow_.cells[cell] = static_cast<uint16_t>(std::max(0, have - n));
}

void SowingAnimation::lift(int cell, int n) {
  take(cell, n);
  hand_ += n;
  show(cell);
}

void SowingAnimation::drop(int cell) {
  shadow_.cells[cell]++;
  hand_ = std::max(0, hand_ - 1);
  show(cell);
}

void SowingAnimation::capture(int cell, int n, Player to, bool pending) {
  if (pending) {
    if (pending_count_ < static_cast<int>(std::size(pending_))) {
      pending_[pending_count_++] = {cell, n, index(to)};
    }
    return;
  }
  take(cell, n);
  if (rules_.stores != StoreKind::None) shadow_.cells[shadow_.store_cell(to)] += n;
  show(cell);
}

void SowingAnimation::remove(int cell, int n, bool pending) {
  if (pending) {
    if (pending_count_ < static_cast<int>(std::size(pending_)))
      pending_[pending_count_++] = {cell, n, -1};
    return;
  }
  take(cell, n);
  shadow_.removed += n;
  show(cell);
}

void SowingAnimation::commit() {
  for (int i = 0; i < pending_count_; ++i) {
    const Pending& p = pending_[i];
    if (p.to < 0) {
      remove(p.cell, p.n, false);
    } else {
      capture(p.cell, p.n, static_cast<Player>(p.to), false);
    }
  }
  pending_count_ = 0;
}

void SowingAnimation::cancel() {
  pending_count_ = 0;
}

void SowingAnimation::show(int cell) {
  labels_.highlight = cell;
  labels_.hand = hand_ > 0 ? fmt::format("in hand: {}", hand_) : "sowing";
  std::string board = draw_board(rules_, shadow_, style_, labels_);
  if (drawn_lines_ > 0) fmt::print(out_, "\x1b[{}A\x1b[J", drawn_lines_);
  fmt::print(out_, "{}", board);
  flush(out_);
  drawn_lines_ = static_cast<int>(std::count(board.begin(), board.end(), '\n'));
  std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms_));
}

void SowingAnimation::finish() {
  if (drawn_lines_ > 0) fmt::print(out_, "\x1b[{}A\x1b[J", drawn_lines_);
  drawn_lines_ = 0;
  flush(out_);
}

}  // namespace mancala::cli
