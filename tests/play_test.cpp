// End-to-end tests of `mancala play`, `replay --record` and `simulate`: the
// built binary is run as a user or a script would run it.
//
// Scripts see `play` with no terminal on standard input, so most tests run
// it with stdin from /dev/null (human sides then become alpha-beta) and
// check what a script relies on: every shipped game finishes with status 0
// and a result, records round-trip through replay, a changed rule file is
// noticed, and simulate's JSON does not depend on the thread count. The
// interactive prompt needs a terminal, so one test drives it through a
// pseudo-terminal (forkpty) the way a person would type. Games are found
// by listing games/, so a new game is covered without an edit here.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tool_run.hpp"

namespace {

namespace fs = std::filesystem;
using mancala::test::quote;
using mancala::test::read_text;
using mancala::test::run_tool;
using mancala::test::temp_file;
using mancala::test::ToolRun;

const std::string kSourceDir = MANCALA_SOURCE_DIR;

std::vector<std::string> shipped_games() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(kSourceDir) / "games")) {
    if (e.path().extension() == ".mnc") out.push_back("games/" + e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool has_result(const std::string& out) {
  return out.find("The game is over") != std::string::npos ||
         out.find("The match is over") != std::string::npos;
}

TEST(Play, EveryShippedGameFinishesWithCheapAgents) {
  const std::vector<std::pair<std::string, std::string>> pairings = {
      {"random", "greedy"}, {"alphabeta:depth=2", "random"}, {"greedy", "ai:alphabeta:depth=2"}};
  for (const std::string& game : shipped_games()) {
    for (const auto& [south, north] : pairings) {
      SCOPED_TRACE(game + " " + south + " vs " + north);
      ToolRun r =
          run_tool({"play", game, "--south", south, "--north", north, "--seed", "7", "--quiet"});
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_TRUE(has_result(r.out)) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
    }
  }
}

TEST(Play, TextOutputDrawsBoardsAndIsPlainAsciiOffTerminal) {
  ToolRun r = run_tool({"play", "games/kalah.mnc", "--south", "alphabeta:depth=2", "--north",
                        "random", "--seed", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Kalah: South alphabeta:depth=2 vs North random"), std::string::npos);
  EXPECT_NE(r.out.find("+----+----+"), std::string::npos) << r.out.substr(0, 1500);
  EXPECT_NE(r.out.find("1. South sowed hole"), std::string::npos);
  EXPECT_TRUE(has_result(r.out));
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "no escapes when not a terminal";
  for (unsigned char c : r.out) ASSERT_LT(c, 0x80) << "ASCII only when not a terminal";
  // Deterministic for a seed.
  ToolRun again = run_tool({"play", "games/kalah.mnc", "--south", "alphabeta:depth=2", "--north",
                            "random", "--seed", "1"});
  EXPECT_EQ(r.out, again.out);
}

TEST(Play, HumanWithoutTerminalIsPlayedByAlphaBeta) {
  ToolRun r =
      run_tool({"play", "games/kalah.mnc", "--south", "human", "--north", "random", "--quiet"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("not a terminal"), std::string::npos) << r.err;
  EXPECT_TRUE(has_result(r.out));
}

TEST(Play, BadFlagsAreUsageErrors) {
  ToolRun r = run_tool({"play", "games/kalah.mnc", "--south", "alphabta"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("did you mean 'alphabeta'"), std::string::npos) << r.err;
  r = run_tool({"play", "games/kalah.mnc", "--seed", "x"});
  EXPECT_EQ(r.status, 2);
  r = run_tool({"play", "games/no_such_game.mnc", "--south", "random"});
  EXPECT_EQ(r.status, 1);
}

TEST(Play, MaxPliesStopsWithAMessage) {
  ToolRun r = run_tool({"play", "games/kalah.mnc", "--south", "random", "--north", "random",
                        "--max-plies", "5", "--quiet"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("--max-plies"), std::string::npos) << r.err;
}

TEST(Play, JsonlPrintsOnePositionPerMove) {
  ToolRun r = run_tool(
      {"play", "games/oware.mnc", "--south", "greedy", "--north", "random", "--format", "jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line, last;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_EQ(line.rfind("{\"game\":0,\"ply\":" + std::to_string(n) + ",", 0), 0u) << line;
    last = line;
  }
  EXPECT_GT(n, 10);
  EXPECT_NE(last.find("\"over\":true"), std::string::npos) << last;
}

TEST(Play, HelpOfPlayAndSimulate) {
  for (const char* cmd : {"play", "simulate"}) {
    ToolRun r = run_tool({cmd, "--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find(std::string("usage: mancala ") + cmd), std::string::npos) << r.out;
  }
}

// ---- records -----------------------------------------------------------

TEST(Record, RoundTripsForEveryShippedGame) {
  for (const std::string& game : shipped_games()) {
    SCOPED_TRACE(game);
    fs::path record = temp_file("record.yaml");
    ToolRun played = run_tool({"play", game, "--south", "alphabeta:depth=2", "--north", "random",
                               "--seed", "11", "--quiet", "--record", record.string()});
    ASSERT_EQ(played.status, 0) << played.err;
    std::string text = read_text(record);
    EXPECT_NE(text.find("rules_hash: fnv1a64:"), std::string::npos) << text.substr(0, 500);
    EXPECT_NE(text.find("agents: {south: \"ai:alphabeta:depth=2\""), std::string::npos);
    ToolRun replayed = run_tool({"replay", game, "--record", record.string()});
    EXPECT_EQ(replayed.status, 0) << replayed.err;
    EXPECT_NE(replayed.err.find("positions reproduced"), std::string::npos) << replayed.err;
    fs::remove(record);
  }
}

TEST(Record, RecordedJsonlEqualsPlayJsonl) {
  fs::path record = temp_file("record.yaml");
  ToolRun played = run_tool({"play", "games/san_yao.mnc", "--south", "greedy", "--north", "random",
                             "--format", "jsonl", "--record", record.string()});
  ASSERT_EQ(played.status, 0) << played.err;
  ToolRun replayed =
      run_tool({"replay", "games/san_yao.mnc", "--record", record.string(), "--format", "jsonl"});
  EXPECT_EQ(replayed.status, 0) << replayed.err;
  EXPECT_EQ(played.out, replayed.out);
  fs::remove(record);
}

std::string replace_first(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(Record, ReplayRefusesOtherRulesUnlessForced) {
  fs::path record = temp_file("record.yaml");
  ToolRun played = run_tool({"play", "games/kalah.mnc", "--south", "random", "--north", "random",
                             "--quiet", "--record", record.string()});
  ASSERT_EQ(played.status, 0) << played.err;
  std::string text = read_text(record);
  std::ofstream(record, std::ios::binary) << replace_first(text, "fnv1a64:", "fnv1a64:0");
  ToolRun refused = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.err.find("the rule text differs"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--force"), std::string::npos) << refused.err;
  ToolRun forced = run_tool({"replay", "games/kalah.mnc", "--record", record.string(), "--force"});
  EXPECT_EQ(forced.status, 0) << forced.err;
  // The same record against another game's rules.
  std::ofstream(record, std::ios::binary) << text;
  ToolRun other = run_tool({"replay", "games/kalah_empty.mnc", "--record", record.string()});
  EXPECT_EQ(other.status, 1);
  fs::remove(record);
}

TEST(Record, ReplayNamesThePlyThatDiffers) {
  fs::path record = temp_file("record.yaml");
  ToolRun played = run_tool({"play", "games/kalah.mnc", "--south", "random", "--north", "random",
                             "--seed", "2", "--quiet", "--record", record.string()});
  ASSERT_EQ(played.status, 0) << played.err;
  std::string text = read_text(record);
  // Ply 3's line: change its stores.
  size_t at = text.find("{\"game\":0,\"ply\":3,");
  ASSERT_NE(at, std::string::npos);
  size_t stores = text.find("\"stores\":{\"south\":", at);
  text.insert(stores + std::string("\"stores\":{\"south\":").size(), "9");
  std::ofstream(record, std::ios::binary) << text;
  ToolRun r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("ply 3: the position differs"), std::string::npos) << r.err;
  // A record that is not YAML at all.
  std::ofstream(record, std::ios::binary) << "moves: [\n";
  r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(record.string()), std::string::npos) << r.err;
  fs::remove(record);
}

// A four-row game's record names its moves by row (f3, b3) and replays;
// a ring number in its place is refused at its line, once the game is
// known, and a row name is refused for a two-row game.
TEST(Record, FourRowMovesAreNamedByRow) {
  fs::path record = temp_file("record.yaml");
  ToolRun played = run_tool({"play", "games/hus.mnc", "--south", "random", "--north", "random",
                             "--max-plies", "4", "--quiet", "--record", record.string()});
  EXPECT_NE(played.err.find("stopped after 4 plies"), std::string::npos) << played.err;
  std::string text = read_text(record);
  size_t at = text.find("\"ply\":1,\"mover\":\"south\",\"move\":\"");
  ASSERT_NE(at, std::string::npos) << text;
  at += std::string("\"ply\":1,\"mover\":\"south\",\"move\":\"").size();
  std::string name = text.substr(at, text.find('"', at) - at);
  ASSERT_TRUE(name[0] == 'b' || name[0] == 'f') << name;
  ToolRun r = run_tool({"replay", "--record", record.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("all 4 positions reproduced"), std::string::npos) << r.err;
  // The same move as its ring number (b3 is 3, f3 is 14).
  int number = name[0] == 'b' ? std::stoi(name.substr(1)) : 17 - std::stoi(name.substr(1));
  std::ofstream(record, std::ios::binary)
      << replace_first(text, "\"move\":\"" + name + "\"", "\"move\":" + std::to_string(number));
  r = run_tool({"replay", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(record.string() + ":8: '" + std::to_string(number) +
                       "' is not a move of this game: on a four-row board a move names its row: "
                       "f3 or b3"),
            std::string::npos)
      << r.err;
  ToolRun kalah = run_tool({"play", "games/kalah.mnc", "--south", "random", "--north", "random",
                            "--max-plies", "1", "--quiet", "--record", record.string()});
  EXPECT_NE(kalah.err.find("stopped after 1 plies"), std::string::npos) << kalah.err;
  text = read_text(record);
  at = text.find("\"move\":") + 7;
  std::ofstream(record, std::ios::binary)
      << text.substr(0, at) + "\"f3\"" + text.substr(text.find(',', at));
  r = run_tool({"replay", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("'f3' is not a move of this game"), std::string::npos) << r.err;
  fs::remove(record);
}

// ---- simulate ------------------------------------------------------------

TEST(Simulate, JsonDoesNotDependOnThreads) {
  std::vector<std::string> args = {
      "simulate", "games/oware.mnc",    "--games", "12", "--south",  "greedy",
      "--north",  "mcts:iterations=50", "--seed",  "4",  "--format", "json"};
  std::vector<std::string> one = args, two = args;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "3"});
  ToolRun a = run_tool(one);
  ToolRun b = run_tool(two);
  ASSERT_EQ(a.status, 0) << a.err;
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(a.out.rfind("{\"game\":\"Oware\",\"games\":12,", 0), 0u) << a.out;
  EXPECT_NE(a.out.find("\"first_player\":{\"score\":"), std::string::npos);
  EXPECT_NE(a.out.find("\"endings\":{"), std::string::npos);
}

TEST(Simulate, TextReportAndMatchRounds) {
  ToolRun r = run_tool({"simulate", "games/san_yao.mnc", "--games", "4", "--south", "random",
                        "--north", "greedy", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("San-Yao: 4 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("95% CI"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("game length (plies)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("endings"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "") << "no progress bar when stderr is not a terminal";
  ToolRun bad = run_tool({"simulate", "games/kalah.mnc", "--south", "human"});
  EXPECT_EQ(bad.status, 2);
}

// ---- a person at a terminal -------------------------------------------------

// A child process on a pseudo-terminal, driven like a person typing.
class Terminal {
 public:
  // With stdout_file, the child's standard output goes to that file instead
  // (standard input and error stay on the terminal), as in `play > out`.
  // The child runs with TERM=xterm, LANG=C.UTF-8 and no LC_ALL or NO_COLOR,
  // then `env` on top ("NAME=VALUE", or "NAME=" to unset).
  explicit Terminal(const std::vector<std::string>& args, const std::string& stdout_file = "",
                    const std::vector<std::string>& env = {}) {
    pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      if (chdir(kSourceDir.c_str()) != 0) _exit(127);
      if (!stdout_file.empty()) {
        FILE* f = std::fopen(stdout_file.c_str(), "w");
        if (!f || dup2(fileno(f), STDOUT_FILENO) < 0) _exit(127);
      }
      std::vector<char*> argv;
      std::string binary = MANCALA_BINARY;
      argv.push_back(binary.data());
      std::vector<std::string> copy = args;
      for (std::string& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      setenv("TERM", "xterm", 1);
      setenv("LANG", "C.UTF-8", 1);
      unsetenv("LC_ALL");
      unsetenv("LC_CTYPE");
      unsetenv("NO_COLOR");
      for (const std::string& e : env) {
        std::string name = e.substr(0, e.find('=')), value = e.substr(e.find('=') + 1);
        if (value.empty()) {
          unsetenv(name.c_str());
        } else {
          setenv(name.c_str(), value.c_str(), 1);
        }
      }
      execv(binary.c_str(), argv.data());
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      close(fd_);
      if (!exited_) {
        kill(pid_, SIGKILL);  // a test that failed half way leaves no process behind
        waitpid(pid_, nullptr, 0);
      }
    }
  }
  bool started() const { return pid_ > 0; }

  // Reads until `needle` appears after the read position (true), or 20 s pass.
  bool expect(const std::string& needle) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (true) {
      size_t at = screen_.find(needle, mark_);
      if (at != std::string::npos) {
        mark_ = at + needle.size();
        return true;
      }
      if (std::chrono::steady_clock::now() > deadline || !read_some()) return false;
    }
  }
  void type(const std::string& line) { send(line + "\n"); }
  void send(const std::string& text) {
    ssize_t n = write(fd_, text.data(), text.size());
    (void)n;
  }
  // The exit status; a child still running after 20 s is killed (-1).
  int wait_exit() {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (read_some()) {
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "the game did not end; killed";
        kill(pid_, SIGKILL);
        break;
      }
    }
    int raw = 0;
    waitpid(pid_, &raw, 0);
    exited_ = true;
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }
  const std::string& screen() const { return screen_; }
  size_t mark() const { return mark_; }  // just after the last text expected

 private:
  bool read_some() {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, 1000) <= 0) return true;  // nothing yet: keep waiting
    char buf[4096];
    ssize_t n = read(fd_, buf, sizeof buf);
    if (n <= 0) return false;  // the child closed the terminal
    screen_.append(buf, static_cast<size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int fd_ = -1;
  bool exited_ = false;
  std::string screen_;
  size_t mark_ = 0;
};

// With a human playing, an agent's move is told in words only, but a round
// that starts afresh is drawn before its first move, whoever starts it:
// here the agent North wins round 1 and starts round 2. (The human plays
// the highest legal move each turn.)
TEST(Play, AFreshRoundIsDrawnBeforeItsFirstMove) {
  Terminal t({"play", "san_yao", "--south", "human", "--north", "greedy", "--ascii"});
  ASSERT_TRUE(t.started());
  for (int turn = 0; turn < 100; ++turn) {
    ASSERT_TRUE(t.expect("Your move (")) << t.screen();
    size_t from = t.mark();
    ASSERT_TRUE(t.expect("; or help): ")) << t.screen();
    if (t.screen().find("Round 2 begins") != std::string::npos) break;
    std::string legal = t.screen().substr(from, t.mark() - from);  // "1-5, 9, 10; or help): "
    legal.resize(legal.find(';'));
    t.type(legal.substr(legal.find_last_of(" -") + 1));
  }
  const std::string& text = t.screen();
  size_t begins = text.find("Round 2 begins, North to move.");
  ASSERT_NE(begins, std::string::npos) << text;
  size_t drawn = text.find("Round 2 - North to move", begins);
  size_t first_move = text.find("North sowed", begins);
  EXPECT_NE(drawn, std::string::npos) << text;
  EXPECT_LT(drawn, first_move) << text.substr(begins);
  t.type("quit");
  EXPECT_EQ(t.wait_exit(), 0);
}

// The end of a game is told once, with its reason in words.
TEST(Play, EndIsToldOnceWithItsReason) {
  ToolRun r = run_tool({"play", "games/kalah.mnc", "--south", "greedy", "--north", "greedy"});
  ASSERT_EQ(r.status, 0) << r.err;
  size_t first = r.out.find("The game is over because a row is empty");
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("The game is over", first + 1), std::string::npos) << r.out;
}

// A game that nobody can start is over at once, and play says so.
TEST(Play, AGameStuckAtItsStartTellsItsResult) {
  fs::path rules = temp_file("stuck.mnc");
  std::ofstream(rules, std::ios::binary) << R"(game "Stuck" {
  board { rows 2  holes 3  stores captures }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 2 }
  end { when board_seeds == 0  winner most store }
})";
  ToolRun r = run_tool({"play", rules.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("The game is over"), std::string::npos) << r.out;
}

// A one-player game's moves are its N holes.
TEST(Replay, OnePlayerMovesAreTheHolesOfTheRow) {
  ToolRun r = run_tool({"replay", "games/tchuka_ruma.mnc", "--moves", "5"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("expected a hole 1..4"), std::string::npos) << r.err;
}

// An unwritable --record is refused before the first move.
TEST(Play, UnwritableRecordIsRefusedFirst) {
  ToolRun r = run_tool({"play", "games/kalah.mnc", "--south", "greedy", "--north", "greedy",
                        "--record", "/nonexistent-dir/game.yaml"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot write the record to '/nonexistent-dir/game.yaml'"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("1. "), std::string::npos) << "a move was played: " << r.out;
}

// Below the boxed board's width the board is compact and the narration is
// wrapped: nothing is wider than the terminal.
TEST(Play, NarrowTerminalGetsACompactBoardAndWrappedLines) {
  Terminal t({"play", "games/anywoli.mnc", "--south", "human", "--north", "greedy"}, "",
             {"COLUMNS=40"});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("9");  // five laps: a long sentence
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("help");
  ASSERT_TRUE(t.expect("quit.")) << t.screen();
  t.type("quit");
  t.wait_exit();
  std::istringstream lines(t.screen());
  int board_rows = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find("Your move") != std::string::npos) continue;  // prompt and echo
    line = line.substr(line.rfind('\r') == std::string::npos ? 0 : line.rfind('\r') + 1);
    std::string plain = std::regex_replace(line, std::regex("\x1b\\[[0-9;]*[mK]"), "");
    int columns = 0;
    for (unsigned char c : plain) columns += (c & 0xC0) != 0x80;
    EXPECT_LE(columns, 40) << line;
    if (plain.find(" 12 11 10") != std::string::npos) ++board_rows;
  }
  EXPECT_GE(board_rows, 1) << t.screen();
}

// What a terminal can show decides the board and the colours: box drawing
// needs a UTF-8 locale and a TERM other than dumb; colour needs a terminal
// without NO_COLOR or TERM=dumb, unless --color says otherwise.
std::string first_board(const std::vector<std::string>& env,
                        const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"play",  "games/kalah.mnc", "--south",
                                   "human", "--north",         "greedy"};
  args.insert(args.end(), extra.begin(), extra.end());
  Terminal t(args, "", env);
  EXPECT_TRUE(t.started());
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("quit");
  t.wait_exit();
  return t.screen();
}

TEST(Play, BoardFollowsTheTerminal) {
  std::string plain = first_board({});
  EXPECT_NE(plain.find("┌"), std::string::npos) << plain;
  EXPECT_NE(plain.find("\x1b["), std::string::npos) << plain;
  std::string dumb = first_board({"TERM=dumb"});
  EXPECT_EQ(dumb.find("┌"), std::string::npos) << dumb;
  EXPECT_EQ(dumb.find("\x1b["), std::string::npos) << dumb;
  std::string c_locale = first_board({"LANG=C"});
  EXPECT_EQ(c_locale.find("┌"), std::string::npos) << c_locale;
  std::string no_color = first_board({"NO_COLOR=1"});
  EXPECT_NE(no_color.find("┌"), std::string::npos) << no_color;
  EXPECT_EQ(no_color.find("\x1b["), std::string::npos) << no_color;
  std::string never = first_board({}, {"--color", "never"});
  EXPECT_EQ(never.find("\x1b["), std::string::npos) << never;
}

// check honours NO_COLOR and --color like every command.
TEST(Check, ColourFollowsNoColorAndTheFlag) {
  auto run = [](const std::vector<std::string>& env, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "tests/diagnostics/001_unknown_name.mnc"};
    args.insert(args.end(), extra.begin(), extra.end());
    Terminal t(args, "", env);
    EXPECT_TRUE(t.started());
    t.wait_exit();
    return t.screen();
  };
  EXPECT_NE(run({}, {}).find("\x1b["), std::string::npos);
  EXPECT_EQ(run({"NO_COLOR=1"}, {}).find("\x1b["), std::string::npos);
  EXPECT_EQ(run({}, {"--color", "never"}).find("\x1b["), std::string::npos);
  ToolRun piped =
      run_tool({"check", "tests/diagnostics/001_unknown_name.mnc", "--color", "always"});
  EXPECT_NE(piped.err.find("\x1b["), std::string::npos) << piped.err;
  ToolRun bad = run_tool({"check", "games/kalah.mnc", "--color", "sometimes"});
  EXPECT_EQ(bad.status, 2) << bad.err;
}

// ^C ends the game as quit does: a message, the record written (with the
// moves played so far), and the shell's status for an interrupt.
TEST(Play, InterruptEndsTheGameAndKeepsTheRecord) {
  std::string record = temp_file("interrupted.yaml").string();
  Terminal t(
      {"play", "games/kalah.mnc", "--south", "human", "--north", "greedy", "--record", record});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("1");
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.send("\x03");  // the terminal's ^C: SIGINT to the game
  EXPECT_TRUE(t.expect("Interrupted: the game stops here, unfinished.")) << t.screen();
  EXPECT_EQ(t.wait_exit(), 130);
  std::string text = read_text(record);
  EXPECT_NE(text.find("moves:"), std::string::npos) << text;
  EXPECT_NE(text.find("1"), std::string::npos) << text;
  std::filesystem::remove(record);
}

// A human can read the rules, ask for a deeper hint, and is told what the
// hint's number means; help mentions only what the game has.
TEST(Play, RulesHintDepthAndHelpFitTheGame) {
  Terminal t({"play", "games/kalah.mnc", "--south", "human", "--north", "greedy"});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("rules");
  EXPECT_TRUE(t.expect("End of the game: after every move")) << t.screen();
  t.type("hint 3");
  EXPECT_TRUE(t.expect("Hint: alpha-beta (depth 3) would play")) << t.screen();
  EXPECT_TRUE(t.expect("The evaluation counts your store and the seeds you control")) << t.screen();
  t.type("hint 99");
  EXPECT_TRUE(t.expect("hint: expected an integer from 1 to 20, got '99'")) << t.screen();
  t.type("help");
  EXPECT_TRUE(t.expect("(the rules of this game)")) << t.screen();
  t.type("quit");
  EXPECT_EQ(t.wait_exit(), 0);
  EXPECT_EQ(t.screen().find("son"), std::string::npos) << "Kalah has no sons";
  EXPECT_EQ(t.screen().find("Type pass"), std::string::npos) << "Kalah has no passes";
}

// On a four-row board a human types the row and the hole from their left
// (b3, f3), as the board labels the holes; a ring number is refused.
TEST(Play, FourRowMovesAreTypedWithTheRow) {
  Terminal t({"play", "games/hus.mnc", "--south", "human", "--north", "greedy", "--ascii"});
  ASSERT_TRUE(t.started());
  const std::string prompt = "Your move (b1-b8, f5-f8; or help): ";
  ASSERT_TRUE(t.expect("     f1  f2  f3  f4  f5  f6  f7  f8")) << t.screen();
  ASSERT_TRUE(t.expect(prompt)) << t.screen();
  t.type("moves");
  EXPECT_TRUE(t.expect("Legal moves: b1, b2, b3, b4, b5, b6, b7, b8, f8, f7, f6, f5"))
      << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("3");
  EXPECT_TRUE(t.expect("'3': on a four-row board a move names its row: f3 or b3.")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("f3");
  EXPECT_TRUE(t.expect("Your hole f3 is empty.")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("b3");
  EXPECT_TRUE(t.expect("1. You sowed hole b3")) << t.screen();
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("quit");
  EXPECT_EQ(t.wait_exit(), 0);
}

TEST(Play, HumanSessionOnATerminal) {
  Terminal t({"play", "games/kalah.mnc", "--south", "human", "--north", "alphabeta:depth=2"});
  ASSERT_TRUE(t.started());
  const std::string prompt = "Your move (1-6; or help): ";
  ASSERT_TRUE(t.expect("┌")) << t.screen();  // Unicode on a terminal
  ASSERT_TRUE(t.expect(prompt)) << t.screen();
  t.type("help");
  EXPECT_TRUE(t.expect("Commands: moves")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("moves");
  EXPECT_TRUE(t.expect("Legal moves: 1, 2, 3, 4, 5, 6")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("banana");
  EXPECT_TRUE(t.expect("'banana' is not a move or a command")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("99");
  EXPECT_TRUE(t.expect("There is no hole 99")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("undo");
  EXPECT_TRUE(t.expect("Nothing to undo yet.")) << t.screen();
  ASSERT_TRUE(t.expect(prompt));
  t.type("3");  // 4 seeds from hole 3: the last lands in South's store
  EXPECT_TRUE(t.expect("1. You sowed hole 3: you move again.")) << t.screen();
  t.type("1");  // the turn passes to North, who replies
  EXPECT_TRUE(t.expect("2. You sowed hole 1")) << t.screen();
  EXPECT_TRUE(t.expect("3. North sowed")) << t.screen();
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("undo");
  EXPECT_TRUE(t.expect("Took back ")) << t.screen();  // South's 2nd move and North's replies
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("moves");  // back before South's second move: hole 3 is empty
  EXPECT_TRUE(t.expect("Legal moves: 1, 2, 4, 5, 6")) << t.screen();
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("hint");
  EXPECT_TRUE(t.expect("Hint: alpha-beta (depth 6) would play")) << t.screen();
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("quit");
  EXPECT_TRUE(t.expect("You quit")) << t.screen();
  EXPECT_EQ(t.wait_exit(), 0);
}

// `play --format jsonl > moves.jsonl` with a human: the conversation
// (prompts, help, hints, complaints) is on the terminal, and the file holds
// nothing but one JSON line per position.
TEST(Play, JsonlWithAHumanKeepsTheConversationOffStandardOutput) {
  std::string file = (std::filesystem::temp_directory_path() / "mancala_play_jsonl.txt").string();
  Terminal t(
      {"play", "games/kalah.mnc", "--south", "human", "--north", "greedy", "--format", "jsonl"},
      file);
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("Your move (1-6; or help): ")) << t.screen();
  t.type("help");
  EXPECT_TRUE(t.expect("Commands: moves")) << t.screen();
  t.type("banana");
  EXPECT_TRUE(t.expect("'banana' is not a move")) << t.screen();
  t.type("hint");
  EXPECT_TRUE(t.expect("Hint: ")) << t.screen();
  t.type("board");
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("1");
  EXPECT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("quit");
  EXPECT_EQ(t.wait_exit(), 0);
  std::string out = read_text(file);
  std::filesystem::remove(file);
  ASSERT_FALSE(out.empty());
  std::istringstream lines(out);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_EQ(line.front(), '{') << "line " << n << " of stdout is not JSON: " << line;
    EXPECT_EQ(line.back(), '}') << "line " << n << " of stdout is not JSON: " << line;
  }
  EXPECT_GE(n, 2) << out;  // the start, South's move 1, North's replies
}

// ---- endgame databases: ai:alphabeta:egtb=FILE, play --egtb ----------------

// Kalah(3,2) with a database of all its 12 seeds: it holds every position.
std::string kalah32_database() {
  static std::string path = [] {
    std::string p = temp_file("kalah32.egtb").string();
    ToolRun built = run_tool({"egtb", "build", "kalah", "--set", "holes=3", "--set", "seeds=2",
                              "--seeds", "12", "--output", p});
    EXPECT_EQ(built.status, 0) << built.err;
    return p;
  }();
  return path;
}

TEST(Play, AgentDatabaseIsLoadedForTheGameOrRefused) {
  const std::string db = kalah32_database();
  const std::vector<std::string> game = {"play",    "kalah",   "--set",  "holes=3", "--set",
                                         "seeds=2", "--north", "random", "--quiet"};
  auto play = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = game;
    args.insert(args.end(), extra.begin(), extra.end());
    return run_tool(args);
  };
  ToolRun ok = play({"--south", "ai:alphabeta:depth=1,egtb=" + db});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_NE(ok.out.find("South alphabeta:depth=1,egtb=" + db), std::string::npos) << ok.out;
  EXPECT_TRUE(has_result(ok.out));
  ToolRun missing = play({"--south", "ai:alphabeta:egtb=" + db + ".missing"});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("mancala play: --south: egtb: " + db + ".missing: cannot open"),
            std::string::npos)
      << missing.err;
  EXPECT_EQ(play({"--south", "ai:alphabeta:egtb="}).status, 2);
  EXPECT_EQ(play({"--egtb", db + ".missing"}).status, 1);
  ToolRun other = run_tool({"play", "kalah_empty", "--set", "holes=3", "--set", "seeds=2",
                            "--south", "alphabeta:egtb=" + db, "--north", "random"});
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.err.find("other rules"), std::string::npos) << other.err;
  ToolRun oware = run_tool({"play", "oware", "--egtb", db, "--south", "random"});
  EXPECT_EQ(oware.status, 1);
  EXPECT_NE(oware.err.find("cannot have an endgame database"), std::string::npos) << oware.err;

  const std::vector<std::string> sim = {"simulate", "kalah",   "--set",     "holes=3",
                                        "--set",    "seeds=2", "--games",   "4",
                                        "--north",  "random",  "--threads", "2"};
  auto simulate = [&](const std::string& south) {
    std::vector<std::string> args = sim;
    args.insert(args.end(), {"--south", south});
    return run_tool(args);
  };
  ToolRun games = simulate("alphabeta:depth=1,egtb=" + db);
  EXPECT_EQ(games.status, 0) << games.err;
  EXPECT_NE(games.out.find("4 wins 100.0%"), std::string::npos) << games.out;  // it plays perfectly
  ToolRun lost = simulate("alphabeta:egtb=" + db + ".missing");
  EXPECT_EQ(lost.status, 1);
  EXPECT_NE(lost.err.find("South's agent: egtb: "), std::string::npos) << lost.err;
  EXPECT_EQ(simulate("alphabeta:egtb=").status, 2);
}

// With --egtb, a hint the database decides is exact; without it (or out of
// its reach) the hint is the depth-limited estimate.
TEST(Play, HintIsExactWhereTheDatabaseHoldsThePosition) {
  const std::string db = kalah32_database();
  Terminal t({"play", "kalah", "--set", "holes=3", "--set", "seeds=2", "--south", "human",
              "--north", "greedy", "--egtb", db, "--ascii"});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("Your move (")) << t.screen();
  t.type("hint");
  EXPECT_TRUE(t.expect("(exact: you win by 4).")) << t.screen();  // as `solve` says
  EXPECT_TRUE(t.expect("The endgame database holds this position")) << t.screen();
  t.type("help");
  EXPECT_TRUE(t.expect("exact where the endgame database decides it")) << t.screen();
  t.type("quit");
  EXPECT_EQ(t.wait_exit(), 0);

  // Kalah(3,3) has 18 seeds: the start is out of a 12-seed database's
  // reach, but a 10-ply search ends in it or in finished games on every
  // line, so the result (South wins, by 2 as `solve` says) is proven.
  std::string k33 = temp_file("kalah33.egtb").string();
  ASSERT_EQ(run_tool({"egtb", "build", "kalah", "--set", "holes=3", "--set", "seeds=3", "--seeds",
                      "12", "--output", k33})
                .status,
            0);
  Terminal deeper({"play", "kalah", "--set", "holes=3", "--set", "seeds=3", "--south", "human",
                   "--north", "greedy", "--egtb", k33, "--ascii"});
  ASSERT_TRUE(deeper.started());
  ASSERT_TRUE(deeper.expect("Your move (")) << deeper.screen();
  deeper.type("hint 10");
  EXPECT_TRUE(deeper.expect("Hint: alpha-beta (depth 10) would play 2 (exact: you win)."))
      << deeper.screen();
  deeper.type("hint 2");
  EXPECT_TRUE(deeper.expect("Hint: alpha-beta (depth 2) would play")) << deeper.screen();
  EXPECT_TRUE(deeper.expect("plies ahead.")) << deeper.screen();
  deeper.type("quit");
  EXPECT_EQ(deeper.wait_exit(), 0);
  fs::remove(k33);

  Terminal plain({"play", "kalah", "--set", "holes=3", "--set", "seeds=2", "--south", "human",
                  "--north", "greedy", "--ascii"});
  ASSERT_TRUE(plain.started());
  ASSERT_TRUE(plain.expect("Your move (")) << plain.screen();
  plain.type("hint 2");
  EXPECT_TRUE(plain.expect("Hint: alpha-beta (depth 2) would play")) << plain.screen();
  plain.type("quit");
  EXPECT_EQ(plain.wait_exit(), 0);
  EXPECT_EQ(plain.screen().find("exact"), std::string::npos) << plain.screen();
}

TEST(Play, EndOfInputOnATerminalEndsCleanly) {
  Terminal t({"play", "games/oware.mnc", "--ascii"});
  ASSERT_TRUE(t.started());
  ASSERT_TRUE(t.expect("or help): ")) << t.screen();
  EXPECT_EQ(t.screen().find("┌"), std::string::npos) << "--ascii";
  t.send("\x04");  // ^D at the start of a line: end of input
  EXPECT_TRUE(t.expect("End of input")) << t.screen();
  EXPECT_EQ(t.wait_exit(), 0);
}

}  // namespace
