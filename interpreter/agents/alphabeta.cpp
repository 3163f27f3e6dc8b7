// The alpha-beta agent: iterative deepening over a transposition table.
//
// Extra turns make plain negamax wrong (the side to move does not alternate),
// so every score is from the root player's point of view and a node
// maximises when the root player is to move and minimises otherwise; depth
// counts applies, an extra turn included. The table stores scores and a
// best move per position (scores of finished games relative to the node, so
// they can be reused at another ply). A stored score answers a probe only
// at exactly the depth it was searched to: accepting deeper results would
// make the value depend on the order of search, and exact depths keep it
// equal to fixed-depth minimax, which the tests check against brute force;
// deeper entries still supply the first move to try. Under `repetition`
// a subtree's value depends on the path, so scores are stored and used only
// where the history holds no earlier position (right after a capture).
// Nothing is allocated per node: each ply has a preallocated Frame holding
// its moves and child states, filled once and searched in order.
//
// An endgame database (egtb.hpp) makes every position it covers a leaf, at
// any depth, scored as the finished game it leads to (margin_score, at the
// ply where it is met, like a finished game). This leaves the exact-depth
// rule as it is: a covered position is answered before the table is read
// and never stored, so the search is still fixed-depth minimax, over a
// tree whose leaves are the finished games, the covered positions and the
// depth limit; its value is a function of (position, depth, ply) and the
// table may keep answering only at the depth searched. (A value that rests
// on exact leaves alone would hold at any greater depth too; the table does
// not use that, to keep its one rule.) The search proves its result when
// no leaf was valued by evaluate(): each table entry records whether its
// subtree met one, and `guesses` counts those leaves, directly or through
// the table, in one iteration. Without a database none of this runs: the
// search is a template on whether a database is there, and its instance
// without one is the search as it was, with no test per node.
#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>
#include <vector>

#include "agents.hpp"

namespace mancala {
namespace {

constexpr int kMaxDepth = 60;
constexpr int kTtBits = 18;
constexpr int64_t kInfinity = 4 * kWinScore;
constexpr int64_t kMateBound = kWinScore / 2;
constexpr uint64_t kCheckEvery = 1024;  // nodes between clock reads
constexpr Move kNoMove{255};

enum class Bound : uint8_t { Exact, Lower, Upper };

struct TtEntry {
  uint64_t key = 0;
  int64_t score = 0;
  uint32_t generation = 0;
  int8_t depth = -1;
  Bound bound = Bound::Exact;
  Move move = kNoMove;
  bool score_ok = false;
  bool proven = false;  // with a database: no leaf below was valued by evaluate()
};

// One ply of the search: the node's moves, their child states and what
// playing each reported (legal_children), their search order, and (under
// repetition) the node's history.
struct Frame {
  MoveList moves;
  std::array<State, MoveList::kCapacity> child;
  std::array<ApplyInfo, MoveList::kCapacity> info;
  std::array<int, MoveList::kCapacity> key;
  std::array<uint8_t, MoveList::kCapacity> order;
  History history;
};

// Finished-game scores relative to the node, for the table, and back.
int64_t to_table(int64_t score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}
int64_t from_table(int64_t score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

}  // namespace

struct AlphaBetaSearch {
  std::vector<TtEntry> table = std::vector<TtEntry>(size_t{1} << kTtBits);
  std::vector<Frame> frames = std::vector<Frame>(kMaxDepth + 2);
  uint32_t generation = 0;
  const Rules* rules = nullptr;
  const Egtb* egtb = nullptr;  // the database, or null
  Player root = Player::South;
  uint64_t nodes = 0;
  uint64_t guesses = 0;  // leaves valued by evaluate() this iteration (with a database)
  bool timed = false;
  bool stopped = false;
  std::chrono::steady_clock::time_point deadline;

  AlphaBetaSearch() {
    for (Frame& f : frames) f.history.reserve(256);
  }
  void expand(int ply, const State& s, Move first);
  const State& child(int ply, const State& s, int i);
  template <bool kDatabase>
  int64_t search(const State& s, int depth, int ply, int64_t alpha, int64_t beta);
  bool root_iteration(const State& s, int depth, SearchResult& out);
  SearchResult run(const Rules& r, const State& s, const History* h, int depth, double seconds);
};

// Fills frames[ply] with the moves of `s`, their children, and an order:
// `first` (the table's move), then by seeds taken and extra turns.
void AlphaBetaSearch::expand(int ply, const State& s, Move first) {
  Frame& f = frames[ply];
  legal_children(*rules, s, f.moves, f.child.data(), f.info.data());
  int n = f.moves.size();
  for (int i = 0; i < n; ++i) {
    const ApplyInfo& info = f.info[i];
    int key = info.captured + info.removed + (info.extra_turn ? 2 : 0);
    if (f.child[i].over && terminal_score(f.child[i], s.to_move, 0) > 0) key += 1 << 20;
    if (f.moves[i] == first) key = 1 << 30;
    f.key[i] = key;
    int j = i;  // insertion sort, descending key, ties by move
    for (; j > 0 && f.key[f.order[j - 1]] < key; --j) f.order[j] = f.order[j - 1];
    f.order[j] = static_cast<uint8_t>(i);
  }
}

// Child i of the node at `ply`. Under repetition it is replayed with a copy
// of the node's history, so that repetition clauses see the path.
const State& AlphaBetaSearch::child(int ply, const State& s, int i) {
  Frame& f = frames[ply];
  if (rules->has_repetition) {
    frames[ply + 1].history = f.history;
    f.child[i] = s;
    apply(*rules, f.child[i], f.moves[i], nullptr, &frames[ply + 1].history);
  }
  return f.child[i];
}

template <bool kDatabase>
int64_t AlphaBetaSearch::search(const State& s, int depth, int ply, int64_t alpha, int64_t beta) {
  if constexpr (kDatabase) {
    if (!s.over) {
      if (std::optional<int> margin = egtb->margin(s)) return margin_score(*margin, root, ply);
      if (depth == 0) ++guesses;
    }
  }
  if (s.over || depth == 0) return leaf_score(*rules, s, root, ply);
  ++nodes;
  if (timed && nodes % kCheckEvery == 0 && std::chrono::steady_clock::now() >= deadline) {
    stopped = true;
  }
  if (stopped) return 0;
  uint64_t key = s.hash();
  TtEntry& e = table[key & ((size_t{1} << kTtBits) - 1)];
  bool clean = !rules->has_repetition || frames[ply].history.size() <= 1;
  Move first = kNoMove;
  if (e.key == key) {
    first = e.move;
    if (clean && e.score_ok && e.generation == generation && e.depth == depth) {
      int64_t v = from_table(e.score, ply);
      if (e.bound == Bound::Exact || (e.bound == Bound::Lower && v >= beta) ||
          (e.bound == Bound::Upper && v <= alpha)) {
        if constexpr (kDatabase) guesses += e.proven ? 0 : 1;
        return v;
      }
    }
  }
  [[maybe_unused]] const uint64_t guesses0 = guesses;
  expand(ply, s, first);
  const Frame& f = frames[ply];
  bool maximize = s.to_move == root;
  int64_t alpha0 = alpha, beta0 = beta;
  int64_t best = maximize ? -kInfinity : kInfinity;
  Move best_move = f.moves[f.order[0]];
  for (int k = 0; k < f.moves.size() && alpha < beta; ++k) {
    int i = f.order[k];
    int64_t v = search<kDatabase>(child(ply, s, i), depth - 1, ply + 1, alpha, beta);
    if (stopped) return 0;
    if (maximize ? v > best : v < best) {
      best = v;
      best_move = f.moves[i];
    }
    if (maximize) alpha = std::max(alpha, v);
    if (!maximize) beta = std::min(beta, v);
  }
  e = TtEntry{key,          to_table(best, ply), generation, static_cast<int8_t>(depth),
              Bound::Exact, best_move,           clean};
  if constexpr (kDatabase) e.proven = guesses == guesses0;
  if (best <= alpha0) e.bound = Bound::Upper;
  if (best >= beta0) e.bound = Bound::Lower;
  return best;
}

// One iteration at the root (a maximising node). Returns false, leaving
// `out` alone, if the clock stopped it; else moves the best move first.
bool AlphaBetaSearch::root_iteration(const State& s, int depth, SearchResult& out) {
  Frame& f = frames[0];
  int64_t best = -kInfinity;
  int best_k = 0;
  guesses = 0;
  for (int k = 0; k < f.moves.size(); ++k) {
    const State& c = child(0, s, f.order[k]);
    int64_t v = egtb ? search<true>(c, depth - 1, 1, best, kInfinity)
                     : search<false>(c, depth - 1, 1, best, kInfinity);
    if (stopped) return false;
    if (v > best) {
      best = v;
      best_k = k;
    }
  }
  std::rotate(f.order.begin(), f.order.begin() + best_k, f.order.begin() + best_k + 1);
  out.move = f.moves[f.order[0]];
  out.score = best;
  out.depth = depth;
  out.proven = egtb && guesses == 0;
  return true;
}

SearchResult AlphaBetaSearch::run(const Rules& r, const State& s, const History* h, int depth,
                                  double seconds) {
  if (egtb && Egtb::rules_identity(r) != egtb->identity()) {
    throw std::invalid_argument("the agent's endgame database was built for other rules");
  }
  rules = &r;
  root = s.to_move;
  nodes = 0;
  stopped = false;
  ++generation;
  frames[0].history.clear();
  if (h && r.has_repetition) frames[0].history = *h;
  auto start = std::chrono::steady_clock::now();
  deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds));
  expand(0, s, kNoMove);
  SearchResult out;
  out.move = frames[0].moves[frames[0].order[0]];
  int max_depth = depth > 0 ? std::min(depth, kMaxDepth) : kMaxDepth;
  for (int d = 1; d <= max_depth; ++d) {
    timed = seconds > 0 && d > 1;  // depth 1 always completes
    if (!root_iteration(s, d, out)) break;
    if (timed && std::chrono::steady_clock::now() >= deadline) break;
  }
  out.nodes = nodes;
  return out;
}

AlphaBetaAgent::AlphaBetaAgent(const AgentOptions& options)
    : options_(options), search_(std::make_unique<AlphaBetaSearch>()) {
  search_->egtb = options_.egtb.get();
}

AlphaBetaAgent::~AlphaBetaAgent() = default;

std::string AlphaBetaAgent::name() const {
  std::string s = "alphabeta";
  char sep = ':';
  if (options_.depth > 0) {
    s += sep + std::string("depth=") + std::to_string(options_.depth);
    sep = ',';
  }
  if (options_.seconds > 0) {
    s += sep + std::string("seconds=") + format_seconds(options_.seconds);
    sep = ',';
  }
  if (options_.egtb) s += sep + std::string("egtb=") + options_.egtb_file;
  return s;
}

SearchResult AlphaBetaAgent::search(const Rules& rules, const State& state,
                                    const History* history) {
  return search_->run(rules, state, history, options_.depth, options_.seconds);
}

Move AlphaBetaAgent::choose(const Rules& rules, const State& state, const History* history) {
  MoveList moves = legal_moves(rules, state);
  if (moves.size() == 1) return moves[0];
  return search(rules, state, history).move;
}

}  // namespace mancala
