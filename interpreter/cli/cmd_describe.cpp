// `mancala describe RULES`: a rule file explained in plain English.
//
// The words come from interpreter/tools/describe.cpp, which walks the checked
// game; this file only loads the game (with --set overrides) and prints.
#include <fmt/format.h>

#include "command.hpp"
#include "describe.hpp"

namespace mancala::cli {
namespace {

int run_describe(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "describe", overrides.error);
  auto loaded = load_game(args.positionals()[0], *overrides.value, io);
  if (!loaded) return kFailed;
  fmt::print(io.out, "{}", describe(loaded->game, loaded->sources));
  return kOk;
}

}  // namespace

Command describe_command() {
  Command c;
  c.name = "describe";
  c.summary = "explain a rule file in plain English";
  c.description =
      "Prints what RULES says, section by section in the order a turn runs: the\n"
      "board, the legal moves, sowing, what happens as seeds land, how the game or\n"
      "round ends, and the match. Use it to see whether a file says what you meant.";
  c.spec.positional("RULES");
  c.spec.flag(set_flag());
  c.run = run_describe;
  return c;
}

}  // namespace mancala::cli
