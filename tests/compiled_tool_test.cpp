// `mancala_compiled`, the tool built with every shipped game's code compiled
// to C++ (CMakeLists.txt; docs/cli.md, "The tool with compiled code"): it
// runs a game's compiled code exactly when the rule file's code is the one
// that was compiled, and then prints what `mancala` prints. The compiled
// code itself is played against the bytecode move by move in
// invariants_test.cpp; these tests check that the tool is wired to it.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tool_run.hpp"

namespace {

using mancala::test::read_text;
using mancala::test::run_program_in;
using mancala::test::ToolRun;

ToolRun run_plain(const std::vector<std::string>& args, const std::string* input = nullptr) {
  return run_program_in(MANCALA_BINARY, MANCALA_SOURCE_DIR, args, input);
}

ToolRun run_compiled(const std::vector<std::string>& args, const std::string* input = nullptr) {
  return run_program_in(MANCALA_COMPILED_BINARY, MANCALA_SOURCE_DIR, args, input);
}

// What `bench --format json` says of the code it ran (`compiled_code`) or
// of its pipeline (`compiled_pipeline`).
std::string compiled_field(const ToolRun& bench, const std::string& key = "compiled_code") {
  std::smatch m;
  if (!std::regex_search(bench.out, m, std::regex("\"" + key + "\":(true|false)"))) return "";
  return m[1];
}

// The yardstick games and San-Yao: every kind of code the shipped games have.
const char* const kGames[] = {"kalah", "oware", "anywoli", "sadeqa_ii", "hus", "san_yao"};

TEST(CompiledTool, RunsTheCompiledCodeOfAShippedGame) {
  for (const char* game : kGames) {
    std::vector<std::string> bench = {"bench", game, "--games", "2", "--format", "json"};
    ToolRun compiled = run_compiled(bench), plain = run_plain(bench);
    EXPECT_EQ(compiled_field(compiled), "true") << game;
    EXPECT_EQ(compiled_field(compiled, "compiled_pipeline"), "true") << game;
    EXPECT_EQ(compiled_field(plain), "false") << game;
    EXPECT_EQ(compiled_field(plain, "compiled_pipeline"), "false") << game;
  }
  // Its version says how many rule files it carries: every shipped game, and
  // the made-up games of tests/compiled/.
  size_t shipped = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(MANCALA_SOURCE_DIR) + "/games"))
    shipped += entry.path().extension() == ".mnc";
  std::smatch carried;
  std::string version = run_compiled({"--version"}).out;
  ASSERT_TRUE(std::regex_search(version, carried,
                                std::regex(", with the compiled code of ([0-9]+) rule files\n$")))
      << version;
  EXPECT_GT(std::stoul(carried[1]), shipped);
  EXPECT_EQ(run_plain({"--version"}).out.find("compiled"), std::string::npos);
  ToolRun text = run_compiled({"bench", "kalah", "--games", "2"});
  EXPECT_NE(text.out.find("seed 1, compiled code and pipeline\n"), std::string::npos) << text.out;
  // A setting that changes the board, not the code, keeps the compiled code,
  // not the pipeline compiled with the shipped board's settings.
  std::vector<std::string> smaller = {"bench", "kalah", "--set", "holes=4", "--games", "2"};
  text = run_compiled(smaller);
  EXPECT_NE(text.out.find("seed 1, compiled code\n"), std::string::npos) << text.out;
  smaller.insert(smaller.end(), {"--format", "json"});
  ToolRun json = run_compiled(smaller);
  EXPECT_EQ(compiled_field(json), "true");
  EXPECT_EQ(compiled_field(json, "compiled_pipeline"), "false");
}

TEST(CompiledTool, RunsTheBytecodeOfCodeItDidNotCompile) {
  std::string kalah = read_text(std::string(MANCALA_SOURCE_DIR) + "/games/kalah.mnc");
  const std::string extra = "when is_store(here)";
  size_t at = kalah.find(extra);
  ASSERT_NE(at, std::string::npos);
  // An extra turn only when the store then holds at least 2: other code.
  std::string changed = kalah.replace(at, extra.size(), "when is_store(here) and count(here) >= 2");
  ToolRun bench = run_compiled({"bench", "-", "--games", "20", "--format", "json"}, &changed);
  ASSERT_EQ(bench.status, 0) << bench.err;
  EXPECT_EQ(compiled_field(bench), "false") << bench.out;
  std::vector<std::string> simulate = {"simulate", "-", "--games", "3", "--format", "json"};
  ToolRun a = run_compiled(simulate, &changed);
  ToolRun b = run_plain(simulate, &changed);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST(CompiledTool, SimulatesAsTheBytecode) {
  for (const char* game : kGames) {
    std::vector<std::string> args = {"simulate",        game,
                                     "--games",         "4",
                                     "--south",         "mcts:iterations=40",
                                     "--north",         "alphabeta:depth=2",
                                     "--opening-plies", "3",
                                     "--format",        "json"};
    ToolRun a = run_compiled(args);
    ToolRun b = run_plain(args);
    ASSERT_EQ(a.status, 0) << game << ": " << a.err;
    EXPECT_EQ(a.out, b.out) << game;
  }
}

TEST(CompiledTool, SolvesAndCountsAsTheBytecode) {
  // The solver's report without its timing.
  auto untimed = [](const std::string& out) {
    return std::regex_replace(out, std::regex("\"seconds\":[0-9.]+"), "");
  };
  std::vector<std::string> solve = {"solve", "kalah",   "--set",    "holes=4",
                                    "--set", "seeds=2", "--format", "json"};
  ToolRun a = run_compiled(solve);
  ToolRun b = run_plain(solve);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_NE(a.out.find("\"exact\":true"), std::string::npos) << a.out;
  EXPECT_EQ(untimed(a.out), untimed(b.out));
  std::vector<std::string> perft = {"perft", "oware", "--depth", "4"};
  ToolRun c = run_compiled(perft);
  ToolRun d = run_plain(perft);
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, d.out);
}

}  // namespace
