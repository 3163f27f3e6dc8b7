// Diagnostics: the failing-file corpus and the rendering goldens.
//
// Every file in tests/diagnostics/ is a rule file that must fail, with its
// expected diagnostics written in it as `# expect error L:C: message`
// comments (a diagnostic in another file is written `# expect error
// file.mnc:L:C: message`). Each file is its own test case, found by listing
// the folder, so adding a case needs no edit here. The expectations must
// match exactly, in order, with nothing extra. docs/diagnostics.md uses the
// corpus as its examples, so a test checks that each message is documented.
// The rendering tests compare render_text and render_json byte for byte.
#include "diagnostics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check.hpp"

namespace mancala {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(MANCALA_SOURCE_DIR) / "tests" / "diagnostics";

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> corpus_files() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kCorpus)) {
    if (e.is_regular_file() && e.path().extension() == ".mnc") out.push_back(e.path().filename());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "L:C: message" for an error, "warning: L:C: message" and "note: L:C:
// message" for the others (a note belongs to the diagnostic before it).
std::vector<std::string> expectations(const std::string& text) {
  static const std::vector<std::pair<std::string, std::string>> kTags = {
      {"# expect error ", ""}, {"# expect warning ", "warning: "}, {"# expect note ", "note: "}};
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    for (const auto& [tag, prefix] : kTags) {
      size_t at = line.find(tag);
      if (at != std::string::npos) out.push_back(prefix + line.substr(at + tag.size()));
    }
  }
  return out;
}

bool has_notes(const std::vector<std::string>& want) {
  return std::any_of(want.begin(), want.end(),
                     [](const std::string& w) { return w.starts_with("note: "); });
}

// The diagnostics of checking `path`, as expectations write them. Notes are
// listed only when `with_notes` (a corpus file that expects none is not
// held to them). The source folder is left out of messages that name a
// path ("looked for tests/diagnostics/x.mnc").
std::vector<std::string> actual(const std::string& path, bool with_notes) {
  SourceSet sources;
  Diagnostics diags;
  check_file(path, sources, diags);
  auto place = [&](Range r) {
    const Source& src = sources.get(r.file);
    auto lc = src.line_col(r.begin);
    std::string prefix = src.name == path ? "" : fs::path(src.name).filename().string() + ":";
    return prefix + std::to_string(lc.line) + ":" + std::to_string(lc.col) + ": ";
  };
  auto relative = [](std::string message) {
    const std::string root = std::string(MANCALA_SOURCE_DIR) + "/";
    for (size_t at; (at = message.find(root)) != std::string::npos;) message.erase(at, root.size());
    return message;
  };
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.all()) {
    std::string kind = d.severity == Severity::Warning ? "warning: " : "";
    out.push_back(kind + place(d.range) + relative(d.message));
    if (!with_notes) continue;
    for (const Note& n : d.notes) {
      out.push_back("note: " + (n.has_range ? place(n.range) : std::string()) + n.message);
    }
  }
  return out;
}

class Corpus : public testing::TestWithParam<std::string> {};

TEST_P(Corpus, ReportsExactlyTheExpectedDiagnostics) {
  fs::path path = kCorpus / GetParam();
  std::vector<std::string> want = expectations(read_text(path));
  ASSERT_FALSE(want.empty()) << "a corpus file needs at least one '# expect error' line";
  EXPECT_EQ(actual(path.string(), has_notes(want)), want);
}

TEST_P(Corpus, MessageIsDocumented) {
  std::string doc = read_text(fs::path(MANCALA_SOURCE_DIR) / "docs" / "diagnostics.md");
  for (std::string e : expectations(read_text(kCorpus / GetParam()))) {
    // "[warning: |note: ][file:]L:C: message" -> "message"
    for (const char* kind : {"warning: ", "note: "}) {
      if (e.starts_with(kind)) e.erase(0, std::string_view(kind).size());
    }
    size_t at = e.find(": ");
    std::string message = e.substr(at + 2);
    EXPECT_NE(doc.find(message), std::string::npos) << "not in docs/diagnostics.md: " << message;
  }
  EXPECT_NE(doc.find(GetParam()), std::string::npos) << "corpus file not named in the doc";
}

std::string case_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, info.param.size() - 4);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Files, Corpus, testing::ValuesIn(corpus_files()), case_name);

TEST(Corpus, HasAtLeastSeventyFiles) {
  EXPECT_GE(corpus_files().size(), 70u);
}

TEST(RenderText, CaretUnderlineTabsAndNotes) {
  SourceSet sources;
  uint32_t f = sources.add("game.mnc", "board {\n\tholes  40 # x\n}\n");
  Diagnostics diags;
  Diagnostic& d = diags.error({f, 16, 18}, "holes must be between 1 and 32, got 40");
  d.notes.push_back({{f, 0, 5}, true, "in this section"});
  d.notes.push_back({{}, false, "a note without a place"});
  diags.error({f, 8, 9}, "one byte");
  EXPECT_EQ(render_text(diags, sources),
            "game.mnc:2:9: error: holes must be between 1 and 32, got 40\n"
            "\tholes  40 # x\n"
            "\t       ^~\n"
            "game.mnc:1:1: note: in this section\n"
            "board {\n"
            "^~~~~\n"
            "note: a note without a place\n"
            "game.mnc:2:1: error: one byte\n"
            "\tholes  40 # x\n"
            "^\n");
}

TEST(RenderText, MultiLineRangeGetsACaretOnly) {
  SourceSet sources;
  uint32_t f = sources.add("a.mnc", "ab\ncd\n");
  Diagnostics diags;
  diags.error({f, 1, 4}, "m");
  EXPECT_EQ(render_text(diags, sources), "a.mnc:1:2: error: m\nab\n ^\n");
}

TEST(RenderText, Colour) {
  SourceSet sources;
  uint32_t f = sources.add("a.mnc", "xy\n");
  Diagnostics diags;
  diags.error({f, 0, 2}, "m");
  EXPECT_EQ(render_text(diags, sources, true),
            "\x1b[1ma.mnc:1:1: \x1b[1;31merror:\x1b[0m\x1b[1m m\x1b[0m\nxy\n\x1b[1;32m^~\x1b[0m\n");
}

// Bytes of a rule file never reach the terminal as control sequences: a
// control character or a byte that is not UTF-8 is shown as \xNN, in the
// source line and in the message, and the caret still lines up.
TEST(RenderText, EscapesControlBytesAndInvalidUtf8) {
  SourceSet sources;
  uint32_t f = sources.add("a.mnc", "x \x1b[2J \xff \xc3\xa9 bad\n");
  Diagnostics diags;
  diags.error({f, 12, 15}, "name 'b\x07'");
  EXPECT_EQ(render_text(diags, sources),
            "a.mnc:1:13: error: name 'b\\x07'\n"
            "x \\x1b[2J \\xff \xc3\xa9 bad\n"
            "                 ^~~\n");
}

// A very long line is shown as a window of about 100 columns around the
// range, marked with "..." where it was cut.
TEST(RenderText, LongLineIsAWindowAroundTheCaret) {
  SourceSet sources;
  std::string line = std::string(300, 'a') + " bad " + std::string(300, 'b');
  uint32_t f = sources.add("a.mnc", line + "\n");
  Diagnostics diags;
  diags.error({f, 301, 304}, "m");
  std::string out = render_text(diags, sources);
  std::string shown = out.substr(out.find('\n') + 1);
  shown = shown.substr(0, shown.find('\n'));
  std::string caret = out.substr(out.find('\n', out.find('\n') + 1) + 1);
  EXPECT_LE(shown.size(), 110u) << shown;
  EXPECT_EQ(shown.substr(0, 3), "...");
  EXPECT_EQ(shown.substr(shown.size() - 3), "...");
  EXPECT_EQ(shown.substr(caret.find('^'), 3), "bad") << shown << "\n" << caret;
  EXPECT_EQ(caret.substr(caret.find('^')), "^~~\n");
}

TEST(RenderJson, EscapesAndFields) {
  SourceSet sources;
  uint32_t f = sources.add("dir/\"q\".mnc", "let x = 1\n");
  Diagnostics diags;
  Diagnostic& d = diags.error({f, 4, 5}, "bad \\ \"name\"\t\x01 \xff \xc3\xa9");
  d.notes.push_back({{f, 0, 3}, true, "here"});
  d.notes.push_back({{}, false, "plain"});
  EXPECT_EQ(
      render_json(diags, sources),
      "[\n"
      "  {\"file\": \"dir/\\\"q\\\".mnc\", \"line\": 1, \"column\": 5, \"end_line\": 1, "
      "\"end_column\": 6, \"severity\": \"error\", \"message\": \"bad \\\\ \\\"name\\\"\\t"
      "\\u0001 \\ufffd \xc3\xa9\", \"notes\": [{\"file\": \"dir/\\\"q\\\".mnc\", \"line\": 1, "
      "\"column\": 1, \"message\": \"here\"}, {\"message\": \"plain\"}]}\n"
      "]\n");
  Diagnostics none;
  EXPECT_EQ(render_json(none, sources), "[]\n");
}

TEST(Diagnostics, CapsAtOneHundredErrors) {
  Diagnostics diags;
  for (int i = 0; i < 150; ++i) diags.error({}, "e" + std::to_string(i));
  ASSERT_EQ(diags.all().size(), Diagnostics::kMaxErrors + 1);
  EXPECT_EQ(diags.all().back().message, "too many errors");
  EXPECT_TRUE(diags.has_errors());
}

}  // namespace
}  // namespace mancala
