// The MCTS agent: UCT with uniformly random playouts.
//
// Statistics are kept per node from the point of view of the player who
// made the move into it, so extra turns need no special case: selection at
// a node maximises for whoever is to move there. A playout's reward is the
// game's result, or the sign of evaluate() when it is cut off after
// kPlayoutCap plies (long matches, cyclic endgames). Nodes hold no states:
// an iteration replays its path from the root, which costs a few applies
// against a playout's dozens, keeps a node at 24 bytes and lets the path
// carry a History for repetition clauses. The arena is reserved once per
// agent; when it is full, search goes on without growing the tree.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "agents.hpp"

namespace mancala {
namespace {

constexpr int kPlayoutCap = 1000;
constexpr double kExploration = 1.4142135623730951;  // sqrt(2): rewards are in [0, 1]
constexpr size_t kMaxNodes = size_t{1} << 21;
constexpr int kCheckEvery = 64;  // iterations between clock reads

struct Node {
  int32_t parent = -1;
  int32_t first_child = -1;
  uint32_t visits = 0;
  uint8_t child_count = 0;
  bool expanded = false;
  Move move{};
  Player mover = Player::South;  // who played `move`
  double reward = 0;             // sum of rewards for `mover`
};

// South's reward for a finished game: 1, 0.5 or 0.
double result_reward(const State& s) {
  if (s.result.winner == Winner::South) return 1;
  if (s.result.winner == Winner::North) return 0;
  return 0.5;
}

class MctsAgent final : public Agent {
 public:
  explicit MctsAgent(const AgentOptions& options) : options_(options), rng_(options.seed) {
    size_t want = options.iterations > 0 ? size_t(options.iterations) * 16 + 64 : kMaxNodes;
    nodes_.reserve(std::min(want, kMaxNodes));
    path_history_.reserve(1024);
  }
  std::string name() const override;
  Move choose(const Rules& rules, const State& state, const History* history) override;

 private:
  bool expand(const Rules& rules, int n, const State& s);
  int select(int n) const;
  void iterate(const Rules& rules, const State& root, const History* history);
  double playout(const Rules& rules, State& s, History* h);

  AgentOptions options_;
  Rng rng_;
  std::vector<Node> nodes_;
  History path_history_;
};

std::string MctsAgent::name() const {
  std::string s = "mcts:";
  if (options_.iterations > 0) s += "iterations=" + std::to_string(options_.iterations) + ",";
  if (options_.seconds > 0) s += "seconds=" + format_seconds(options_.seconds) + ",";
  return s + "seed=" + std::to_string(options_.seed);
}

// Adds every child of node n (position s). False when the arena is full.
bool MctsAgent::expand(const Rules& rules, int n, const State& s) {
  MoveList moves = legal_moves(rules, s);
  if (nodes_.size() + moves.size() > nodes_.capacity()) return false;
  nodes_[n].expanded = true;
  nodes_[n].first_child = static_cast<int32_t>(nodes_.size());
  nodes_[n].child_count = static_cast<uint8_t>(moves.size());
  for (Move m : moves) {
    Node child;
    child.parent = n;
    child.move = m;
    child.mover = s.to_move;
    nodes_.push_back(child);
  }
  return true;
}

// The child of n to descend to: the first unvisited one, else the best UCB.
int MctsAgent::select(int n) const {
  const Node& node = nodes_[n];
  double log_n = std::log(static_cast<double>(node.visits));
  int best = node.first_child;
  double best_value = -1;
  for (int c = node.first_child; c < node.first_child + node.child_count; ++c) {
    const Node& ch = nodes_[c];
    if (ch.visits == 0) return c;
    double value = ch.reward / ch.visits + kExploration * std::sqrt(log_n / ch.visits);
    if (value > best_value) {
      best_value = value;
      best = c;
    }
  }
  return best;
}

// Random moves from s to the end or the cap; South's reward.
double MctsAgent::playout(const Rules& rules, State& s, History* h) {
  for (int ply = 0; ply < kPlayoutCap && !s.over; ++ply) {
    apply_random_move(rules, s, rng_, h);
  }
  if (s.over) return result_reward(s);
  int64_t e = evaluate(rules, s, Player::South);
  return e > 0 ? 1 : e < 0 ? 0 : 0.5;
}

// One iteration: select down the tree, expand one node, play out, back up.
void MctsAgent::iterate(const Rules& rules, const State& root, const History* history) {
  State s = root;
  History* h = nullptr;
  if (rules.has_repetition) {
    path_history_.clear();
    if (history) path_history_ = *history;
    h = &path_history_;
  }
  int n = 0;
  while (!s.over) {
    if (!nodes_[n].expanded && !expand(rules, n, s)) break;
    n = select(n);
    apply(rules, s, nodes_[n].move, nullptr, h);
    if (nodes_[n].visits == 0) break;
  }
  double south = s.over ? result_reward(s) : playout(rules, s, h);
  for (int m = n; m >= 0; m = nodes_[m].parent) {
    nodes_[m].visits += 1;
    nodes_[m].reward += nodes_[m].mover == Player::South ? south : 1 - south;
  }
}

Move MctsAgent::choose(const Rules& rules, const State& state, const History* history) {
  MoveList moves = legal_moves(rules, state);
  if (moves.size() == 1) return moves[0];
  nodes_.clear();
  nodes_.push_back(Node{});
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(options_.seconds));
  for (int it = 0; options_.iterations <= 0 || it < options_.iterations; ++it) {
    if (options_.seconds > 0 && it % kCheckEvery == kCheckEvery - 1 &&
        std::chrono::steady_clock::now() >= deadline) {
      break;
    }
    iterate(rules, state, history);
  }
  const Node& root = nodes_[0];
  int best = root.first_child;
  for (int c = root.first_child; c < root.first_child + root.child_count; ++c) {
    if (nodes_[c].visits > nodes_[best].visits) best = c;
  }
  return nodes_[best].move;
}

}  // namespace

std::unique_ptr<Agent> make_mcts_agent(const AgentOptions& options) {
  return std::make_unique<MctsAgent>(options);
}

}  // namespace mancala
