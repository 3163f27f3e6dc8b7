// End-to-end tests of the `mancala` tool: the built binary is run through
// a shell (popen), as a user or a script would run it.
//
// These tests pin the tool's contract rather than the library's: exit
// statuses (0 ok, 1 bad input, 2 bad command line), that --format json is
// valid JSON, that every subcommand answers --help, and that `replay`
// reproduces the reference games of tests/reference byte for byte. Files
// are found by listing games/, tests/diagnostics/ and tests/reference/, so
// a new game, diagnostic or reference game is covered without an edit here.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tool_run.hpp"

namespace {

namespace fs = std::filesystem;
using mancala::test::quote;
using mancala::test::read_text;
using mancala::test::run_tool;
using mancala::test::run_tool_in;
using mancala::test::temp_file;
using mancala::test::ToolRun;

const std::string kSourceDir = MANCALA_SOURCE_DIR;
const std::vector<std::string> kCommands = {"check",    "dump",    "replay",   "perft", "solve",
                                            "egtb",     "test",    "describe", "bench", "play",
                                            "simulate", "version", "games"};

std::vector<std::string> list_files(const std::string& dir, const std::string& ext) {
  std::vector<std::string> out;
  fs::path root = fs::path(kSourceDir) / dir;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::directory_iterator(root)) {
    if (e.path().extension() == ext) out.push_back(dir + "/" + e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A strict JSON validator (RFC 8259 syntax), enough to say "this parses".
class JsonChecker {
 public:
  explicit JsonChecker(std::string_view s) : s_(s) {}
  bool valid() {
    bool ok = value(0);
    skip_ws();
    return ok && i_ == s_.size();
  }

 private:
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t'))
      ++i_;
  }
  bool eat(char c) {
    skip_ws();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  bool literal(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool string() {
    if (!eat('"')) return false;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (static_cast<unsigned char>(s_[i_]) < 0x20) return false;
      if (s_[i_] == '\\') {
        ++i_;
        if (i_ >= s_.size() || std::string_view("\"\\/bfnrtu").find(s_[i_]) == std::string::npos)
          return false;
      }
      ++i_;
    }
    return i_ < s_.size() && s_[i_++] == '"';
  }
  bool number() {
    size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    while (i_ < s_.size() && (isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' ||
                              s_[i_] == 'e' || s_[i_] == 'E' || s_[i_] == '+' || s_[i_] == '-'))
      ++i_;
    return i_ > start;
  }
  template <class F>
  bool sequence(char close, F item) {
    if (eat(close)) return true;
    do {
      if (!item()) return false;
    } while (eat(','));
    return eat(close);
  }
  bool value(int depth) {
    if (depth > 200) return false;
    skip_ws();
    if (i_ >= s_.size()) return false;
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      return sequence('}', [&] { return string() && eat(':') && value(depth + 1); });
    }
    if (c == '[') {
      ++i_;
      return sequence(']', [&] { return value(depth + 1); });
    }
    if (c == '"') return string();
    if (c == 't') return literal("true");
    if (c == 'f') return literal("false");
    if (c == 'n') return literal("null");
    return number();
  }
  std::string_view s_;
  size_t i_ = 0;
};

bool is_json(const std::string& s) {
  return JsonChecker(s).valid();
}

TEST(CliTest, JsonCheckerWorks) {
  EXPECT_TRUE(is_json(R"([{"a":[1,-2,true,null],"b":"x\"y"}])"));
  EXPECT_FALSE(is_json("[1,]"));
  EXPECT_FALSE(is_json("{\"a\" 1}"));
}

// ---- the tool's own flags and usage errors

TEST(CliTest, VersionAndHelp) {
  ToolRun v = run_tool({"--version"});
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.out.rfind("mancala ", 0), 0u) << v.out;
  for (const char* flag : {"--help", "-h"}) {
    ToolRun h = run_tool({flag});
    EXPECT_EQ(h.status, 0);
    for (const std::string& c : kCommands) EXPECT_NE(h.out.find("  " + c + " "), std::string::npos);
  }
  ToolRun none = run_tool({});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("usage: mancala"), std::string::npos);
}

TEST(CliTest, EverySubcommandHasHelp) {
  for (const std::string& c : kCommands) {
    for (const char* flag : {"--help", "-h"}) {
      ToolRun h = run_tool({c, flag});
      EXPECT_EQ(h.status, 0) << c;
      EXPECT_EQ(h.out.rfind("usage: mancala " + c, 0), 0u) << c << ": " << h.out;
      EXPECT_NE(h.out.find("--help"), std::string::npos) << c;
    }
    ToolRun via_help = run_tool({"help", c});
    EXPECT_EQ(via_help.status, 0);
    EXPECT_EQ(via_help.out, run_tool({c, "--help"}).out);
  }
  EXPECT_EQ(run_tool({"help"}).status, 0);
  EXPECT_EQ(run_tool({"help", "help"}).status, 0);
}

TEST(CliTest, UnknownCommandSuggests) {
  ToolRun r = run_tool({"chek", "games/kalah.mnc"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown command 'chek'; did you mean 'check'?"), std::string::npos)
      << r.err;
  ToolRun h = run_tool({"help", "replya"});
  EXPECT_EQ(h.status, 2);
  EXPECT_NE(h.err.find("did you mean 'replay'?"), std::string::npos) << h.err;
  EXPECT_EQ(run_tool({"zzzzzzzz"}).status, 2);
  EXPECT_EQ(run_tool({"--verison"}).status, 2);
}

// `compile --emit cpp --output FILE` writes the unit whole, with each
// game's table entry, and a rule file with errors writes nothing.
TEST(CliTest, CompileWritesTheUnitOrNothing) {
  fs::path out = temp_file("games.cpp");
  ToolRun ok = run_tool({"compile", "games/kalah.mnc", "games/oware.mnc", "--emit", "cpp",
                         "--function", "my_games", "--output", out.string()});
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(ok.out, "");
  std::string unit = read_text(out);
  EXPECT_NE(unit.find("std::span<const NativeCode> my_games() {"), std::string::npos);
  EXPECT_NE(unit.find("{\"Kalah\", 0x"), std::string::npos);
  EXPECT_NE(unit.find("{\"Oware\", 0x"), std::string::npos);
  fs::path none = temp_file("none.cpp");
  ToolRun bad = run_tool({"compile", "games/kalah.mnc", "tests/diagnostics/001_unknown_name.mnc",
                          "--emit", "cpp", "--output", none.string()});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("unknown name 'her'"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(none));
  EXPECT_FALSE(fs::exists(none.string() + ".partial"));
}

TEST(CliTest, UsageErrorsExitTwo) {
  const std::vector<std::vector<std::string>> bad = {
      {"check"},                                             // no file
      {"check", "--formt", "json", "games/kalah.mnc"},       // unknown flag
      {"check", "--format", "xml", "games/kalah.mnc"},       // bad choice
      {"check", "--format"},                                 // missing value
      {"check", "--set", "holes", "games/kalah.mnc"},        // no '='
      {"check", "--set", "holes=seven", "games/kalah.mnc"},  // not a number
      {"check", "--set", "holes=99999999999999999999999", "games/kalah.mnc"},
      {"check", "--quiet=1", "games/kalah.mnc"},  // a switch with a value
      {"dump", "games/kalah.mnc"},                // no --stage
      {"dump", "--stage", "tokens", "games/kalah.mnc"},
      {"dump", "--stage", "ast", "games/kalah.mnc", "games/oware.mnc"},
      {"replay", "games/kalah.mnc"},  // no --moves
      {"replay", "games/kalah.mnc", "--moves", "1", "--format", "yaml"},
      {"perft", "games/kalah.mnc"},  // no --depth
      {"perft", "games/kalah.mnc", "--depth", "x"},
      {"perft", "games/kalah.mnc", "--depth", "0"},
      {"perft", "games/kalah.mnc", "--depth", "-3"},
      {"perft", "games/kalah.mnc", "--depth", "1", "--depth", "2"},
      {"compile", "games/kalah.mnc"},  // no --emit
      {"compile", "games/kalah.mnc", "--emit", "c"},
      {"compile", "games/kalah.mnc", "--emit", "cpp", "--function", "9x"},
      {"compile", "games/kalah.mnc", "--emit", "cpp", "--function", "int"},  // a keyword
      {"compile", "games/kalah.mnc", "--emit", "cpp", "--function", "a-b"},
      {"compile", "--emit", "cpp"},  // no RULES
  };
  for (const auto& args : bad) {
    ToolRun r = run_tool(args);
    std::string line;
    for (const auto& a : args) line += a + " ";
    EXPECT_EQ(r.status, 2) << line << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << line;
    EXPECT_EQ(r.err.find("terminate"), std::string::npos) << line << r.err;
  }
  ToolRun flag = run_tool({"check", "--formt", "json", "games/kalah.mnc"});
  EXPECT_NE(flag.err.find("did you mean '--format'?"), std::string::npos) << flag.err;
}

// ---- check

TEST(CliTest, ShippedFilesCheck) {
  std::vector<std::string> files = list_files("games", ".mnc");
  ASSERT_FALSE(files.empty());
  for (const std::string& f : list_files("stdlib", ".mnc")) files.push_back(f);
  for (const std::string& f : files) {
    ToolRun r = run_tool({"check", f});
    EXPECT_EQ(r.status, 0) << f << "\n" << r.err;
    EXPECT_EQ(r.out.rfind(f + ": ok", 0), 0u) << r.out;
    ToolRun j = run_tool({"check", "--format", "json", f});
    EXPECT_EQ(j.status, 0) << f;
    EXPECT_EQ(j.out, "[]\n") << f;
  }
  std::vector<std::string> all = {"check", "--quiet"};
  all.insert(all.end(), files.begin(), files.end());
  ToolRun r = run_tool(all);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(CliTest, InvalidFilesFailWithJson) {
  std::vector<std::string> files = list_files("tests/diagnostics", ".mnc");
  ASSERT_FALSE(files.empty()) << "no files in tests/diagnostics";
  for (const std::string& f : files) {
    ToolRun r = run_tool({"check", f});
    EXPECT_EQ(r.status, 1) << f;
    EXPECT_NE(r.err.find(".mnc:"), std::string::npos) << f << "\n" << r.err;  // maybe an import
    EXPECT_NE(r.err.find("error:"), std::string::npos) << f;
    EXPECT_EQ(r.err.find("\x1b["), std::string::npos) << "colour on a pipe: " << f;
    ToolRun j = run_tool({"check", "--format", "json", f});
    EXPECT_EQ(j.status, 1) << f;
    EXPECT_TRUE(is_json(j.out)) << f << "\n" << j.out;
    EXPECT_NE(j.out.find("\"severity\""), std::string::npos) << f << "\n" << j.out;
    EXPECT_NE(j.out.find("\"error\""), std::string::npos) << f << "\n" << j.out;
  }
  // A valid and an invalid file together: one array, status 1.
  ToolRun mixed = run_tool({"check", "--format", "json", "games/kalah.mnc", files[0]});
  EXPECT_EQ(mixed.status, 1);
  EXPECT_TRUE(is_json(mixed.out)) << mixed.out;
}

// After a syntax error the checker still reports what it finds in the rest
// of the file, and the file stays invalid for every command.
TEST(CliTest, AFileWithRecoveredSyntaxErrorsIsStillRefused) {
  const std::string f = "tests/diagnostics/250_syntax_error_and_check_error.mnc";
  ToolRun check = run_tool({"check", f});
  EXPECT_EQ(check.status, 1);
  EXPECT_NE(check.err.find("expected a number after 'seeds'"), std::string::npos) << check.err;
  EXPECT_NE(check.err.find("unknown name 'her'"), std::string::npos) << check.err;
  const std::vector<std::vector<std::string>> commands = {
      {"play", f, "--south", "random", "--north", "random", "--quiet"},
      {"perft", f, "--depth", "1"},
      {"describe", f},
      {"simulate", f, "--games", "1"},
      {"dump", "--stage", "ast", f},
      {"dump", "--stage", "checked", f},
      {"dump", "--stage", "pipeline", f}};
  for (const std::vector<std::string>& args : commands) {
    ToolRun r = run_tool(args);
    EXPECT_EQ(r.status, 1) << args[0] << "\n" << r.err;
    EXPECT_NE(r.err.find("error:"), std::string::npos) << args[0];
  }
}

// ---- shipped games by name, standard input

TEST(CliTest, ShippedGamesAreFoundByNameFromAnywhere) {
  fs::path dir = temp_file("elsewhere");
  fs::create_directories(dir);
  std::ofstream(dir / "mine.mnc")
      << "import \"kalah\"\ngame \"Mine\" extends \"Kalah\" { board { holes 4 } }\n";
  ToolRun check = run_tool_in(dir.string(), {"check", "kalah", "Oware", "mine.mnc"});
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.out,
            "kalah: ok: game \"Kalah\"\nOware: ok: game \"Oware\"\nmine.mnc: ok: game \"Mine\"\n");
  ToolRun describe = run_tool_in(dir.string(), {"describe", "oware"});
  EXPECT_EQ(describe.status, 0) << describe.err;
  EXPECT_NE(describe.out.find("Oware"), std::string::npos);
  ToolRun perft = run_tool_in(dir.string(), {"perft", "kalah", "--depth", "1"});
  EXPECT_EQ(perft.status, 0) << perft.err;
  ToolRun play = run_tool_in(dir.string(), {"play", "kalah", "--south", "random", "--north",
                                            "random", "--seed", "7", "--quiet"});
  EXPECT_EQ(play.status, 0) << play.err;
  ToolRun dump = run_tool_in(dir.string(), {"dump", "--stage", "ast", "kalah"});
  EXPECT_EQ(dump.status, 0) << dump.err;
  ToolRun typo = run_tool_in(dir.string(), {"check", "kalha"});
  EXPECT_EQ(typo.status, 1);
  EXPECT_NE(typo.err.find("did you mean 'kalah'?"), std::string::npos) << typo.err;
  fs::remove_all(dir);
}

TEST(CliTest, GamesListsTheShippedGames) {
  ToolRun r = run_tool_in("/", {"games"});
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> files = list_files("games", ".mnc");
  EXPECT_EQ(static_cast<size_t>(std::count(r.out.begin(), r.out.end(), '\n')), files.size())
      << r.out;
  EXPECT_NE(r.out.find("kalah "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2x6, stores sown"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2x12, stores captures  Gambela, Ethiopia; South Sudan"), std::string::npos)
      << r.out;
  ToolRun j = run_tool({"games", "--format", "json"});
  EXPECT_EQ(j.status, 0);
  EXPECT_TRUE(is_json(j.out)) << j.out;
  EXPECT_NE(j.out.find("\"name\": \"oware\""), std::string::npos) << j.out;
  EXPECT_EQ(run_tool({"games", "extra"}).status, 2);
}

TEST(CliTest, RulesFromStandardInput) {
  fs::path dir = temp_file("stdin");
  fs::create_directories(dir);
  std::ofstream(dir / "local.mnc") << "fragment local_rule { extra_turn }\n";
  std::string game = read_text(fs::path(kSourceDir) / "games" / "kalah.mnc");
  ToolRun check = run_tool_in(dir.string(), {"check", "-"}, &game);
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_EQ(check.out, "<stdin>: ok: game \"Kalah\"\n");
  for (const char* stage : {"ast", "checked"}) {
    ToolRun dump = run_tool_in(dir.string(), {"dump", "--stage", stage, "-"}, &game);
    EXPECT_EQ(dump.status, 0) << stage << dump.err;
    EXPECT_FALSE(dump.out.empty());
  }
  ToolRun describe = run_tool_in(dir.string(), {"describe", "-"}, &game);
  EXPECT_EQ(describe.status, 0) << describe.err;
  // Imports are looked for in the current directory; errors name <stdin>.
  std::string uses_local = "import \"local\"\nfragment f { use local_rule }\n";
  EXPECT_EQ(run_tool_in(dir.string(), {"check", "-"}, &uses_local).status, 0);
  std::string bad = "fragment f { stopp }\n";
  ToolRun err = run_tool_in(dir.string(), {"check", "-"}, &bad);
  EXPECT_EQ(err.status, 1);
  EXPECT_EQ(err.err.rfind("<stdin>:1:14: error:", 0), 0u) << err.err;
  // With a byte-order mark.
  std::string bom = "\xEF\xBB\xBF" + game;
  EXPECT_EQ(run_tool_in(dir.string(), {"check", "-"}, &bom).status, 0);
  fs::remove_all(dir);
}

TEST(CliTest, MissingFileFails) {
  ToolRun r = run_tool({"check", "no/such/file.mnc"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("no/such/file.mnc"), std::string::npos) << r.err;
  ToolRun j = run_tool({"check", "--format", "json", "no/such/file.mnc"});
  EXPECT_EQ(j.status, 1);
  EXPECT_TRUE(is_json(j.out)) << j.out;
}

TEST(CliTest, OverridesReachTheChecker) {
  ToolRun ok = run_tool({"check", "--set", "holes=4", "games/kalah.mnc"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  ToolRun too_big = run_tool({"check", "--set", "holes=99", "games/kalah.mnc"});
  EXPECT_EQ(too_big.status, 1) << too_big.err;
  ToolRun dump4 = run_tool({"dump", "--stage", "checked", "--set", "holes=4", "games/kalah.mnc"});
  ToolRun dump6 = run_tool({"dump", "--stage", "checked", "games/kalah.mnc"});
  EXPECT_EQ(dump4.status, 0);
  EXPECT_NE(dump4.out, dump6.out);
}

// ---- dump

TEST(CliTest, DumpEveryStage) {
  for (const std::string& f : list_files("games", ".mnc")) {
    for (const char* stage : {"ast", "checked", "pipeline"}) {
      ToolRun r = run_tool({"dump", "--stage", stage, f});
      EXPECT_EQ(r.status, 0) << f << " " << stage << "\n" << r.err;
      EXPECT_FALSE(r.out.empty()) << f << " " << stage;
    }
  }
  ToolRun lib = run_tool({"dump", "--stage", "checked", "stdlib/captures.mnc"});
  EXPECT_EQ(lib.status, 1);
  EXPECT_NE(lib.err.find("defines no game"), std::string::npos) << lib.err;
  EXPECT_EQ(run_tool({"dump", "--stage=ast", "stdlib/captures.mnc"}).status, 0);
}

// ---- perft and replay

TEST(CliTest, PerftCountsKalah) {
  ToolRun r = run_tool({"perft", "games/kalah.mnc", "--depth", "1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("6"), std::string::npos) << r.out;
  ToolRun j = run_tool({"perft", "games/kalah.mnc", "--depth", "3", "--format", "json"});
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_TRUE(is_json(j.out)) << j.out;
  EXPECT_NE(j.out.find("\"leaves\":[6,"), std::string::npos) << j.out;
}

TEST(CliTest, ReplayIllegalMoveNamesPlyAndLegalMoves) {
  // Kalah: south 3 ends in the store (extra turn); south 7 is no hole.
  ToolRun r = run_tool({"replay", "games/kalah.mnc", "--moves", "3,7", "--format", "jsonl"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_TRUE(is_json(r.out)) << r.out;
  EXPECT_NE(r.err.find("ply 2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1, 2, 4, 5, 6"), std::string::npos) << r.err;
  ToolRun bad_word = run_tool({"replay", "games/kalah.mnc", "--moves", "3,x"});
  EXPECT_EQ(bad_word.status, 2) << bad_word.err;
  ToolRun text = run_tool({"replay", "games/kalah.mnc", "--moves", "3,1"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("ply 2"), std::string::npos) << text.out;
}

// A four-row board as people and scripts see it: replay's text draws the
// four rows as South sees them, the JSON position gives each player's front
// and back rows from the player's left, the terminal board names each
// hole, and moves name the row and the hole from the mover's left (f3,
// b3; a ring number is refused).
TEST(CliTest, FourRowBoardsAreShownRowByRow) {
  fs::path file = temp_file("four.mnc");
  std::ofstream(file) << R"(game "Four" {
  board  { rows 4  holes 4  stores captures  marks taken }
  setup  { seeds 2 }
  moves  { from own holes where count(hole) >= 2 }
  sowing { direction ccw  relay landing  endless illegal }
  on lap_end when front(here) and count(here) > 1 and count(opposite(here)) > 0 {
    capture opposite(here) to mover
    capture behind(opposite(here)) to mover
    mark here as taken
    stop
  }
  end { when not can_move(south) or not can_move(north)  winner most store }
}
)";
  // South's back hole 4 sows front holes 4 and 3 (from the left); the last
  // makes 3 and takes North's facing front hole 2 and the back hole behind.
  ToolRun text = run_tool({"replay", file.string(), "--moves", "b4"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("  north back     2    2    0    2  store 0\n"
                          "  north front    2    2    0    2\n"
                          "  south front    2    2    3    3\n"
                          "  south back     2    2    2    0  store 4\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("ply 1: south plays b4\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  marks taken Sf3 (south)\n"), std::string::npos) << text.out;
  ToolRun json = run_tool({"replay", file.string(), "--moves", "b4", "--format", "jsonl"});
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"board\":{\"south\":{\"front\":[2,2,3,3],\"back\":[2,2,2,0]},"
                          "\"north\":{\"front\":[2,0,2,2],\"back\":[2,0,2,2]}}"),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"mover\":\"south\",\"move\":\"b4\","), std::string::npos) << json.out;
  // North's front hole 3 from North's left (its ring number 6, the second
  // column as South sees it) sows f2 and f1, and f1 takes South's facing
  // front hole. Then a hole of South's, not North's to play.
  ToolRun front = run_tool({"replay", file.string(), "--moves", "b4,f3"});
  EXPECT_EQ(front.status, 0) << front.err;
  EXPECT_NE(front.out.find("ply 2: north plays f3\n"), std::string::npos) << front.out;
  EXPECT_NE(front.out.find("  marks taken Sf3 (south), Nf1 (north)\n"), std::string::npos)
      << front.out;
  EXPECT_NE(front.out.find("  north front    2    0    1    3\n"
                           "  south front    2    2    3    0\n"),
            std::string::npos)
      << front.out;
  ToolRun other = run_tool({"replay", file.string(), "--moves", "b4,ob4"});
  EXPECT_EQ(other.status, 1);
  EXPECT_NE(other.err.find("north cannot play ob4; legal moves: b1, b3, b4, f4, f3, f1"),
            std::string::npos)
      << other.err;
  ToolRun ring = run_tool({"replay", file.string(), "--moves", "b4,12"});
  EXPECT_EQ(ring.status, 2);
  EXPECT_NE(ring.err.find("--moves: move 2 is '12': on a four-row board a move names its row: "
                          "f3 or b3"),
            std::string::npos)
      << ring.err;
  ToolRun play = run_tool(
      {"play", file.string(), "--south", "random", "--north", "random", "--max-plies", "1"});
  EXPECT_NE(play.out.find("     b4  b3  b2  b1\n"), std::string::npos) << play.out;
  EXPECT_NE(play.out.find("     f4  f3  f2  f1\n   ----------------\n     f1  f2  f3  f4\n"),
            std::string::npos)
      << play.out;
  EXPECT_NE(play.out.find("     b1  b2  b3  b4\n   South"), std::string::npos) << play.out;
  // The game's move, named as replay reads it, in the narration.
  size_t sowed = play.out.find("1. South sowed hole ");
  ASSERT_NE(sowed, std::string::npos) << play.out;
  std::string move = play.out.substr(sowed + 20, 2);
  EXPECT_TRUE(move[0] == 'b' || move[0] == 'f') << play.out;
  EXPECT_EQ(run_tool({"replay", file.string(), "--moves", move}).status, 0) << move;
  // A record keeps the names, and replays.
  fs::path record = temp_file("four_record.yaml");
  ToolRun recorded = run_tool({"play", file.string(), "--south", "random", "--north", "random",
                               "--max-plies", "6", "--quiet", "--record", record.string()});
  std::string kept = read_text(record);
  EXPECT_NE(kept.find("\"ply\":1,\"mover\":\"south\",\"move\":\""), std::string::npos) << kept;
  EXPECT_EQ(kept.find("\"move\":1"), std::string::npos) << kept;  // never a ring number
  ToolRun again = run_tool({"replay", "--record", record.string()});
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("all 6 positions reproduced"), std::string::npos) << again.err;
  fs::remove(record);
  ToolRun describe = run_tool({"describe", file.string()});
  EXPECT_NE(describe.out.find("Board: 4 rows of 4 holes, two rows a player"), std::string::npos)
      << describe.out;
  fs::remove(file);
}

// describe says where a relay turns the laps (`relay into H ccw`), and
// names four-row moves by row.
TEST(CliTest, DescribeSaysWhereARelayTurnsTheLaps) {
  ToolRun d = run_tool({"describe", kSourceDir + "/games/igisoro.mnc"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("every lap from there on going counter-clockwise"), std::string::npos)
      << d.out;
  EXPECT_NE(d.out.find("moves such as f3ccw and f3cw"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("follow the lap's direction"), std::string::npos) << d.out;
}

// describe names an expression fragment where it is used and defines it
// once at the end (Bao la Kujifunza's `takes` and `bare`); narration, which
// a player reads at the end of a game, still spells the condition out.
TEST(CliTest, DescribeNamesFragmentsAndDefinesThemOnce) {
  ToolRun d = run_tool({"describe", kSourceDir + "/games/bao_la_kujifunza.mnc"});
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_NE(d.out.find("if `bare`(the mover):\n  - sowing stops"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("- when `bare`(the opponent) (the mover wins)"), std::string::npos) << d.out;
  size_t defs = d.out.find("Named conditions and values (fragments of the rule file):\n");
  ASSERT_NE(defs, std::string::npos) << d.out;
  std::string tail = d.out.substr(defs);
  EXPECT_NE(tail.find("- `bare`(`p`): for every hole `h` of `p`'s row where `h` is in a front row: "
                      "`h` is empty\n"),
            std::string::npos)
      << tail;
  EXPECT_EQ(tail.find("- `bare`"), tail.rfind("- `bare`")) << "defined once";
  ToolRun play = run_tool({"play", kSourceDir + "/games/bao_la_kujifunza.mnc", "--south", "greedy",
                           "--north", "greedy", "--quiet"});
  EXPECT_EQ(play.status, 0) << play.err;
  EXPECT_EQ(play.out.find("`bare`"), std::string::npos) << play.out;
}

// The reference games of tests/reference/NAME.jsonl, each replayed through
// games/NAME.mnc.
std::vector<std::string> reference_games() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(kSourceDir) / "tests" / "reference")) {
    if (entry.path().extension() == ".jsonl") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The value of `"key":` in one record line, up to the next ',' or '}'.
std::string field(const std::string& line, const std::string& key) {
  size_t at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return "";
  at += key.size() + 3;
  size_t end = line.find_first_of(",}", at);
  std::string v = line.substr(at, end - at);
  if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
  return v;
}

class ReplayReference : public ::testing::TestWithParam<std::string> {};

TEST_P(ReplayReference, ReproducesEveryLine) {
  const std::string& name = GetParam();
  std::string rules = "games/" + name + ".mnc";
  std::istringstream in(
      read_text(fs::path(kSourceDir) / "tests" / "reference" / (name + ".jsonl")));
  std::map<int, std::vector<std::string>> games;  // game index -> lines
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) games[std::stoi(field(line, "game"))].push_back(line);
  }
  ASSERT_FALSE(games.empty());
  for (const auto& [index, lines] : games) {
    std::string moves;
    for (const std::string& line : lines) moves += (moves.empty() ? "" : ",") + field(line, "move");
    ToolRun r = run_tool({"replay", rules, "--moves", moves, "--format", "jsonl", "--game-index",
                          std::to_string(index)});
    EXPECT_EQ(r.status, 0) << name << " game " << index << "\n" << r.err;
    std::istringstream got(r.out);
    std::string line;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!std::getline(got, line)) line = "<no line>";
      ASSERT_EQ(line, lines[i]) << name << " game " << index << " ply " << i + 1;
    }
    EXPECT_FALSE(std::getline(got, line)) << "extra output: " << line;
  }
}

INSTANTIATE_TEST_SUITE_P(Reference, ReplayReference, ::testing::ValuesIn(reference_games()),
                         [](const auto& info) { return info.param; });

}  // namespace
