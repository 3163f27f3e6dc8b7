// The docs are executable: every ```console block of README.md and
// docs/cli.md is run, command by command, and what it prints is compared
// with what the page shows.
//
// In a console block a line "$ COMMAND" is run with sh in the source
// directory (stdout and stderr together, as a terminal shows them), with
// `build/mancala` meaning the binary under test (`build/mancala_compiled`
// the one built with compiled code) and MANCALA_BINARY set for
// .ci/play; the lines up to the next "$" are its expected output, where a
// line "..." stands for any number of lines and "..." within a line for any
// text. Exit statuses are not
// compared (pages show failures on purpose). A session with a human, which
// cannot be replayed, is shown in a ```text block and is not run; so is
// anything else whose block names what it is (```mnc, ```sh). A block that
// names nothing is refused, so that a new example is run unless its author
// chose otherwise.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "doc_page.hpp"
#include "tool_run.hpp"

namespace mancala::test {
namespace {

std::vector<Example> all_examples() {
  std::vector<Example> out;
  for (const char* page : {"README.md", "docs/cli.md"}) {
    for (Example& e : examples_of(page)) out.push_back(std::move(e));
  }
  return out;
}

// Whether a line matches: "..." inside a shown line stands for any text.
bool line_matches(const std::string& want, const std::string& got) {
  size_t cut = want.find("...");
  if (cut == std::string::npos) return want == got;
  std::string head = want.substr(0, cut), rest = want.substr(cut + 3);
  if (got.compare(0, head.size(), head) != 0) return false;
  for (size_t at = head.size(); at <= got.size(); ++at) {
    if (line_matches(rest, got.substr(at))) return true;
  }
  return false;
}

// Whether `got` matches `want`, where a "..." line matches any lines.
bool matches(const std::vector<std::string>& want, size_t w, const std::vector<std::string>& got,
             size_t g) {
  if (w == want.size()) return g == got.size();
  if (want[w] == "...") {
    for (size_t k = g; k <= got.size(); ++k) {
      if (matches(want, w + 1, got, k)) return true;
    }
    return false;
  }
  return g < got.size() && line_matches(want[w], got[g]) && matches(want, w + 1, got, g + 1);
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
  return s;
}

class DocExample : public ::testing::TestWithParam<Example> {};

TEST_P(DocExample, PrintsWhatThePageShows) {
  const Example& e = GetParam();
  std::string command =
      replace_all(e.command, "build/mancala_compiled", quote(MANCALA_COMPILED_BINARY));
  command = replace_all(command, "build/mancala ", quote(MANCALA_BINARY) + " ");
  std::string script =
      "cd " + quote(MANCALA_SOURCE_DIR) + " && MANCALA_BINARY=" + quote(MANCALA_BINARY) +
      " NO_COLOR=1 COLUMNS= sh -c " + quote("(" + command + ") 2>&1") + " </dev/null";
  FILE* pipe = popen(script.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  pclose(pipe);
  std::vector<std::string> got;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  std::string want;
  for (const std::string& l : e.expected) want += l + "\n";
  EXPECT_TRUE(matches(e.expected, 0, got, 0))
      << e.page << ":" << e.line << ": $ " << e.command << "\n--- the page shows:\n"
      << want << "--- it prints:\n"
      << out;
}

TEST(DocExamples, PagesHaveExamples) {
  EXPECT_GE(examples_of("README.md").size(), 5u);
  EXPECT_GE(examples_of("docs/cli.md").size(), 50u);
}

TEST(DocExamples, EveryBlockSaysWhatItIs) {
  for (const char* page : {"README.md", "docs/cli.md"}) {
    bool open = false;
    int n = 0;
    for (const std::string& line : page_lines(page)) {
      ++n;
      if (!is_fence(line)) continue;
      EXPECT_FALSE(!open && line == "```")
          << page << ":" << n << ": a block without a language: ```console to run it, "
          << "```text for a session that cannot be replayed";
      open = !open;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Pages, DocExample, ::testing::ValuesIn(all_examples()),
                         [](const auto& info) {
                           std::string name =
                               info.param.page + "_line" + std::to_string(info.param.line);
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace mancala::test
