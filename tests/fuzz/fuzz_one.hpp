// One fuzz input, end to end: bytes -> check -> compile -> C++ -> a few plies.
//
// The body lives in this header so that the libFuzzer target
// (fuzz_target.cpp) and the GoogleTest replay of the corpus
// (tests/fuzz_corpus_test.cpp) run exactly the same code: a crash found by
// the fuzzer stays a failing test once its reproducer is saved. Files are
// read through an empty in-memory FileSystem, so an `import` can reach only
// the embedded standard library, never the disk. Moves are chosen from the
// input's own bytes, so a run is deterministic. Beyond "does not crash",
// it checks the runtime's contract on every ply: the position is valid
// (seeds conserved), the legal moves are ascending and unique, and
// random_legal_move draws one of them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "check.hpp"
#include "compile.hpp"
#include "diagnostics.hpp"
#include "emit_cpp.hpp"
#include "parse.hpp"
#include "runtime.hpp"

namespace mancala::fuzz {

inline constexpr int kPlies = 24;

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

// Plays up to kPlies moves, picking each from `data` (cycled).
inline void play_some(const Rules& rules, const uint8_t* data, size_t size) {
  State state = initial_state(rules);
  History history;
  for (int ply = 0; ply < kPlies && !state.over; ++ply) {
    if (std::string bad = validate(rules, state); !bad.empty()) fail("validate", bad);
    MoveList moves = legal_moves(rules, state);
    if (moves.empty()) fail("legal_moves", "no moves in a game that is not over");
    for (int i = 1; i < moves.size(); ++i) {
      if (!(moves[i - 1] < moves[i])) fail("legal_moves", "not ascending and unique");
    }
    size_t pick = size == 0 ? 0 : data[(ply * 7) % size];
    try {
      Rng rng(pick);
      if (!moves.contains(random_legal_move(rules, state, rng))) {
        fail("random_legal_move", "drew a move that legal_moves does not list");
      }
      apply(rules, state, moves[static_cast<int>(pick % moves.size())], nullptr, &history);
    } catch (const RuntimeError&) {
      return;  // a rule file may misbehave at run time; that is reported, not a crash
    }
  }
  if (std::string bad = validate(rules, state); !bad.empty()) fail("validate", bad);
}

inline void fuzz_one(const uint8_t* data, size_t size) {
  static const MemoryFileSystem no_files;
  std::string text(reinterpret_cast<const char*>(data), size);
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &no_files;
  CheckResult result = check_text("fuzz.mnc", text, sources, diags, options);
  (void)render_text(diags, sources, true);
  (void)render_json(diags, sources);
  if (result.ok != !diags.has_errors()) fail("check", "ok disagrees with the diagnostics");

  SourceSet alone;
  Diagnostics parse_diags;
  uint32_t id = alone.add("fuzz.mnc", std::move(text));
  if (std::optional<ast::File> file = parse(alone, id, parse_diags)) {
    (void)ast::dump(*file, alone);
  }
  if (!result.ok || !result.game) return;
  (void)dump(*result.game, sources);
  std::shared_ptr<const Rules> rules = compile(*result.game);
  (void)dump_pipeline(*rules);
  const EmitGame game{"fuzz.mnc", rules.get()};  // throws on code it cannot translate
  (void)emit_cpp(std::span<const EmitGame>(&game, 1), "compiled_code");
  play_some(*rules, data, size);
}

}  // namespace mancala::fuzz
