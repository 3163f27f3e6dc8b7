// Each command's usage line is made from its ArgSpec, so it names every
// flag the command accepts and cannot drift from them. These tests walk the
// command table (interpreter/cli/commands.cpp): the usage that `--help`
// prints names each flag of the command (but the common --color and
// --help, which the flags section lists), fits 80 columns, and is the one
// a usage error prints.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "tool_run.hpp"

namespace mancala::test {
namespace {

using cli::Command;
using cli::FlagSpec;

// The lines of the command's help up to its first blank line.
std::vector<std::string> usage_lines(const Command& c) {
  std::vector<std::string> out;
  std::istringstream in(cli::command_help(c));
  for (std::string line; std::getline(in, line) && !line.empty();) out.push_back(line);
  return out;
}

// The usage on one line, as a usage error prints it: "mancala NAME ...".
std::string usage_on_one_line(const Command& c) {
  std::string out;
  for (const std::string& line : usage_lines(c)) {
    size_t text = line.find_first_not_of(' ');
    out += (out.empty() ? "" : " ") + line.substr(text);
  }
  return out.substr(std::string("usage: ").size());
}

TEST(Usage, NamesEveryFlagOfTheCommand) {
  for (const Command& c : cli::commands()) {
    std::string usage = " " + usage_on_one_line(c);
    for (const FlagSpec& f : c.spec.flags) {
      if (f.common) continue;
      bool named = false;
      for (const char* before : {" ", "[", "("}) {
        for (const char* after : {" ", "]", ")"}) {
          named =
              named || (usage + " ").find(before + ("--" + f.name) + after) != std::string::npos;
        }
      }
      EXPECT_TRUE(named) << c.name << ": the usage does not name --" << f.name << ": " << usage;
    }
  }
}

TEST(Usage, StartsTheHelpAndFitsEightyColumns) {
  for (const Command& c : cli::commands()) {
    std::vector<std::string> lines = usage_lines(c);
    ASSERT_FALSE(lines.empty()) << c.name;
    EXPECT_EQ(lines[0].rfind("usage: mancala " + c.name, 0), 0u) << lines[0];
    for (const std::string& line : lines) {
      EXPECT_LE(line.size(), 80u) << c.name << ": " << line;
    }
  }
}

TEST(Usage, AMissingArgumentPrintsTheUsage) {
  for (const char* name : {"perft", "play", "check", "test"}) {
    const Command* c = nullptr;
    for (const Command& each : cli::commands()) {
      if (each.name == name) c = &each;
    }
    ASSERT_TRUE(c) << name;
    ToolRun r = run_tool({name});
    EXPECT_EQ(r.status, 2) << name;
    EXPECT_NE(r.err.find("; usage: " + usage_on_one_line(*c) + "\n"), std::string::npos)
        << name << ": " << r.err;
  }
}

}  // namespace
}  // namespace mancala::test
