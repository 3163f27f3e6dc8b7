// A shipped game loaded for a test, with settings overridden as
// `--set KEY=VALUE` does (games/NAME.mnc): a failure to load is a test
// failure, with the diagnostics, and a null result.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "check.hpp"
#include "compile.hpp"

namespace mancala::test {

inline std::shared_ptr<const Rules> load_game(
    const std::string& game, std::vector<std::pair<std::string, int64_t>> overrides = {}) {
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.overrides = std::move(overrides);
  CheckResult r = check_file(MANCALA_SOURCE_DIR "/games/" + game + ".mnc", sources, diags, options);
  if (!r.ok || !r.game) {
    ADD_FAILURE() << render_text(diags, sources);
    return nullptr;
  }
  return compile(*r.game);
}

}  // namespace mancala::test
