// Reading the pages whose examples are tests (README.md, docs/cli.md), for
// docs_test.cpp, which runs the examples, and cli_docs_test.cpp, which holds
// docs/cli.md to the command table.
//
// A page is read as lines and cut two ways: into its ```console examples
// (a line "$ COMMAND", then the lines it should print) and into its "## "
// sections. Both keep 1-based line numbers, so that a failure names the
// place in the page and an example can be found in its section.
#pragma once

#include <filesystem>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "tool_run.hpp"

namespace mancala::test {

struct Example {
  std::string page;
  int line = 0;  // of the command, 1-based
  std::string command;
  std::vector<std::string> expected;
};

inline void PrintTo(const Example& e, std::ostream* os) {
  *os << e.page << ":" << e.line << ": $ " << e.command;
}

// A "## " heading and the lines up to the next one (### headings included).
struct Section {
  std::string title;  // the heading without "## "
  int first = 0;      // the heading's line, 1-based
  int last = 0;       // its last line
  std::vector<std::string> lines;
};

inline std::vector<std::string> page_lines(const std::string& page) {
  std::istringstream in(read_text(std::filesystem::path(MANCALA_SOURCE_DIR) / page));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

inline bool is_fence(const std::string& line) {
  return line.rfind("```", 0) == 0;
}

// The examples of the page's ```console blocks: a blank line right after a
// command, and blank lines before the next one, are layout.
inline std::vector<Example> examples_of(const std::string& page) {
  std::vector<Example> out;
  bool console = false;
  int n = 0;
  for (const std::string& line : page_lines(page)) {
    ++n;
    if (is_fence(line)) {
      console = !console && line == "```console";
      continue;
    }
    if (!console) continue;
    if (line.rfind("$ ", 0) == 0) {
      out.push_back({page, n, line.substr(2), {}});
    } else if (!out.empty() && !(line.empty() && out.back().expected.empty())) {
      out.back().expected.push_back(line);
    }
  }
  for (Example& e : out) {
    while (!e.expected.empty() && e.expected.back().empty()) e.expected.pop_back();
  }
  return out;
}

// The page's "## " sections, headings inside code blocks excepted.
inline std::vector<Section> sections_of(const std::string& page) {
  std::vector<Section> out;
  bool code = false;
  int n = 0;
  for (const std::string& line : page_lines(page)) {
    ++n;
    if (is_fence(line)) code = !code;
    if (!code && line.rfind("## ", 0) == 0) out.push_back({line.substr(3), n, n, {}});
    if (out.empty()) continue;
    out.back().lines.push_back(line);
    out.back().last = n;
  }
  return out;
}

// The examples that lie in `s`.
inline std::vector<Example> examples_in(const Section& s, const std::vector<Example>& all) {
  std::vector<Example> out;
  for (const Example& e : all) {
    if (e.line >= s.first && e.line <= s.last) out.push_back(e);
  }
  return out;
}

}  // namespace mancala::test
