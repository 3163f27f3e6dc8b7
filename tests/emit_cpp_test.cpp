// The C++ that `mancala compile --emit cpp` writes stays well formed
// whatever a rule file's name or path holds (both are untrusted): a game's
// name is an escaped string literal, and a comment keeps to its line. The
// code itself is built and played for every shipped game by
// tests/invariants_test.cpp (CompiledCode.*, GameInvariants).
#include "emit_cpp.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "check.hpp"
#include "compile.hpp"

namespace mancala {
namespace {

TEST(EmitCpp, NamesAndPathsCannotBreakTheUnit) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult r = check_file(MANCALA_SOURCE_DIR "/games/kalah.mnc", sources, diags);
  ASSERT_TRUE(r.ok && r.game);
  Rules rules = *compile(*r.game);
  rules.name = "a \"b\" c\\";
  const EmitGame game{"dir\nzzpath\\", &rules};
  std::string text = emit_cpp(std::span<const EmitGame>(&game, 1), "table");
  EXPECT_NE(text.find("// a \"b\" c\\ (dir\\x0azzpath\\)\nnamespace g0 {"), std::string::npos)
      << text.substr(0, 400);
  EXPECT_NE(text.find("{\"a \\\"b\\\" c\\\\\", 0x"), std::string::npos);
  EXPECT_NE(text.find("std::span<const NativeCode> table() {"), std::string::npos);
  // Every line outside a function body is a comment, a directive, blank,
  // or C++ the emitter wrote: no line starts with what the path held.
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) EXPECT_NE(line.rfind("zzpath", 0), 0u) << line;
}

}  // namespace
}  // namespace mancala
