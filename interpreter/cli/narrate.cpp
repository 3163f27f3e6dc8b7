// Words for a move (see narrate.hpp). Each kind of event has one small
// function that returns a phrase; narrate_move only decides their order.
// Holes are always named from their row owner's view ("North's hole 3",
// "your hole 7"; "your hole f3" on four rows), as moves name them.
#include "narrate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "text.hpp"

namespace mancala::cli {
namespace {

bool is_you(const Voice& v, Player p) {
  return v.has_you && v.you == p;
}

std::string possessive(const Voice& v, Player p) {
  return is_you(v, p) ? "your" : std::string(p == Player::South ? "South's" : "North's");
}

std::string hole_name(const Voice& v, const State& s, int cell) {
  Player row = s.side(cell);
  return fmt::format("{} hole {}", possessive(v, row),
                     format_hole(cell - index(row) * s.holes + 1, v.names));
}

// Seeds moved out of holes: (cell, n) in the order first seen, merged by cell.
using Takes = std::vector<std::pair<int, int>>;

void add_take(Takes& takes, int cell, int n) {
  for (auto& t : takes) {
    if (t.first == cell) {
      t.second += n;
      return;
    }
  }
  takes.emplace_back(cell, n);
}

int total(const Takes& takes) {
  int sum = 0;
  for (const auto& t : takes) sum += t.second;
  return sum;
}

// "4 from your hole 7": a list of one hole (see fits_one_clause).
std::string take_text(const Voice& v, const State& s, const Takes& takes) {
  return fmt::format("{} from {}", takes[0].second, hole_name(v, s, takes[0].first));
}

// What the move's own steps captured and removed, and what the end of the
// round or game swept up afterwards (the part ApplyInfo does not count).
struct Gains {
  Takes to[2];      // captured, by the store they went to
  Takes removed;    // out of play
  Takes end_to[2];  // captured by an ending block
  Takes end_removed;
  std::vector<std::string> answers;  // "take? yes", in the order asked
  int laps = 0;
  bool cancelled = false;
  bool endless = false;
};

Gains split_steps(const std::vector<Step>& steps, const ApplyInfo& info) {
  Gains g;
  int capture_budget = info.captured;
  int remove_budget = info.removed;
  for (const Step& st : steps) {
    switch (st.kind) {
      case Step::Kind::Lift:
        g.laps++;
        break;
      case Step::Kind::Cancelled:
        g.cancelled = true;
        break;
      case Step::Kind::Endless:
        g.endless = true;
        break;
      case Step::Kind::Answer:
        g.answers.push_back(fmt::format("{}? {}", st.question, st.n ? "yes" : "no"));
        break;
      case Step::Kind::Capture: {
        int now = std::min(st.n, capture_budget);
        capture_budget -= now;
        if (now > 0) add_take(g.to[index(st.to)], st.cell, now);
        if (st.n > now) add_take(g.end_to[index(st.to)], st.cell, st.n - now);
        break;
      }
      case Step::Kind::Remove: {
        int now = std::min(st.n, remove_budget);
        remove_budget -= now;
        if (now > 0) add_take(g.removed, st.cell, now);
        if (st.n > now) add_take(g.end_removed, st.cell, st.n - now);
        break;
      }
    }
  }
  return g;
}

std::string move_target(const Voice& v, const State& before, Player mover, Move move) {
  if (move.is_from_store()) {
    std::string into =
        move.number ? " into " + hole_name(v, before, move_cell(before.holes, mover, move)) : "";
    return fmt::format("{} seed{} from {} store{}", move.seeds, move.seeds == 1 ? "" : "s",
                       possessive(v, mover), into);
  }
  int cell = move_cell(before.holes, mover, move);
  const char* way = move.way == Way::Ccw  ? " counter-clockwise"
                    : move.way == Way::Cw ? " clockwise"
                                          : "";
  if (before.side(cell) == mover) {
    return fmt::format("hole {}{}", format_hole(move.number, v.names), way);
  }
  return hole_name(v, before, cell) + " (a son)" + way;
}

std::vector<std::string> move_details(const Voice& v, const State& before, Player mover,
                                      const Gains& g, const ApplyInfo& info) {
  std::vector<std::string> parts;
  if (g.endless) parts.push_back("the sowing would never stop");
  if (!g.to[index(mover)].empty()) {
    parts.push_back("captured " + take_text(v, before, g.to[index(mover)]));
  }
  const Takes& given = g.to[index(other(mover))];
  if (!given.empty()) {
    parts.push_back(fmt::format("{} went to {} store", take_text(v, before, given),
                                possessive(v, other(mover))));
  }
  if (!g.removed.empty())
    parts.push_back("took " + take_text(v, before, g.removed) + " out of play");
  if (g.cancelled) parts.push_back("its captures were cancelled");
  if (info.extra_turn && !info.round_over && !info.game_over) {
    parts.push_back(is_you(v, mover) ? "you move again" : "moves again");
  }
  return parts;
}

// A move whose seeds went to one place from one hole fits one clause
// ("captured 4 from North's hole 3"); anything more is told in sentences
// that each say who received what.
bool fits_one_clause(const Gains& g) {
  int lists = 0;
  for (const Takes* t : {&g.to[0], &g.to[1], &g.removed}) {
    if (t->size() > 1) return false;
    lists += !t->empty();
  }
  return lists <= 1;
}

// "8 seeds: 4 from South's hole 6 and 4 from North's hole 3", "4 seeds from
// North's hole 1", "20 seeds from 5 holes".
std::string seeds_from(const Voice& v, const State& s, const Takes& takes) {
  int n = total(takes);
  std::string amount = fmt::format("{} seed{}", n, n == 1 ? "" : "s");
  if (takes.size() == 1) return amount + " from " + hole_name(v, s, takes[0].first);
  if (takes.size() > 4) return fmt::format("{} from {} holes", amount, takes.size());
  std::vector<std::string> parts;
  for (const auto& t : takes)
    parts.push_back(fmt::format("{} from {}", t.second, hole_name(v, s, t.first)));
  return amount + ": " + join(parts, ", ", " and ");
}

// "South sowed hole 12", "You sowed North's hole 5 (a son) in six laps".
std::string sowed(const Voice& v, const State& before, Player mover, Move move, const Gains& g) {
  std::string laps = g.laps > 1 ? " in " + number_word(g.laps) + " laps" : "";
  std::string answers = g.answers.empty() ? "" : " (" + join(g.answers, ", ") + ")";
  return side_name(v, mover) + " sowed " + move_target(v, before, mover, move) + laps + answers;
}

// "South sowed hole 12 in ten laps. South captured 8 seeds: ... North
// received 8 seeds: ... South moves again."
std::string move_sentences(const Voice& v, const State& before, Player mover, Move move,
                           const Gains& g, const ApplyInfo& info) {
  std::string who = side_name(v, mover);
  std::vector<std::string> out;
  out.push_back(sowed(v, before, mover, move, g) + ".");
  if (g.endless) out.push_back("The sowing would never stop.");
  const Takes& kept = g.to[index(mover)];
  const Takes& given = g.to[index(other(mover))];
  if (!kept.empty())
    out.push_back(fmt::format("{} captured {}.", who, seeds_from(v, before, kept)));
  if (!given.empty()) {
    out.push_back(
        fmt::format("{} received {}.", side_name(v, other(mover)), seeds_from(v, before, given)));
  }
  if (!g.removed.empty()) {
    out.push_back(fmt::format("{} took out of play {}.", who, seeds_from(v, before, g.removed)));
  }
  if (g.cancelled) out.push_back("The captures were cancelled.");
  if (info.extra_turn && !info.round_over && !info.game_over) {
    out.push_back(is_you(v, mover) ? "You move again." : who + " moves again.");
  }
  return join(out, " ");
}

// "The 3 seeds left on the board went to South (2) and North (1)."; "".
std::string sweep_sentence(const Voice& v, const Gains& g) {
  int south = total(g.end_to[0]), north = total(g.end_to[1]), out = total(g.end_removed);
  int all = south + north + out;
  if (all == 0) return "";
  std::vector<std::string> parts;
  auto to = [&](Player p, int n) {
    std::string who = side_name(v, p, false);
    return south > 0 && north > 0 ? fmt::format("{} ({})", who, n) : who;
  };
  if (south > 0) parts.push_back(to(Player::South, south));
  if (north > 0) parts.push_back(to(Player::North, north));
  if (out > 0)
    parts.push_back(fmt::format("out of play{}", parts.empty() ? "" : fmt::format(" ({})", out)));
  std::string what = all == 1 ? "The seed" : fmt::format("The {} seeds", all);
  return fmt::format("{} left on the board went to {}.", what, join(parts, ", ", " and "));
}

// Why a game or round ended, in words: its end clause's condition (found by
// the label, which points into Rules::end), the runtime's own endings, or
// the label as written.
std::string reason_words(const Rules& rules, const Voice& v, std::string_view reason) {
  for (size_t i = 0; i < rules.end.size() && i < v.end_words.size(); ++i) {
    if (rules.end[i].label.data() == reason.data()) return v.end_words[i];
  }
  if (reason == "endless") return "a move would never stop";
  if (reason == "no moves") return "the player to move has no legal move";
  return reason == "condition" ? "" : std::string(reason);
}

// Why the game, or a match, ended. A match ends after a round: by its
// `ends when` condition, at its last round, or when the player to start the
// next round cannot move (the round counter has then moved on).
std::string game_end_words(const Rules& rules, const Voice& v, const State& after,
                           const ApplyInfo& info) {
  if (!rules.match.present || !info.round_over) return reason_words(rules, v, info.end.reason);
  if (after.round > info.end.round) {
    return fmt::format("{} cannot start round {}", side_name(v, after.to_move, false), after.round);
  }
  if (rules.match.max_rounds > 0 && after.round >= rules.match.max_rounds) {
    return fmt::format("round {} was the last", after.round);
  }
  return v.match_end_words;
}

std::string round_sentence(const Rules& rules, const Voice& v, const ApplyInfo& info) {
  const Outcome& o = info.end.outcome;
  std::string who;
  if (o.winner == Winner::South || o.winner == Winner::North) {
    Player w = o.winner == Winner::South ? Player::South : Player::North;
    who = is_you(v, w) ? "you win the round" : side_name(v, w) + " wins the round";
  } else {
    who = "a tie";
  }
  std::string why = reason_words(rules, v, info.end.reason);
  return fmt::format("Round {} ends{}: South {}, North {}, {}.", info.end.round,
                     why.empty() ? "" : " because " + why, o.south, o.north, who);
}

std::string next_round_sentence(const Voice& v, const State& after) {
  std::string out = fmt::format("Round {} begins, {} to move.", after.round,
                                is_you(v, after.to_move) ? "you" : side_name(v, after.to_move));
  std::string sons = narrate_sons(after, v);
  return sons.empty() ? out : out + " " + sons;
}

}  // namespace

// ---- wrapping -------------------------------------------------------------

namespace {

// Columns a UTF-8 text takes (one per character; escapes are not expected).
int columns_of(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::string wrap(const std::string& text, int width, const std::string& first,
                 const std::string& rest) {
  if (width <= 0) return first + text + "\n";
  std::string out = first, line;
  int room = width - columns_of(first);
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (!line.empty() && columns_of(line) + 1 + columns_of(word) > room) {
      out += line + "\n" + rest;
      line.clear();
      room = width - columns_of(rest);
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line + "\n";
}

// ---- StepRecorder / TeeObserver -----------------------------------------

void StepRecorder::lift(int cell, int n) {
  steps_.push_back({Step::Kind::Lift, cell, n});
}

void StepRecorder::capture(int cell, int n, Player to, bool pending) {
  (pending ? pending_ : steps_).push_back({Step::Kind::Capture, cell, n, to});
}

void StepRecorder::remove(int cell, int n, bool pending) {
  (pending ? pending_ : steps_).push_back({Step::Kind::Remove, cell, n});
}

void StepRecorder::commit() {
  steps_.insert(steps_.end(), pending_.begin(), pending_.end());
  pending_.clear();
}

void StepRecorder::cancel() {
  if (!pending_.empty()) steps_.push_back({Step::Kind::Cancelled});
  pending_.clear();
}

void StepRecorder::answer(std::string_view question, bool yes) {
  Step st{Step::Kind::Answer};
  st.n = yes;
  st.question = question;
  steps_.push_back(st);
}

void StepRecorder::endless() {
  steps_.push_back({Step::Kind::Endless});
}

void StepRecorder::clear() {
  steps_.clear();
  pending_.clear();
}

void TeeObserver::lift(int cell, int n) {
  a_->lift(cell, n), b_->lift(cell, n);
}
void TeeObserver::drop(int cell) {
  a_->drop(cell), b_->drop(cell);
}
void TeeObserver::relay(int cell) {
  a_->relay(cell), b_->relay(cell);
}
void TeeObserver::capture(int cell, int n, Player to, bool pending) {
  a_->capture(cell, n, to, pending), b_->capture(cell, n, to, pending);
}
void TeeObserver::remove(int cell, int n, bool pending) {
  a_->remove(cell, n, pending), b_->remove(cell, n, pending);
}
void TeeObserver::cancel() {
  a_->cancel(), b_->cancel();
}
void TeeObserver::answer(std::string_view question, bool yes) {
  a_->answer(question, yes), b_->answer(question, yes);
}
void TeeObserver::commit() {
  a_->commit(), b_->commit();
}
void TeeObserver::extra_turn() {
  a_->extra_turn(), b_->extra_turn();
}
void TeeObserver::pass() {
  a_->pass(), b_->pass();
}
void TeeObserver::endless() {
  a_->endless(), b_->endless();
}
void TeeObserver::round_end(const EndInfo& end) {
  a_->round_end(end), b_->round_end(end);
}
void TeeObserver::game_end(const Outcome& result) {
  a_->game_end(result), b_->game_end(result);
}
void TeeObserver::refill(const State& state) {
  a_->refill(state), b_->refill(state);
}

// ---- sentences -------------------------------------------------------------

std::string number_word(int n) {
  static const char* kWords[] = {"no",  "one",   "two",   "three", "four", "five",
                                 "six", "seven", "eight", "nine",  "ten"};
  return n >= 0 && n <= 10 ? kWords[n] : std::to_string(n);
}

std::string side_name(const Voice& voice, Player p, bool capital) {
  if (is_you(voice, p)) return capital ? "You" : "you";
  return p == Player::South ? "South" : "North";
}

std::string narrate_sons(const State& s, const Voice& v) {
  std::vector<std::string> out;
  for (Player p : {Player::South, Player::North}) {
    Player row = other(p);
    std::vector<std::string> numbers;
    for (int k = s.holes; k >= 1; --k) {
      if (s.controller(s.hole_cell(row, k)) == p) numbers.push_back(std::to_string(k));
    }
    if (numbers.empty()) continue;
    std::string holder = side_name(v, p);
    out.push_back(fmt::format("{} {} {}: {} {} {}.", holder, is_you(v, p) ? "hold" : "holds",
                              numbers.size() == 1 ? "a son" : "sons", possessive(v, row),
                              numbers.size() == 1 ? "hole" : "holes",
                              join(numbers, ", ", " and ")));
  }
  return join(out, " ");
}

std::string narrate_result(const Rules& rules, const State& after, const ApplyInfo& info,
                           const Voice& v) {
  const Outcome& o = after.result;
  std::string why = game_end_words(rules, v, after, info);
  if (!why.empty()) why = " because " + why;
  std::string head = rules.match.present
                         ? fmt::format("The match is over after {} round{}{}", after.round,
                                       after.round == 1 ? "" : "s", why)
                         : "The game is over" + why;
  if (rules.rows == 1) {  // one player: won or lost
    return fmt::format("{}: {}, {} in the store and {} left on the board.", head,
                       o.winner == Winner::South ? "won" : "lost",
                       fmt::format("{} seed{}", o.south, o.south == 1 ? "" : "s"), o.north);
  }
  if (o.winner != Winner::South && o.winner != Winner::North) {
    return fmt::format("{}: a draw, {}-{}.", head, o.south, o.north);
  }
  Player w = o.winner == Winner::South ? Player::South : Player::North;
  int high = std::max(o.south, o.north), low = std::min(o.south, o.north);
  std::string out =
      fmt::format("{}: {} wins {}-{}.", head, w == Player::South ? "South" : "North", high, low);
  if (v.has_you) out += is_you(v, w) ? " You win!" : " You lose.";
  return out;
}

std::vector<std::string> narrate_move(const Rules& rules, const State& before, Move move,
                                      const State& after, const ApplyInfo& info,
                                      const std::vector<Step>& steps, const Voice& v) {
  std::vector<std::string> lines;
  Player mover = info.mover;
  Gains g = split_steps(steps, info);
  if (info.passed || move.is_pass()) {
    lines.push_back(side_name(v, mover) + " passed.");
  } else if (!fits_one_clause(g)) {
    lines.push_back(move_sentences(v, before, mover, move, g, info));
  } else {
    std::vector<std::string> details = move_details(v, before, mover, g, info);
    std::string head = sowed(v, before, mover, move, g);
    lines.push_back(details.empty() ? head + "." : head + ": " + join(details, ", ") + ".");
  }
  std::string sweep = sweep_sentence(v, g);
  if (!sweep.empty()) lines.push_back(sweep);
  if (info.round_over) lines.push_back(round_sentence(rules, v, info));
  if (info.game_over) {
    lines.push_back(narrate_result(rules, after, info, v));
  } else if (info.round_over) {
    lines.push_back(next_round_sentence(v, after));
  }
  return lines;
}

}  // namespace mancala::cli
