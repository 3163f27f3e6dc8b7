// `mancala test RULES SCENARIO...`: run rule scenarios against a rule file.
//
// A thin front over run_scenarios (interpreter/tools/include/scenario.hpp), which the
// test suite uses too, so that what a designer sees for their variant is
// exactly what the project's own scenario tests see: the first difference
// of each failing scenario, then "N passed, M failed". RULES may be left
// out (the first argument then ends in .yaml or .yml): each file's own
// `rules:` key names its game. A file that cannot be read at all (a
// directory, nothing, a binary file) is one line on stderr, as for every
// command.
#include <fmt/format.h>

#include <filesystem>

#include "check.hpp"
#include "command.hpp"
#include "files.hpp"
#include "json.hpp"
#include "scenario.hpp"

namespace mancala::cli {
namespace {

std::string report_json(const std::vector<ScenarioReport>& reports) {
  JsonWriter w;
  int passed = 0, failed = 0;
  for (const ScenarioReport& r : reports) {
    passed += r.passed();
    failed += r.failed();
  }
  w.begin_object().key("passed").value(passed).key("failed").value(failed);
  w.key("scenarios").begin_array();
  for (const ScenarioReport& r : reports) {
    for (const auto& e : r.errors) w.begin_object().key("error").value(e).end_object();
    for (const auto& s : r.results) {
      w.begin_object().key("file").value(s.file).key("line").value(s.line);
      w.key("name").value(s.name).key("passed").value(s.passed);
      w.key("message").value(s.message).end_object();
    }
  }
  w.end_array().end_object();
  return w.str() + "\n";
}

bool is_yaml_name(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".yaml" || ext == ".yml";
}

int run_test(const ParsedArgs& args, Io& io) {
  const auto& pos = args.positionals();
  std::optional<std::string> rules;
  size_t first = 0;
  if (!is_yaml_name(pos[0])) {
    rules = pos[0];
    first = 1;
    if (pos.size() < 2) {
      return usage_error(io, "test",
                         fmt::format("no SCENARIO file after RULES '{}' (a scenario file ends in "
                                     ".yaml or .yml)",
                                     pos[0]));
    }
    // A path that names nothing on disk may be a shipped game ("kalah").
    bool shipped = !std::filesystem::exists(*rules) && find_shipped_game(*rules);
    if (!shipped && !readable_text_file(*rules, io)) return kFailed;
  }
  std::vector<ScenarioReport> reports;
  int failed = 0, passed = 0;
  for (size_t i = first; i < pos.size(); ++i) {
    Expected<std::string> text = read_text_file(pos[i]);
    if (!text) {
      fmt::print(io.err, "mancala test: {}\n", text.error);
      ++failed;
      continue;
    }
    reports.push_back(run_scenarios_text(pos[i], *text.value, rules));
    failed += reports.back().failed();
    passed += reports.back().passed();
  }
  if (args.get("format") == "json") {
    fmt::print(io.out, "{}", report_json(reports));
  } else {
    for (const ScenarioReport& r : reports) fmt::print(io.out, "{}", format_failures(r));
    fmt::print(io.out, "{} passed, {} failed\n", passed, failed);
  }
  return failed == 0 ? kOk : kFailed;
}

}  // namespace

Command test_command() {
  Command c;
  c.name = "test";
  c.summary = "run rule scenarios (YAML) against a rule file";
  c.description =
      "Runs every scenario of each SCENARIO file against RULES and reports each\n"
      "failing scenario with its first difference. Without RULES (when the first\n"
      "argument ends in .yaml or .yml), each file's own `rules:` key names the rule\n"
      "file: relative to the scenario file's folder, else to the current directory;\n"
      "RULES, when given, replaces it. Unknown keys are errors. The scenario format\n"
      "is in docs/scenarios.md. Exit status: 0 when all pass, 1 when any fails or a\n"
      "file cannot be read, 2 on a usage error.";
  c.spec.positional("RULES", Arity::optional).positional("SCENARIO", Arity::many);
  c.spec.flag(FlagSpec::option("format", "FORMAT", "text for people, json for scripts")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.run = run_test;
  return c;
}

}  // namespace mancala::cli
