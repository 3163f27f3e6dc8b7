// State queries, hashing, the text form, and move names.
//
// Small out-of-line helpers of state.hpp. The hashes take the cells four
// at a time with a multiply-xorshift step (cheap, and unused cells are zero
// so equal states hash equal whatever N is); position_hash, run after every
// move of a game with `repetition`, has the cheaper step of the two, and
// covers exactly what `repetition` compares (holes, control, marks,
// counters, player to move).
#include "state.hpp"

#include <bit>
#include <charconv>
#include <cstring>
#include <vector>

#include "text.hpp"

namespace mancala {

const char* player_name(Player p) {
  return p == Player::South ? "south" : "north";
}

const char* winner_name(Winner w) {
  switch (w) {
    case Winner::South:
      return "south";
    case Winner::North:
      return "north";
    case Winner::Draw:
      return "draw";
    default:
      return "none";
  }
}

namespace {

// The answers after a move's "/": "yn" -> asked 2, answers 0b01.
bool parse_answers(std::string_view text, uint8_t& asked, uint8_t& answers) {
  if (text.empty() || text.size() > kMaxQuestions) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != 'y' && text[i] != 'n') return false;
    if (text[i] == 'y') answers = static_cast<uint8_t>(answers | (1u << i));
  }
  asked = static_cast<uint8_t>(text.size());
  return true;
}

// The whole of `text` as a number lo..hi; 0 when it is not one.
int parse_number(std::string_view text, int lo, int hi) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v < lo || v > hi) return 0;
  return v;
}

// A hole's name (format_hole) as a Move::number; 0 when it is not one.
int parse_hole(std::string_view text, MoveNames names) {
  if (!names.four_rows()) return parse_number(text, 1, 2 * names.side());
  int base = 0;
  if (text.starts_with('o')) {  // the opponent's rows
    base = names.side();
    text.remove_prefix(1);
  }
  if (text.size() < 2 || (text[0] != 'f' && text[0] != 'b')) return 0;
  int k = parse_number(text.substr(1), 1, names.holes);
  return k == 0 ? 0 : base + names.ring_number(text[0] == 'f', k);
}

}  // namespace

std::optional<Move> parse_move(std::string_view text, MoveNames names) {
  if (text == "pass") return Move::pass();
  uint8_t asked = 0;
  uint8_t answers = 0;
  if (size_t slash = text.find('/'); slash != std::string_view::npos) {
    if (!parse_answers(text.substr(slash + 1), asked, answers)) return std::nullopt;
    text = text.substr(0, slash);
  }
  if (text.size() > 1 && text[0] == 's') {  // a move from the store: "s4", "s1@5"
    size_t at_sign = text.find('@');
    int n = parse_number(text.substr(1, at_sign == std::string_view::npos ? at_sign : at_sign - 1),
                         1, 60000);
    int at = 0;
    if (at_sign != std::string_view::npos) {
      at = parse_hole(text.substr(at_sign + 1), names);
      if (at == 0) return std::nullopt;
    }
    if (n == 0) return std::nullopt;
    Move m = Move::from_store(n);
    m.number = static_cast<uint8_t>(at);
    m.asked = asked;
    m.answers = answers;
    return m;
  }
  Way way = Way::None;
  for (auto [suffix, w] : {std::pair{std::string_view("ccw"), Way::Ccw}, {"cw", Way::Cw}}) {
    if (text.size() > suffix.size() && text.ends_with(suffix)) {
      text.remove_suffix(suffix.size());
      way = w;
      break;
    }
  }
  int v = parse_hole(text, names);
  if (v == 0) return std::nullopt;
  return Move{static_cast<uint8_t>(v), way, asked, answers};
}

std::string format_hole(int number, MoveNames names) {
  if (!names.four_rows()) return std::to_string(number);
  std::string prefix = number > names.side() ? "o" : "";
  if (number > names.side()) number -= names.side();
  return prefix + (names.ring_front(number) ? "f" : "b") + std::to_string(names.ring_hole(number));
}

std::string format_move(Move m, MoveNames names) {
  if (m.is_pass()) return "pass";
  const char* suffix = m.way == Way::Ccw ? "ccw" : m.way == Way::Cw ? "cw" : "";
  std::string out = format_hole(m.number, names) + suffix;
  if (m.is_from_store()) {
    out = "s" + std::to_string(m.seeds) + (m.number ? "@" + format_hole(m.number, names) : "");
  }
  if (m.asked > 0) {
    out += '/';
    for (int i = 0; i < m.asked; ++i) out += m.answer(i) ? 'y' : 'n';
  }
  return out;
}

std::string move_name_error(std::string_view text, MoveNames names) {
  if (names.four_rows() && !parse_move(text, names) &&
      parse_move(text, MoveNames{2, names.side()})) {
    return "on a four-row board a move names its row: f3 or b3";
  }
  return "";
}

uint64_t default_control(int holes) {
  // North's row: cells N..2N-1.
  uint64_t row = holes >= 32 ? 0xFFFFFFFFull : ((uint64_t{1} << holes) - 1);
  return row << holes;
}

namespace detail {

// The seeds of `n` consecutive cells, four cells to a 64-bit word (two
// 32-bit lanes of sums), the last word read at the end of the run with the
// lanes already counted shifted out: no branch that depends on the seeds,
// and the rest depend only on the board's size, so they are always
// predicted. A loop cell by cell over a row whose length is known only at
// run time costs about 7 instructions a cell.
int sum_cells_by_words(const uint16_t* cell, int n) {
  constexpr uint64_t kLanes = 0x0000FFFF0000FFFFull;
  if (std::endian::native != std::endian::little || n < 4) {
    int sum = 0;
    for (int i = 0; i < n; ++i) sum += cell[i];
    return sum;
  }
  uint64_t lanes = 0;
  int i = 0;
  for (; i + 4 < n; i += 4) {
    uint64_t w = word_at(cell + i);
    lanes += (w & kLanes) + ((w >> 16) & kLanes);
  }
  uint64_t w = word_at(cell + n - 4) >> (16 * (4 - (n - i)));  // the last n - i cells
  lanes += (w & kLanes) + ((w >> 16) & kLanes);
  return static_cast<int>((lanes & 0xFFFFFFFFu) + (lanes >> 32));
}

#ifdef __SSE2__
// By lanes, from n = 8 on: eight cells a load, widened to 32-bit lanes and
// added; a part group reads the last eight cells again, the lanes already
// counted cleared. For Anywoli's 24 holes, 54 instructions a call where
// the words took 88 (docs/performance.md).
int sum_cells_by_lanes(const uint16_t* cell, int n) {
  const __m128i zero = _mm_setzero_si128();
  __m128i sum = zero;
  auto add = [&](__m128i v) {
    sum =
        _mm_add_epi32(sum, _mm_add_epi32(_mm_unpacklo_epi16(v, zero), _mm_unpackhi_epi16(v, zero)));
  };
  int i = 0;
  for (; i + 8 <= n; i += 8) add(load_lanes(cell + i));
  if (i < n) {  // lane j holds cell n - 8 + j, counted already for j < 8 - (n - i)
    __m128i lane = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
    __m128i fresh = _mm_cmpgt_epi16(lane, _mm_set1_epi16(static_cast<int16_t>(7 - (n - i))));
    add(_mm_and_si128(load_lanes(cell + n - 8), fresh));
  }
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));  // lanes 0+2, 1+3
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));  // then 0+1
  return _mm_cvtsi128_si32(sum);
}
#endif

}  // namespace detail

namespace {

using detail::word_at;

inline int sum_cells(const uint16_t* cell, int n) {
#ifdef __SSE2__
  if (n >= 8) return detail::sum_cells_by_lanes(cell, n);
#endif
  return detail::sum_cells_by_words(cell, n);
}

// The holes of p's row as a bit mask over cells.
inline uint64_t row_mask(int holes, Player p) {
  uint64_t row = holes >= 32 ? 0xFFFFFFFFull : ((uint64_t{1} << holes) - 1);
  return row << (index(p) * holes);
}

}  // namespace

int State::board_seeds() const {
  return sum_cells(cells.data(), 2 * holes);
}

int State::row_seeds(Player p) const {
  return sum_cells(cells.data() + index(p) * holes, holes);
}

// Without sons (each player controls their own row, as in most games:
// North controls exactly North's row) the row's sum; else the masked loop
// over both rows.
int State::controlled_seeds(Player p) const {
  if (control == row_mask(holes, Player::North)) return row_seeds(p);
  uint64_t mask = p == Player::North ? control : ~control;
  int n = 0;
  for (int c = 0; c < 2 * holes; ++c) n += ((mask >> c) & 1u) ? cells[c] : 0;
  return n;
}

bool State::controlled_empty(Player p) const {
  if (control == row_mask(holes, Player::North)) return row_empty(p);
  return controlled_seeds(p) == 0;
}

int State::seeds_in_play() const {
  return board_seeds() + cells[2 * holes] + cells[2 * holes + 1];
}

namespace {

inline uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

// A step of position_hash: xor the word in, multiply by an odd constant,
// fold the high half into the low. Each part is a bijection of h, so two
// positions that differ in one word never hash alike, and the fold lets a
// difference in a word's high cells reach the low bits before the next
// multiplication spreads it (a multiplication alone carries differences
// upwards only). About six instructions a word, where mix takes twelve.
inline uint64_t position_step(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9E3779B97F4A7C15ull;
  return h ^ (h >> 32);
}

}  // namespace

uint64_t State::position_hash() const {
  // Four cells a word, one cheap step each (position_step): repetition
  // hashes the position after every move of a game that declares it.
  uint64_t h = position_step(position_step(holes, control), index(to_move));
  int c = 0;
  for (; c + 4 <= 2 * holes; c += 4) {
    uint64_t v;  // cells c..c+3, the first in the low bits: one load on a little-endian machine
    if constexpr (std::endian::native == std::endian::little) {
      v = word_at(cells.data() + c);
    } else {
      v = uint64_t{cells[c]} | uint64_t{cells[c + 1]} << 16 | uint64_t{cells[c + 2]} << 32 |
          uint64_t{cells[c + 3]} << 48;
    }
    h = position_step(h, v);
  }
  for (; c < 2 * holes; ++c) h = position_step(h, cells[c]);
  uint64_t marked = 0;
  for (uint64_t kind : marks) marked |= kind;
  if (marked) {
    for (int k = 0; k < kMaxMarks; ++k) {
      h = position_step(position_step(h, marks[k] ^ (uint64_t{1} << 63 >> k)), mark_north[k]);
    }
  }
  uint64_t counted;  // the four counters as one word (one load; 0 without counters)
  static_assert(sizeof(counters) == sizeof(counted));
  std::memcpy(&counted, counters.data(), sizeof(counted));
  if (counted) h = position_step(h ^ 0x5bd1e995ull, counted);
  return mix(h, 0);
}

uint64_t State::hash() const {
  uint64_t h = position_hash();
  h = mix(h, uint64_t{cells[2 * holes]} | uint64_t{cells[2 * holes + 1]} << 16 |
                 uint64_t{removed} << 32 | uint64_t{round} << 48);
  h = mix(h, uint64_t{ply});
  h = mix(h, uint64_t{since_capture} | static_cast<uint64_t>(index(round_starter)) << 16 |
                 static_cast<uint64_t>(index(last_captor)) << 17 | uint64_t{has_captor} << 18 |
                 uint64_t{moved} << 19 | uint64_t{over} << 22 | uint64_t{rounds_won[0]} << 24 |
                 uint64_t{rounds_won[1]} << 32);
  return mix(h, uint64_t{static_cast<uint8_t>(result.winner)} | uint64_t{result.south} << 8 |
                    uint64_t{result.north} << 24);
}

std::string to_text(const State& s) {
  std::string out;
  for (int p = 0; p < 2; ++p) {
    out += p == 0 ? "S[" : " N[";
    for (int i = 0; i < s.holes; ++i) {
      if (i) out += ' ';
      out += std::to_string(s.cells[p * s.holes + i]);
    }
    out += ']';
  }
  out += " stores " + std::to_string(s.store(Player::South)) + " " +
         std::to_string(s.store(Player::North));
  if (s.removed) out += " removed " + std::to_string(s.removed);
  std::vector<std::string> sons;
  for (int c = 0; c < 2 * s.holes; ++c) {
    if (s.controller(c) == s.side(c)) continue;
    sons.push_back((c < s.holes ? "S" : "N") + std::to_string(c % s.holes + 1));
  }
  if (!sons.empty()) out += " sons " + join(sons, ",");
  std::vector<std::string> marks;
  for (int k = 0; k < kMaxMarks; ++k) {
    for (int c = 0; c < 2 * s.holes; ++c) {
      if (!s.marked(c, k)) continue;
      marks.push_back(std::to_string(k + 1) + ":" + (c < s.holes ? "S" : "N") +
                      std::to_string(c % s.holes + 1) + ">" + player_name(s.mark_owner(c, k)));
    }
  }
  if (!marks.empty()) out += " marks " + join(marks, ",");
  std::vector<std::string> counters;
  for (int k = 0; k < kMaxCounters; ++k) {
    if (s.counters[k])
      counters.push_back(std::to_string(k + 1) + ":" + std::to_string(s.counters[k]));
  }
  if (!counters.empty()) out += " counters " + join(counters, ",");
  if (s.over) {
    out += " over " + std::string(winner_name(s.result.winner)) + " " +
           std::to_string(s.result.south) + "-" + std::to_string(s.result.north);
  } else {
    out += " to_move " + std::string(player_name(s.to_move));
  }
  out += " round " + std::to_string(s.round);
  if (s.rounds_won[0] || s.rounds_won[1]) {
    out += " rounds_won " + std::to_string(s.rounds_won[0]) + "-" + std::to_string(s.rounds_won[1]);
  }
  if (s.since_capture) out += " since_capture " + std::to_string(s.since_capture);
  return out;
}

}  // namespace mancala
