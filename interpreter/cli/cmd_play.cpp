// `mancala play RULES [--south human|SPEC] [--north human|SPEC]`: play a
// game from a rule file, people against agents or agents against each other.
//
// One loop serves every kind of game: a Session holds the position, the
// repetition History and, before every ply, a snapshot of both, so `undo`
// is a restore rather than an inverse move and the game record is simply
// the plies kept. Each side is either a human, who is asked for a move on
// the terminal, or an Agent (agents.hpp); nothing else depends on which.
// Output has three forms chosen once: boards with words (text), words only
// (--quiet), or the JSON line of each position (--format jsonl, the shape
// of `replay`). Colour, Unicode and the animation are used only on a
// terminal, so the same command writes the same bytes to a file every time.
// Standard input that is not a terminal cannot answer questions, so human
// sides are then played by alpha-beta and the game runs to its end. The
// sides' specs are checked before the game is loaded (a usage error) and
// the agents made after it, since an agent's endgame database (egtb=FILE)
// is loaded for the game's rules; `--egtb FILE` gives `hint` one, and a
// hint the database decides says "exact" rather than giving an estimate.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>

#include "agents.hpp"
#include "board_view.hpp"
#include "command.hpp"
#include "describe.hpp"
#include "json.hpp"
#include "narrate.hpp"
#include "position_json.hpp"
#include "record.hpp"
#include "runtime.hpp"
#include "text.hpp"

namespace mancala::cli {
namespace {

constexpr const char* kDefaultAgent = "ai:alphabeta";
constexpr int kHintDepth = 6;      // `hint`
constexpr int kMaxHintDepth = 20;  // `hint N`

enum class Output { Text, Quiet, Jsonl };

struct PlayConfig {
  std::string rules_path;
  std::vector<std::pair<std::string, int64_t>> settings;
  std::string hash;
  uint64_t seed = 1;
  int max_plies = 100000;
  Output output = Output::Text;
  bool animate = false;
  int delay_ms = 120;
  std::string record_path;
  BoardStyle style;
  std::string rules_text;              // describe's text, for the `rules` command
  std::vector<std::string> end_words;  // end_reasons: why a game or round ended
  std::string match_end_words;         // match_end_reason: why a match ended
  std::shared_ptr<const Egtb> egtb;    // --egtb: the database `hint` searches with, or null
};

struct Side {
  std::string spec;  // "human", or the agent's full spec "ai:NAME:OPTIONS"
  bool human = false;
  std::unique_ptr<Agent> agent;
};

// What the plies so far were, kept in step with the snapshots for undo.
struct PlyRecord {
  Move move{};
  std::string position;  // position_json
  std::string round;     // the round's result JSON when the ply ended a round, else ""
};

struct Snapshot {
  State state;
  History history;
};

enum class Turn { Move, Undone, Quit, Eof };

// ^C (SIGINT) ends the game as `quit` does, record included. The handler
// is installed once, without SA_RESTART, so that a human's pending read
// returns at once; a second ^C kills as usual (SA_RESETHAND). A ^C that
// lands after the prompt but before the read starts would leave that read
// waiting for a line nobody types, so the handler also puts /dev/null on
// standard input (dup2 is async-signal-safe): whenever the read comes, it
// ends. An agent's search in progress finishes its move first.
volatile std::sig_atomic_t g_interrupted = 0;
int g_no_input = -1;               // /dev/null, opened before the handler exists
constexpr int kInterrupted = 130;  // the shell's status for a SIGINT

extern "C" void on_interrupt(int) {
  int saved = errno;
  g_interrupted = 1;
  if (g_no_input >= 0) {
    dup2(g_no_input, STDIN_FILENO);
  } else {
    close(STDIN_FILENO);
  }
  errno = saved;
}

void catch_interrupt() {
  if (g_no_input < 0) g_no_input = open("/dev/null", O_RDONLY | O_CLOEXEC);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESETHAND;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigset_t interrupt;  // a parent (ctest, for one) may have left it blocked
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  sigprocmask(SIG_UNBLOCK, &interrupt, nullptr);
}

std::string lower_trimmed(const std::string& line) {
  size_t a = line.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = line.find_last_not_of(" \t\r\n");
  std::string out = line.substr(a, b - a + 1);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "1-3, 5, 6ccw, 6cw, 8-12, pass": runs of three or more plain moves as
// ranges, for the prompt. On four rows a run stays in one row, its holes
// next to each other ("b1-b8, f1-f3": the front row is listed from the
// mover's right, so its runs go down).
std::string compact_moves(const MoveList& moves, MoveNames names) {
  auto plain = [&](int k) {
    return !moves[k].is_pass() && !moves[k].is_from_store() && moves[k].way == Way::None &&
           moves[k].asked == 0;
  };
  // The row a plain move's hole is in, and its place along it.
  auto row = [&](int k) { return names.four_rows() ? (moves[k].number - 1) / names.holes : 0; };
  auto place = [&](int k) {
    return names.four_rows() ? names.ring_hole((moves[k].number - 1) % names.side() + 1)
                             : moves[k].number;
  };
  auto name = [&](int k) {
    std::string word = format_move(moves[k], names);
    return word.substr(0, word.find_first_of("0123456789"));  // "", "f", "ob"
  };
  std::vector<std::string> items;
  for (int i = 0; i < moves.size();) {
    int j = i;
    int step = 0;  // +1 or -1 along a run
    while (j + 1 < moves.size() && plain(i) && plain(j + 1) && row(j + 1) == row(i)) {
      int d = place(j + 1) - place(j);
      if ((d != 1 && d != -1) || (step != 0 && d != step)) break;
      step = d;
      ++j;
    }
    if (j - i >= 2) {
      std::string prefix = name(i);
      items.push_back(fmt::format("{0}{1}-{0}{2}", prefix, std::min(place(i), place(j)),
                                  std::max(place(i), place(j))));
    } else {
      for (int k = i; k <= j; ++k) items.push_back(format_move(moves[k], names));
    }
    i = j + 1;
  }
  return join(items, ", ");
}

// The result of a round that ended, kept in the game record.
std::string round_json(const Rules& rules, const ApplyInfo& info) {
  const Outcome& o = info.end.outcome;
  JsonWriter w;
  w.begin_object()
      .key("round")
      .value(info.end.round)
      .key("winner")
      .value(winner_word(rules, o.winner));
  w.key("south").value(o.south).key("north").value(o.north).key("reason").value(info.end.reason);
  w.end_object();
  return w.str();
}

class Session {
 public:
  Session(const Rules& rules, PlayConfig config, Side south, Side north, Io& io)
      : rules_(rules),
        config_(std::move(config)),
        io_(io),
        state_(initial_state(rules, config_.seed)) {
    sides_[0] = std::move(south);
    sides_[1] = std::move(north);
    voice_.has_you = sides_[0].human != sides_[1].human;
    voice_.you = sides_[0].human ? Player::South : Player::North;
    voice_.end_words = config_.end_words;
    voice_.names = rules_.move_names();
    voice_.match_end_words = config_.match_end_words;
    history_.reserve(256);
  }
  int run();

 private:
  bool any_human() const { return sides_[0].human || sides_[1].human; }
  // Where the conversation with a human goes: standard output, except with
  // --format jsonl, whose standard output holds nothing but positions.
  FILE* talk() const { return config_.output == Output::Jsonl ? io_.err : io_.out; }
  BoardLabels labels(int highlight) const;
  void print_start();
  void print_board(int highlight);
  void print_status();
  void print_ply(const State& before, Move move, const ApplyInfo& info,
                 const std::vector<Step>& steps);
  bool play(Move move);
  Move agent_move(Side& side);
  Turn human_turn(Move* move);
  bool human_command(const std::string& word, const MoveList& legal, Turn* turn);
  std::string illegal_reason(const std::string& word, const MoveList& legal) const;
  void print_help() const;
  // One message to the human, indented and wrapped at the terminal's width.
  void say(const std::string& text) const {
    fmt::print(talk(), "{}", wrap(text, config_.style.width, "   ", "   "));
  }
  void print_moves(const MoveList& legal) const;
  void print_hint(int depth);
  bool undo();
  int finish(int status);
  bool write_record() const;

  const Rules& rules_;
  PlayConfig config_;
  Io& io_;
  Side sides_[2];
  Voice voice_;
  State state_;
  History history_;
  std::vector<Snapshot> snapshots_;  // the position before each ply played
  std::vector<PlyRecord> plies_;
  std::string last_reason_;
  int last_cell_ = -1;
};

BoardLabels Session::labels(int highlight) const {
  BoardLabels l;
  auto caption = [&](int i, const char* name) {
    if (sides_[i].human) return std::string(name) + (voice_.has_you ? " (you)" : " (human)");
    return fmt::format("{} ({})", name, sides_[i].agent->name());
  };
  l.south = caption(0, "South");
  l.north = caption(1, "North");
  l.highlight = highlight;
  return l;
}

void Session::print_board(int highlight) {
  fmt::print(talk(), "{}", draw_board(rules_, state_, config_.style, labels(highlight)));
}

// "   Round 2 · North to move · South holds a son: North's hole 5." A
// human's turn is announced by the prompt, so it is not repeated here;
// after the last move there is nothing to add: the result was narrated.
void Session::print_status() {
  if (state_.over) {       // the narration of the last move said the result...
    if (plies_.empty()) {  // ...unless no move could be made at all
      ApplyInfo info;
      info.game_over = true;
      info.end = EndInfo{state_.result, "no moves", state_.round};
      say(narrate_result(rules_, state_, info, voice_));
    }
    return;
  }
  std::string dot = config_.style.unicode ? " · " : " - ";
  std::vector<std::string> parts;
  if (rules_.match.present) parts.push_back(fmt::format("Round {}", state_.round));
  Player p = state_.to_move;
  if (!sides_[index(p)].human) parts.push_back(side_name(voice_, p) + " to move");
  if (rules_.match.present) {
    std::string sons = narrate_sons(state_, voice_);
    if (!sons.empty()) parts.push_back(sons);
  }
  std::string line = join(parts, dot);
  if (!line.empty()) say(line);
}

void Session::print_start() {
  if (config_.output == Output::Jsonl) return;
  auto who = [&](int i) {
    return sides_[i].human ? std::string("human") : sides_[i].agent->name();
  };
  int width = config_.style.width;
  fmt::print(io_.out, "{}",
             wrap(rules_.rows == 1  // one player
                      ? fmt::format("{}: played by {}, seed {}", rules_.name, who(0), config_.seed)
                      : fmt::format("{}: South {} vs North {}, seed {}", rules_.name, who(0),
                                    who(1), config_.seed),
                  width, "", "  "));
  if (any_human()) {
    fmt::print(io_.out, "{}",
               wrap(rules_.rows == 4
                        ? "Type a row and a hole to sow it (f3: your front row's hole 3 from your "
                          "left; b3: your back row's); help lists the commands."
                        : "Type a hole number to sow it; help lists the commands.",
                    width, "", ""));
  }
  if (config_.output == Output::Quiet) return;
  fmt::print(io_.out, "\n");
  print_board(-1);
  print_status();
}

void Session::print_ply(const State& before, Move move, const ApplyInfo& info,
                        const std::vector<Step>& steps) {
  int ply = static_cast<int>(plies_.size());
  if (config_.output == Output::Jsonl) {
    fmt::print(io_.out, "{}\n", plies_.back().position);
    return;
  }
  std::vector<std::string> lines = narrate_move(rules_, before, move, state_, info, steps, voice_);
  std::string prefix = fmt::format("{}. ", ply);
  bool gap =
      config_.output == Output::Text && (!any_human() || sides_[index(before.to_move)].human);
  if (gap) fmt::print(io_.out, "\n");
  std::string hang(prefix.size(), ' ');
  for (size_t i = 0; i < lines.size(); ++i) {
    fmt::print(io_.out, "{}", wrap(lines[i], config_.style.width, i == 0 ? prefix : hang, hang));
  }
  // With a human playing, the agents' moves are told in words and the board
  // is drawn when the human is to decide, when a round starts afresh, and
  // when the game is over.
  bool board =
      !any_human() || state_.over || info.round_over || sides_[index(state_.to_move)].human;
  if (config_.output == Output::Text && board) {
    print_board(last_cell_);
    print_status();
  }
  flush(io_.out);
}

// Plays a legal move, recording the snapshot, the record line and the words.
bool Session::play(Move move) {
  snapshots_.push_back({state_, history_});
  State before = state_;
  Player mover = state_.to_move;
  StepRecorder steps;
  bool animate = config_.animate && config_.output == Output::Text && io_.out_tty;
  std::optional<SowingAnimation> animation;
  std::optional<TeeObserver> tee;
  if (animate && !move.is_pass()) {
    animation.emplace(rules_, before, config_.style, labels(-1), io_.out, config_.delay_ms);
    tee.emplace(&steps, &*animation);
  }
  ApplyInfo info;
  try {
    info = apply(rules_, state_, move, tee ? static_cast<Observer*>(&*tee) : &steps, &history_);
  } catch (const RuntimeError& e) {
    fmt::print(io_.err, "mancala play: ply {}: runtime error of the rule file: {}\n",
               plies_.size() + 1, e.what());
    return false;
  }
  if (animation) animation->finish();
  last_cell_ = move.is_pass() || move.is_from_store() ? -1 : move_cell(rules_, mover, move);
  if (info.round_over || info.game_over) last_reason_ = std::string(info.end.reason);
  MoveRecord record{0, static_cast<int>(plies_.size() + 1), mover, move};
  plies_.push_back({move, position_json(rules_, record, state_, info),
                    info.round_over ? round_json(rules_, info) : ""});
  print_ply(before, move, info, steps.steps());
  return true;
}

Move Session::agent_move(Side& side) {
  bool note = io_.out_tty && any_human() && config_.output != Output::Jsonl;
  if (note) {
    fmt::print(io_.out, "   {} is thinking...", side_name(voice_, state_.to_move));
    flush(io_.out);
  }
  Move m = side.agent->choose(rules_, state_, &history_);
  if (note) fmt::print(io_.out, "\r\x1b[K");
  return m;
}

// ---- a human's turn ----------------------------------------------------

// Paragraphs wrapped at the terminal's width (at most 88 columns), and only
// what this game has: sons come with a match's refill, passes with `pass
// when no moves`.
void Session::print_help() const {
  int n = rules_.holes;
  std::vector<std::string> paragraphs = {fmt::format(
      "Type the number of a hole to sow it. Each player numbers their own holes 1..{0} from "
      "their own left: South's row is the bottom one (1..{0} left to right), North's the top one "
      "(1..{0} right to left), as printed beside each row.",
      n)};
  if (rules_.rows == 4) {
    paragraphs[0] = fmt::format(
        "Type the row and the number of a hole to sow it: f for your front row, b for your back "
        "row, and the hole counted 1..{0} from your own left (f3, b1). On the board the holes "
        "carry their numbers round the ring you sow: the back row 1..{0} from your left, then the "
        "front row {1}..{2} from your right; front hole k is number {3} - k.",
        n, n + 1, 2 * n, 2 * n + 1);
  }
  if (rules_.match.present) {
    paragraphs.push_back(fmt::format(
        "A hole of the other row that you hold as a son is played as {} + its number there.", n));
  }
  paragraphs.push_back(fmt::format(
      "Commands: moves (the legal moves), hint or hint N (what alpha-beta would play, searching N "
      "plies{}), undo (take back your last move and the replies to it), board (draw it again), "
      "rules (the rules of this game), quit.",
      config_.egtb ? "; exact where the endgame database decides it" : ""));
  if (rules_.direction_choice) {
    paragraphs.push_back(
        "Where you choose the direction, add it to the hole: 3ccw sows counter-clockwise (from "
        "your hole 1 towards your hole N, then into the other row), 3cw clockwise.");
  }
  if (rules_.pass_when_no_moves) paragraphs.push_back("Type pass when pass is your only move.");
  int width = config_.style.width > 0 ? std::min(config_.style.width, 88) : 88;
  for (const std::string& p : paragraphs) fmt::print(talk(), "{}", wrap(p, width, "   ", "   "));
}

void Session::print_moves(const MoveList& legal) const {
  MoveNames names = rules_.move_names();
  std::vector<std::string> notes;
  for (Move m : legal) {
    if (m.is_pass() || m.is_from_store() || m.number <= rules_.side) continue;
    notes.push_back(fmt::format("{} is {} hole {}, a son", format_hole(m.number, names),
                                state_.to_move == Player::South ? "North's" : "South's",
                                m.number - rules_.side));
  }
  std::string extra;
  for (const std::string& note : notes) extra += (extra.empty() ? " (" : "; ") + note;
  say(fmt::format("Legal moves: {}{}", format_moves(legal, names),
                  extra.empty() ? "" : extra + ")"));
}

// "+3 for you" / "a forced win" in the scale of leaf_score.
std::string score_words(const SearchResult& r, const std::string& whom) {
  if (r.score > kEvalLimit) return fmt::format("it wins by force (seen {} plies ahead)", r.depth);
  if (r.score < -kEvalLimit) return "every move loses against best play";
  if (r.score == 0) return fmt::format("even for {}, {} plies ahead", whom, r.depth);
  return fmt::format("evaluation {:+} for {}, {} plies ahead", r.score, whom, r.depth);
}

// What the number of a hint measures.
std::string evaluation_words(const Rules& rules) {
  if (!rules.evaluation.empty()) return "what the game's evaluation section says";
  return "your store and the seeds you control, minus the opponent's";
}

// A known result in words, the margin South minus North: "you win by 4",
// "North wins by 2", "a draw".
std::string outcome_words(const Voice& voice, int margin) {
  if (margin == 0) return "a draw";
  Player winner = margin > 0 ? Player::South : Player::North;
  int by = margin > 0 ? margin : -margin;
  if (!voice.has_you) return fmt::format("{} wins by {}", side_name(voice, winner), by);
  return fmt::format("you {} by {}", winner == voice.you ? "win" : "lose", by);
}

// The result a proven search found for the player to move (its sign).
std::string proven_words(const SearchResult& r, const std::string& whom) {
  if (r.score == 0) return "a draw";
  bool you = whom == "you";
  if (r.score > 0) return fmt::format("{} {}", whom, you ? "win" : "wins");
  return fmt::format("{} {}", whom, you ? "lose" : "loses");
}

void Session::print_hint(int depth) {
  AgentOptions options;
  options.depth = depth;
  options.egtb = config_.egtb;
  AlphaBetaAgent hinter(options);
  try {
    SearchResult r = hinter.search(rules_, state_, &history_);
    std::string whom = voice_.has_you ? "you" : side_name(voice_, state_.to_move);
    std::string move = format_move(r.move, rules_.move_names());
    // The database holds the position: every child is a finished game or
    // in it too, so the search's move is a best one and the value exact.
    if (std::optional<int> margin = config_.egtb ? config_.egtb->margin(state_) : std::nullopt) {
      say(fmt::format("Hint: {} (exact: {}).", move, outcome_words(voice_, *margin)));
      say("The endgame database holds this position: that is the result with best play by both "
          "sides.");
      return;
    }
    if (r.proven) {
      say(fmt::format("Hint: alpha-beta (depth {}) would play {} (exact: {}).", depth, move,
                      proven_words(r, whom)));
      say("Every line it searched ends in a finished game or in the endgame database: that is the "
          "result with best play by both sides (the margin is not worked out).");
      return;
    }
    say(fmt::format("Hint: alpha-beta (depth {}) would play {}: {}.", depth, move,
                    score_words(r, whom)));
    say(fmt::format("The evaluation counts {}.", evaluation_words(rules_)));
    say(fmt::format("It assumes best play by both sides; \"hint N\" looks N plies ahead (1-{}).",
                    kMaxHintDepth));
  } catch (const RuntimeError& e) {
    say(fmt::format("No hint: the rule file failed during the search ({}).", e.what()));
  }
}

// The legal moves from the same hole as m with another direction or other
// answers ("3ccw or 3cw", "3/n or 3/y"), or "".
std::string other_ways(Move m, const MoveList& legal, MoveNames names) {
  std::vector<std::string> ways;
  for (Move x : legal) {
    if (x.number == m.number && x != m) ways.push_back(format_move(x, names));
  }
  return join(ways, " or ");
}

std::string Session::illegal_reason(const std::string& word, const MoveList& legal) const {
  MoveNames names = rules_.move_names();
  std::string tail = fmt::format(" Legal moves: {}.", format_moves(legal, names));
  Player me = state_.to_move;
  std::string mine = voice_.has_you ? "Your" : side_name(voice_, me) + "'s";
  std::optional<Move> m = parse_move(word, names);
  if (!m) {
    if (std::string why = move_name_error(word, names); !why.empty()) {
      return fmt::format("'{}': {}.{}", word, why, tail);
    }
    bool number = word.find_first_not_of("0123456789-+") == std::string::npos;
    if (number) return fmt::format("There is no hole {} to play.{}", word, tail);
    return fmt::format("'{}' is not a move or a command (type help).{}", word, tail);
  }
  if (m->is_pass()) return "You cannot pass while you have a move." + tail;
  if (m->is_from_store()) {
    return fmt::format("{} is not a legal move here (a move from the store of {} seeds).{}",
                       format_move(*m, names), m->seeds, tail);
  }
  int cell = move_cell(rules_, me, *m);
  // The hole in its player's numbering: "3", or "f3" on four rows.
  std::string k = format_hole(cell - index(state_.side(cell)) * rules_.side + 1, names);
  std::string hole = format_hole(m->number, names);
  if (!rules_.from_all && m->number > rules_.side && state_.controller(cell) != me) {
    const char* row = me == Player::South ? "North's" : "South's";
    if (!rules_.match.present) {  // no sons in this game
      return fmt::format("{} is {} hole {}; you play only your own holes.{}", hole, row, k, tail);
    }
    return fmt::format("{} is {} hole {}, which you could play only as a son you hold.{}", hole,
                       row, k, tail);
  }
  if (!rules_.from_all && state_.controller(cell) != me) {
    return fmt::format("{} hole {} is a son of the other side.{}", mine, k, tail);
  }
  if (state_.count(cell) == 0) {
    std::string whose = state_.side(cell) == me ? mine : side_name(voice_, other(me)) + "'s";
    return fmt::format("{} hole {} is empty.{}", whose, k, tail);
  }
  if (std::string ways = other_ways(*m, legal, names); !ways.empty()) {
    if (m->asked == 0 && std::any_of(legal.begin(), legal.end(), [&](Move x) {
          return x.number == m->number && x.asked > 0;
        })) {
      return fmt::format("A move from hole {} answers questions (y or n, in order): play {}.", hole,
                         ways);
    }
    if (m->way == Way::None) {
      return fmt::format("Hole {} is sown either way: play {}.", hole, ways);
    }
    return fmt::format("{} is not a legal move here: play {}.", format_move(*m, names), ways);
  }
  return fmt::format("Hole {} is not a legal move here.{}", hole, tail);
}

// Handles a command word; false when `word` is not a command.
bool Session::human_command(const std::string& word, const MoveList& legal, Turn* turn) {
  *turn = Turn::Move;  // "ask again"
  if (word == "help" || word == "h" || word == "?") {
    print_help();
  } else if (word == "moves" || word == "m") {
    print_moves(legal);
  } else if (word == "hint" || word.rfind("hint ", 0) == 0) {
    auto depth = word == "hint" ? Expected<int64_t>::ok(kHintDepth)
                                : parse_int(word.substr(5), 1, kMaxHintDepth, "hint");
    if (depth) {
      print_hint(static_cast<int>(*depth.value));
    } else {
      say(depth.error);
    }
  } else if (word == "rules") {
    fmt::print(talk(), "{}", config_.rules_text);
  } else if (word == "board" || word == "b") {
    print_board(last_cell_);
    print_status();
  } else if (word == "undo" || word == "u") {
    if (undo()) *turn = Turn::Undone;
  } else if (word == "quit" || word == "q" || word == "exit") {
    *turn = Turn::Quit;
  } else {
    return false;
  }
  return true;
}

Turn Session::human_turn(Move* move) {
  MoveList legal = legal_moves(rules_, state_);
  if (legal.size() == 1 && legal[0].is_pass()) {  // nothing to decide
    *move = Move::pass();
    return Turn::Move;
  }
  std::string who = voice_.has_you ? "Your move" : side_name(voice_, state_.to_move) + "'s move";
  for (;;) {
    fmt::print(talk(), "{} ({}; or help): ", who, compact_moves(legal, rules_.move_names()));
    flush(talk());
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print(talk(), "\n");
      return g_interrupted ? Turn::Quit : Turn::Eof;
    }
    std::string word = lower_trimmed(line);
    if (word.empty()) continue;
    Turn turn;
    if (human_command(word, legal, &turn)) {
      if (turn != Turn::Move) return turn;
      continue;
    }
    std::optional<Move> m = parse_move(word, rules_.move_names());
    if (m && legal.contains(*m)) {
      *move = *m;
      return Turn::Move;
    }
    say(illegal_reason(word, legal));
  }
}

// Back to the human's previous turn (skipping forced passes), agent replies too.
bool Session::undo() {
  for (size_t i = snapshots_.size(); i-- > 0;) {
    const Snapshot& snap = snapshots_[i];
    if (!sides_[index(snap.state.to_move)].human) continue;
    MoveList legal = legal_moves(rules_, snap.state);
    if (legal.size() == 1 && legal[0].is_pass()) continue;
    size_t taken = snapshots_.size() - i;
    state_ = snap.state;
    history_ = snap.history;
    snapshots_.resize(i);
    plies_.resize(i);
    last_cell_ = -1;
    say(fmt::format("Took back {} move{}.", taken, taken == 1 ? "" : "s"));
    if (config_.output == Output::Text) {
      print_board(-1);
      print_status();
    }
    return true;
  }
  say("Nothing to undo yet.");
  return false;
}

// ---- the game ------------------------------------------------------------

bool Session::write_record() const {
  GameRecord r;
  r.rules = config_.rules_path;
  r.rules_hash = config_.hash;
  r.settings = config_.settings;
  r.seed = config_.seed;
  r.south = sides_[0].spec;
  r.north = sides_[1].spec;
  for (const PlyRecord& p : plies_) {
    r.moves.push_back({format_move(p.move, rules_.move_names()), 0});
    r.positions.push_back(p.position);
    if (!p.round.empty()) r.rounds.push_back(p.round);
  }
  if (state_.over) {
    const Outcome& o = state_.result;
    JsonWriter w;
    w.begin_object().key("winner").value(winner_word(rules_, o.winner)).key("south").value(o.south);
    w.key("north").value(o.north).key("reason").value(last_reason_);
    w.key("plies").value(plies_.size()).end_object();
    r.result = w.str();
  }
  std::ofstream out(config_.record_path, std::ios::binary);
  out << mancala::write_record(r);
  out.close();
  return static_cast<bool>(out);
}

int Session::finish(int status) {
  flush(io_.out);
  if (config_.record_path.empty()) return status;
  if (!write_record()) {
    fmt::print(io_.err, "mancala play: cannot write the record to '{}'\n", config_.record_path);
    return kFailed;
  }
  return status;
}

int Session::run() {
  catch_interrupt();
  print_start();
  while (!state_.over) {
    if (g_interrupted) {
      say("Interrupted: the game stops here, unfinished.");
      return finish(kInterrupted);
    }
    if (static_cast<int>(plies_.size()) >= config_.max_plies) {
      fmt::print(io_.err,
                 "mancala play: stopped after {} plies (--max-plies); the game is unfinished\n",
                 plies_.size());
      return finish(kFailed);
    }
    Side& side = sides_[index(state_.to_move)];
    Move move{};
    if (side.human) {
      Turn t = human_turn(&move);
      if (t == Turn::Undone) continue;
      if (t == Turn::Quit || t == Turn::Eof) {
        const char* why = g_interrupted     ? "Interrupted"
                          : t == Turn::Quit ? "You quit"
                                            : "End of input";
        say(fmt::format("{}: the game stops here, unfinished.", why));
        return finish(g_interrupted ? kInterrupted : kOk);
      }
    } else {
      try {
        move = agent_move(side);
      } catch (const RuntimeError& e) {
        fmt::print(io_.err, "mancala play: runtime error of the rule file: {}\n", e.what());
        return finish(kFailed);
      }
    }
    if (!play(move)) return finish(kFailed);
  }
  return finish(kOk);
}

// ---- the command line ----------------------------------------------------

// A side's spec, its form checked before the game is loaded; "human"
// needs a terminal on standard input (else it is kDefaultAgent).
Expected<std::string> side_spec(const std::string& flag, std::string spec, bool stdin_tty, Io& io) {
  if (spec == "human" && stdin_tty) return Expected<std::string>::ok(spec);
  if (spec == "human") {
    fmt::print(io.err, "mancala play: standard input is not a terminal, so {} is played by {}\n",
               flag == "south" ? "South" : "North", kDefaultAgent);
    spec = kDefaultAgent;
  }
  std::string error = agent_spec_error(spec);
  if (!error.empty()) {
    return Expected<std::string>::fail(fmt::format("--{}: {} (or 'human')", flag, error));
  }
  return Expected<std::string>::ok(spec);
}

// The side of a checked spec, once the rules are known: an agent's
// database is loaded for them, and a file that cannot be is the error.
Expected<Side> make_side(const std::string& flag, const std::string& spec, uint64_t seed,
                         const Rules& rules) {
  Side side;
  if (spec == "human") {
    side.spec = "human";
    side.human = true;
    return Expected<Side>::ok(std::move(side));
  }
  auto agent = make_agent(spec, seed, &rules);
  if (!agent) return Expected<Side>::fail(fmt::format("--{}: {}", flag, agent.error));
  side.agent = std::move(*agent.value);
  side.spec = "ai:" + side.agent->name();
  return Expected<Side>::ok(std::move(side));
}

Expected<PlayConfig> read_config(const ParsedArgs& args, const Io& io) {
  using Result = Expected<PlayConfig>;
  PlayConfig c;
  auto seed = parse_int(args.get("seed"), 0, INT64_MAX, "--seed");
  if (!seed) return Result::fail(seed.error);
  auto max_plies = parse_int(args.get("max-plies"), 1, 100000000, "--max-plies");
  if (!max_plies) return Result::fail(max_plies.error);
  auto delay = parse_int(args.get("delay-ms"), 0, 10000, "--delay-ms");
  if (!delay) return Result::fail(delay.error);
  c.rules_path = args.positionals()[0];
  c.seed = static_cast<uint64_t>(*seed.value);
  c.max_plies = static_cast<int>(*max_plies.value);
  c.delay_ms = static_cast<int>(*delay.value);
  c.animate = args.has("animate");
  c.record_path = args.get("record");
  c.output = args.get("format") == "jsonl" ? Output::Jsonl
             : args.has("quiet")           ? Output::Quiet
                                           : Output::Text;
  bool ascii = args.has("ascii");
  c.style.unicode = io.unicode_out && !ascii;
  c.style.colour = io.colour_out && !ascii;
  c.style.width = io.columns;
  return Result::ok(std::move(c));
}

// Whether a record can be written at `path`, asked before the first move so
// that a long game is not played for nothing. A file made by asking is
// removed again (the record is written at the end).
bool writable(const std::string& path) {
  bool existed = access(path.c_str(), F_OK) == 0;
  FILE* f = std::fopen(path.c_str(), "a");
  if (f == nullptr) return false;
  std::fclose(f);
  if (!existed) std::remove(path.c_str());
  return true;
}

int run_play(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "play", overrides.error);
  auto config = read_config(args, io);
  if (!config) return usage_error(io, "play", config.error);
  bool stdin_tty = isatty(STDIN_FILENO) != 0;
  std::string south_spec = args.has("south") ? args.get("south")
                           : stdin_tty       ? "human"
                                             : kDefaultAgent;
  uint64_t seed = config.value->seed;
  auto south_checked = side_spec("south", south_spec, stdin_tty, io);
  if (!south_checked) return usage_error(io, "play", south_checked.error);
  auto north_checked = side_spec("north", args.get("north"), stdin_tty, io);
  if (!north_checked) return usage_error(io, "play", north_checked.error);
  std::optional<LoadedGame> loaded = load_game(config.value->rules_path, *overrides.value, io);
  if (!loaded) return kFailed;
  if (!config.value->record_path.empty() && !writable(config.value->record_path)) {
    fmt::print(io.err, "mancala play: cannot write the record to '{}': {}\n",
               config.value->record_path, std::strerror(errno));
    return kFailed;
  }
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  auto south = make_side("south", *south_checked.value, seed, *rules);
  auto north = make_side("north", *north_checked.value, seed + 1, *rules);
  for (const Expected<Side>* side : {&south, &north}) {
    if (!*side) {
      fmt::print(io.err, "mancala play: {}\n", side->error);
      return kFailed;
    }
  }
  if (args.has("egtb")) {
    auto db = load_egtb(*rules, args.get("egtb"));
    if (!db) {
      fmt::print(io.err, "mancala play: --egtb: {}\n", db.error);
      return kFailed;
    }
    config.value->egtb = std::move(*db.value);
  }
  config.value->settings = *overrides.value;
  config.value->hash = rules_hash(loaded->sources);
  config.value->rules_text = describe(loaded->game, loaded->sources);
  config.value->end_words = end_reasons(loaded->game, loaded->sources);
  config.value->match_end_words = match_end_reason(loaded->game, loaded->sources);
  Session session(*rules, std::move(*config.value), std::move(*south.value),
                  std::move(*north.value), io);
  return session.run();
}

}  // namespace

Command play_command() {
  Command c;
  c.name = "play";
  c.summary = "play a game: people against agents, or agents against each other";
  c.description =
      "Each side is `human` or an agent: random, greedy, ai:alphabeta, ai:mcts, with\n"
      "options as in ai:alphabeta:depth=8, ai:mcts:iterations=20000, ai:alphabeta:seconds=2\n"
      "(docs/agents.md); ai:alphabeta:egtb=FILE plays with an endgame database of the game.\n"
      "South moves first and is drawn at the bottom; each player numbers\n"
      "their own holes 1..N from their own left. A human types a hole number (on four\n"
      "rows its row and number, f3 or b3; with ccw or cw where the mover chooses the\n"
      "direction: 3cw; with the answers where a move asks questions: 3/y; s3 for three\n"
      "seeds sown from the store, s1@5 into hole 5; docs/cli.md, \"Move notation\"),\n"
      "`pass`, or\n"
      "help, moves, hint, undo, board, quit; with --egtb FILE (`mancala egtb build`) a hint\n"
      "the endgame database decides says \"exact\". When standard input is not a terminal, human\n"
      "sides are played by ai:alphabeta and the game runs to its end. Boards use box\n"
      "drawing on a terminal with a UTF-8 locale and TERM other than dumb, plain ASCII\n"
      "otherwise (or with --ascii); colour as --color says.\n"
      "--record writes the game as YAML (docs/cli.md, \"Game records\"), which\n"
      "`mancala replay RULES --record FILE` checks move by move.";
  c.spec.positional("RULES");
  c.spec.flag(FlagSpec::option("south", "SPEC",
                               "South's player: human, or an agent (default: human on a terminal, "
                               "else ai:alphabeta)"));
  c.spec.flag(FlagSpec::option("north", "SPEC", "North's player").defaults_to(kDefaultAgent));
  c.spec.flag(FlagSpec::option("seed", "N",
                               "seed of the agents (South N, North N+1) and of a scattered setup")
                  .defaults_to("1"));
  c.spec.flag(FlagSpec::toggle("quiet", 'q', "print the moves and the result, no boards"));
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text: boards and words; jsonl: one JSON object per move (a human's "
                               "prompts and replies then go to stderr)")
                  .one_of({"text", "jsonl"})
                  .defaults_to("text"));
  c.spec.flag(FlagSpec::toggle("ascii", 0, "draw with plain ASCII and no colour"));
  c.spec.flag(FlagSpec::toggle("animate", 0, "show the sowing seed by seed (on a terminal)"));
  c.spec.flag(
      FlagSpec::option("delay-ms", "MS", "the animation's delay per seed").defaults_to("120"));
  c.spec.flag(FlagSpec::option("record", "FILE", "write the game record (YAML) to FILE"));
  c.spec.flag(FlagSpec::option("max-plies", "N", "stop an unfinished game after N plies (status 1)")
                  .defaults_to("100000"));
  c.spec.flag(FlagSpec::option("egtb", "FILE",
                               "an endgame database of these rules for `hint` (the agents take "
                               "their own: ai:alphabeta:egtb=FILE)"));
  c.spec.flag(set_flag());
  c.run = run_play;
  return c;
}

}  // namespace mancala::cli
