// Runs every rule scenario in tests/scenarios/*.yaml (found by listing the
// folder), one test per file, reporting every failing scenario with its
// first difference. The scenarios are the executable form of
// docs/games: see docs/scenarios.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "scenario.hpp"

namespace mancala {
namespace {

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(MANCALA_SOURCE_DIR "/tests/scenarios")) {
    if (e.path().extension() == ".yaml") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

class Scenarios : public testing::TestWithParam<std::string> {};

TEST_P(Scenarios, AllPass) {
  ScenarioReport report = run_scenarios(GetParam());
  EXPECT_GT(report.results.size(), 0u);
  EXPECT_EQ(report.failed(), 0) << format_report(report);
}

INSTANTIATE_TEST_SUITE_P(Files, Scenarios, testing::ValuesIn(scenario_files()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = std::filesystem::path(info.param).stem().string();
                           std::replace_if(
                               name.begin(), name.end(), [](char c) { return !isalnum(c); }, '_');
                           return name;
                         });

// The runner itself must catch what a scenario gets wrong: a wrong
// expectation fails with the first difference, a malformed file fails
// with its line, neither crashes.
class ScenarioRunner : public testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    auto dir = std::filesystem::temp_directory_path() / "mancala_scenario_test";
    std::filesystem::create_directories(dir);
    auto path = dir / name;
    FILE* f = fopen(path.c_str(), "w");
    fputs(text.c_str(), f);
    fclose(f);
    return path.string();
  }
};

TEST_F(ScenarioRunner, ReportsTheFirstDifference) {
  std::string path = write("wrong.yaml", R"(rules: )" MANCALA_SOURCE_DIR R"(/games/kalah.mnc
scenarios:
  - name: wrong store
    moves: [3]
    expect:
      south: [4, 4, 0, 5, 5, 5]
      stores: {south: 2, north: 0}
)");
  ScenarioReport report = run_scenarios(path, MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_EQ(report.failed(), 1);
  EXPECT_EQ(report.results[0].message,
            "stores: expected {south: 2, north: 0}, got {south: 1, north: 0}");
  EXPECT_EQ(report.results[0].line, 7);
}

TEST_F(ScenarioRunner, IllegalMoveNamesTheLegalMoves) {
  std::string path = write("illegal.yaml", R"(scenarios:
  - name: illegal
    moves: [3]
    move: 3
    expect: {to_move: north}
)");
  ScenarioReport report = run_scenarios(path, MANCALA_SOURCE_DIR "/games/kalah.mnc");
  ASSERT_EQ(report.failed(), 1);
  EXPECT_EQ(report.results[0].message, "move 3 is not legal for south; legal moves: 1, 2, 4, 5, 6");
}

// Counters in a position and in an expectation, by name; a wrong name is an
// error with a did-you-mean.
TEST_F(ScenarioRunner, CountersAreSetAndCheckedByName) {
  std::string rules = write("counters.mnc", R"(game "c" {
  board { rows 2  holes 3  stores captures  counters way }
  setup { seeds 2 }
  moves { from own holes where count(hole) >= 1 }
  sowing { direction either when way == 0  direction cw when way == 2 }
  on sow_end when way == 0 { if clockwise { way = 2 } else { way = 1 } }
  end { when empty_row { capture board to owners }  winner most store }
}
)");
  std::string path = write("counters.yaml", R"(scenarios:
  - name: chosen
    move: 2cw
    expect: {counters: {way: 2}, legal: [1, 2, 3]}
  - name: kept
    position: {south: [2, 2, 2], north: [2, 2, 2], to_move: south, counters: {way: 1}}
    move: 1
    expect: {south: [0, 3, 3], counters: {way: 1}}
  - name: wrong
    move: 2ccw
    expect: {counters: {way: 2}}
  - name: misspelled
    move: 2ccw
    expect: {counters: {wya: 1}}
)");
  ScenarioReport report = run_scenarios(path, rules);
  ASSERT_EQ(report.results.size(), 4u);
  EXPECT_TRUE(report.results[0].passed) << report.results[0].message;
  EXPECT_TRUE(report.results[1].passed) << report.results[1].message;
  EXPECT_EQ(report.results[2].message, "counters: way: expected 2, got 1");
  EXPECT_EQ(report.results[3].message, "'wya' is not a counter of this game; did you mean 'way'?");
}

// On four rows a position lists each side by row, {front, back}, each from
// the player's left, and events and marks name a hole by its row (Sf3): the
// same names as moves. The ring-order list is refused with the form to use.
TEST_F(ScenarioRunner, FourRowPositionsAndEventsNameTheRows) {
  std::string rules = write("four.mnc", R"(game "f" {
  board { rows 4  holes 4  stores captures  marks x }
  setup { seeds 1 }
  moves { from own holes where count(hole) >= 1 }
  on sow_end when front(here) and count(opposite(here)) > 0 { capture opposite(here) to mover  mark here as x }
  end { when empty_row  winner most store }
}
)");
  // South's b4 (2 seeds) sows f4, f3: the lap ends in South's front hole 3
  // (from South's left), which faces North's front hole 2 (from North's left).
  std::string path = write("four.yaml", R"(scenarios:
  - name: by row
    position:
      south: {front: [1, 0, 0, 0], back: [0, 0, 0, 2]}
      north: {front: [1, 5, 1, 1], back: [1, 1, 1, 2]}
      to_move: south
    move: b4
    expect:
      south: {front: [1, 0, 1, 1], back: [0, 0, 0, 0]}
      north: {back: [1, 1, 1, 2], front: [1, 0, 1, 1]}
      stores: {south: 5, north: 0}
      marks: ["x Sf3 south"]
      events: [lift Sb4 2, capture Nf2 5 to south]
  - name: a wrong row is reported by row
    position:
      south: {front: [1, 0, 0, 0], back: [0, 0, 0, 2]}
      north: {front: [1, 5, 1, 1], back: [1, 1, 1, 2]}
      to_move: south
    move: b4
    expect:
      south: {front: [1, 1, 0, 1], back: [0, 0, 0, 0]}
  - name: ring order is refused
    position: {south: [0, 0, 0, 2, 0, 0, 0, 1], north: [1, 1, 1, 2, 1, 1, 5, 1], to_move: south}
    expect: {to_move: south}
  - name: a row of the wrong length
    position: {south: {front: [1, 0, 0], back: [0, 0, 0, 2]}, north: {front: [1, 5, 1, 1], back: [1, 1, 1, 2]}, to_move: south}
    expect: {to_move: south}
  - name: a mark on a ring number
    position:
      south: {front: [1, 0, 0, 0], back: [0, 0, 0, 2]}
      north: {front: [1, 5, 1, 1], back: [1, 1, 1, 2]}
      to_move: south
      marks: ["x S6 south"]
    expect: {to_move: south}
)");
  ScenarioReport report = run_scenarios(path, rules);
  ASSERT_EQ(report.results.size(), 5u);
  EXPECT_TRUE(report.results[0].passed) << report.results[0].message;
  EXPECT_EQ(report.results[1].message,
            "south: expected {front: [1, 1, 0, 1], back: [0, 0, 0, 0]}, got {front: [1, 0, 1, 1], "
            "back: [0, 0, 0, 0]}");
  EXPECT_EQ(report.results[2].message,
            "position: on a four-row board south is {front: [...], back: [...]}, each row's 4 hole "
            "counts from the player's left");
  EXPECT_EQ(report.results[3].message,
            "position: south's front lists 3 hole counts; the game has 4 holes a row");
  EXPECT_EQ(report.results[4].message,
            "'S6' is not a hole: write Sf1..Sf4, Sb1..Sb4 or Nf1..Nf4, Nb1..Nb4");
}

TEST_F(ScenarioRunner, MalformedInputIsAnErrorNotACrash) {
  for (const char* text :
       {"scenarios: [", "scenarios: 3", "- a\n- b", "scenarios:\n  - moves: [x]\n    expect: {}",
        "scenarios:\n  - position: {south: [1,2]}\n    expect: {}",
        "scenarios:\n  - position: {south: [99999999999, 0,0,0,0,0], north: [0,0,0,0,0,0], "
        "to_move: east}\n    expect: {}"}) {
    std::string path = write("bad.yaml", text);
    ScenarioReport report = run_scenarios(path, MANCALA_SOURCE_DIR "/games/kalah.mnc");
    EXPECT_GE(report.failed(), 1) << text;
  }
}

}  // namespace
}  // namespace mancala
