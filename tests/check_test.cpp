// The check stage through its public API (check.hpp).
//
// The failing files live in tests/diagnostics (diagnostics_test.cpp); this
// file checks what a successful check produces: every shipped game and
// stdlib file checks clean, `extends` merges by the rules of the spec,
// fragments expand with renamed locals, overrides apply and are
// range-checked, imports resolve through the FileSystem, and the dump of a
// checked game is stable; and, across files, what the checker makes of a
// tree that syntax errors left partial (the Recovery tests). Games and stdlib files are found by
// listing their folders, so a new game is tested without an edit here.
#include "check.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "builtins.hpp"
#include "parse.hpp"

namespace mancala {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = MANCALA_SOURCE_DIR;

std::vector<std::string> rule_files(const char* folder) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kRoot / folder)) {
    if (e.path().extension() == ".mnc") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class ShippedFile : public testing::TestWithParam<std::string> {};

TEST_P(ShippedFile, ChecksWithoutDiagnostics) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(GetParam(), sources, diags);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(render_text(diags, sources), "");
  bool is_game = GetParam().find("/games/") != std::string::npos;
  EXPECT_EQ(r.game.has_value(), is_game);
}

std::vector<std::string> shipped() {
  std::vector<std::string> out = rule_files("games");
  for (const std::string& s : rule_files("stdlib")) out.push_back(s);
  return out;
}

INSTANTIATE_TEST_SUITE_P(GamesAndStdlib, ShippedFile, testing::ValuesIn(shipped()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           fs::path p(info.param);
                           std::string name =
                               p.parent_path().filename().string() + "_" + p.stem().string();
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

constexpr const char* kBase = R"(import "captures"
game "Base" {
  info { source "a"  region "b" }
  board { rows 2  holes 6  stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1  forbid when number(hole) == 1 }
  sowing { relay landing  skip origin }
  on sow_end as cap { use count_capture(2, 3) }
  on sow_end { extra_turn }
  on drop as d { capture here to mover }
  end { when empty_row  winner most store }
}
)";

struct Checked {
  CheckResult result;
  std::string text;  // rendered diagnostics
  std::string dump;
};

Checked check_memory(const std::string& main, const MemoryFileSystem& fs,
                     std::vector<std::pair<std::string, int64_t>> overrides = {}) {
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &fs;
  options.overrides = std::move(overrides);
  Checked c;
  c.result = check_file(main, sources, diags, options);
  c.text = render_text(diags, sources);
  if (c.result.game) c.dump = dump(*c.result.game, sources);
  return c;
}

TEST(Extends, VariantClausesReplaceAndHandlersMerge) {
  MemoryFileSystem fs;
  fs.add("dir/base.mnc", kBase);
  fs.add("dir/variant.mnc", R"(import "base"
game "Variant" extends "Base" {
  info { source "c" }
  board { holes 4 }
  sowing { skip when count(here) > 10 }
  on sow_end as cap { use count_capture(4, 5) }
  on lap_end { stop }
}
)");
  Checked c = check_memory("dir/variant.mnc", fs);
  ASSERT_TRUE(c.result.ok) << c.text;
  const GameSpec& g = c.result.game->spec;
  EXPECT_EQ(g.name, "Variant");
  EXPECT_EQ(g.holes, 4);
  EXPECT_EQ(g.seeds, 4);
  EXPECT_EQ(g.stores, StoreKind::Captures);
  ASSERT_EQ(g.info.size(), 2u);
  EXPECT_EQ(g.info[0], (std::pair<std::string, std::string>{"source", "c"}));
  EXPECT_EQ(g.info[1], (std::pair<std::string, std::string>{"region", "b"}));
  EXPECT_EQ(g.relay, RelayKind::Landing);
  EXPECT_TRUE(g.skip_origin);
  EXPECT_TRUE(g.skip_when.has_value());
  EXPECT_EQ(g.forbid.size(), 1u);
  const auto& sow_end = g.handlers[static_cast<size_t>(Event::SowEnd)];
  ASSERT_EQ(sow_end.size(), 2u);
  EXPECT_EQ(sow_end[0].name, "cap");  // replaced in place
  EXPECT_EQ(sow_end[0].body[0].body[0].value->value, 4);
  EXPECT_EQ(sow_end[1].name, "");
  EXPECT_EQ(g.handlers[static_cast<size_t>(Event::LapEnd)].size(), 1u);
  EXPECT_EQ(g.handlers[static_cast<size_t>(Event::Drop)].size(), 1u);
}

// A variant removes a base's handler by replacing it with an empty one: a
// handler with no `when` and an empty block is left out of the game, so a
// drop handler removed so costs the sowing loop nothing.
TEST(Extends, AnEmptyHandlerRemovesTheBasesHandler) {
  MemoryFileSystem fs;
  fs.add("base.mnc", kBase);
  fs.add("v.mnc", R"(import "base"
game "V" extends "Base" {
  on drop as d { }
  on sow_end as cap { }
  on lap_end when count(here) > 2 { }
}
)");
  Checked c = check_memory("v.mnc", fs);
  ASSERT_TRUE(c.result.ok) << c.text;
  const GameSpec& g = c.result.game->spec;
  EXPECT_TRUE(g.handlers[static_cast<size_t>(Event::Drop)].empty());
  const auto& sow_end = g.handlers[static_cast<size_t>(Event::SowEnd)];
  ASSERT_EQ(sow_end.size(), 1u);
  EXPECT_EQ(sow_end[0].name, "");  // the unnamed extra_turn is kept
  // A condition is kept: it may ask the mover a question.
  EXPECT_EQ(g.handlers[static_cast<size_t>(Event::LapEnd)].size(), 1u);
}

// `store 0` puts no seed in a store, so a board without stores allows it:
// a variant undoes its base's `store N` so (`store 1` stays an error).
TEST(Extends, StoreZeroUndoesTheBasesStoreOnABoardWithout) {
  MemoryFileSystem fs;
  fs.add("base.mnc", R"(game "Base" {
  board { rows 2  holes 3  stores captures }
  setup { seeds 1  store 2 }
  moves { from own holes where count(hole) >= 1 }
  end { when no moves  winner survivor }
}
)");
  fs.add(
      "v.mnc",
      "import \"base\"\ngame \"V\" extends \"Base\" { board { stores none } setup { store 0 } }\n");
  fs.add(
      "w.mnc",
      "import \"base\"\ngame \"W\" extends \"Base\" { board { stores none } setup { store 1 } }\n");
  Checked v = check_memory("v.mnc", fs);
  ASSERT_TRUE(v.result.ok) << v.text;
  EXPECT_EQ(v.result.game->spec.store_seeds, 0);
  Checked w = check_memory("w.mnc", fs);
  EXPECT_FALSE(w.result.ok);
  EXPECT_NE(w.text.find("'store' puts seeds in the stores, and this board has none"),
            std::string::npos)
      << w.text;
}

TEST(Extends, EndSectionIsReplacedWhole) {
  MemoryFileSystem fs;
  fs.add("base.mnc", kBase);
  fs.add("v.mnc", R"(import "base"
game "V" extends "Base" { end { stalemate 10 moves without capture draw  winner most store } }
)");
  Checked c = check_memory("v.mnc", fs);
  ASSERT_TRUE(c.result.ok) << c.text;
  const GameSpec& g = c.result.game->spec;
  ASSERT_EQ(g.end.size(), 1u);
  EXPECT_EQ(g.end[0].kind, EndKind::Stalemate);
  EXPECT_EQ(g.end[0].count, 10);
  EXPECT_TRUE(g.end[0].draw);
  EXPECT_EQ(g.end[0].label, "stalemate");
}

TEST(Fragments, ExpansionBindsParametersAndRenamesLocals) {
  MemoryFileSystem fs;
  fs.add("g.mnc", R"(fragment take(n: int) {
  let k = n + 1
  if count(here) == k { capture here to mover }
}
game "G" {
  board { rows 2  holes 6  stores captures }
  setup { seeds 4 }
  moves { from own holes }
  on sow_end {
    let k = 2
    use take(k)
    k = 3
  }
  end { when empty_row  winner most store }
}
)");
  Checked c = check_memory("g.mnc", fs);
  ASSERT_TRUE(c.result.ok) << c.text;
  EXPECT_NE(c.dump.find("on sow_end\n"
                        "  let k = 2\n"
                        "  use take\n"
                        "    let n@take = k\n"
                        "    let k@take = (n@take + 1)\n"
                        "    if (count(here) == k@take)\n"
                        "      capture here to mover\n"
                        "  k = 3\n"),
            std::string::npos)
      << c.dump;
}

TEST(Check, LibraryFileHasNoGame) {
  MemoryFileSystem fs;
  fs.add("lib.mnc", "fragment f(h: hole) { capture h to owner(h) }\n");
  Checked c = check_memory("lib.mnc", fs);
  EXPECT_TRUE(c.result.ok) << c.text;
  EXPECT_FALSE(c.result.game.has_value());
}

TEST(Check, OverridesApplyAndAreChecked) {
  MemoryFileSystem fs;
  fs.add("base.mnc", kBase);
  Checked c = check_memory("base.mnc", fs, {{"holes", 4}, {"seeds", 3}});
  ASSERT_TRUE(c.result.ok) << c.text;
  EXPECT_EQ(c.result.game->spec.holes, 4);
  EXPECT_EQ(c.result.game->spec.seeds, 3);

  c = check_memory("base.mnc", fs, {{"hole", 4}, {"seeds", 2000}});
  EXPECT_FALSE(c.result.ok);
  EXPECT_EQ(c.text,
            "<command line>:1:1: error: unknown setting 'hole' for --set; expected holes or seeds; "
            "did you mean 'holes'?\n"
            "hole=4 seeds=2000\n"
            "^~~~~~\n"
            "<command line>:1:8: error: seeds must be between 0 and 1000, got 2000\n"
            "hole=4 seeds=2000\n"
            "       ^~~~~~~~~~\n");
}

TEST(Check, ImportsResolveRelativeFirstThenStdlib) {
  MemoryFileSystem fs;
  // A local captures.mnc shadows the stdlib one.
  fs.add("d/captures.mnc", "fragment mine { extra_turn }\n");
  fs.add("d/g.mnc", std::string("import \"captures.mnc\"\n") + R"(game "G" {
  board { rows 2  holes 6  stores captures }
  setup { seeds 4 }
  moves { from own holes }
  on sow_end { use mine }
  end { when empty_row  winner most store }
}
)");
  Checked c = check_memory("d/g.mnc", fs);
  EXPECT_TRUE(c.result.ok) << c.text;
}

TEST(Check, ShippedGamesAreFoundByNameFromAnywhere) {
  MemoryFileSystem fs;  // empty: no games/ folder beside the file
  fs.add("elsewhere/mine.mnc",
         "import \"kalah\"\ngame \"Mine\" extends \"Kalah\" { board { holes 4 } }\n");
  Checked c = check_memory("elsewhere/mine.mnc", fs);
  EXPECT_TRUE(c.result.ok) << c.text;
  ASSERT_TRUE(c.result.game);
  EXPECT_EQ(c.result.game->spec.holes, 4);
  // A RULES argument that is not a file names a shipped game, in any case.
  for (const char* name : {"kalah", "Kalah", "kalah.mnc", "oware"}) {
    Checked g = check_memory(name, fs);
    EXPECT_TRUE(g.result.ok) << name << "\n" << g.text;
  }
  // A file of that name comes first.
  fs.add("kalah", "fragment f { stop }\n");
  Checked local = check_memory("kalah", fs);
  EXPECT_TRUE(local.result.ok);
  EXPECT_FALSE(local.result.game);
  Checked missing = check_memory("kalaj", fs);
  EXPECT_NE(missing.text.find(
                "cannot read 'kalaj': no such file, nor a shipped game; did you mean 'kalah'?"),
            std::string::npos)
      << missing.text;
  ASSERT_FALSE(shipped_games().empty());
  EXPECT_EQ(shipped_games().size(), rule_files("games").size());
  EXPECT_EQ(find_shipped_game("KALAH")->source_name, "<games>/kalah.mnc");
}

TEST(Check, ByteOrderMarkIsAccepted) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_text(
      "bom.mnc", "\xEF\xBB\xBFimport \"captures\"\nfragment f { use opposite_capture }\n", sources,
      diags);
  EXPECT_TRUE(r.ok) << render_text(diags, sources);
}

TEST(Check, WhileTrueIsAWarningNotAnError) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r =
      check_text("w.mnc", "fragment f { let i = 0  while true { i = i + 1 } }\n", sources, diags);
  EXPECT_TRUE(r.ok);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].severity, Severity::Warning);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(render_text(diags, sources).rfind("w.mnc:1:31: warning: this while loop never ends", 0),
            0u)
      << render_text(diags, sources);
  Diagnostics fine;
  EXPECT_TRUE(
      check_text("w.mnc", "fragment f { let i = 0  while i < 3 { i = i + 1 } }\n", sources, fine)
          .ok);
  EXPECT_TRUE(fine.all().empty());
}

TEST(Check, CheckTextUsesTheGivenName) {
  SourceSet sources;
  Diagnostics diags;
  MemoryFileSystem fs;
  CheckOptions options;
  options.fs = &fs;
  CheckResult r = check_text("mem.mnc", "fragment f { stop }\n", sources, diags, options);
  EXPECT_TRUE(r.ok);
  r = check_text("mem.mnc", "fragment f { stopp }\n", sources, diags, options);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(sources.get(diags.all()[0].range.file).name, "mem.mnc");
}

TEST(DiskFileSystem, RefusesLargeFilesDirectoriesAndMissingFiles) {
  fs::path dir = fs::temp_directory_path() / "mancala_check_test";
  fs::create_directories(dir);
  fs::path big = dir / "big.mnc";
  {
    std::ofstream out(big, std::ios::binary);
    out << std::string((1u << 20) + 1, '#');
  }
  DiskFileSystem disk;
  EXPECT_FALSE(disk.read(big.string()));
  EXPECT_EQ(disk.read_error(big.string()), "it is larger than 1 MiB (1048577 bytes)");
  EXPECT_EQ(disk.read_error(dir.string()), "it is a directory");
  EXPECT_EQ(disk.read_error((dir / "none.mnc").string()), std::nullopt);

  SourceSet sources;
  Diagnostics diags;
  check_file(big.string(), sources, diags);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].message,
            "cannot read '" + big.string() + "': it is larger than 1 MiB (1048577 bytes)");
  Diagnostics missing;
  check_file((dir / "none.mnc").string(), sources, missing);
  ASSERT_EQ(missing.all().size(), 1u);
  EXPECT_EQ(missing.all()[0].message,
            "cannot read '" + (dir / "none.mnc").string() + "': no such file");
  fs::remove_all(dir);
}

TEST(Check, DumpIsStable) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file((kRoot / "games" / "kalah.mnc").string(), sources, diags);
  ASSERT_TRUE(r.ok);
  std::string once = dump(*r.game, sources);
  SourceSet sources2;
  CheckResult r2 = check_file((kRoot / "games" / "kalah.mnc").string(), sources2, diags);
  EXPECT_EQ(once, dump(*r2.game, sources2));
  EXPECT_NE(once.find("game \"Kalah\"\n"), std::string::npos);
  EXPECT_NE(once.find("stores sown\n"), std::string::npos);
  EXPECT_NE(once.find("on sow_end as extra when is_store(here)\n  extra_turn\n"),
            std::string::npos);
}

TEST(Builtins, TablesAreConsistent) {
  for (const BuiltinName& n : builtin_names()) {
    EXPECT_EQ(find_name(n.name), &n);
    EXPECT_NE(n.contexts & ctx(Context::Fragment), 0u) << n.name;
    EXPECT_FALSE(is_keyword(n.name)) << n.name;
  }
  for (const BuiltinFunction& f : builtin_functions()) {
    EXPECT_EQ(find_function(f.name), &f);
    EXPECT_LE(f.min_args, f.params.size());
  }
  for (const EventInfo& e : events()) {
    EXPECT_STREQ(event_name(e.event), std::string(e.name).c_str());
  }
  EXPECT_TRUE(is_keyword("while"));
  EXPECT_FALSE(is_keyword("holes"));
}

}  // namespace
}  // namespace mancala

namespace mancala {
namespace {

// Extending a shipped game without importing it says how to import it.
TEST(Check, ExtendingAShippedGameWithoutImportSaysToImportIt) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_text("user.mnc", "game \"X\" extends \"Kalah\" { board { holes 4 } }\n",
                             sources, diags);
  EXPECT_FALSE(r.ok);
  std::string text = render_text(diags, sources);
  EXPECT_NE(text.find("unknown base game 'Kalah'"), std::string::npos) << text;
  EXPECT_NE(text.find("import it first with import \"kalah\""), std::string::npos) << text;
}

// ---- after syntax errors: the items that parsed are checked, and what was
// left out is not called missing or unknown (docs/diagnostics.md, Syntax).

std::vector<std::string> messages(const std::string& main, const MemoryFileSystem& fs) {
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &fs;
  CheckResult r = check_file(main, sources, diags, options);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.game.has_value());
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.all()) out.push_back(d.message);
  return out;
}

constexpr const char* kSections = R"(
  board { rows 2  holes 6  stores captures }
  setup { seeds 4 }
  moves { from own holes where count(hole) >= 1 }
  end { when empty_row  winner most store }
)";

TEST(Recovery, ABrokenImportHidesUnknownFragmentsNotOtherErrors) {
  MemoryFileSystem fs;
  fs.add("main.mnc", std::string("import captures\ngame \"T\" {") + kSections +
                         "  on sow_end { use opposite_capture }\n"
                         "  on sow_end when count(her) > 0 { extra_turn }\n}\n");
  EXPECT_EQ(
      messages("main.mnc", fs),
      (std::vector<std::string>{"expected a file name in quotes after 'import', got 'captures'",
                                "unknown name 'her'; did you mean 'here'?"}));
}

TEST(Recovery, AFragmentBrokenInAnImportedFileIsNotUnknown) {
  MemoryFileSystem fs;
  fs.add("lib.mnc", "fragment bonus(n: itn) { leave n }\nfragment other { stop }\n");
  fs.add("main.mnc", std::string("import \"lib\"\ngame \"T\" {") + kSections +
                         "  on pickup { use bonus(1) }\n"
                         "  on drop { use othr }\n}\n");
  EXPECT_EQ(messages("main.mnc", fs),
            (std::vector<std::string>{
                "unknown fragment 'othr'; did you mean 'other'?",  // main.mnc comes first
                "expected a type (int, bool, hole or player) after ':', got 'itn'; did you mean "
                "'int'?"}));
}

TEST(Recovery, ASectionLostInABaseOrAVariantIsNotMissing) {
  MemoryFileSystem fs;
  fs.add("base.mnc",
         "game \"Base\" {\n"
         "  board { rows 2  holes 6  stores captures }\n"
         "  setup { seeds 4 }\n"
         "  moves { from own holes where count(hole) >= 1 }\n"
         "  end { when empty_row  winner most stores }\n"
         "}\n");
  fs.add("variant.mnc", "import \"base\"\ngame \"V\" extends \"Base\" {\n  setup { seeds x }\n}\n");
  EXPECT_EQ(messages("variant.mnc", fs),
            (std::vector<std::string>{"expected a number after 'seeds', got 'x'",
                                      "expected store or rounds after 'most', got 'stores'"}));
  // The other way round: a base without an end section, and the variant's is broken.
  fs.add("open.mnc",
         "game \"Open\" {\n"
         "  board { rows 2  holes 6  stores captures }\n"
         "  setup { seeds 4 }\n"
         "  moves { from own holes where count(hole) >= 1 }\n"
         "}\n");
  fs.add("closed.mnc",
         "import \"open\"\ngame \"C\" extends \"Open\" {\n  end { winner most }\n}\n");
  EXPECT_EQ(messages("closed.mnc", fs),
            (std::vector<std::string>{"expected store or rounds after 'most', got '}'"}));
}

TEST(Recovery, AMissingSectionIsStillReportedBesideABrokenOne) {
  MemoryFileSystem fs;
  fs.add("main.mnc",
         "game \"T\" {\n"
         "  board { rows 2  holes six  stores captures }\n"
         "  setup { seeds 4 }\n"
         "  moves { from own holes where count(hole) >= 1 }\n"
         "}\n");
  EXPECT_EQ(messages("main.mnc", fs),
            (std::vector<std::string>{"missing end section",
                                      "expected a number after 'holes', got 'six'"}));
}

}  // namespace
}  // namespace mancala
