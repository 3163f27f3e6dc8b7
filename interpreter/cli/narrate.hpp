// Words for what a move did (`mancala play`): "North sowed hole 4 in two
// laps: captured 4 from your hole 7, moves again."
//
// The runtime reports a move as a stream of Observer callbacks, which is
// the only place the individual captures, laps and cancellations are
// visible; StepRecorder keeps them as plain data, and narrate_move turns
// that data, the ApplyInfo and the positions before and after into
// sentences. Keeping the recording and the wording apart lets the words be
// tested without a terminal and lets `play` tee the same callbacks into the
// animation. Captures made by an end-of-round block (`capture board to
// owners`) arrive through the same callback as the move's own; ApplyInfo
// counts only the move's, so the first `captured` seeds recorded belong to
// the move and the rest to the ending.
#pragma once

#include <string>
#include <vector>

#include "rules.hpp"
#include "runtime.hpp"
#include "state.hpp"

namespace mancala::cli {

struct Step {
  enum class Kind { Lift, Capture, Remove, Cancelled, Endless, Answer };
  Kind kind = Kind::Lift;
  int cell = 0;
  int n = 0;                       // Answer: 1 for yes
  Player to = Player::South;       // Capture: whose store
  std::string_view question = {};  // Answer: its name (points into the Rules)
};

// Records a move's steps; captures held pending are kept only when committed.
class StepRecorder : public Observer {
 public:
  void lift(int cell, int n) override;
  void capture(int cell, int n, Player to, bool pending) override;
  void remove(int cell, int n, bool pending) override;
  void commit() override;
  void cancel() override;
  void endless() override;
  void answer(std::string_view question, bool yes) override;
  const std::vector<Step>& steps() const { return steps_; }
  void clear();

 private:
  std::vector<Step> steps_;
  std::vector<Step> pending_;
};

// Forwards every callback to two observers (the recorder and an animation).
class TeeObserver : public Observer {
 public:
  TeeObserver(Observer* a, Observer* b) : a_(a), b_(b) {}
  void lift(int cell, int n) override;
  void drop(int cell) override;
  void relay(int cell) override;
  void capture(int cell, int n, Player to, bool pending) override;
  void remove(int cell, int n, bool pending) override;
  void cancel() override;
  void commit() override;
  void answer(std::string_view question, bool yes) override;
  void extra_turn() override;
  void pass() override;
  void endless() override;
  void round_end(const EndInfo& end) override;
  void game_end(const Outcome& result) override;
  void refill(const State& state) override;

 private:
  Observer* a_;
  Observer* b_;
};

// Who is addressed as "you": a human side, when exactly one side is human.
struct Voice {
  bool has_you = false;
  Player you = Player::South;
  // How holes are named: "hole 3", or "hole f3" on four rows (format_hole).
  MoveNames names;
  // Each end clause's condition in words, in Rules::end order (from
  // end_reasons, describe.hpp), to say why a game or round ended; empty:
  // the clause's label is said instead.
  std::vector<std::string> end_words;
  // The match's `ends when` condition in words (match_end_reason), "" if none.
  std::string match_end_words;
};

// `text` broken at spaces into lines of at most `width` columns (a word
// longer than that stands alone), the first line after `first`, the others
// after `rest`; each line ends in '\n'. Width 0: one line.
std::string wrap(const std::string& text, int width, const std::string& first,
                 const std::string& rest);

// "South", "North", or "You"/"you" for the addressed side.
std::string side_name(const Voice& voice, Player p, bool capital = true);

// The sentences for one move (one line each, no trailing newline):
// the move itself, then a round's end and the next round, then the game's
// end. `before` is the position the move was played from.
std::vector<std::string> narrate_move(const Rules& rules, const State& before, Move move,
                                      const State& after, const ApplyInfo& info,
                                      const std::vector<Step>& steps, const Voice& voice);

// "The game is over because a row is empty: North wins 27-21." (also for
// a match), with "You win." or "You lose." when a human is addressed.
// `info` is the last move's: its end reason is said in words
// (Voice::end_words); a match's own end is said from the match section
// (Voice::match_end_words, its last round, or a round nobody can start).
std::string narrate_result(const Rules& rules, const State& after, const ApplyInfo& info,
                           const Voice& voice);

// "South holds a son: North's hole 5." for each player holding sons; "".
std::string narrate_sons(const State& s, const Voice& voice);

// "two", "three", ... up to ten, then digits.
std::string number_word(int n);

}  // namespace mancala::cli
