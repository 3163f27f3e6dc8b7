// Simulations (see simulate.hpp). Workers take game numbers from one
// atomic counter and add each game's summary to their own totals as it
// ends; the totals are counts, integer sums and histograms, merged after
// the workers join, so no result depends on scheduling and memory does not
// grow with the number of games (`--games 100000000` runs in a few MB).
#include "simulate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <system_error>
#include <thread>

#include "agents.hpp"
#include "json.hpp"
#include "runtime.hpp"
#include "text.hpp"

namespace mancala {
namespace {

struct GameAgents {
  std::unique_ptr<Agent> side[2];
};

// Applies one move and adds what it did to the summary.
void count_move(const ApplyInfo& info, GameSummary& g) {
  g.plies++;
  g.captured += info.captured + info.lifted;  // into a store, or into the hand to be sown again
  if (info.captured + info.lifted > 0) g.capture_moves++;
  g.removed += info.removed;
  if (info.extra_turn) g.extra_turns++;
  if (info.passed) g.passes++;
  if (info.round_over || info.game_over) g.endings.emplace_back(info.end.reason);
}

void play_game(const Rules& rules, const SimulationOptions& o, GameAgents& agents, Rng& opening,
               uint64_t setup_seed, GameSummary& g) {
  State s = initial_state(rules, setup_seed);
  History history;
  history.reserve(256);
  while (!s.over) {
    if (g.plies >= o.max_plies) {
      g.unfinished = true;
      return;
    }
    MoveList legal = legal_moves(rules, s);
    Move m = g.plies < o.opening_plies ? legal[opening.below(legal.size())]
                                       : agents.side[index(s.to_move)]->choose(rules, s, &history);
    if (!legal.contains(m)) {
      g.error = fmt::format("ply {}: {} chose the illegal move {}", g.plies + 1,
                            player_name(s.to_move), format_move(m, rules.move_names()));
      return;
    }
    count_move(apply(rules, s, m, nullptr, &history), g);
  }
  g.rounds = s.round;
  g.result = s.result;
  g.winner = s.result.winner == Winner::None ? Winner::Draw : s.result.winner;
}

// A distribution of integers kept as value -> count: exact mean, median,
// min and max, in memory that grows with the range of the values and not
// with the number of games, and the same whatever order values come in.
class Histogram {
 public:
  void add(int v) { count_[v]++; }
  void merge(const Histogram& o) {
    for (const auto& [v, k] : o.count_) count_[v] += k;
  }
  Spread spread() const {
    Spread s;
    int64_t n = 0, sum = 0;
    for (const auto& [v, k] : count_) {
      n += k;
      sum += static_cast<int64_t>(v) * k;
    }
    if (n == 0) return s;
    s.mean = static_cast<double>(sum) / static_cast<double>(n);
    s.median = n % 2 ? at(n / 2) : (at(n / 2 - 1) + at(n / 2)) / 2.0;
    s.min = count_.begin()->first;
    s.max = count_.rbegin()->first;
    return s;
  }

 private:
  // The value at 0-based rank i in sorted order.
  int at(int64_t i) const {
    for (const auto& [v, k] : count_) {
      if (i < k) return v;
      i -= k;
    }
    return count_.rbegin()->first;
  }
  std::map<int, int64_t> count_;
};

// The totals of some of the games, kept by one worker as its games finish
// and merged after the workers join. Every part is a count, an integer sum
// or a histogram, and the first error is the one of the lowest game number,
// so the merged totals do not depend on which worker played which game.
struct Totals {
  int south_wins = 0, north_wins = 0, draws = 0, unfinished = 0, errors = 0;
  int64_t played = 0, extra_turns = 0, passes = 0;  // over games without error
  std::map<std::string, int> endings;
  Histogram plies, rounds, captured, capture_moves, removed;
  int first_error_game = -1;
  std::string first_error;

  void add(int game, const GameSummary& g) {
    if (!g.error.empty()) {
      errors++;
      if (first_error_game < 0 || game < first_error_game) {
        first_error_game = game;
        first_error = fmt::format("game {}: {}", game, g.error);
      }
      return;
    }
    for (const std::string& e : g.endings) endings[e]++;
    extra_turns += g.extra_turns;
    passes += g.passes;
    played++;
    if (g.unfinished) {
      unfinished++;
      endings["max-plies"]++;
    } else if (g.winner == Winner::South) {
      south_wins++;
    } else if (g.winner == Winner::North) {
      north_wins++;
    } else {
      draws++;
    }
    plies.add(g.plies);
    rounds.add(g.rounds);
    captured.add(g.captured);
    capture_moves.add(g.capture_moves);
    removed.add(g.removed);
  }

  void merge(const Totals& o) {
    south_wins += o.south_wins;
    north_wins += o.north_wins;
    draws += o.draws;
    unfinished += o.unfinished;
    errors += o.errors;
    played += o.played;
    extra_turns += o.extra_turns;
    passes += o.passes;
    for (const auto& [e, n] : o.endings) endings[e] += n;
    plies.merge(o.plies);
    rounds.merge(o.rounds);
    captured.merge(o.captured);
    capture_moves.merge(o.capture_moves);
    removed.merge(o.removed);
    if (o.first_error_game >= 0 &&
        (first_error_game < 0 || o.first_error_game < first_error_game)) {
      first_error_game = o.first_error_game;
      first_error = o.first_error;
    }
  }
};

void fill_report(const Totals& t, SimulationReport& r) {
  r.south_wins = t.south_wins;
  r.north_wins = t.north_wins;
  r.draws = t.draws;
  r.unfinished = t.unfinished;
  r.errors = t.errors;
  r.first_error = t.first_error;
  r.endings = t.endings;
  int decided = r.south_wins + r.north_wins + r.draws;
  if (decided > 0) r.south_score = (r.south_wins + 0.5 * r.draws) / decided;
  // Copies of one game are one observation, not many.
  r.rated_games = r.deterministic ? std::min(decided, 1) : decided;
  wilson_interval(r.south_score, r.rated_games, &r.south_low, &r.south_high);
  r.plies = t.plies.spread();
  r.rounds = t.rounds.spread();
  r.captured = t.captured.spread();
  r.capture_moves = t.capture_moves.spread();
  r.removed = t.removed.spread();
  double n = static_cast<double>(t.played);
  r.extra_turns = t.played ? static_cast<double>(t.extra_turns) / n : 0;
  r.passes = t.played ? static_cast<double>(t.passes) / n : 0;
}

bool deterministic_agent(const std::string& spec) {
  std::string s = spec.rfind("ai:", 0) == 0 ? spec.substr(3) : spec;
  return s.rfind("alphabeta", 0) == 0 && s.find("seconds") == std::string::npos;
}

void write_spread(JsonWriter& w, const Spread& s) {
  w.begin_object().key("mean").value(s.mean, 3).key("median").value(s.median, 1);
  w.key("min").value(s.min).key("max").value(s.max).end_object();
}

void write_side(JsonWriter& w, int wins, int draws, int losses) {
  w.begin_object().key("wins").value(wins).key("draws").value(draws);
  w.key("losses").value(losses).end_object();
}

}  // namespace

uint64_t game_seed(uint64_t seed, int game) {
  Rng r(seed ^ (0xD1B54A32D192ED03ull * (static_cast<uint64_t>(game) + 1)));
  return r.next();
}

void wilson_interval(double p, int n, double* low, double* high) {
  if (n <= 0) {
    *low = 0;
    *high = 1;
    return;
  }
  const double z = 1.959963984540054;
  double z2n = z * z / n;
  double centre = (p + z2n / 2) / (1 + z2n);
  double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  *low = std::max(0.0, centre - half);
  *high = std::min(1.0, centre + half);
}

GameSummary simulate_game(const Rules& rules, const SimulationOptions& o, int game) {
  GameSummary g;
  Rng seeds(game_seed(o.seed, game));
  uint64_t south_seed = seeds.next(), north_seed = seeds.next();
  Rng opening(seeds.next());
  uint64_t setup_seed = seeds.next();  // a scattered setup's (drawn after the others: they stay)
  GameAgents agents;
  auto south = make_agent(o.south, south_seed, &rules);
  auto north = make_agent(o.north, north_seed, &rules);
  if (!south || !north) {
    g.error = south ? north.error : south.error;
    return g;
  }
  agents.side[0] = std::move(*south.value);
  agents.side[1] = std::move(*north.value);
  try {
    play_game(rules, o, agents, opening, setup_seed, g);
  } catch (const std::exception& e) {
    g.error = fmt::format("ply {}: {}", g.plies + 1, e.what());
  }
  return g;
}

Expected<SimulationReport> simulate(const Rules& rules, const SimulationOptions& o) {
  // The specs are checked once here, and their endgame databases held to
  // the end, so that the agents of every game share one copy (load_egtb).
  // Only the databases: agents held here too would keep the allocator from
  // reusing the memory of each game's agents (a page fault per page, twice
  // the time of a game at depth 8).
  std::vector<std::shared_ptr<const Egtb>> databases;
  for (const std::string* spec : {&o.south, &o.north}) {
    auto agent = make_agent(*spec, 1, &rules);
    if (!agent) {
      return Expected<SimulationReport>::fail(
          fmt::format("{}'s agent: {}", spec == &o.south ? "South" : "North", agent.error));
    }
    std::string file = agent_spec_egtb_file(*spec);
    if (file.empty()) continue;
    auto db = load_egtb(rules, file);  // the copy the agent just loaded
    if (db) databases.push_back(std::move(*db.value));
  }
  SimulationReport r;
  r.game = rules.name;
  r.one_player = rules.rows == 1;
  r.south = o.south;
  r.north = o.north;
  r.games = o.games;
  r.seed = o.seed;
  r.opening_plies = o.opening_plies;
  r.deterministic =
      o.opening_plies == 0 && deterministic_agent(o.south) && deterministic_agent(o.north);
  int threads = std::clamp(o.threads, 1, std::max(1, o.games));
  std::vector<Totals> totals(threads);
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  auto work = [&](Totals* mine) {
    for (int i = next++; i < o.games && !stop; i = next++) {
      mine->add(i, simulate_game(rules, o, i));
      if (o.finished) (*o.finished)++;
    }
  };
  std::vector<std::thread> pool;
  std::string failed;
  for (int t = 0; t < threads && failed.empty(); ++t) {
    try {
      pool.emplace_back(work, &totals[t]);
    } catch (const std::system_error& e) {
      failed = fmt::format("cannot start worker thread {} of {}: {}", t + 1, threads,
                           e.code().message());
      stop = true;
    }
  }
  for (std::thread& t : pool) t.join();
  if (!failed.empty()) return Expected<SimulationReport>::fail(failed);
  for (size_t t = 1; t < totals.size(); ++t) totals[0].merge(totals[t]);
  fill_report(totals[0], r);
  return Expected<SimulationReport>::ok(std::move(r));
}

std::string simulation_json(const SimulationReport& r) {
  JsonWriter w;
  w.begin_object();
  w.key("game").value(r.game).key("games").value(r.games).key("seed").value(r.seed);
  w.key("opening_plies").value(r.opening_plies);
  w.key("agents").begin_object().key("south").value(r.south).key("north").value(r.north);
  w.end_object();
  w.key("south");
  write_side(w, r.south_wins, r.draws, r.north_wins);
  w.key("north");
  write_side(w, r.north_wins, r.draws, r.south_wins);
  w.key("draws").value(r.draws).key("unfinished").value(r.unfinished);
  w.key("errors").value(r.errors);
  w.key("first_player");
  if (r.rated_games == 0) {
    w.null();
  } else {
    w.begin_object().key("score").value(r.south_score, 4);
    w.key("low").value(r.south_low, 4).key("high").value(r.south_high, 4).end_object();
  }
  const std::pair<const char*, const Spread*> spreads[] = {{"plies", &r.plies},
                                                           {"rounds", &r.rounds},
                                                           {"captured", &r.captured},
                                                           {"capture_moves", &r.capture_moves},
                                                           {"removed", &r.removed}};
  for (const auto& [name, spread] : spreads) {
    w.key(name);
    write_spread(w, *spread);
  }
  w.key("extra_turns").value(r.extra_turns, 3).key("passes").value(r.passes, 3);
  w.key("endings").begin_object();
  for (const auto& [reason, n] : r.endings) w.key(reason).value(n);
  w.end_object();
  if (!r.first_error.empty()) w.key("first_error").value(r.first_error);
  w.end_object();
  return w.str();
}

// The lines every report has: lengths, captures, endings.
std::string spread_lines(const SimulationReport& r) {
  std::string out;
  auto line = [](const char* what, const Spread& s) {
    return fmt::format("  {:<25} mean {:.1f}, median {:g}, min {}, max {}\n", what, s.mean,
                       s.median, s.min, s.max);
  };
  out += line("game length (plies)", r.plies);
  if (r.rounds.max > 1) out += line("rounds per match", r.rounds);
  out += line("seeds captured per game", r.captured);
  out += line("capturing moves per game", r.capture_moves);
  if (r.removed.max > 0) out += line("seeds removed per game", r.removed);
  out += fmt::format("  extra turns per game {:.1f}, passes per game {:.1f}\n", r.extra_turns,
                     r.passes);
  std::vector<std::string> endings;
  for (const auto& [reason, n] : r.endings) endings.push_back(fmt::format("{} {}", reason, n));
  out += "  endings (rounds and games): " + (endings.empty() ? "none" : join(endings, ", ")) + "\n";
  if (r.deterministic && r.games > 1) {
    out +=
        "  note: both agents are deterministic, so every game is the same; "
        "use --opening-plies N to vary them\n";
  }
  return out;
}

// The lines of a one-player game's results: won and lost.
std::string solo_results(const SimulationReport& r) {
  auto pct = [&](int k) { return r.games ? 100.0 * k / r.games : 0.0; };
  std::string out =
      fmt::format("{}: {} games, the player {}, seed {}", r.game, r.games, r.south, r.seed);
  if (r.opening_plies > 0) out += fmt::format(", {} random opening plies", r.opening_plies);
  out +=
      fmt::format("\n  won {} ({:.1f}%), lost {}\n", r.south_wins, pct(r.south_wins), r.north_wins);
  if (r.unfinished) out += fmt::format("  unfinished (max plies): {}\n", r.unfinished);
  if (r.errors) out += fmt::format("  errors: {} (first: {})\n", r.errors, r.first_error);
  return out;
}

std::string simulation_text(const SimulationReport& r) {
  auto pct = [&](int k) { return r.games ? 100.0 * k / r.games : 0.0; };
  if (r.one_player) return solo_results(r) + spread_lines(r);
  std::string out = fmt::format("{}: {} games, South {} vs North {}, seed {}", r.game, r.games,
                                r.south, r.north, r.seed);
  if (r.opening_plies > 0) out += fmt::format(", {} random opening plies", r.opening_plies);
  out += "\n";
  out += fmt::format("  South  {:>6} wins {:>5.1f}%  {:>6} draws  {:>6} losses\n", r.south_wins,
                     pct(r.south_wins), r.draws, r.north_wins);
  out += fmt::format("  North  {:>6} wins {:>5.1f}%  {:>6} draws  {:>6} losses\n", r.north_wins,
                     pct(r.north_wins), r.draws, r.south_wins);
  if (r.unfinished) out += fmt::format("  unfinished (max plies): {}\n", r.unfinished);
  if (r.errors) out += fmt::format("  errors: {} (first: {})\n", r.errors, r.first_error);
  bool same = r.south == r.north;
  if (r.rated_games == 0) {
    out += "  first player (South) score rate: none, no game finished\n";
  } else {
    std::string verdict =
        r.south_low > 0.5 ? (same ? "moving first is an advantage" : "South scores more than half")
        : r.south_high < 0.5
            ? (same ? "moving first is a disadvantage" : "South scores less than half")
            : "no significant difference from one half";
    std::string over =
        r.deterministic && r.games > 1 ? " over 1 distinct game (every game is the same)" : "";
    out += fmt::format("  first player (South) score rate {:.3f}{}, 95% CI [{:.3f}, {:.3f}]: {}\n",
                       r.south_score, over, r.south_low, r.south_high, verdict);
    if (!same) {
      out +=
          "    (the sides use different agents, so this measures the agents as much as the "
          "move)\n";
    }
  }
  return out + spread_lines(r);
}

}  // namespace mancala
