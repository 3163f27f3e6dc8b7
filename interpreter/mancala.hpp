// The embedder's header: everything a C++ program needs to load, play and
// study rule files, behind one include (link the CMake target mancala_lib).
//
// The stages stay separate libraries with their own public headers (see
// docs/architecture.md); this header only gathers them, so a program that
// needs just the hot path can include runtime.hpp alone and link
// mancala_runtime, which has no syntax tree, no YAML and no fmt in its
// headers. docs/api.md walks through the API.
#pragma once

#include "agents.hpp"    // make_agent, play_match
#include "check.hpp"     // check_file, check_text: a rule file -> CheckedGame, Diagnostics
#include "compile.hpp"   // compile: CheckedGame -> shared_ptr<const Rules>
#include "describe.hpp"  // describe: a checked game in English
#include "emit_cpp.hpp"  // emit_cpp: compiled rules -> C++ (mancala compile --emit cpp)
#include "native.hpp"    // attach_native: run a game's code compiled to C++
#include "record.hpp"    // game records in YAML
#include "runtime.hpp"   // State, Move, legal_moves, apply, Observer, History
#include "scenario.hpp"  // run_scenarios: rule scenarios in YAML
#include "simulate.hpp"  // simulate: many games between two agents
#include "solve.hpp"     // solve: the exact value of a position
