// `mancala version` (and `mancala --version`): the release and the commit
// the binary was built from.
//
// The commit comes from git at build time (cmake/version.cmake writes
// build_commit()), so a binary can be traced to its source; a build outside
// a git checkout says "unknown" rather than guessing.
#include <fmt/format.h>

#include "command.hpp"

namespace mancala::cli {
namespace {

constexpr const char* kRelease = "0.1.0";

int run_version(const ParsedArgs&, Io& io) {
  fmt::print(io.out, "{}\n", version_text());
  return kOk;
}

}  // namespace

std::string version_text() {
  std::string text = fmt::format("mancala {} (commit {})", kRelease, build_commit());
  if (size_t n = carried_compiled_code().size(); n > 0)
    text += fmt::format(", with the compiled code of {} rule files", n);
  return text;
}

Command version_command() {
  Command c;
  c.name = "version";
  c.summary = "print the release and the commit it was built from";
  c.description =
      "Prints `mancala RELEASE (commit DESCRIBE)`, DESCRIBE being what\n"
      "`git describe --always --long --dirty` said when it was built, or\n"
      "\"unknown\" for a build outside a git checkout, and in `mancala_compiled`\n"
      "how many rule files' code it carries compiled. Same as `mancala --version`.";
  c.run = run_version;
  return c;
}

}  // namespace mancala::cli
