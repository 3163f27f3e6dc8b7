// Game-playing agents for any compiled game, and a match runner.
//
// Agents see a game only through the runtime API (legal_moves, apply,
// evaluate, State::hash), so one implementation plays every rule file.
// Two decisions shape them. Scores are always from one fixed player's point
// of view (the root player for alpha-beta, the player who made the move for
// MCTS statistics), never negated per ply, because in mancala the same
// player often moves twice in a row (extra turns, forced passes, a new
// round's starter). And the hot loops do not allocate: alpha-beta keeps its
// transposition table and one frame of moves and child states per ply,
// MCTS its node arena, all allocated once per agent. Randomness comes from
// a seeded Rng (rng.hpp) whose sequence is fixed by the code, so that every
// agent is deterministic for a seed (given no time limit).
//
// Alpha-beta may be given an endgame database (egtb.hpp, mancala_solve):
// the agents link the solver's library rather than define an interface of
// their own for exact values, since the database is the one source of them
// and its probe is then a direct call (the solver links only the runtime,
// so there is no cycle).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "egtb.hpp"
#include "expected.hpp"
#include "rng.hpp"
#include "rules.hpp"
#include "runtime.hpp"
#include "state.hpp"

namespace mancala {

// Limits and seed of an agent. depth: alpha-beta plies (every apply is a
// ply, an extra turn included); seconds: a wall-clock limit per move (0:
// none; with a time limit play is no longer deterministic); iterations:
// MCTS playouts per move. 0 for depth or iterations means "no limit" and
// is only accepted together with seconds. egtb: alpha-beta's endgame
// database, loaded for the rules the agent will be given (make_agent loads
// it from the option egtb=FILE; egtb_file is that FILE, for name()).
struct AgentOptions {
  int depth = 6;
  double seconds = 0;
  int iterations = 10000;
  uint64_t seed = 1;
  std::shared_ptr<const Egtb> egtb = nullptr;
  std::string egtb_file = "";
};

// A player. choose() is called with a position that is not over and
// returns one of legal_moves(rules, state); it never changes `state` or
// `history` (the position's repetition history, may be null). An agent
// may keep memory between calls (an rng stream, a transposition table), so
// use one agent per player; it is not thread-safe. A RuntimeError raised
// by the rule file during look-ahead propagates.
class Agent {
 public:
  virtual ~Agent();
  // The spec that recreates the agent, e.g. "alphabeta:depth=6".
  virtual std::string name() const = 0;
  virtual Move choose(const Rules& rules, const State& state, const History* history) = 0;
};

// ---- scores shared by the searches (and by tests that check them) ------

inline constexpr int64_t kWinScore = int64_t{1} << 40;   // a won game, before adjustments
inline constexpr int64_t kEvalLimit = int64_t{1} << 36;  // evaluate() is clamped to +-this

// The score of a finished game for `pov`, found `ply` plies below the
// search root: kWinScore - ply + margin for a win (sooner and larger wins
// score higher), the negation of that for a loss, 0 for a draw.
int64_t terminal_score(const State& state, Player pov, int ply);

// The score alpha-beta gives a leaf: terminal_score when the game is over,
// else evaluate(rules, state, pov) clamped to +-kEvalLimit.
int64_t leaf_score(const Rules& rules, const State& state, Player pov, int ply);

// The score of a position `ply` plies below the root whose game is known to
// end with `margin` (South minus North) under best play, as terminal_score
// scores a finished game with that margin (in the games an endgame
// database covers, the stores decide the winner, so the sign of the margin
// does). Alpha-beta scores the positions its database covers by it.
int64_t margin_score(int margin, Player pov, int ply);

// ---- the agents --------------------------------------------------------

struct SearchResult {
  Move move{};
  int64_t score = 0;   // from the root player's point of view (leaf_score scale)
  int depth = 0;       // the deepest fully searched iteration
  uint64_t nodes = 0;  // positions visited, all iterations
  // With a database: every leaf of that iteration was a finished game or a
  // database value, so the result (win, draw, loss) is the game's. Always
  // false without a database (nothing is tracked then).
  bool proven = false;
};

struct AlphaBetaSearch;  // alphabeta.cpp

// Depth-limited alpha-beta with iterative deepening, a transposition table
// and move ordering. At a fixed depth its score equals plain minimax over
// leaf_score (tests/agents_test.cpp checks this). With an endgame database
// (AgentOptions::egtb) a position the database covers is a leaf at any
// depth, scored by margin_score; the agent must then be given the rules the
// database was loaded for (std::invalid_argument otherwise).
class AlphaBetaAgent final : public Agent {
 public:
  explicit AlphaBetaAgent(const AgentOptions& options);
  ~AlphaBetaAgent() override;
  std::string name() const override;
  Move choose(const Rules& rules, const State& state, const History* history) override;
  // The full search of `state` (which must not be over), also when only
  // one move is legal; choose() skips the search in that case.
  SearchResult search(const Rules& rules, const State& state, const History* history);

 private:
  AgentOptions options_;
  std::unique_ptr<AlphaBetaSearch> search_;
};

// The agents behind make_agent, for callers that already hold options.
std::unique_ptr<Agent> make_random_agent(uint64_t seed);
std::unique_ptr<Agent> make_greedy_agent(uint64_t seed);
std::unique_ptr<Agent> make_mcts_agent(const AgentOptions& options);

// "0.5", "2": the shortest form of a seconds option, for name().
std::string format_seconds(double seconds);

// Builds an agent from a spec: a name, optionally prefixed "ai:", then
// options as ":key=value,key=value". Names and their options:
//   random   seed                   uniform over the legal moves
//   greedy   seed                   best evaluate() after one move, ties at random
//   alphabeta  depth, seconds, seed, egtb   alpha-beta search (seed unused;
//            accepted); egtb=FILE: an endgame database of `rules`
//   mcts     iterations, seconds, seed   UCT with random playouts
// `seed` is the default seed (a seed= option overrides it). alphabeta with
// seconds and no depth searches as deep as time allows; mcts with seconds
// and no iterations likewise. A bad spec gives one line of error, with a
// "did you mean" for a misspelt name or option. egtb=FILE is loaded for
// `rules` (load_egtb); without rules it is an error, and a file that cannot
// be loaded for them is one line of error too.
Expected<std::unique_ptr<Agent>> make_agent(std::string_view spec, uint64_t seed,
                                            const Rules* rules = nullptr);

// The error make_agent would give for the form of `spec` alone ("" when
// it is well formed), reading no file: front ends check flags with it
// before loading the game (a usage error) and make the agent after.
std::string agent_spec_error(std::string_view spec);

// The database file a well-formed spec names (egtb=FILE), else "".
std::string agent_spec_egtb_file(std::string_view spec);

// Egtb::load, shared: while any agent holds a database, another load of
// the same file for the same rules returns it rather than reading the file
// again (simulate builds fresh agents for every game). Thread-safe. The
// error is one line naming the file.
Expected<std::shared_ptr<const Egtb>> load_egtb(const Rules& rules, const std::string& file);

// ---- matches -----------------------------------------------------------

// Results of a match from agent `a`'s point of view.
struct MatchStats {
  int wins = 0;
  int draws = 0;
  int losses = 0;
  int unfinished = 0;  // stopped at kMaxMatchPlies (counted in none of the above)
  int64_t plies = 0;   // moves played by the agents (openings excluded)
};

inline constexpr int kMaxMatchPlies = 100000;

// Plays `games` games of a against b; a is South in even-numbered games and
// North in odd ones. Each pair of games starts with the same `opening_plies`
// uniformly random moves drawn from `seed` (so that deterministic agents do
// not repeat one game), played once with each colour assignment. Throws
// std::logic_error if an agent returns an illegal move.
MatchStats play_match(const Rules& rules, Agent& a, Agent& b, int games, uint64_t seed,
                      int opening_plies = 2);

}  // namespace mancala
