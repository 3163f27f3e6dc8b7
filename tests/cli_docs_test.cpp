// docs/cli.md is the tool's manual; these tests hold it to the command
// table (interpreter/cli/commands.cpp), so that the manual cannot fall
// behind the tool:
//
// - every command has a section "## `NAME`", and every such section is a
//   command;
// - a section's table of flags (rows "| `--flag VALUE` | what it does |")
//   lists exactly the command's own flags, each written as its usage line
//   writes it; the flags that every command has (--color, --help) are
//   listed once, in the table of the section "Common flags";
// - a section shows the command's help (an example `$ build/mancala help
//   NAME`) beginning with the usage line the tool prints, and runs the
//   command itself at least once.
//
// docs_test.cpp runs the examples; this file only checks that they are there.
// The table is read from the library, not from `mancala --help`, so that a
// flag is found by its spec and not by how the help happens to print it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "command.hpp"
#include "doc_page.hpp"

namespace mancala::test {
namespace {

using cli::Command;
using cli::FlagSpec;

const char* const kPage = "docs/cli.md";

// A flag as a table row names it: "`--format text|json`", "`-q`, `--quiet`".
std::string row_name(const FlagSpec& f) {
  std::string out = f.short_name ? std::string("`-") + f.short_name + "`, " : "";
  out += "`--" + f.name;
  if (!f.value_name.empty()) {
    std::string value;
    for (const std::string& c : f.choices) value += (value.empty() ? "" : "|") + c;
    out += " " + (value.empty() ? f.value_name : value);
  }
  return out + "`";
}

// The flags that commands.cpp gives every command, by row name.
std::set<std::string> common_flags() {
  std::set<std::string> out;
  for (const FlagSpec& f : cli::commands().front().spec.flags) {
    if (f.common) out.insert(row_name(f));
  }
  return out;
}

// The command's own flags (the common ones excepted), by row name.
std::set<std::string> own_flags(const Command& c) {
  std::set<std::string> out;
  for (const FlagSpec& f : c.spec.flags) {
    if (!f.common) out.insert(row_name(f));
  }
  return out;
}

std::string unescape_pipes(std::string s) {
  for (size_t at = s.find("\\|"); at != std::string::npos; at = s.find("\\|", at + 1)) {
    s.erase(at, 1);
  }
  return s;
}

// The rows of the section's flag tables (those whose first cell starts with
// a backquoted "-"): first cell, pipes unescaped, to description.
std::map<std::string, std::string> flag_rows(const Section& s) {
  std::map<std::string, std::string> out;
  for (const std::string& line : s.lines) {
    if (line.rfind("| `-", 0) != 0) continue;
    size_t end = line.find(" | ", 2);
    if (end == std::string::npos) end = line.size();
    size_t rest_end = line.rfind(" |");
    std::string description =
        rest_end > end + 3 ? line.substr(end + 3, rest_end - end - 3) : std::string();
    out[unescape_pipes(line.substr(2, end - 2))] = description;
  }
  return out;
}

const Section* find_section(const std::vector<Section>& sections, const std::string& title) {
  for (const Section& s : sections) {
    if (s.title == title) return &s;
  }
  return nullptr;
}

// Fails naming each flag that is in one set and not in the other.
void expect_same_flags(const std::string& where, const std::set<std::string>& accepted,
                       const std::map<std::string, std::string>& rows) {
  for (const std::string& f : accepted) {
    EXPECT_TRUE(rows.count(f)) << where << ": the flag " << f << " is not in its table";
  }
  for (const auto& [name, description] : rows) {
    EXPECT_TRUE(accepted.count(name))
        << where << ": the table lists " << name << ", which the command does not accept "
        << "(or not in this form)";
    EXPECT_FALSE(description.empty()) << where << ": " << name << " has no description";
  }
}

// The lines of the command's help up to its first blank line: the usage.
std::vector<std::string> usage_lines(const Command& c) {
  std::vector<std::string> out;
  std::istringstream in(cli::command_help(c));
  for (std::string line; std::getline(in, line) && !line.empty();) out.push_back(line);
  return out;
}

// Whether `command` runs `mancala NAME` (and not only its help).
bool runs(const std::string& command, const std::string& name) {
  std::string call = "build/mancala " + name;
  for (size_t at = command.find(call); at != std::string::npos; at = command.find(call, at + 1)) {
    size_t after = at + call.size();
    if (after == command.size() || command[after] == ' ') return true;
  }
  return false;
}

TEST(CliDocs, EveryCommandHasASection) {
  std::vector<Section> sections = sections_of(kPage);
  std::set<std::string> names;
  for (const Command& c : cli::commands()) {
    names.insert(c.name);
    EXPECT_TRUE(find_section(sections, "`" + c.name + "`"))
        << kPage << " has no section \"## `" << c.name << "`\"";
  }
  for (const Section& s : sections) {
    if (s.title.size() < 3 || s.title.front() != '`' || s.title.back() != '`') continue;
    EXPECT_TRUE(names.count(s.title.substr(1, s.title.size() - 2)))
        << kPage << ":" << s.first << ": \"## " << s.title << "\" is not a command";
  }
}

TEST(CliDocs, CommonFlagsAreListedOnce) {
  std::vector<Section> sections = sections_of(kPage);
  const Section* common = find_section(sections, "Common flags");
  ASSERT_TRUE(common) << kPage << " has no section \"## Common flags\"";
  expect_same_flags(std::string(kPage) + ", Common flags", common_flags(), flag_rows(*common));
}

TEST(CliDocs, EverySectionListsItsCommandsFlags) {
  std::vector<Section> sections = sections_of(kPage);
  for (const Command& c : cli::commands()) {
    const Section* s = find_section(sections, "`" + c.name + "`");
    if (!s) continue;  // EveryCommandHasASection says so
    expect_same_flags(std::string(kPage) + ":" + std::to_string(s->first) + ", " + c.name,
                      own_flags(c), flag_rows(*s));
  }
}

TEST(CliDocs, EverySectionShowsTheUsageAndRunsTheCommand) {
  std::vector<Section> sections = sections_of(kPage);
  std::vector<Example> examples = examples_of(kPage);
  for (const Command& c : cli::commands()) {
    const Section* s = find_section(sections, "`" + c.name + "`");
    if (!s) continue;
    std::vector<Example> mine = examples_in(*s, examples);
    auto help = std::find_if(mine.begin(), mine.end(), [&](const Example& e) {
      return e.command == "build/mancala help " + c.name;
    });
    if (help == mine.end()) {
      ADD_FAILURE() << kPage << ":" << s->first << ": the section of " << c.name
                    << " shows no `$ build/mancala help " << c.name << "`";
    } else {
      std::vector<std::string> usage = usage_lines(c);
      std::vector<std::string> shown(
          help->expected.begin(),
          help->expected.begin() + std::min(usage.size(), help->expected.size()));
      EXPECT_EQ(shown, usage) << kPage << ":" << help->line << ": the usage of " << c.name;
    }
    EXPECT_TRUE(std::any_of(mine.begin(), mine.end(),
                            [&](const Example& e) { return runs(e.command, c.name); }))
        << kPage << ":" << s->first << ": the section of " << c.name
        << " has no example running `build/mancala " << c.name << "`";
  }
}

}  // namespace
}  // namespace mancala::test
