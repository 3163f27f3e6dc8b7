// End-to-end tests of what an outside trial found wrong with the tool
// (issue 9), each run through a shell because the fault needs one: a full
// disk or a closed stdout, a reader that stops early, a memory limit, an
// interrupt. Each test failed before its fix.
#include <gtest/gtest.h>

#include <string>

#include "tool_run.hpp"

namespace {

using mancala::test::run_shell;
using mancala::test::run_tool;
using mancala::test::ToolRun;

// A whole San-Yao match between random agents, drawn after every move: far
// more than a pipe holds, so a reader that stops early is noticed.
const std::string kLongPlay =
    "\"$MANCALA\" play games/san_yao.mnc --south random --north random --ascii";

// ---- 1. write errors are errors

TEST(CliFaults, WriteErrorIsAnError) {
  const char* commands[] = {
      "replay games/kalah.mnc --moves 3,1",
      "check games/kalah.mnc",
      "play games/kalah.mnc --south random --north random --ascii",
      "perft games/kalah.mnc --depth 2",
      "--version",
  };
  for (const char* c : commands) {
    for (const char* redirect : {"> /dev/full", ">&-"}) {
      ToolRun r = run_shell(std::string("\"$MANCALA\" ") + c + " " + redirect);
      EXPECT_EQ(r.status, 1) << c << " " << redirect << ": " << r.err;
      std::string expected =
          std::string(redirect) == ">&-" ? "Bad file descriptor" : "No space left on device";
      EXPECT_EQ(r.err, "mancala: cannot write to standard output: " + expected + "\n")
          << c << " " << redirect;
    }
  }
  // A big output fails the same way as a small one (fmt throws midway).
  ToolRun big = run_shell(kLongPlay + " > /dev/full");
  EXPECT_EQ(big.status, 1);
  EXPECT_EQ(big.err, "mancala: cannot write to standard output: No space left on device\n");
}

TEST(CliFaults, ReaderClosingThePipeIsNotAnError) {
  ToolRun r = run_shell("set -o pipefail; " + kLongPlay + " | head -1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "San-Yao: South random:seed=1 vs North random:seed=2, seed 1\n");
  ToolRun replay =
      run_shell("set -o pipefail; \"$MANCALA\" replay games/kalah.mnc --moves 3,1,2 | head -1");
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(replay.err, "");
}

// ---- 2. simulate: memory does not grow with the games; threads that fail

// AddressSanitizer reserves terabytes of address space at start, so a
// sanitizer build cannot run under `ulimit -v`: there the memory test limits
// the resident size through ASan's own hard_rss_limit_mb instead.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

TEST(CliFaults, SimulateMemoryDoesNotGrowWithGames) {
  // Kalah(1,1) lasts one ply. Two million games kept per game (as before the
  // totals were streamed) need far more than the limit; streamed totals
  // need a few kB. MALLOC_ARENA_MAX=1: each thread's malloc arena would
  // reserve 64 MB of address space, which is not what this measures.
  std::string limit = kAddressSanitizer ? "export "
                                          "ASAN_OPTIONS=\"$ASAN_OPTIONS:hard_rss_limit_mb=250:"
                                          "quarantine_size_mb=8:malloc_context_size=2\"; "
                                        : "export MALLOC_ARENA_MAX=1; ulimit -v 120000; ";
  ToolRun r = run_shell(limit +
                        "\"$MANCALA\" simulate games/kalah.mnc --set holes=1 --set seeds=1 "
                        "--games 2000000 --south random --north random --threads 2 --format json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"games\":2000000,"), std::string::npos) << r.out;
}

// Needs ulimit -v, under which an AddressSanitizer build cannot start (it
// reserves terabytes of address space), so only the optimised build has it.
#if !defined(__SANITIZE_ADDRESS__)
TEST(CliFaults, ThreadsThatCannotStartAreAnError) {
  // 256 threads of 8 MB stacks (ulimit -s) do not fit in 400 MB of address space.
  ToolRun r = run_shell(
      "ulimit -s 8192; ulimit -v 400000; \"$MANCALA\" simulate games/kalah.mnc --games 300 "
      "--threads 256 "
      "--south random --north random");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.err.rfind("mancala simulate: cannot start ", 0), 0u) << r.err;
  EXPECT_EQ(r.out, "");
}
#endif

// ---- 4. perft prints each depth as it completes

TEST(CliFaults, PerftKeepsTheDepthsCountedWhenInterrupted) {
  // Depth 64 of Kalah does not end; ^C after two seconds keeps the depths done.
  ToolRun r = run_shell("timeout -s INT 2 \"$MANCALA\" perft games/kalah.mnc --depth 64");
  EXPECT_EQ(r.status, 124) << r.err;  // timeout's status for a command it stopped
  EXPECT_EQ(r.out.rfind("depth 1: 6\ndepth 2: 35\n", 0), 0u) << r.out;
  // The counts are those of one walk (the JSON form).
  ToolRun text = run_tool({"perft", "games/kalah.mnc", "--depth", "5"});
  ToolRun json = run_tool({"perft", "games/kalah.mnc", "--depth", "5", "--format", "json"});
  ASSERT_EQ(text.status, 0);
  ASSERT_EQ(json.status, 0);
  std::string leaves;
  for (size_t at = 0; (at = text.out.find(": ", at)) != std::string::npos; at += 2) {
    size_t end = text.out.find('\n', at);
    leaves += (leaves.empty() ? "" : ",") + text.out.substr(at + 2, end - at - 2);
  }
  EXPECT_NE(json.out.find("\"leaves\":[" + leaves + "]"), std::string::npos)
      << json.out << " vs " << text.out;
}

// ---- 5. bench: readable figures, repeats, fractional seconds, both modes

TEST(CliFaults, BenchRepeatsBothModesInFractionalSeconds) {
  ToolRun text = run_tool({"bench", "games/kalah.mnc", "--seconds", "0.05", "--repeat", "3"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("3 runs of 0.05 s per mode"), std::string::npos) << text.out;
  for (const char* mode : {"legal_moves ", "random_legal_move "}) {
    size_t at = text.out.find(std::string("  ") + mode);
    ASSERT_NE(at, std::string::npos) << mode << ": " << text.out;
    std::string line = text.out.substr(at, text.out.find('\n', at) - at);
    // "13.2 M moves/s (median; runs 12.9 M-13.5 M), 300.2 k games/s, 44.0 moves per game"
    EXPECT_TRUE(line.find(" M moves/s (median; runs ") != std::string::npos ||
                line.find(" k moves/s (median; runs ") != std::string::npos)
        << line;
    EXPECT_NE(line.find(" moves per game"), std::string::npos) << line;
  }
  ToolRun json = run_tool(
      {"bench", "games/kalah.mnc", "--seconds", "0.05", "--repeat", "2", "--format", "json"});
  ASSERT_EQ(json.status, 0) << json.err;
  for (const char* key : {"\"moves_per_s\":", "\"modes\":{\"legal_moves\":{",
                          "\"random_legal_move\":{", "\"moves_per_s_min\":", "\"runs\":[{"})
    EXPECT_NE(json.out.find(key), std::string::npos) << key << " in " << json.out;
  EXPECT_EQ(run_tool({"bench", "games/kalah.mnc", "--seconds", "0"}).status, 2);
  EXPECT_EQ(run_tool({"bench", "games/kalah.mnc", "--seconds", "half"}).status, 2);
  EXPECT_EQ(run_tool({"bench", "games/kalah.mnc", "--repeat", "0"}).status, 2);
}

// --games: every run plays exactly that many games, the same ones for the
// same seed (the work callgrind counts); --mode runs one mode alone.
TEST(CliFaults, BenchPlaysAFixedNumberOfGamesInOneMode) {
  ToolRun json = run_tool({"bench", "games/kalah.mnc", "--games", "7", "--repeat", "2", "--mode",
                           "random_legal_move", "--format", "json"});
  ASSERT_EQ(json.status, 0) << json.err;
  // The budget is the games, not seconds; the walk's medians are absent.
  EXPECT_EQ(json.out.rfind("{\"game\":\"Kalah\",\"games\":7,\"repeat\":2,\"seed\":1,\"compiled_"
                           "code\":false,\"compiled_pipeline\":false,\"modes\":",
                           0),
            0u)
      << json.out;
  EXPECT_EQ(json.out.find("\"legal_moves\""), std::string::npos) << json.out;
  // Both runs played 7 games and the same moves.
  const std::string run = "\"runs\":[{\"games\":7,\"moves\":";
  size_t first = json.out.find(run);
  ASSERT_NE(first, std::string::npos) << json.out;
  size_t at = first + run.size();
  std::string moves = json.out.substr(at, json.out.find(',', at) - at);
  EXPECT_NE(json.out.find("{\"games\":7,\"moves\":" + moves + ",", at), std::string::npos)
      << json.out;
  ToolRun text = run_tool({"bench", "games/kalah.mnc", "--games", "3", "--mode", "legal_moves"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("1 run of 3 games per mode"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  legal_moves "), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("random_legal_move"), std::string::npos) << text.out;
  EXPECT_EQ(run_tool({"bench", "games/kalah.mnc", "--games", "0"}).status, 2);
  ToolRun both = run_tool({"bench", "games/kalah.mnc", "--games", "3", "--seconds", "1"});
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("--seconds or --games, not both"), std::string::npos) << both.err;
  EXPECT_EQ(run_tool({"bench", "games/kalah.mnc", "--mode", "walk"}).status, 2);
}

// ---- 6. the version names the commit

TEST(CliFaults, VersionNamesTheCommit) {
  ToolRun flag = run_tool({"--version"});
  ToolRun word = run_tool({"version"});
  EXPECT_EQ(flag.status, 0) << flag.err;
  EXPECT_EQ(word.status, 0) << word.err;
  EXPECT_EQ(flag.out, word.out);
  EXPECT_EQ(flag.out.rfind("mancala 0.1.0 (commit ", 0), 0u) << flag.out;
  // Built from a git checkout (this one), it names the commit checked out.
  ToolRun head = run_shell("git rev-parse HEAD");
  if (head.status == 0 && head.out.size() >= 12) {
    EXPECT_NE(flag.out.find(head.out.substr(0, 12)), std::string::npos)
        << flag.out << " vs HEAD " << head.out;
  } else {
    EXPECT_NE(flag.out.find("(commit unknown)"), std::string::npos) << flag.out;
  }
  EXPECT_EQ(run_tool({"version", "extra"}).status, 2);
}

}  // namespace
