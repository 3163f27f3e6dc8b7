// The random agent: a uniform choice among the legal moves.
//
// It is the baseline every other agent is measured against and the driver
// of MCTS playouts, so it is only a seeded Rng over legal_moves; the Rng
// stream runs on across calls, so a fresh agent with a given seed replays
// the same choices for the same sequence of positions.
#include "agents.hpp"

namespace mancala {
namespace {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : seed_(seed), rng_(seed) {}
  std::string name() const override { return "random:seed=" + std::to_string(seed_); }
  Move choose(const Rules& rules, const State& state, const History*) override {
    MoveList moves = legal_moves(rules, state);
    return moves[rng_.below(moves.size())];
  }

 private:
  uint64_t seed_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<Agent> make_random_agent(uint64_t seed) {
  return std::make_unique<RandomAgent>(seed);
}

}  // namespace mancala
