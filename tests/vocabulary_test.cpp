// The words of the language are declared once (grammar/include/keywords.def,
// interpreter/check/include/builtins.def, the spelling tables of
// runtime/include/settings.hpp); these tests hold every other place to them:
// the tables agree with their enums, each row's instruction has the stack
// effect the row needs, and docs/language.md lists exactly the built-ins
// the checker knows, with the same types.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "builtins.hpp"
#include "parse.hpp"
#include "rules.hpp"
#include "settings.hpp"

namespace mancala {
namespace {

namespace fs = std::filesystem;

std::string read_doc() {
  std::ifstream in(fs::path(MANCALA_SOURCE_DIR) / "docs" / "language.md");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The cells of one markdown table row ("| a | b \\| c |": "a ", "b \\| c ").
std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|' && line[i - 1] != '\\') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += line[i];
    }
  }
  return cells;
}

// The rows of the markdown table that follows `heading` (a line such as
// "**Names**"), without its header and separator rows.
std::vector<std::vector<std::string>> table_after(const std::string& doc,
                                                  const std::string& heading) {
  std::vector<std::vector<std::string>> rows;
  size_t at = doc.find("\n" + heading + "\n");
  EXPECT_NE(at, std::string::npos) << heading;
  if (at == std::string::npos) return rows;
  std::istringstream in(doc.substr(at + heading.size() + 2));
  std::string line;
  do {
    if (!std::getline(in, line)) return rows;
  } while (line.empty());
  for (int n = 0; !line.empty() && line[0] == '|'; ++n) {
    if (n >= 2) rows.push_back(cells_of(line));
    if (!std::getline(in, line)) break;
  }
  return rows;
}

// Every `word` or `word(` written in backquotes in a cell.
std::vector<std::string> quoted_words(const std::string& cell) {
  std::vector<std::string> out;
  std::regex word("`([a-z_]+(?: [a-z_]+)?)[`(]");
  for (std::sregex_iterator it(cell.begin(), cell.end(), word), end; it != end; ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

std::string trim(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

TEST(Vocabulary, TablesFollowTheirEnums) {
  for (size_t i = 0; i < builtin_names().size(); ++i) {
    const BuiltinName& n = builtin_names()[i];
    EXPECT_EQ(static_cast<size_t>(n.id), i) << n.name;
    EXPECT_EQ(&find_name(n.id), &n);
    EXPECT_EQ(find_name(n.name), &n);
    EXPECT_FALSE(n.words.empty()) << n.name << " has no words for describe";
    EXPECT_FALSE(is_keyword(n.name)) << n.name;
  }
  for (size_t i = 0; i < builtin_functions().size(); ++i) {
    const BuiltinFunction& f = builtin_functions()[i];
    EXPECT_EQ(static_cast<size_t>(f.id), i) << f.name;
    EXPECT_EQ(&find_function(f.id), &f);
    EXPECT_FALSE(f.words.empty()) << f.name;
    EXPECT_FALSE(is_keyword(f.name)) << f.name;
  }
  for (size_t i = 0; i < builtin_actions().size(); ++i) {
    const BuiltinAction& a = builtin_actions()[i];
    EXPECT_EQ(static_cast<size_t>(a.id), i) << a.name;
    // An action is a statement the grammar knows by its first word.
    std::string first(a.name.substr(0, a.name.find(' ')));
    EXPECT_TRUE(is_keyword(first)) << a.name;
  }
  for (const auto& s : Spellings<Event>::table) EXPECT_EQ(spell(s.value), s.word);
  EXPECT_EQ(events().size(), kEventCount);
}

// A name's instruction pushes one value and takes none; a function's
// instruction takes its arguments and pushes its result: the compiler sizes
// the frame from these effects, so a row naming the wrong instruction would
// corrupt the stack.
TEST(Vocabulary, InstructionsHaveTheStackEffectOfTheirRow) {
  for (const BuiltinName& n : builtin_names()) {
    if (n.kind != NameKind::Instruction) continue;
    EXPECT_EQ(op_info(n.op).pop, 0) << n.name;
    EXPECT_EQ(op_info(n.op).push, 1) << n.name;
  }
  for (const BuiltinFunction& f : builtin_functions()) {
    EXPECT_EQ(op_info(f.op).pop, static_cast<int>(f.min_args)) << f.name;
    EXPECT_EQ(op_info(f.op_more).pop, static_cast<int>(f.params.size())) << f.name;
    EXPECT_EQ(op_info(f.op).push, 1) << f.name;
    EXPECT_EQ(op_info(f.op_more).push, 1) << f.name;
  }
}

TEST(Vocabulary, EverySpellingIsUnique) {
  auto check = [](const auto& table) {
    std::set<std::string_view> seen;
    for (const auto& s : table) EXPECT_TRUE(seen.insert(s.word).second) << s.word;
  };
  check(Spellings<StoreKind>::table);
  check(Spellings<Direction>::table);
  check(Spellings<RelayKind>::table);
  check(Spellings<EndlessKind>::table);
  check(Spellings<FirstMove>::table);
  check(Spellings<WinnerKind>::table);
  check(Spellings<EndKind>::table);
  check(Spellings<StarterKind>::table);
  check(Spellings<RefillFrom>::table);
  check(Spellings<TieStarter>::table);
  check(Spellings<Event>::table);
}

TEST(Vocabulary, LanguageReferenceListsEveryNameWithItsType) {
  std::map<std::string, std::string> doc;  // name -> type column
  for (const auto& row : table_after(read_doc(), "**Names**")) {
    ASSERT_GE(row.size(), 2u);
    for (const std::string& w : quoted_words(row[0] + "`")) doc[w] = trim(row[1]);
  }
  for (const BuiltinName& n : builtin_names()) {
    std::string name(n.name);
    ASSERT_TRUE(doc.count(name)) << "docs/language.md does not list the name " << name;
    EXPECT_EQ(doc[name], type_name(n.type)) << name;
    doc.erase(name);
  }
  for (const auto& [name, type] : doc) ADD_FAILURE() << "documented but not built in: " << name;
}

TEST(Vocabulary, LanguageReferenceListsEveryFunctionWithItsType) {
  std::map<std::string, std::string> doc;
  for (const auto& row : table_after(read_doc(), "**Functions**")) {
    ASSERT_GE(row.size(), 2u);
    for (const std::string& w : quoted_words(row[0])) doc[w] = trim(row[1]);
  }
  for (const BuiltinFunction& f : builtin_functions()) {
    std::string name(f.name);
    ASSERT_TRUE(doc.count(name)) << "docs/language.md does not list the function " << name;
    EXPECT_EQ(doc[name], type_name(f.result)) << name;
    doc.erase(name);
  }
  for (const auto& [name, type] : doc) ADD_FAILURE() << "documented but not built in: " << name;
}

TEST(Vocabulary, LanguageReferenceListsEveryAction) {
  std::set<std::string> doc;
  for (const auto& row : table_after(read_doc(), "## 5. Statements")) {
    ASSERT_GE(row.size(), 1u);
    std::string cell = trim(row[0]);
    if (cell.size() > 2 && cell[0] == '`')
      doc.insert(cell.substr(1, cell.find_first_of("` ", 1) - 1));
  }
  for (const BuiltinAction& a : builtin_actions()) {
    std::string first(a.name.substr(0, a.name.find(' ')));
    EXPECT_TRUE(doc.count(first)) << "docs/language.md, section 5, does not list " << a.name;
  }
}

// Section 1 lists the reserved words in one quoted span, "`and as ... while`".
TEST(Vocabulary, LanguageReferenceListsExactlyTheKeywords) {
  std::string doc = read_doc();
  size_t at = doc.find("**Keywords**");
  ASSERT_NE(at, std::string::npos);
  size_t open = doc.find('`', at);
  size_t close = doc.find('`', open + 1);
  std::istringstream words(doc.substr(open + 1, close - open - 1));
  std::set<std::string> doc_words;
  for (std::string w; words >> w;) doc_words.insert(w);
  std::set<std::string> table(keywords().begin(), keywords().end());
  EXPECT_EQ(doc_words, table);
}

}  // namespace
}  // namespace mancala
