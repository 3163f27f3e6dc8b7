// The exact solver (include/solve.hpp): MTD(f), null-window alpha-beta over
// final scores, with a transposition table of proven bounds.
//
// Why it is shaped this way. Every score is South's (a node maximises when
// South is to move and minimises otherwise), because extra turns break the
// alternation plain negamax assumes. The table stores a [lower, upper]
// pair per position, not a value and a flag, so that windows of different
// searches (the root's value, each first move, the narrow windows of the
// principal variation) all reuse each other's work, and a stopped search
// still leaves proven bounds behind. A table entry is only as good as its
// key: the key is the whole State that can matter, packed bit by bit with
// widths chosen once per game (cells in bit_width(total seeds) bits, the
// counters and flags the rules can read), and compared in full on every
// probe, so a hash collision costs a miss and never a wrong value. Fields
// the rules provably never read (`ply` without the `ply` builtin,
// `since_capture` without a stalemate clause, the captor without
// `last_captor`) are left out of the key, else transpositions reached in a
// different number of moves would never meet. Where store_dependence
// proves that the rest of the game cannot read the stores (Kalah), the
// stores are left out of the key too, and the table holds the future
// margin (final margin less the store difference at the position): the
// positions that differ only in their stores, most of Kalah's
// transpositions, are then one entry. Otherwise values are final scores.
// Nothing is allocated per node: each ply has a Frame (moves, children in
// search order, the key) made once, in a deque so deeper frames never
// move shallower ones. A path filter catches cycles (a game whose
// positions can come back with no rule to end it has no finite value): a
// 16-bit count per hash slice, and a full key comparison along the path
// only when the count says a position may be on it.
// A game with a `repetition` clause is searched with the runtime's History
// along the line (copied back, from the frame, after a child that began a
// new one), so each apply sees what it sees in play. A position's value
// then depends on the positions since the last capture; only a position
// whose history is itself alone (the start, or right after a capture, a
// removal or a new round) has a value that its key determines, so only
// those are read from and written to the table. The path filter is off
// there: positions come back, and the clause ends the line.
#include "solve.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "runtime.hpp"
#include "store_free.hpp"

namespace mancala {

Score make_score(Winner winner, int margin) {
  int result = winner == Winner::South ? 1 : winner == Winner::North ? -1 : 0;
  return result * 2 * kResultStep + margin;
}

Score final_score(const State& state) {
  int margin = int{state.result.south} - int{state.result.north};
  return make_score(state.result.winner, margin);
}

namespace {
int score_result(Score score) {
  return (score + 3 * kResultStep) / (2 * kResultStep) - 1;
}
}  // namespace

Winner score_winner(Score score) {
  int r = score_result(score);
  return r > 0 ? Winner::South : r < 0 ? Winner::North : Winner::Draw;
}

int score_margin(Score score) {
  return score - score_result(score) * 2 * kResultStep;
}

namespace {

// The score of a final margin in a game whose result follows the margin.
Score margin_score(int m) {
  return make_score(m > 0 ? Winner::South : m < 0 ? Winner::North : Winner::Draw, m);
}

constexpr Score kLowest = -4 * kResultStep;  // below every score
constexpr Score kHighest = 4 * kResultStep;  // above every score
constexpr int kMaxKeyWords = 8;
constexpr uint64_t kClockEvery = 4096;
constexpr uint64_t kProgressEvery = uint64_t{1} << 20;
constexpr int kNoMove = 255;
constexpr int kMaxLine = 4096;  // plies from the position solved

using KeyWords = std::array<uint64_t, kMaxKeyWords>;

bool uses_opcode(const Rules& rules, OpCode op) {
  return std::any_of(rules.code.begin(), rules.code.end(),
                     [op](const Instr& i) { return i.op == op; });
}

// Which State fields a position key holds, and their widths.
struct KeyShape {
  int cells = 0;
  int cell_width = 0;
  int holes = 0;  // bits of the control mask and of each mark mask
  int marks = 0;
  int counters = 0;
  bool since_capture = false;
  bool ply = false;
  bool moved = false;
  bool captor = false;
  bool match = false;
  bool store_free = false;  // the stores are left out (store_dependence)
  int bits = 0;
  int words = 0;
};

KeyShape key_shape(const Rules& rules, const State& start, bool store_free) {
  KeyShape k;
  k.store_free = store_free && store_dependence(rules).empty();
  k.cells = rules.cells;
  k.cell_width = std::bit_width(static_cast<unsigned>(start.seeds_in_play() + start.removed));
  k.holes = 2 * rules.side;
  k.marks = static_cast<int>(rules.marks.size());
  k.counters = static_cast<int>(rules.counters.size());
  k.since_capture = std::any_of(rules.end.begin(), rules.end.end(), [](const EndClauseCode& c) {
    return c.kind == EndKind::Stalemate;
  });
  k.ply = uses_opcode(rules, OpCode::Ply);
  k.moved = rules.first_move != FirstMove::Any;
  k.captor = uses_opcode(rules, OpCode::LastCaptor);
  k.match = rules.match.present;
  k.bits = (k.cells - (k.store_free ? 2 : 0)) * k.cell_width + 1 + k.holes + 2 * k.marks * k.holes +
           16 * k.counters + k.cell_width + (k.since_capture ? 16 : 0) + (k.ply ? 16 : 0) +
           (k.moved ? 2 : 0) + (k.captor ? 2 : 0) + (k.match ? 16 + 16 + 1 : 0);
  k.words = (k.bits + 63) / 64;
  return k;
}

// How many different keys the game can have, when the key is only cells,
// the player to move and the seeds removed (constant control): at most
// 2 * C(total + cells, cells) (the ways to spread at most `total` seeds over
// the cells, the rest removed or in stores). 0 when other fields vary or
// the bound is large.
uint64_t position_bound(const KeyShape& k, const State& start) {
  if (k.marks || k.counters || k.since_capture || k.ply || k.moved || k.captor || k.match) return 0;
  const int total = start.seeds_in_play() + start.removed;
  const int cells = k.store_free ? k.holes : k.cells;
  uint64_t c = 1;  // C(total + cells, cells), built up exactly
  for (int i = 1; i <= cells; ++i) {
    c = c * static_cast<uint64_t>(total + i) / static_cast<uint64_t>(i);
    if (c > (uint64_t{1} << 40)) return 0;
  }
  return 2 * c;
}

class BitWriter {
 public:
  explicit BitWriter(uint64_t* out) : out_(out) {}
  void put(uint64_t value, int width) {
    if (width == 0) return;
    if (width < 64) value &= (uint64_t{1} << width) - 1;
    out_[bit_ / 64] |= value << (bit_ % 64);
    int spill = bit_ % 64 + width - 64;
    if (spill > 0) out_[bit_ / 64 + 1] |= value >> (width - spill);
    bit_ += width;
  }

 private:
  uint64_t* out_;
  int bit_ = 0;
};

void pack(const KeyShape& k, const State& s, uint64_t* out) {
  std::fill(out, out + k.words, 0);
  BitWriter w(out);
  const int cells = k.store_free ? k.holes : k.cells;  // the stores are the last two cells
  for (int c = 0; c < cells; ++c) w.put(s.cells[c], k.cell_width);
  w.put(index(s.to_move), 1);
  w.put(s.control, k.holes);
  for (int m = 0; m < k.marks; ++m) {
    w.put(s.marks[m], k.holes);
    w.put(s.mark_north[m], k.holes);
  }
  for (int c = 0; c < k.counters; ++c) w.put(static_cast<uint16_t>(s.counters[c]), 16);
  w.put(s.removed, k.cell_width);
  if (k.since_capture) w.put(s.since_capture, 16);
  if (k.ply) w.put(s.ply, 16);
  if (k.moved) w.put(s.moved, 2);
  if (k.captor) w.put(uint64_t{s.has_captor} | static_cast<uint64_t>(index(s.last_captor)) << 1, 2);
  if (k.match) {
    w.put(s.round, 16);
    w.put(s.rounds_won[0] | s.rounds_won[1] << 8, 16);
    w.put(index(s.round_starter), 1);
  }
}

uint64_t hash_key(const uint64_t* key, int words) {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < words; ++i) {
    h ^= key[i] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
  }
  return h ^ (h >> 29);
}

// The transposition table: buckets of two slots, each slot the key's words
// then [lower, upper] then (used, best move, work). A new entry replaces
// its own key, else an empty slot, else the slot with less work behind it.
class Table {
 public:
  struct Hit {
    bool found = false;
    Score lower = kLowest;
    Score upper = kHighest;
    int move = kNoMove;
  };

  // At most memory_mb, and no more slots than twice `positions` (0: no
  // bound), so that a small game does not allocate the whole budget.
  Table(size_t memory_mb, int words, uint64_t positions) : words_(words), stride_(words + 2) {
    size_t slots = std::max<size_t>(2, memory_mb * (size_t{1} << 20) / (8 * stride_));
    if (positions > 0 && positions < slots / 2) slots = std::bit_ceil(2 * positions);
    size_t buckets = std::bit_floor(slots / 2);
    mask_ = buckets - 1;
    data_.assign(buckets * 2 * stride_, 0);
  }
  uint64_t capacity() const { return (mask_ + 1) * 2; }

  Hit probe(uint64_t hash, const uint64_t* key) const {
    Hit hit;
    const uint64_t* slot = find(hash, key);
    if (!slot) return hit;
    hit.found = true;
    hit.lower = static_cast<Score>(static_cast<uint32_t>(slot[words_]));
    hit.upper = static_cast<Score>(static_cast<uint32_t>(slot[words_] >> 32));
    hit.move = static_cast<int>((slot[words_ + 1] >> 8) & 0xFF);
    return hit;
  }

  void store(uint64_t hash, const uint64_t* key, Score lower, Score upper, int move, int work) {
    uint64_t* a = bucket(hash);
    uint64_t* b = a + stride_;
    uint64_t* slot = matches(a, key) ? a : matches(b, key) ? b : nullptr;
    if (!slot) slot = !used(a) ? a : !used(b) ? b : work_of(a) <= work_of(b) ? a : b;
    std::copy(key, key + words_, slot);
    slot[words_] = static_cast<uint32_t>(lower) | uint64_t{static_cast<uint32_t>(upper)} << 32;
    slot[words_ + 1] = 1 | static_cast<uint64_t>(move & 0xFF) << 8 |
                       static_cast<uint64_t>(std::min(work, 255)) << 16;
  }

 private:
  uint64_t* bucket(uint64_t hash) { return data_.data() + (hash & mask_) * 2 * stride_; }
  const uint64_t* find(uint64_t hash, const uint64_t* key) const {
    const uint64_t* a = data_.data() + (hash & mask_) * 2 * stride_;
    if (matches(a, key)) return a;
    if (matches(a + stride_, key)) return a + stride_;
    return nullptr;
  }
  bool used(const uint64_t* slot) const { return slot[words_ + 1] & 1; }
  int work_of(const uint64_t* slot) const { return static_cast<int>(slot[words_ + 1] >> 16); }
  bool matches(const uint64_t* slot, const uint64_t* key) const {
    return used(slot) && std::equal(key, key + words_, slot);
  }

  int words_;
  int stride_;
  size_t mask_ = 0;
  std::vector<uint64_t> data_;
};

// One ply of the search.
struct Frame {
  MoveList moves;
  std::vector<State> child;  // MoveList::kCapacity entries, moves.size() in use
  std::array<ApplyInfo, MoveList::kCapacity> info;
  std::array<int, MoveList::kCapacity> rank;
  std::array<uint8_t, MoveList::kCapacity> order;
  KeyWords key;
  uint64_t hash = 0;
  bool on_path = false;
  // Repetition games: the node's history, and for each child the hash its
  // apply recorded and whether that apply began a new history (a capture,
  // a removal, a new round), after which the node's must be copied back.
  History saved;
  std::array<uint64_t, MoveList::kCapacity> child_hash;
  std::array<bool, MoveList::kCapacity> child_fresh;
};

class Solver {
 public:
  Solver(const Rules& rules, const State& start, const History* history, const SolveLimits& limits,
         const std::function<void(const SolveProgress&)>& progress)
      : rules_(rules),
        shape_(key_shape(rules, start, limits.store_free)),
        table_(limits.memory_mb, shape_.words, position_bound(shape_, start)),
        limits_(limits),
        progress_(progress),
        start_time_(std::chrono::steady_clock::now()),
        egtb_(shape_.store_free && !rules.has_repetition ? limits.egtb : nullptr) {
    path_filter_.assign(size_t{1} << 16, 0);
    int bound = start.seeds_in_play() + start.removed;
    if (rules.match.present) bound = 65535;
    floor_ = make_score(Winner::North, -bound);
    ceiling_ = make_score(Winner::South, bound);
    repetition_ = rules.has_repetition;
    if (repetition_ && history) history_ = *history;
    if (repetition_ && history_.size() == 0) history_.push(start.position_hash());
  }

  SolveResult run(const State& start);

  // For solve's threads: one first move's value, the principal variation
  // from a known value, and what this solver did.
  Bounds move_value(const State& start, Move m, Score guess) {
    phase_ = "moves";
    const History root = history_;
    State c = root_child(start, m);
    Bounds b = stopped_ ? known(c) : mtd(c, 1, guess);
    history_ = root;
    return b;
  }
  void pv(const State& start, SolveResult& out) { solve_pv(start, out); }
  void totals(SolveResult& out) const {
    out.nodes += nodes_;
    out.egtb_hits += egtb_hits_;
    out.stopped = out.stopped || stopped_;
    out.table_entries += table_.capacity();
    out.key_bits = shape_.bits;
    out.store_free = shape_.store_free;
  }

 private:
  Score search(const State& s, Score alpha, Score beta, int ply);
  Frame& frame(int ply);
  void expand(Frame& f, const State& s, int first);
  int rank(const State& s, const State& child, const ApplyInfo& info, int i) const;
  void enter_path(Frame& f, int ply);
  void leave_path(Frame& f);
  ApplyInfo play(State& s, Move m, History* history);
  void end_at_round(State& s, const ApplyInfo& info) const;
  ApplyInfo apply_child(Frame& f, int i);
  void enter_child(const Frame& f, int i);
  void leave_child(const Frame& f, int i);
  State root_child(const State& s, Move m);
  bool keyed() const { return !repetition_ || history_.size() == 1; }
  bool tick();
  void report();
  Bounds known(const State& s);
  Table::Hit probe(const State& s, uint64_t hash, const uint64_t* key) const;
  void store(const State& s, uint64_t hash, const uint64_t* key, Score lower, Score upper, int move,
             int work);
  int store_diff(const State& s) const {
    return int{s.cells[shape_.holes]} - int{s.cells[shape_.holes + 1]};
  }
  // Store-free games: stores never shrink and only the board's seeds can
  // still reach them, so the final margin is within the board's seeds of
  // the present one.
  Bounds board_bounds(const State& s) const {
    int board = 0;
    for (int c = 0; c < shape_.holes; ++c) board += s.cells[c];
    const int diff = store_diff(s);
    return {margin_score(diff - board), margin_score(diff + board)};
  }
  Bounds clamp(Bounds b) const { return {std::max(b.lower, floor_), std::min(b.upper, ceiling_)}; }
  Score solve_child(const State& child, Score alpha, Score beta) {
    return search(child, alpha, beta, 1);
  }
  Bounds mtd(const State& s, int ply, Score guess);
  bool terminal_cutoff(const Frame& f, bool south, Score alpha, Score beta, Score& cut);
  void solve_value(const State& start, SolveResult& out);
  void solve_moves(const State& start, SolveResult& out);
  void solve_pv(const State& start, SolveResult& out);
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time_).count();
  }

  const Rules& rules_;
  KeyShape shape_;
  Table table_;
  SolveLimits limits_;
  const std::function<void(const SolveProgress&)>& progress_;
  std::chrono::steady_clock::time_point start_time_;
  std::deque<Frame> frames_;
  std::vector<uint16_t> path_filter_;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  Score floor_ = kLowest;
  Score ceiling_ = kHighest;
  std::string_view phase_ = "value";
  const Egtb* egtb_ = nullptr;
  Bounds root_bounds_{kLowest, kHighest};
  uint64_t egtb_hits_ = 0;
  int moves_done_ = 0;
  int moves_total_ = 0;
  // Repetition games: the positions since the last capture along the line
  // being searched (the runtime's History, kept as apply keeps it).
  bool repetition_ = false;
  History history_;
};

// With store-free keys the table holds the future margin (the final
// margin less the store difference now), and every probe and store
// converts: a margin decides the result in such games (store_dependence),
// so a score and its margin determine each other. The sentinels stay.
Table::Hit Solver::probe(const State& s, uint64_t hash, const uint64_t* key) const {
  Table::Hit hit = table_.probe(hash, key);
  if (!shape_.store_free || !hit.found) return hit;
  int diff = store_diff(s);
  auto score = [diff](Score future) {
    if (future <= kLowest || future >= kHighest) return future;
    return margin_score(future + diff);
  };
  hit.lower = score(hit.lower);
  hit.upper = score(hit.upper);
  return hit;
}

void Solver::store(const State& s, uint64_t hash, const uint64_t* key, Score lower, Score upper,
                   int move, int work) {
  if (shape_.store_free) {
    int diff = store_diff(s);
    auto future = [diff](Score v) {
      return v <= kLowest || v >= kHighest ? v : score_margin(v) - diff;
    };
    lower = future(lower);
    upper = future(upper);
  }
  table_.store(hash, key, lower, upper, move, work);
}

Frame& Solver::frame(int ply) {
  while (static_cast<int>(frames_.size()) <= ply) {
    frames_.emplace_back();
    frames_.back().child.resize(MoveList::kCapacity);
  }
  return frames_[ply];
}

// The moves of `s` and their children, ordered: the table's move first,
// then extra turns, then the rest, each group best guess first (rank).
void Solver::expand(Frame& f, const State& s, int first) {
  if (repetition_) {
    f.moves = legal_moves(rules_, s);
    f.saved = history_;
    for (int i = 0; i < f.moves.size(); ++i) {
      f.child[i] = s;
      f.info[i] = apply_child(f, i);
    }
  } else {  // the look-ahead's sowings are the children
    legal_children(rules_, s, f.moves, f.child.data(), f.info.data());
    for (int i = 0; i < f.moves.size(); ++i) end_at_round(f.child[i], f.info[i]);
  }
  for (int i = 0; i < f.moves.size(); ++i) {
    int rank = i == first ? 1 << 30 : this->rank(s, f.child[i], f.info[i], i);
    f.rank[i] = rank;
    int j = i;
    for (; j > 0 && f.rank[f.order[j - 1]] < rank; --j) f.order[j] = f.order[j - 1];
    f.order[j] = static_cast<uint8_t>(i);
  }
}

// A move's place in the search order (higher first), below the table's
// move. Where the stores decide the game (store-free keys), by what the
// move gains the mover in the store difference, and among equal gains the
// later legal move first: in a row sown towards the store, the hole nearer
// it disturbs fewer of the mover's other holes (Kalah(6,4): 3 times fewer
// nodes than legal order, docs/solving.md). Elsewhere the store difference
// is not the score (matches, games whose end reads a store, repetition
// games keyed only after captures), and that order searched up to 300
// times more nodes on their small boards; there by seeds taken, ties in
// legal order. Extra turns first in both.
int Solver::rank(const State& s, const State& child, const ApplyInfo& info, int i) const {
  const int extra = info.extra_turn ? 1 << 24 : 0;
  if (!shape_.store_free) return extra + info.captured + info.removed;
  int gain = store_diff(child) - store_diff(s);
  if (s.to_move != Player::South) gain = -gain;
  return extra + ((gain + (1 << 15)) << 8) + i;
}

// Plays a move as the search sees it: with --round, a move that ends a
// round of a match ends the search there, the round's outcome its score.
ApplyInfo Solver::play(State& s, Move m, History* history) {
  ApplyInfo info = apply(rules_, s, m, nullptr, history);
  end_at_round(s, info);
  return info;
}

// With --round, a position a move left after ending a round is final.
void Solver::end_at_round(State& s, const ApplyInfo& info) const {
  if (limits_.one_round && info.round_over) {  // the round's outcome, even the last round's
    s.over = true;
    s.result = info.end.outcome;
  }
}

// Applies the frame's move i to its child in a repetition game, with the
// line's history, which is left as the node's again.
ApplyInfo Solver::apply_child(Frame& f, int i) {
  ApplyInfo info = play(f.child[i], f.moves[i], &history_);
  f.child_hash[i] = history_.last();
  f.child_fresh[i] = history_.size() != f.saved.size() + 1;
  f.child_fresh[i] ? void(history_ = f.saved) : history_.truncate(f.saved.size());
  return info;
}

// The line's history from the node's to child i's, and back.
void Solver::enter_child(const Frame& f, int i) {
  if (!repetition_) return;
  if (f.child_fresh[i]) history_.clear();
  history_.push(f.child_hash[i]);
}

void Solver::leave_child(const Frame& f, int i) {
  if (!repetition_) return;
  f.child_fresh[i] ? void(history_ = f.saved) : history_.truncate(f.saved.size());
}

// Marks the frame's position as on the current path; a position already
// on it is a cycle.
void Solver::enter_path(Frame& f, int ply) {
  if (repetition_) return;  // a position may come back; the clause ends the line
  uint16_t& count = path_filter_[f.hash & 0xFFFF];
  if (count > 0) {
    for (int p = 0; p < ply; ++p) {
      const Frame& g = frames_[p];
      if (g.on_path && g.hash == f.hash &&
          std::equal(g.key.begin(), g.key.begin() + shape_.words, f.key.begin())) {
        throw SolveError(
            "the game can return to a position it has been in (no stalemate or repetition "
            "rule ends such a cycle), so it has no finite value to solve");
      }
    }
  }
  ++count;
  f.on_path = true;
}

void Solver::leave_path(Frame& f) {
  if (repetition_) return;
  --path_filter_[f.hash & 0xFFFF];
  f.on_path = false;
}

// Counts a node; false once a limit has stopped the search.
bool Solver::tick() {
  ++nodes_;
  if (limits_.max_nodes && nodes_ > limits_.max_nodes) stopped_ = true;
  if (nodes_ % kClockEvery == 0 && limits_.seconds > 0 && elapsed() >= limits_.seconds) {
    stopped_ = true;
  }
  if (nodes_ % kProgressEvery == 0) report();
  return !stopped_;
}

void Solver::report() {
  if (!progress_) return;
  SolveProgress p;
  p.nodes = nodes_;
  p.seconds = elapsed();
  p.phase = phase_;
  p.moves_done = moves_done_;
  p.moves_total = moves_total_;
  p.bounds = root_bounds_;
  progress_(p);
}

// A finished child whose score already fails high (South to move) or low
// (North) ends the node before any search: the children are applied
// anyway, for the move order. (Probing the table for every child as well,
// the enhanced transposition cutoff, saved a fifth of the nodes on small
// Kalah boards but cost more time than it saved; cutting on a child's
// board bounds instead saved 2-3 % of the nodes and no time:
// docs/solving.md.)
bool Solver::terminal_cutoff(const Frame& f, bool south, Score alpha, Score beta, Score& cut) {
  for (int i = 0; i < f.moves.size(); ++i) {
    const State& c = f.child[i];
    if (!c.over) continue;
    Score v = final_score(c);
    if ((south && v >= beta) || (!south && v <= alpha)) {
      cut = v;
      return true;
    }
  }
  return false;
}

// Fail-soft alpha-beta: a result <= alpha is an upper bound, >= beta a
// lower bound, anything between exact. Returns 0 once stopped (the caller
// checks stopped_ and stores nothing).
Score Solver::search(const State& s, Score alpha, Score beta, int ply) {
  if (s.over) return final_score(s);
  Score lowest = kLowest, highest = kHighest;
  if (shape_.store_free) {
    if (egtb_) {
      if (std::optional<int> future = egtb_->probe(s)) {
        ++egtb_hits_;
        return margin_score(store_diff(s) + *future);
      }
    }
    Bounds b = board_bounds(s);
    lowest = b.lower;
    highest = b.upper;
    if (lowest >= beta || lowest == highest) return lowest;
    if (highest <= alpha) return highest;
  }
  if (!tick()) return 0;
  if (ply >= kMaxLine) {
    throw SolveError("a line of play reached " + std::to_string(kMaxLine) +
                     " moves without ending; the solver does not search lines that long");
  }
  Frame& f = frame(ply);
  const bool keyed = this->keyed();
  Table::Hit hit;
  if (keyed) {
    pack(shape_, s, f.key.data());
    f.hash = hash_key(f.key.data(), shape_.words);
    hit = probe(s, f.hash, f.key.data());
  }
  hit.lower = std::max(hit.lower, lowest);
  hit.upper = std::min(hit.upper, highest);
  if (hit.lower >= beta || hit.lower == hit.upper) return hit.lower;
  if (hit.upper <= alpha) return hit.upper;
  alpha = std::max(alpha, hit.lower);
  beta = std::min(beta, hit.upper);
  enter_path(f, ply);
  expand(f, s, hit.move);
  const bool south = s.to_move == Player::South;
  if (Score cut; terminal_cutoff(f, south, alpha, beta, cut)) {
    leave_path(f);
    return cut;
  }
  const uint64_t nodes_before = nodes_;
  Score best = south ? kLowest : kHighest;
  int best_i = f.order[0];
  Score a = alpha, b = beta;
  for (int k = 0; k < f.moves.size() && a < b; ++k) {
    int i = f.order[k];
    enter_child(f, i);
    Score v = search(f.child[i], a, b, ply + 1);
    leave_child(f, i);
    if (stopped_) break;
    if (south ? v > best : v < best) {
      best = v;
      best_i = i;
    }
    if (south) a = std::max(a, v);
    if (!south) b = std::min(b, v);
  }
  leave_path(f);
  if (stopped_) return 0;
  Score lower = hit.lower, upper = hit.upper;
  if (best <= alpha) {
    upper = std::min(upper, best);
  } else if (best >= beta) {
    lower = std::max(lower, best);
  } else {
    lower = upper = best;
  }
  int work = std::bit_width(nodes_ - nodes_before);
  if (keyed) store(s, f.hash, f.key.data(), lower, upper, best_i, work);
  return best;
}

// What the table proves about `s` without searching.
Bounds Solver::known(const State& s) {
  if (s.over) return {final_score(s), final_score(s)};
  if (!keyed()) return clamp({kLowest, kHighest});
  KeyWords key{};
  pack(shape_, s, key.data());
  Table::Hit hit = probe(s, hash_key(key.data(), shape_.words), key.data());
  return clamp({hit.lower, hit.upper});
}

// MTD(f): null-window searches around a guess, each proving a bound, until
// the bounds meet. A stopped search leaves the bounds proven so far (and
// whatever the table proves), never a guess.
Bounds Solver::mtd(const State& s, int ply, Score guess) {
  Bounds b = known(s);
  Score g = std::clamp(guess, b.lower, b.upper);
  while (b.lower < b.upper) {
    root_bounds_ = b;
    Score beta = g == b.lower ? g + 1 : g;
    Score v = search(s, beta - 1, beta, ply);
    if (stopped_) break;
    if (v < beta) {
      b.upper = std::min(b.upper, v);
    } else {
      b.lower = std::max(b.lower, v);
    }
    g = std::clamp(v, b.lower, b.upper);
  }
  Bounds table = known(s);
  return {std::max(b.lower, table.lower), std::min(b.upper, table.upper)};
}

// The value of the position (from a guess of a draw).
void Solver::solve_value(const State& start, SolveResult& out) {
  phase_ = "value";
  out.value = mtd(start, 0, make_score(Winner::Draw, 0));
  if (out.value.exact() || start.over) return;
  // Stopped: the moves' bounds may say more than the position's own.
  const bool south = start.to_move == Player::South;
  Bounds b{south ? kLowest : kHighest, south ? kLowest : kHighest};
  const History root = history_;
  for (Move m : legal_moves(rules_, start)) {
    State c = root_child(start, m);
    Bounds cb = known(c);
    history_ = root;
    b.lower = south ? std::max(b.lower, cb.lower) : std::min(b.lower, cb.lower);
    b.upper = south ? std::max(b.upper, cb.upper) : std::min(b.upper, cb.upper);
  }
  out.value = {std::max(out.value.lower, b.lower), std::min(out.value.upper, b.upper)};
}

// The value of every first move (after the position's own value, so the
// table already holds the best move's line; the position's value is the
// guess).
void Solver::solve_moves(const State& start, SolveResult& out) {
  phase_ = "moves";
  MoveList moves = legal_moves(rules_, start);
  moves_total_ = moves.size();
  Score guess = out.value.exact() ? out.value.lower : make_score(Winner::Draw, 0);
  const History root = history_;
  for (Move m : moves) {
    State c = root_child(start, m);
    out.moves.push_back({m, stopped_ ? known(c) : mtd(c, 1, guess)});
    history_ = root;
    ++moves_done_;
  }
}

// A principal variation: from each position of known value v, the first
// move in legal order whose child a window (v-1, v+1) proves worth v. Not
// the table's best move first: the table depends on the search's history
// (and on the threads), the legal order and the exact values do not, so
// the variation is the same whatever the threads.
void Solver::solve_pv(const State& start, SolveResult& out) {
  phase_ = "pv";
  State s = start;
  Score v = out.value.lower;
  while (!s.over && !stopped_) {
    MoveList moves = legal_moves(rules_, s);
    const History line = history_;
    bool found = false;
    for (int i = 0; i < moves.size() && !found && !stopped_; ++i) {
      history_ = line;
      State c = root_child(s, moves[i]);
      if (solve_child(c, v - 1, v + 1) == v && !stopped_) {
        out.pv.push_back(moves[i]);
        s = c;
        found = true;
      }
    }
    if (!found) break;
  }
  out.pv_complete = s.over;
}

// Plays `m` from `s` as the search would, leaving the history as the child's.
State Solver::root_child(const State& s, Move m) {
  State c = s;
  play(c, m, repetition_ ? &history_ : nullptr);
  return c;
}

SolveResult Solver::run(const State& start) {
  SolveResult out;
  out.table_entries = table_.capacity();
  out.key_bits = shape_.bits;
  out.store_free = shape_.store_free;
  if (start.over) {
    out.value = {final_score(start), final_score(start)};
    out.pv_complete = true;
    return out;
  }
  solve_value(start, out);
  solve_moves(start, out);
  if (out.value.exact() && !stopped_) solve_pv(start, out);
  out.stopped = stopped_;
  out.nodes = nodes_;
  out.egtb_hits = egtb_hits_;
  out.seconds = elapsed();
  return out;
}

}  // namespace

std::string unsolvable_reason(const Rules& rules) {
  State start = initial_state(rules);
  KeyShape shape = key_shape(rules, start, true);
  if (shape.words > kMaxKeyWords) {
    return "a position of this game needs " + std::to_string(shape.bits) +
           " bits of key, more than the solver's " + std::to_string(64 * kMaxKeyWords);
  }
  return "";
}

namespace {

// Threads split the first moves: each worker has its own solver and table
// (the memory and node budgets divided among them) and takes the next
// unsolved first move; the position's value is the best of the moves'
// bounds, and the principal variation is found as with one thread (in
// legal order), so the value, the moves' values and the variation do not
// depend on the number of threads, only the node counts do.
SolveResult solve_split(const Rules& rules, const State& start, const History* history,
                        const SolveLimits& limits,
                        const std::function<void(const SolveProgress&)>& progress) {
  const auto begin = std::chrono::steady_clock::now();
  MoveList moves = legal_moves(rules, start);
  const int n = std::min(limits.threads, moves.size());
  SolveLimits each = limits;
  each.memory_mb = std::max<size_t>(1, limits.memory_mb / static_cast<size_t>(n));
  if (limits.max_nodes) each.max_nodes = std::max<uint64_t>(1, limits.max_nodes / n);
  std::mutex lock;
  std::function<void(const SolveProgress&)> report;
  if (progress) {
    report = [&](const SolveProgress& p) {
      std::lock_guard<std::mutex> guard(lock);
      progress(p);
    };
  }
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int t = 0; t < n; ++t)
    solvers.push_back(std::make_unique<Solver>(rules, start, history, each, report));
  SolveResult out;
  out.moves.resize(static_cast<size_t>(moves.size()));
  std::atomic<int> next{0};
  std::exception_ptr failure;
  auto work = [&](int t) {
    try {
      for (int i = next++; i < moves.size(); i = next++) {
        out.moves[static_cast<size_t>(i)] = {
            moves[i], solvers[static_cast<size_t>(t)]->move_value(start, moves[i],
                                                                  make_score(Winner::Draw, 0))};
      }
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      next = moves.size();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  const bool south = start.to_move == Player::South;
  out.value = {south ? kLowest : kHighest, south ? kLowest : kHighest};
  for (const MoveValue& mv : out.moves) {
    out.value.lower = south ? std::max(out.value.lower, mv.value.lower)
                            : std::min(out.value.lower, mv.value.lower);
    out.value.upper = south ? std::max(out.value.upper, mv.value.upper)
                            : std::min(out.value.upper, mv.value.upper);
  }
  for (const auto& s : solvers) s->totals(out);
  if (out.value.exact() && !out.stopped) {
    SolveResult pv;
    pv.value = out.value;
    solvers[0]->pv(start, pv);
    out.pv = pv.pv;
    out.pv_complete = pv.pv_complete;
    out.nodes = 0, out.egtb_hits = 0, out.table_entries = 0, out.stopped = false;
    for (const auto& s : solvers) s->totals(out);
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  return out;
}

}  // namespace

SolveResult solve(const Rules& rules, const State& start, const SolveLimits& limits,
                  const std::function<void(const SolveProgress&)>& progress,
                  const History* history) {
  if (limits.threads > 1 && !start.over) {
    return solve_split(rules, start, history, limits, progress);
  }
  Solver solver(rules, start, history, limits, progress);
  return solver.run(start);
}

}  // namespace mancala
