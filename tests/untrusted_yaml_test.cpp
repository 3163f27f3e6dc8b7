// Scenario files, game records and the file arguments of the tool are
// untrusted input (issue 9, an outside trial): every test here is one of
// its findings, run end to end through the built `mancala`, and failed
// before its fix. A misspelled key is an error with a did-you-mean; a file
// that is a directory, missing, unreadable or binary is one line; YAML
// errors are in our words at their line; `rules:` is used when RULES is not
// given; a refused record says what differs; anchors and aliases (the
// alias bomb) are refused. In the sanitizer build the same runs also fail
// on a leak (LeakSanitizer's exit status), which is how the leak of
// `replay --record DIR` stays fixed.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tool_run.hpp"

namespace {

namespace fs = std::filesystem;
using mancala::test::read_text;
using mancala::test::run_tool;
using mancala::test::run_tool_in;
using mancala::test::temp_file;
using mancala::test::ToolRun;

fs::path write_file(const std::string& name, const std::string& text) {
  fs::path p = temp_file(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::string kKalah = MANCALA_SOURCE_DIR "/games/kalah.mnc";

// Kalah, South plays 3 (last seed in the store): passes as written.
const std::string kGood = R"(scenarios:
  - name: an extra turn
    move: 3
    expect:
      stores: {south: 1, north: 0}
      to_move: south
)";

// ---- 1. misspelled keys, and scenarios that check nothing

TEST(UntrustedYaml, MisspelledScenarioKeysAreErrorsWithDidYouMean) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"scenarios:\n  - name: typo\n    positon: {south: [0,0,0,0,0,0]}\n    move: 3\n"
       "    expect: {to_move: south}\n",
       ":3: scenario 'typo': unknown key 'positon' in a scenario; did you mean 'position'?"},
      {"scenarios:\n  - name: typo\n    move: 3\n    expct: {to_move: south}\n",
       ":4: scenario 'typo': unknown key 'expct' in a scenario; did you mean 'expect'?"},
      {"scenarios:\n  - name: typo\n    move: 3\n    expect:\n      to_mvoe: north\n",
       ":5: scenario 'typo': unknown key 'to_mvoe' in expect; did you mean 'to_move'?"},
      {"scenarios:\n  - name: typo\n    position:\n      south: [4,4,4,4,4,4]\n"
       "      north: [4,4,4,4,4,4]\n      to_mvoe: north\n    expect: {to_move: north}\n",
       ":6: scenario 'typo': unknown key 'to_mvoe' in a position; did you mean 'to_move'?"},
      {"rules: x.mnc\nscenaros: []\n",
       ":2: unknown key 'scenaros' in a scenario file; did you mean 'scenarios'?"},
  };
  for (const Case& c : cases) {
    fs::path p = write_file("typo.yaml", c.text);
    ToolRun r = run_tool({"test", "games/kalah.mnc", p.string()});
    EXPECT_EQ(r.status, 1) << c.text << r.out;
    EXPECT_TRUE(contains(r.out, p.string() + c.message)) << c.text << r.out;
    EXPECT_TRUE(contains(r.out, "0 passed, 1 failed")) << r.out;
    fs::remove(p);
  }
}

TEST(UntrustedYaml, ScenarioThatChecksNothingFails) {
  fs::path p = write_file("nothing.yaml",
                          "scenarios:\n  - name: empty\n    move: 3\n"
                          "    expect: {}\n");
  ToolRun r = run_tool({"test", "games/kalah.mnc", p.string()});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, ":4: scenario 'empty': expect checks nothing")) << r.out;
  fs::remove(p);
}

// A game record of Kalah between random agents (settings as given).
fs::path kalah_record(const std::vector<std::string>& extra = {}) {
  fs::path record = temp_file("record.yaml");
  std::vector<std::string> args = {"play",    "games/kalah.mnc", "--south",
                                   "random",  "--north",         "random",
                                   "--quiet", "--record",        record.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  ToolRun played = run_tool(args);
  EXPECT_EQ(played.status, 0) << played.err;
  return record;
}

TEST(UntrustedYaml, MisspelledRecordKeysAreErrorsWithDidYouMean) {
  fs::path record = kalah_record();
  std::string text = read_text(record);
  std::ofstream(record, std::ios::binary) << text << "seeed: 4\n";
  ToolRun r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "unknown key 'seeed' in a record; did you mean 'seed'?")) << r.err;
  // A misspelled key inside a position.
  std::string bad = text;
  bad.replace(bad.find("\"mover\""), 7, "\"mvoer\"");
  std::ofstream(record, std::ios::binary) << bad;
  r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, record.string() + ":8: unknown key 'mvoer' in a move; did you mean "
                                                "'mover'?"))
      << r.err;
  fs::remove(record);
}

// ---- 2. file arguments that are not readable text files

TEST(UntrustedYaml, FileArgumentsThatCannotBeReadAreOneLine) {
  fs::path dir = temp_file("dir");
  fs::create_directories(dir);
  fs::path missing = temp_file("missing.yaml");
  fs::path binary = write_file("binary.yaml", std::string("scenarios:\0\x01\xff", 14));
  fs::path good = write_file("good.yaml", kGood);
  const std::string d = dir.string(), m = missing.string(), b = binary.string();
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases = {
      {{"test", "games/kalah.mnc", d}, "mancala test: " + d + ": is a directory\n"},
      {{"test", "games/kalah.mnc", m}, "mancala test: " + m + ": no such file\n"},
      {{"test", "games/kalah.mnc", b},
       "mancala test: " + b + ": is not a text file (it contains a NUL byte)\n"},
      {{"test", d, good.string()}, "mancala test: " + d + ": is a directory\n"},
      {{"replay", "games/kalah.mnc", "--record", d}, "mancala replay: " + d + ": is a directory\n"},
      {{"replay", "games/kalah.mnc", "--record", m}, "mancala replay: " + m + ": no such file\n"},
      {{"replay", "games/kalah.mnc", "--record", b},
       "mancala replay: " + b + ": is not a text file (it contains a NUL byte)\n"},
      {{"perft", d, "--depth", "1"}, "mancala perft: " + d + ": is a directory\n"},
      {{"describe", b},
       "mancala describe: " + b + ": is not a text file (it contains a NUL byte)\n"},
      // A rule-file path that names nothing may be a shipped game, so the
      // checker answers it (one line all the same).
      {{"replay", m, "--moves", "3"}, m + ": error: cannot read '" + m + "': no such file\n"},
  };
  for (const Case& c : cases) {
    ToolRun r = run_tool(c.args);
    EXPECT_EQ(r.status, 1) << c.args[0] << " " << c.args[1];
    EXPECT_EQ(r.err, c.err);
  }
  // An unreadable file (root reads everything, so only checked as another user).
  fs::path locked = write_file("locked.yaml", kGood);
  chmod(locked.c_str(), 0);
  if (geteuid() != 0) {
    ToolRun r = run_tool({"test", "games/kalah.mnc", locked.string()});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "mancala test: " + locked.string() + ": cannot be read (Permission denied)\n");
  }
  for (const fs::path& p : {dir, binary, good, locked}) fs::remove(p);
}

// ---- 3. errors in the project's words, at their line

TEST(UntrustedYaml, ScenarioErrorsSayWhatIsWrongAtTheLine) {
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"scenarios:\n  - name: no side\n    position:\n      south: [4,4,4,4,4,4]\n"
       "      north: [4,4,4,4,4,4]\n    expect: {to_move: south}\n",
       ":4: scenario 'no side': a position needs `to_move`"},
      {"scenarios:\n  - name: short row\n    position:\n      south: [4,4,4,4,4,4]\n"
       "      north: [4,4,4,4,4]\n      to_move: south\n    expect: {to_move: south}\n",
       ":5: scenario 'short row': position: north lists 5 hole counts; the game has 6 holes a "
       "row"},
      {"scenarios:\n  - name: \"bad \\q escape\"\n    expect: {to_move: south}\n",
       ":2: unknown escape in a double-quoted string: \\q"},
      {"scenarios:\n  - name: open\n    expect: {to_move: south\n",
       ":4: a flow map `{` is not closed with `}`"},
      {"scenarios:\n  - name: no stores side\n    move: 3\n    expect:\n      stores: {south: 1}\n",
       ":5: scenario 'no stores side': stores needs `north`"},
  };
  for (const Case& c : cases) {
    fs::path p = write_file("words.yaml", c.text);
    ToolRun r = run_tool({"test", "games/kalah.mnc", p.string()});
    EXPECT_EQ(r.status, 1) << c.text;
    EXPECT_TRUE(contains(r.out, p.string() + c.message)) << c.text << r.out;
    EXPECT_FALSE(contains(r.out, "invalid node")) << r.out;
    fs::remove(p);
  }
}

TEST(UntrustedYaml, RecordErrorsSayWhatIsWrongAtTheLine) {
  fs::path record = kalah_record();
  std::string text = read_text(record);
  std::string escaped = text;
  escaped.replace(escaped.find("agents: {south: \""), 17, "agents: {south: \"\\q");
  std::ofstream(record, std::ios::binary) << escaped;
  ToolRun r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(
      contains(r.err, record.string() + ":6: unknown escape in a double-quoted string: \\q"))
      << r.err;
  std::string bad_setting = text;
  bad_setting.replace(bad_setting.find("settings: {}"), 12, "settings: {seeds: many}");
  std::ofstream(record, std::ios::binary) << bad_setting;
  r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, record.string() + ":4: setting `seeds` must be an integer")) << r.err;
  fs::remove(record);
}

// ---- 4. the file's own `rules:` key when RULES is not given

TEST(UntrustedYaml, TestAndReplayUseTheFilesOwnRulesKey) {
  ToolRun t = run_tool({"test", "tests/scenarios/kalah.yaml"});
  EXPECT_EQ(t.status, 0) << t.out << t.err;
  EXPECT_TRUE(contains(t.out, " passed, 0 failed")) << t.out;
  // `rules:` relative to the current directory when nothing is beside the file.
  fs::path p = write_file("cwd.yaml", "rules: games/kalah.mnc\n" + kGood);
  t = run_tool({"test", p.string()});
  EXPECT_EQ(t.status, 0) << t.out << t.err;
  EXPECT_TRUE(contains(t.out, "1 passed, 0 failed")) << t.out;
  fs::remove(p);
  // A record names its rule file as given to `play` (here relative to the
  // source directory, not to the record's folder).
  fs::path record = kalah_record();
  ToolRun r = run_tool({"replay", "--record", record.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "positions reproduced")) << r.err;
  fs::remove(record);
}

// A shipped game's name works as RULES and as a `rules:` key, wherever the
// file is and whatever the current directory.
TEST(UntrustedYaml, ShippedGameNamesWorkAsRulesAndAsRulesKeys) {
  std::string tmp = fs::temp_directory_path().string();
  fs::path scenarios = fs::path(MANCALA_SOURCE_DIR) / "tests/scenarios/kalah.yaml";
  ToolRun t = run_tool_in(tmp, {"test", "kalah", scenarios.string()});
  EXPECT_EQ(t.status, 0) << t.out << t.err;
  EXPECT_TRUE(contains(t.out, " passed, 0 failed")) << t.out;
  fs::path p = write_file("by_name.yaml", "rules: kalah\n" + kGood);
  t = run_tool_in(tmp, {"test", p.string()});
  EXPECT_EQ(t.status, 0) << t.out << t.err;
  EXPECT_TRUE(contains(t.out, "1 passed, 0 failed")) << t.out;
  fs::remove(p);
  fs::path record = temp_file("by_name_record.yaml");
  ToolRun played = run_tool_in(tmp, {"play", "kalah", "--south", "random", "--north", "random",
                                     "--quiet", "--record", record.string()});
  ASSERT_EQ(played.status, 0) << played.err;
  EXPECT_TRUE(contains(read_text(record), "rules: \"kalah\"")) << read_text(record);
  ToolRun r = run_tool_in(tmp, {"replay", "--record", record.string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, "positions reproduced")) << r.err;
  fs::remove(record);
}

// ---- 5. a refused record says what differs

TEST(UntrustedYaml, RefusedRecordSaysWhetherRulesOrSettingsDiffer) {
  fs::path record = kalah_record({"--set", "seeds=3"});
  ToolRun same = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(same.status, 0) << same.err;
  ToolRun other_set =
      run_tool({"replay", "games/kalah.mnc", "--record", record.string(), "--set", "seeds=4"});
  EXPECT_EQ(other_set.status, 1);
  EXPECT_TRUE(contains(other_set.err, "the settings differ (recorded: seeds=3; --set: seeds=4)"))
      << other_set.err;
  EXPECT_FALSE(contains(other_set.err, "rule text")) << other_set.err;
  ToolRun other_rules = run_tool({"replay", "games/kalah_empty.mnc", "--record", record.string()});
  EXPECT_EQ(other_rules.status, 1);
  EXPECT_TRUE(contains(other_rules.err, "the rule text differs")) << other_rules.err;
  EXPECT_FALSE(contains(other_rules.err, "settings differ")) << other_rules.err;
  fs::remove(record);
}

// ---- 6. anchors and aliases (the alias bomb)

// Nine levels of ten aliases each: 10^9 leaves when expanded, 685 bytes.
std::string alias_bomb() {
  std::string text = "a: &a [x,x,x,x,x,x,x,x,x,x]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    std::string prev(1, static_cast<char>(c - 1));
    text += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) text += (i ? ",*" : "*") + prev;
    text += "]\n";
  }
  return text;
}

TEST(UntrustedYaml, AnchorsAndAliasesAreRefused) {
  auto start = std::chrono::steady_clock::now();
  fs::path record = kalah_record();
  std::string text = read_text(record);
  std::string bomb = text;
  bomb.replace(bomb.find("result: "), 8, alias_bomb() + "result: *i\nignored: ");
  std::ofstream(record, std::ios::binary) << bomb;
  ToolRun r = run_tool({"replay", "games/kalah.mnc", "--record", record.string()});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "an anchor (`&name`) is not allowed here")) << r.err;
  fs::path scenario = write_file("alias.yaml",
                                 "x: &pos {to_move: south}\n"
                                 "scenarios:\n  - name: aliased\n"
                                 "    expect: *pos\n");
  ToolRun t = run_tool({"test", "games/kalah.mnc", scenario.string()});
  EXPECT_EQ(t.status, 1);
  EXPECT_TRUE(contains(t.out, scenario.string() + ":1: an anchor (`&name`) is not allowed here"))
      << t.out;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  fs::remove(record);
  fs::remove(scenario);
}

}  // namespace
