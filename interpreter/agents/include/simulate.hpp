// Many games between two agents, and what they show about a game
// (`mancala simulate`): who wins, how much moving first is worth, how long
// games last, how much is captured, which end clauses and guards fire.
//
// The contract that shapes this file is reproducibility: for a given seed
// the report is the same whatever the number of threads. So every game is
// played by agents built afresh for that game, seeded from (seed, game
// number) alone, and the totals are order-independent (counts, integer
// sums, histograms for exact medians) so that threads only decide which game
// is played when. No per-game record is kept: memory does not grow with the
// number of games. Agents are fixed per side (the
// first-player advantage is South's, who moves first). A deterministic
// agent against another would repeat one game, so `opening_plies` random
// moves (drawn from the game's seed) may start each game. The library has
// no I/O: progress is a counter the caller may poll.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "expected.hpp"
#include "rules.hpp"
#include "state.hpp"

namespace mancala {

struct SimulationOptions {
  std::string south = "alphabeta:depth=4";  // agent specs (agents.hpp make_agent)
  std::string north = "alphabeta:depth=4";
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int opening_plies = 0;                 // uniformly random moves before the agents take over
  int max_plies = 100000;                // a game still going after this many plies is unfinished
  std::atomic<int>* finished = nullptr;  // when set, incremented as each game ends
};

// One game, as simulate saw it.
struct GameSummary {
  Winner winner = Winner::None;  // None: unfinished (or an error)
  Outcome result;
  int plies = 0;          // every apply, opening and passes included
  int rounds = 1;         // rounds played (1 without `match`)
  int captured = 0;       // seeds captured by moves (ApplyInfo::captured)
  int capture_moves = 0;  // moves that captured anything
  int removed = 0;        // seeds removed from play by moves
  int extra_turns = 0;
  int passes = 0;
  std::vector<std::string> endings;  // the reason of each round or game end
  bool unfinished = false;
  std::string error;  // a RuntimeError of the rule file, an illegal agent move
};

// A distribution of integers per game.
struct Spread {
  double mean = 0;
  double median = 0;
  int min = 0;
  int max = 0;
};

struct SimulationReport {
  std::string game;
  std::string south, north;  // the agents' names (specs that recreate them)
  int games = 0;
  uint64_t seed = 0;
  int opening_plies = 0;
  bool one_player = false;  // a one-player game: South's wins are games won, North's lost
  int south_wins = 0, north_wins = 0, draws = 0, unfinished = 0, errors = 0;
  // South's score rate (win 1, draw 1/2) over finished games and its 95%
  // Wilson interval: above 1/2 means moving first is an advantage.
  double south_score = 0, south_low = 0, south_high = 0;
  // The games the interval stands on: the finished ones, but only 1 when
  // both agents are deterministic and nothing varies the opening (every game
  // is then the same game); 0 when no game finished (no rate at all).
  int rated_games = 0;
  Spread plies, rounds, captured, capture_moves, removed;
  double extra_turns = 0, passes = 0;  // means per game
  std::map<std::string, int> endings;  // reason -> times it fired (rounds and games)
  std::string first_error;             // the first game's error, if any ("game 7: ...")
  bool deterministic = false;          // both agents ignore seeds and there is no opening
};

// Plays the games; an error for a bad agent spec, or when a worker thread
// cannot be started (then no report).
Expected<SimulationReport> simulate(const Rules& rules, const SimulationOptions& options);

// Plays one game (game number `game` of the seed); used by simulate.
GameSummary simulate_game(const Rules& rules, const SimulationOptions& options, int game);

// The seed of game `game`: a SplitMix64 mix of (seed, game).
uint64_t game_seed(uint64_t seed, int game);

// The 95% Wilson score interval of a rate p over n trials.
void wilson_interval(double p, int n, double* low, double* high);

// The report for people, and as one JSON object (keys in a fixed order,
// numbers with fixed decimals, so it is byte-for-byte reproducible).
std::string simulation_text(const SimulationReport& report);
std::string simulation_json(const SimulationReport& report);

}  // namespace mancala
