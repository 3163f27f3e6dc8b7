// The standard library of fragments (stdlib/*.mnc), embedded into the
// binary at build time by stdlib/embed.cmake so that `import "captures"`
// works from any directory. The files stay plain text in stdlib/.
#pragma once

#include <string_view>
#include <vector>

namespace mancala {

struct EmbeddedFile {
  std::string_view name;  // "captures.mnc"
  std::string_view text;
};

// Every stdlib file, sorted by name.
const std::vector<EmbeddedFile>& embedded_stdlib();

}  // namespace mancala
