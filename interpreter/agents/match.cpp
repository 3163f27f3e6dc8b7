// play_match: two agents play a series of games, for tests, docs/agents.md
// and the CLI's `simulate`.
//
// Deterministic agents (alpha-beta) against a deterministic opponent would
// play one game over and over, so each pair of games starts from a short
// random opening drawn from the match seed; playing it once with each
// colour assignment keeps the opening's own advantage out of the result.
// The runner owns the game's History, as any front end must, so that
// repetition clauses fire in matches as in play.
#include <stdexcept>

#include "agents.hpp"

namespace mancala {
namespace {

// Plays up to `plies` uniformly random moves; returns the number played.
int play_opening(const Rules& rules, State& s, History& history, int plies, uint64_t seed) {
  Rng rng(seed);
  int played = 0;
  for (; played < plies && !s.over; ++played) {
    MoveList moves = legal_moves(rules, s);
    apply(rules, s, moves[rng.below(moves.size())], nullptr, &history);
  }
  return played;
}

// One game from `s`; returns the finished (or abandoned) state.
State play_game(const Rules& rules, State s, History& history, Agent& south, Agent& north,
                int64_t& plies) {
  int budget = kMaxMatchPlies;
  while (!s.over && budget-- > 0) {
    Agent& agent = s.to_move == Player::South ? south : north;
    Move m = agent.choose(rules, s, &history);
    if (!legal_moves(rules, s).contains(m)) {
      throw std::logic_error(agent.name() + " chose the illegal move " +
                             format_move(m, rules.move_names()) + " in " + to_text(s));
    }
    apply(rules, s, m, nullptr, &history);
    ++plies;
  }
  return s;
}

}  // namespace

MatchStats play_match(const Rules& rules, Agent& a, Agent& b, int games, uint64_t seed,
                      int opening_plies) {
  MatchStats stats;
  History history;
  history.reserve(1024);
  Rng seeds(seed);
  uint64_t opening_seed = 0;
  for (int g = 0; g < games; ++g) {
    if (g % 2 == 0) opening_seed = seeds.next();
    bool a_south = g % 2 == 0;
    history.clear();
    State s = initial_state(rules, opening_seed);  // both colours: the same scattered setup
    play_opening(rules, s, history, opening_plies, opening_seed);
    s = a_south ? play_game(rules, s, history, a, b, stats.plies)
                : play_game(rules, s, history, b, a, stats.plies);
    if (!s.over) {
      ++stats.unfinished;
      continue;
    }
    Winner a_wins = a_south ? Winner::South : Winner::North;
    Winner b_wins = a_south ? Winner::North : Winner::South;
    if (s.result.winner == a_wins) {
      ++stats.wins;
    } else if (s.result.winner == b_wins) {
      ++stats.losses;
    } else {
      ++stats.draws;
    }
  }
  return stats;
}

}  // namespace mancala
