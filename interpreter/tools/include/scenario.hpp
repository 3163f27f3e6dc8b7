// Rule scenarios: YAML files that pin a game's rules down move by move.
//
// A scenario is a position (or a move list from the start), at most one
// move, and the exact position, legal moves and events expected after it
// (docs/scenarios.md). They are the executable form of docs/games:
// every rule and every Decision has one, and a designer of a new variant
// writes their own and runs them with `mancala test`. The runner is a
// library function so that the CLI and the test suite share it; it reports
// the first difference of each failing scenario, never just "failed".
// YAML is untrusted input: every malformed field is a failure with its
// line, never a crash.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "check.hpp"

namespace mancala {

struct ScenarioResult {
  std::string file;  // the YAML file
  int line = 0;      // 1-based line of the scenario in the file
  std::string name;  // the scenario's `name`
  bool passed = false;
  std::string message;  // for a failure: the first difference, or the error
};

struct ScenarioReport {
  std::vector<ScenarioResult> results;
  std::vector<std::string> errors;  // file-level problems (unreadable, bad YAML, bad rules)
  int passed() const;
  int failed() const;  // failing scenarios plus file-level errors
};

// Runs every scenario of a YAML file. `rules_path`, when given, replaces the
// file's own `rules:` key (which is resolved by resolve_rules_path: relative
// to the YAML file's folder, then to the current directory).
ScenarioReport run_scenarios(const std::string& yaml_path,
                             const std::optional<std::string>& rules_path = std::nullopt);

// As run_scenarios, on `text` read from `yaml_path`; rule files are read
// through `fs` (the disk when null). The fuzz target uses it.
ScenarioReport run_scenarios_text(const std::string& yaml_path, const std::string& text,
                                  const std::optional<std::string>& rules_path,
                                  const FileSystem* fs = nullptr);

// "file:line: scenario 'name': message" for each failure and error.
std::string format_failures(const ScenarioReport& report);
// format_failures, then "N passed, M failed".
std::string format_report(const ScenarioReport& report);

}  // namespace mancala
