// `mancala test RULES SCENARIO...`: run rule scenarios against a rule file.
//
// A thin front over run_scenarios (interpreter/tools/include/scenario.hpp), which the
// test suite uses too, so that what a designer sees for their variant is
// exactly what the project's own scenario tests see: the first difference
// of each failing scenario, then "N passed, M failed".
#include <fmt/format.h>

#include "command.hpp"
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

int run_test(const ParsedArgs& args, Io& io) {
  const auto& pos = args.positionals();
  std::vector<ScenarioReport> reports;
  int failed = 0, passed = 0;
  for (size_t i = 1; i < pos.size(); ++i) {
    reports.push_back(run_scenarios(pos[i], pos[0]));
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
      "Runs every scenario of each SCENARIO file against RULES (which replaces the\n"
      "files' own `rules:` key) and reports each failing scenario with its first\n"
      "difference. The scenario format is in docs/scenarios.md. Exit status: 0 when\n"
      "all pass, 1 when any fails, 2 on a usage error.";
  c.spec.usage = "test [--format text|json] RULES SCENARIO...";
  c.spec.min_positionals = 2;
  c.spec.flag(FlagSpec::option("format", "FORMAT", "text for people, json for scripts")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.run = run_test;
  return c;
}

}  // namespace mancala::cli
