// The greedy agent: the move whose resulting position scores best for the
// mover, looking one move ahead.
//
// The score is leaf_score (a won game first, then the rule file's
// `evaluation`), the same measure alpha-beta uses at its leaves, so greedy
// is exactly a one-ply search. Equal scores are common (many quiet moves
// leave the evaluation unchanged), so ties are broken by the seeded Rng
// rather than by move order, which would make greedy predictable.
#include <vector>

#include "agents.hpp"

namespace mancala {
namespace {

class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(uint64_t seed)
      : seed_(seed), rng_(seed), children_(MoveList::kCapacity), infos_(MoveList::kCapacity) {
    scratch_.reserve(1024);
  }
  std::string name() const override { return "greedy:seed=" + std::to_string(seed_); }
  Move choose(const Rules& rules, const State& state, const History* history) override;

 private:
  void play_all(const Rules& rules, const State& state, const History* history, MoveList& moves);

  uint64_t seed_;
  Rng rng_;
  History scratch_;  // the game's history, copied per move tried
  std::vector<State> children_;
  std::vector<ApplyInfo> infos_;
};

// The legal moves and the position after each, into children_: under
// `repetition` each played with a copy of the game's history, elsewhere by
// legal_children (which reuses the look-ahead's sowings).
void GreedyAgent::play_all(const Rules& rules, const State& state, const History* history,
                           MoveList& moves) {
  if (!rules.has_repetition || !history) {
    legal_children(rules, state, moves, children_.data(), infos_.data());
    return;
  }
  moves = legal_moves(rules, state);
  for (int i = 0; i < moves.size(); ++i) {
    children_[i] = state;
    scratch_ = *history;
    apply(rules, children_[i], moves[i], nullptr, &scratch_);
  }
}

Move GreedyAgent::choose(const Rules& rules, const State& state, const History* history) {
  MoveList moves;
  play_all(rules, state, history, moves);
  MoveList best;
  int64_t best_score = 0;
  Player mover = state.to_move;
  for (int i = 0; i < moves.size(); ++i) {
    int64_t score = leaf_score(rules, children_[i], mover, 1);
    if (best.empty() || score > best_score) {
      best.clear();
      best_score = score;
    }
    if (score == best_score) best.push(moves[i]);
  }
  return best.size() == 1 ? best[0] : best[rng_.below(best.size())];
}

}  // namespace

std::unique_ptr<Agent> make_greedy_agent(uint64_t seed) {
  return std::make_unique<GreedyAgent>(seed);
}

}  // namespace mancala
