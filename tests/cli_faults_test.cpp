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
