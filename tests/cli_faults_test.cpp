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
      std::string expected = std::string(redirect) == ">&-" ? "Bad file descriptor"
                                                            : "No space left on device";
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
  ToolRun replay = run_shell(
      "set -o pipefail; \"$MANCALA\" replay games/kalah.mnc --moves 3,1,2 | head -1");
  EXPECT_EQ(replay.status, 0) << replay.err;
  EXPECT_EQ(replay.err, "");
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
