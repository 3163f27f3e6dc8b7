// Reading untrusted YAML (scenarios, game records): one document, no
// anchors or aliases, errors in the project's words with a line, and the
// keys of every map checked against the ones the format knows.
//
// yaml-cpp's own messages ("invalid node; first invalid key", "end of map
// flow not found") describe its parser, not the file, and an alias is
// expanded by every walk over the tree, so a few hundred bytes of nested
// aliases cost time and memory exponential in their depth. The formats
// never need anchors, so the event stream is walked first (YAML::Parser
// with an EventHandler, which does not expand aliases) and any anchor or
// alias is refused before a tree is built.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "expected.hpp"

namespace mancala::yaml {

// A problem at a line of the file (1-based; 0 when unknown).
struct Problem {
  int line = 0;
  std::string message;
};

// The 1-based line of a node (that of `fallback` for a missing node).
int line_of(const YAML::Node& n, int fallback = 0);

// Parses `text`: the document, or a Problem in our words ("an alias (*a)
// ... are not allowed", "a flow list `[` is not closed", "unknown escape
// '\q' in a double-quoted string").
struct Loaded {
  YAML::Node doc;
  std::optional<Problem> problem;
};
Loaded load(const std::string& text);

// The first key of `map` that is not in `known`, as "unknown key 'positon'
// in a scenario; did you mean 'position'?" (or listing the known keys when
// none is close), at the key's line. `what` names the map ("a scenario").
std::optional<Problem> unknown_key(const YAML::Node& map, const std::vector<std::string>& known,
                                   const std::string& what);

}  // namespace mancala::yaml
