// The pieces every agent shares: the Agent base and the leaf scores.
//
// The scores live in one place so that alpha-beta, greedy and the tests'
// brute-force minimax agree exactly on what a position is worth. A finished
// game outranks any evaluation: evaluate() is clamped well below kWinScore,
// and a win's score shrinks by one per ply so that the search prefers the
// quickest win and the slowest loss. A position an endgame database
// covers is scored as the finished game it leads to (margin_score).
#include <algorithm>

#include "agents.hpp"

namespace mancala {

Agent::~Agent() = default;

int64_t terminal_score(const State& state, Player pov, int ply) {
  const Outcome& r = state.result;
  int64_t mine = pov == Player::South ? r.south : r.north;
  int64_t theirs = pov == Player::South ? r.north : r.south;
  Winner win = pov == Player::South ? Winner::South : Winner::North;
  Winner loss = pov == Player::South ? Winner::North : Winner::South;
  if (r.winner == win) return kWinScore - ply + (mine - theirs);
  if (r.winner == loss) return -kWinScore + ply + (mine - theirs);
  return 0;  // a draw (or, defensively, no winner)
}

int64_t margin_score(int margin, Player pov, int ply) {
  int64_t mine = pov == Player::South ? margin : -int64_t{margin};
  if (mine > 0) return kWinScore - ply + mine;
  if (mine < 0) return -kWinScore + ply + mine;
  return 0;
}

int64_t leaf_score(const Rules& rules, const State& state, Player pov, int ply) {
  if (state.over) return terminal_score(state, pov, ply);
  return std::clamp<int64_t>(evaluate(rules, state, pov), -kEvalLimit, kEvalLimit);
}

}  // namespace mancala
