// `mancala test RULES SCENARIO...`: run rule scenarios against a rule file.
//
// A thin front over run_scenarios (interpreter/tools/include/scenario.hpp), which the
// test suite uses too, so that what a designer sees for their variant is
// exactly what the project's own scenario tests see: the first difference
// of each failing scenario, then "N passed, M failed".
#include <fmt/format.h>

#include "command.hpp"
#include "diagnostics.hpp"
#include "scenario.hpp"

namespace mancala::cli {
namespace {


std::string report_json(const std::vector<ScenarioReport>& reports) {
  std::vector<std::string> items;
  int passed = 0, failed = 0;
  for (const ScenarioReport& r : reports) {
    passed += r.passed();
    failed += r.failed();
    for (const auto& e : r.errors) items.push_back(fmt::format("{{\"error\":{}}}", json_string(e)));
    for (const auto& s : r.results) {
      items.push_back(fmt::format("{{\"file\":{},\"line\":{},\"name\":{},\"passed\":{},\"message\":{}}}",
                                  json_string(s.file), s.line, json_string(s.name),
                                  s.passed ? "true" : "false", json_string(s.message)));
    }
  }
  return fmt::format("{{\"passed\":{},\"failed\":{},\"scenarios\":[{}]}}\n", passed, failed,
                     fmt::join(items, ","));
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
