// The fuzz bodies of every parser of untrusted input other than rule files
// (those are fuzz_one.hpp): scenario files, game records, `--moves` lists,
// `--set KEY=VALUE` and agent specs.
//
// As with fuzz_one.hpp, each body is shared by its libFuzzer target
// (fuzz_target.cpp, built once per parser with MANCALA_FUZZ_PARSER) and by
// tests/fuzz_corpus_test.cpp, which replays each parser's corpus through it
// in every build. Nothing here touches the disk during a run: the scenario
// runner reads rule files from a MemoryFileSystem that holds Kalah (read
// once, at the first input, from the source tree). Beyond "does not crash",
// each checks what its parser promises: an error is one non-empty message,
// and a parsed move list prints back to itself.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "agents.hpp"
#include "args.hpp"
#include "check.hpp"
#include "move_list.hpp"
#include "record.hpp"
#include "runtime.hpp"
#include "scenario.hpp"
#include "text.hpp"

namespace mancala::fuzz {

[[noreturn]] inline void broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

// Kalah's and ǁHus's rule files, as "kalah.mnc" and "hus.mnc" in memory
// (a two-row and a four-row game, whose positions are written differently).
inline const MemoryFileSystem& rule_files() {
  static const MemoryFileSystem fs = [] {
    MemoryFileSystem m;
    for (const char* name : {"kalah.mnc", "hus.mnc"}) {
      std::ifstream in(std::string(MANCALA_SOURCE_DIR "/games/") + name, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      if (text.str().empty()) broken("setup", std::string("cannot read games/") + name);
      m.add(name, text.str());
    }
    return m;
  }();
  return fs;
}

inline std::string as_text(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// A scenario file whose `rules:` may name kalah.mnc or hus.mnc (nothing else
// exists).
inline void fuzz_scenario(const uint8_t* data, size_t size) {
  ScenarioReport report =
      run_scenarios_text("fuzz.yaml", as_text(data, size), std::nullopt, &rule_files());
  for (const auto& r : report.results) {
    if (!r.passed && r.message.empty()) broken("scenario", "a failure without a message");
  }
  for (const auto& e : report.errors) {
    if (e.empty()) broken("scenario", "an empty error");
  }
  (void)format_report(report);
}

// A game record: parsed, and its positions re-serialised as replay does.
inline void fuzz_record(const uint8_t* data, size_t size) {
  Expected<GameRecord> r = parse_record("fuzz.yaml", as_text(data, size));
  if (!r) {
    if (r.error.empty()) broken("record", "an empty error");
    return;
  }
  if (r.value->moves.size() != r.value->positions.size()) broken("record", "moves != positions");
  for (const std::string& p : r.value->positions) (void)canonical_json_of_position(p);
  (void)write_record(*r.value);
}

// `--moves`: the first byte picks the board: its low bit two or four rows,
// the rest the holes of a row (1..kMaxRowHoles, 1..kMaxRowHoles/2 on four).
inline void fuzz_moves(const uint8_t* data, size_t size) {
  if (size == 0) return;
  int rows = data[0] & 1 ? 4 : 2;
  int holes = 1 + (data[0] >> 1) % (rows == 4 ? kMaxRowHoles / 2 : kMaxRowHoles);
  MoveNames names{rows, holes};
  std::string text = as_text(data + 1, size - 1);
  Expected<std::vector<Move>> moves = parse_move_list(text, names);
  if (!moves) {
    if (moves.error.empty()) broken("moves", "an empty error");
    return;
  }
  std::vector<std::string> words;
  for (Move m : *moves.value) words.push_back(format_move(m, names));
  Expected<std::vector<Move>> again = parse_move_list(join(words, ","), names);
  if (!again || *again.value != *moves.value) broken("moves", "does not print back to itself");
}

// `--set KEY=VALUE`, then the override applied to Kalah by the checker.
inline void fuzz_set(const uint8_t* data, size_t size) {
  auto kv = cli::parse_key_int(as_text(data, size), "--set");
  if (!kv) {
    if (kv.error.empty()) broken("set", "an empty error");
    return;
  }
  SourceSet sources;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &rule_files();
  options.overrides = {*kv.value};
  CheckResult result = check_file("kalah.mnc", sources, diags, options);
  if (result.ok == diags.has_errors()) broken("set", "ok disagrees with the diagnostics");
  (void)render_text(diags, sources, false);
}

// An agent spec; the agent is built (and named), never run, so that a spec
// asking for an hour of search costs nothing here.
inline void fuzz_agent(const uint8_t* data, size_t size) {
  auto agent = make_agent(as_text(data, size), 1);
  if (!agent) {
    if (agent.error.empty()) broken("agent", "an empty error");
    return;
  }
  (void)(*agent.value)->name();
}

}  // namespace mancala::fuzz
