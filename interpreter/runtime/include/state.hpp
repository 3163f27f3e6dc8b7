// The position of a game between two moves, and the names of moves.
//
// State is the value every front end copies around (search, simulation,
// replay), so it is a small fixed-size aggregate with no heap and no
// pointers: one array of cells (the 2N holes in counter-clockwise order,
// South holes 1..N at 0..N-1, North holes 1..N at N..2N-1, then South's
// store at 2N and North's at 2N+1), a 64-bit control mask for sons, and a
// few counters the end clauses need. Unused cells are kept at zero so that
// `==` and the hash need not know N. Between moves nothing is in hand or
// pending, so neither is stored. A Move is named relative to its mover, as
// in docs/language.md ("Conventions"): the mover's own holes are 1..N, the
// opponent's hole k is N+k, and 0 is `pass`.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace mancala {

inline constexpr int kMaxRowHoles = 32;                 // docs/language.md, section 8
inline constexpr int kMaxCells = 2 * kMaxRowHoles + 2;  // holes + two stores
inline constexpr int kMaxMarks = 2;                     // kinds of mark (`board { marks ... }`)
inline constexpr int kMaxCounters = 4;                  // the game's variables (`counters ...`)

enum class Player : uint8_t { South, North };
constexpr Player other(Player p) {
  return p == Player::South ? Player::North : Player::South;
}
constexpr int index(Player p) {
  return static_cast<int>(p);
}
const char* player_name(Player p);  // "south", "north"

// The direction a mover chose for a move, from a hole that offers both
// (`direction either`): "3ccw", "3cw". None for every other move, whose
// direction the rules decide ("3").
enum class Way : uint8_t { None, Ccw, Cw };

// The most questions one move may ask (`ask NAME`): a move's answers are
// the bits of one byte.
inline constexpr int kMaxQuestions = 8;

// A move, relative to its mover: 1..N own holes, N+1..2N the opponent's row
// (a son), 0 = pass or a move from the store; with the chosen direction, if
// any, the mover's answers to the questions the move asks (`ask NAME`, in
// the order asked: bit i of `answers` is yes to the i-th; `asked` of them;
// 0 in games that ask nothing), and for a move from the store (`from
// store`) the seeds it takes (number 0: the rules name the hole they enter
// at). Ordered so that MoveList is ascending (3, 4ccw, 4cw, 5/n, 5/y, s1,
// s2). The default constructor leaves the fields unset, so that a
// MoveList's array is not cleared each time one is made (on the hot path);
// Move{} is a pass, Move{3} is "3". Eight bytes, so that plain_move is one
// store.
struct alignas(8) Move {
  uint8_t number;
  Way way;
  uint8_t asked;
  uint8_t answers;
  uint16_t seeds;  // a move from the store: the seeds it sows (0: a move from a hole)
  Move() = default;
  constexpr explicit Move(uint8_t n, Way w = Way::None, uint8_t q = 0, uint8_t a = 0)
      : number(n), way(w), asked(q), answers(a), seeds(0) {}
  static constexpr Move pass() { return Move{0}; }
  static constexpr Move from_store(int seeds) {
    Move m{0};
    m.seeds = static_cast<uint16_t>(seeds);
    return m;
  }
  constexpr bool is_pass() const { return number == 0 && seeds == 0; }
  constexpr bool is_from_store() const { return seeds != 0; }
  constexpr bool answer(int i) const { return (answers >> i) & 1u; }
  friend constexpr bool operator==(Move, Move) = default;
  // Moves from holes first, by number, then direction, then answers as
  // their names read (n before y, a shorter sequence before its
  // continuations); then moves from the store, by seeds.
  friend constexpr std::strong_ordering operator<=>(Move a, Move b) {
    if (a.seeds != b.seeds) return a.seeds <=> b.seeds;
    if (a.number != b.number) return a.number <=> b.number;
    if (a.way != b.way) return a.way <=> b.way;
    if (a.answers != b.answers) return a.reading() <=> b.reading();
    return a.asked <=> b.asked;
  }

 private:
  // The answers with the first in the top bit, so that they compare as read.
  constexpr unsigned reading() const {
    unsigned v = 0;
    for (int i = 0; i < asked; ++i) v |= unsigned{answer(i)} << (kMaxQuestions - 1 - i);
    return v;
  }
};

// Writes Move{number} at `at` with one 64-bit store (the number is the
// first byte, every other field 0): what the hot loop of legal_moves
// writes for each hole.
inline void write_plain_move(Move* at, uint64_t number) {
  static_assert(sizeof(Move) == 8 && std::is_trivially_copyable_v<Move>);
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(static_cast<void*>(at), &number, sizeof(Move));
  } else {
    *at = Move{static_cast<uint8_t>(number)};
  }
}

// The board's shape, as move names need it: `rows` 1, 2 or 4, `holes` N
// (a row's holes). Built from a game's Settings (Rules::move_names()). The
// one place that knows how a four-row hole is named and numbered.
struct MoveNames {
  int rows = 2;
  int holes = 0;
  constexpr bool four_rows() const { return rows == 4; }
  // A player's holes (Rules::side): both rows of a four-row board.
  constexpr int side() const { return four_rows() ? 2 * holes : holes; }
  // Four rows: a player's hole `k` of their front or back row, counted from
  // their own left, as a number round their ring (the back row 1..N from
  // the left, the front row N+1..2N from the right), and back.
  constexpr int ring_number(bool front, int k) const { return front ? 2 * holes + 1 - k : k; }
  constexpr bool ring_front(int number) const { return number > holes; }
  constexpr int ring_hole(int number) const {  // k, from the player's left
    return ring_front(number) ? 2 * holes + 1 - number : number;
  }
};

// A move's name (docs/cli.md, "Move notation"): "pass", or the start hole
// optionally followed by "ccw" or "cw", or "s" and a number of seeds
// 1..60000 (a move from the store) optionally followed by "@" and the hole
// it enters at; then optionally "/" and one letter per answer, "y" or "n"
// (at most kMaxQuestions). A hole is its number 1..2*side (the mover's own
// 1..side, the opponent's hole k as side+k) on one or two rows; on four
// rows it is the row and the hole from its player's left, "f3" or "b3"
// (front, back), the opponent's "of3" or "ob3". "3", "3cw", "3/y",
// "3ccw/ny", "s4", "s1@5"; "f3", "b8ccw", "f1cw/y", "s1@f5". nullopt for
// anything else (move_name_error says why).
std::optional<Move> parse_move(std::string_view text, MoveNames names);
std::string format_move(Move m, MoveNames names);
// A hole's name in moves: "3", or on four rows "f3", "b3", "of3", "ob3"
// (number: as Move::number).
std::string format_hole(int number, MoveNames names);
// Why `text` is not a move name, for messages: a hole number given on a
// four-row board gets "on a four-row board a move names its row: f3 or b3";
// "" for any other text.
std::string move_name_error(std::string_view text, MoveNames names);

// The cell index of the hole a (non-pass) move starts from, and back
// (no division: these run once per legal move).
constexpr int move_cell(int holes, Player mover, Move m) {
  int cell = (mover == Player::South ? 0 : holes) + m.number - 1;
  return cell >= 2 * holes ? cell - 2 * holes : cell;
}
constexpr Move cell_move(int holes, Player mover, int cell) {
  int n = cell + 1 - (holes & -index(mover));  // no branch: the mover changes every move
  return Move{static_cast<uint8_t>(n <= 0 ? n + 2 * holes : n), Way::None};
}

enum class Winner : uint8_t { None, South, North, Draw };
const char* winner_name(Winner w);  // "none", "south", "north", "draw"

// A game's or a round's result: the winner and both totals (the stores, or
// the seeds left in each row for `winner survivor`).
struct Outcome {
  Winner winner = Winner::None;
  uint16_t south = 0;
  uint16_t north = 0;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

struct State {
  std::array<uint16_t, kMaxCells> cells{};  // holes 0..2N-1, stores 2N, 2N+1
  uint64_t control = 0;                     // bit h set: North controls hole h
  // Lasting marks (`mark H as NAME [for P]`): bit h of marks[k] set when
  // hole h carries the game's k-th mark, and of mark_north[k] when that
  // mark is North's (clear bits in games without marks).
  std::array<uint64_t, kMaxMarks> marks{};
  std::array<uint64_t, kMaxMarks> mark_north{};
  // The game's counters (`board { counters ... }`), in declaration order;
  // 0 in games without them.
  std::array<int16_t, kMaxCounters> counters{};
  uint16_t removed = 0;                 // seeds removed from play (`remove`)
  uint16_t round = 1;                   // 1-based round number (always 1 without `match`)
  std::array<uint8_t, 2> rounds_won{};  // rounds each player has won in the match (saturating)
  uint16_t since_capture = 0;           // moves (passes included) since a capture or removal
  uint16_t ply = 0;                     // moves (passes included) made in the game, saturating
  uint8_t holes = 0;                    // N, holes per row
  Player to_move = Player::South;
  Player round_starter = Player::South;  // who moved first in this round
  Player last_captor = Player::South;    // valid when has_captor
  bool has_captor = false;               // a capture reached a store this round
  uint8_t moved = 0;                     // bit index(p): p has made a (non-pass) move this game
  bool over = false;                     // the game (the whole match) is over
  Outcome result;                        // when over

  friend bool operator==(const State&, const State&) = default;

  int hole_count() const { return holes; }
  int store_cell(Player p) const { return 2 * holes + index(p); }
  // Cell of a player's row hole numbered 1..N from that player's left.
  int hole_cell(Player row, int number) const { return index(row) * holes + number - 1; }
  int count(int cell) const { return cells[cell]; }
  int store(Player p) const { return cells[store_cell(p)]; }
  bool is_store(int cell) const { return cell >= 2 * holes; }
  // The row (or store) a cell belongs to.
  Player side(int cell) const {
    if (cell >= 2 * holes) return static_cast<Player>(cell - 2 * holes);
    return cell < holes ? Player::South : Player::North;
  }
  // Who controls a cell (a store: its player).
  Player controller(int cell) const {
    if (cell >= 2 * holes) return static_cast<Player>(cell - 2 * holes);
    return static_cast<Player>((control >> cell) & 1u);
  }
  bool marked(int cell, int kind) const { return cell < 2 * holes && ((marks[kind] >> cell) & 1u); }
  // The player a mark is for; for a hole without it, the row it lies in.
  Player mark_owner(int cell, int kind) const {
    if (!marked(cell, kind)) return side(cell);
    return static_cast<Player>((mark_north[kind] >> cell) & 1u);
  }
  int marked_holes(int kind, Player p) const {
    uint64_t own = p == Player::North ? mark_north[kind] : ~mark_north[kind];
    return __builtin_popcountll(marks[kind] & own);
  }
  void set_mark(int cell, int kind, bool on, Player p) {
    if (cell >= 2 * holes) return;  // a store is never marked
    uint64_t bit = uint64_t{1} << cell;
    marks[kind] = on ? (marks[kind] | bit) : (marks[kind] & ~bit);
    mark_north[kind] =
        on && p == Player::North ? (mark_north[kind] | bit) : (mark_north[kind] & ~bit);
  }
  void set_controller(int hole, Player p) {
    uint64_t bit = uint64_t{1} << hole;
    control = p == Player::North ? (control | bit) : (control & ~bit);
  }
  int board_seeds() const;          // seeds in all holes
  int row_seeds(Player p) const;    // seeds in p's physical row
  bool row_empty(Player p) const;   // row_seeds(p) == 0
  uint64_t nonempty_holes() const;  // bit h set: hole h holds seeds (inline, below)
  int controlled_seeds(Player p) const;
  bool controlled_empty(Player p) const;  // controlled_seeds(p) == 0
  int seeds_in_play() const;              // holes + stores
  // 64-bit hash of everything (equal states hash equal).
  uint64_t hash() const;
  // Hash of the position for `repetition`: holes, control, marks, counters,
  // player to move.
  uint64_t position_hash() const;
};

// A readable, stable one-line form, e.g.
// "S[4 4 4 4 4 4] N[4 4 4 4 4 4] stores 0 0 to_move south round 1"
// plus " removed R", " sons S3,N5", " marks 1:N3>south", " counters 1:3",
// " since_capture K",
// " over south 25-23"
// when they apply.
std::string to_text(const State& s);

// Default control: every hole to the player whose row it lies in.
uint64_t default_control(int holes);

namespace detail {

// Four cells read as one 64-bit word.
inline uint64_t word_at(const uint16_t* cell) {
  uint64_t w;
  std::memcpy(&w, cell, sizeof w);
  return w;
}

// Bit i set for each of the cells cell[0..n) holding seeds (1 <= n <= 64),
// with no branch on the seeds, two ways. By words, anywhere: four cells a
// word, the high bit of each 16-bit lane is set when the lane is not zero,
// and one multiplication gathers the four high bits into adjacent bits
// (its partial products fall on distinct bits, so nothing carries); the
// words may run 3 cells past n, inside State::cells, and those bits are
// cleared.
inline uint64_t nonempty_cells_by_words(const uint16_t* cell, int n) {
  uint64_t bits = 0;
  if (std::endian::native != std::endian::little) {
    for (int i = 0; i < n; ++i) bits |= uint64_t{cell[i] != 0} << i;
    return bits;
  }
  constexpr uint64_t kLow = 0x7fff7fff7fff7fffull, kHigh = 0x8000800080008000ull;
  constexpr uint64_t kGather = (uint64_t{1} << 45) | (uint64_t{1} << 30) | (uint64_t{1} << 15) | 1;
  for (int i = 0; i < n; i += 4) {
    uint64_t w = detail::word_at(cell + i);
    uint64_t high = (((w & kLow) + kLow) | w) & kHigh;
    bits |= ((((high >> 15) * kGather) >> 45) & 0xF) << i;
  }
  return n >= 64 ? bits : bits & ((uint64_t{1} << n) - 1);
}

#ifdef __SSE2__
// Eight cells read as one SSE2 vector of 16-bit lanes.
inline __m128i load_lanes(const uint16_t* cell) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(cell));
}

// The cells of cell[0..8) holding seeds: SSE2 (every x86-64 has it)
// compares eight 16-bit lanes with zero at once and packs them into a byte
// mask.
inline uint64_t nonempty_lanes(const uint16_t* cell) {
  __m128i v = load_lanes(cell);
  __m128i zero = _mm_cmpeq_epi16(v, _mm_setzero_si128());
  return ~static_cast<uint64_t>(_mm_movemask_epi8(_mm_packs_epi16(zero, zero))) & 0xFF;
}

// By lanes, eight cells a compare: a third of the instructions of the
// words for Kalah's six holes (docs/performance.md). From n = 8 on the
// reads stay inside cell[0..n) (a part group reads the last eight cells
// again); a shorter range reads eight cells, up to 7 past n, which the
// callers keep inside State::cells (they start in the holes, below 2n,
// with n < 8), and those bits are cleared.
inline uint64_t nonempty_cells_by_lanes(const uint16_t* cell, int n) {
  if (n < 8) return nonempty_lanes(cell) & ((uint64_t{1} << n) - 1);
  uint64_t bits = 0;
  int i = 0;
  for (; i + 8 <= n; i += 8) bits |= nonempty_lanes(cell + i) << i;
  if (i < n) bits |= nonempty_lanes(cell + n - 8) >> (i - (n - 8)) << i;
  return bits;
}
#endif

inline uint64_t nonempty_cells(const uint16_t* cell, int n) {
#ifdef __SSE2__
  return nonempty_cells_by_lanes(cell, n);
#else
  return nonempty_cells_by_words(cell, n);
#endif
}

// Whether `n` consecutive cells (1 <= n <= 64) are all empty: one OR over
// them, with no branch per cell. Stopping at the first seed saves
// instructions but costs a mispredicted branch on where that seed is
// (measured slower in wall time; docs/performance.md). By words: four
// cells to a word (the last word may overlap the one before).
[[gnu::always_inline]] inline bool cells_empty_by_words(const uint16_t* cell, int n) {
  uint64_t any = 0;
  if (n < 4) {
    for (int i = 0; i < n; ++i) any |= cell[i];
    return any == 0;
  }
  for (int i = 0; i + 4 < n; i += 4) any |= word_at(cell + i);
  return (any | word_at(cell + n - 4)) == 0;
}

#ifdef __SSE2__
// By lanes: eight cells to a load, the last eight cells read again for a
// part group; a range shorter than eight reads up to 7 cells past n, as
// nonempty_cells_by_lanes does (its callers are rows of fewer than 8 holes).
[[gnu::always_inline]] inline bool cells_empty_by_lanes(const uint16_t* cell, int n) {
  if (n < 8) return (nonempty_lanes(cell) & ((uint64_t{1} << n) - 1)) == 0;
  __m128i any = load_lanes(cell + n - 8);
  for (int i = 0; i + 8 < n; i += 8) any = _mm_or_si128(any, load_lanes(cell + i));
  return _mm_movemask_epi8(_mm_cmpeq_epi16(any, _mm_setzero_si128())) == 0xFFFF;
}
#endif

// The seeds of cell[0..n) (1 <= n <= 64; state.cpp), four cells to a word
// or, with SSE2 and n >= 8, eight to a load: what board_seeds and
// row_seeds add.
int sum_cells_by_words(const uint16_t* cell, int n);
#ifdef __SSE2__
int sum_cells_by_lanes(const uint16_t* cell, int n);
#endif

[[gnu::always_inline]] inline bool cells_empty(const uint16_t* cell, int n) {
#ifdef __SSE2__
  return cells_empty_by_lanes(cell, n);
#else
  return cells_empty_by_words(cell, n);
#endif
}

}  // namespace detail

// Inline: the end test `when empty_row` runs it twice a move.
inline bool State::row_empty(Player p) const {
  return detail::cells_empty(cells.data() + index(p) * holes, holes);
}

inline uint64_t State::nonempty_holes() const {
  return detail::nonempty_cells(cells.data(), 2 * holes);
}

}  // namespace mancala
