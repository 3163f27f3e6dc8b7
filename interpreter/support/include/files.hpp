// Reading a text file named by a user (a scenario, a game record), with
// one clear sentence for each way it can fail.
//
// A path on the command line may name a directory, nothing, a file we may
// not read, or a binary file; std::ifstream reports all of these alike or
// not at all (a directory opens and then throws on reading), and yaml-cpp
// turns them into its own exceptions. So the tools read every such file
// through read_text_file first, and parse only text.
#pragma once

#include <cstddef>
#include <string>

#include "expected.hpp"

namespace mancala {

// The largest YAML file the tools read (a record of a 100,000-ply game is
// about 30 MB).
inline constexpr size_t kMaxYamlBytes = size_t{64} << 20;

// The whole file, or why not, as "PATH: is a directory", "PATH: no such
// file", "PATH: cannot be read (Permission denied)", "PATH: is not a text
// file (it contains a NUL byte)" / "(it is not valid UTF-8, at byte N)",
// "PATH: is larger than ... bytes".
Expected<std::string> read_text_file(const std::string& path, size_t max_bytes = kMaxYamlBytes);

}  // namespace mancala
