// The table of `mancala` subcommands, and what they share.
//
// The tool is a table of subcommands in the manner of ninja's tools: each
// one lives in its own file (cmd_NAME.cpp) and exposes one function
// returning its Command — name, one-line summary, ArgSpec and run
// function. commands.cpp lists them in the order `mancala --help` shows
// them; adding a subcommand is a new file plus one line there. main.cpp
// does the dispatching, --help, `help CMD`, --version and the did-you-mean
// for unknown names, so subcommands only see already-parsed arguments.
//
// Exit statuses are the same for every subcommand: 0 success, 1 the input
// was read but is wrong (a rule file with errors, an illegal move), 2 the
// command line itself is wrong (kUsage).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "check.hpp"
#include "checked.hpp"
#include "source.hpp"

namespace mancala::cli {

inline constexpr int kOk = 0;
inline constexpr int kFailed = 1;
inline constexpr int kUsage = 2;

// Where a subcommand writes. Colour is used only on a terminal.
struct Io {
  FILE* out = stdout;
  FILE* err = stderr;
  bool out_tty = false;
  bool err_tty = false;
};

struct Command {
  std::string name;
  std::string summary;      // one line, for `mancala --help`
  std::string description;  // a paragraph or two, for `mancala help NAME`
  ArgSpec spec;
  int (*run)(const ParsedArgs& args, Io& io) = nullptr;
};

// Every subcommand, in help order.
const std::vector<Command>& commands();

// The full help text of one subcommand.
std::string command_help(const Command& c);

// Prints "mancala NAME: message" to io.err and returns kUsage.
int usage_error(Io& io, const std::string& command, const std::string& message);

// A rule file checked and ready to play or dump: the sources it read (for
// rendering later diagnostics) and its game.
struct LoadedGame {
  SourceSet sources;
  CheckedGame game;
};

// Standard input, read whole the first time; nullopt after that.
std::optional<std::string> read_stdin();

// check_file, except that "-" is standard input (named "<stdin>"; its
// imports are looked for in the current directory). Every command that reads
// a RULES argument goes through this, so RULES is, in order: "-", an
// existing file, a shipped game by name (check_file).
CheckResult check_rules(const std::string& path, SourceSet& sources, Diagnostics& diags,
                        const CheckOptions& options);

// Checks `path` (with `--set` overrides) and renders any diagnostics to
// io.err. nullopt when the file has errors or defines no game (said so).
std::optional<LoadedGame> load_game(const std::string& path,
                                    const std::vector<std::pair<std::string, int64_t>>& overrides,
                                    Io& io);

// Reads the repeatable --set KEY=VALUE flag; an error message on bad input.
Expected<std::vector<std::pair<std::string, int64_t>>> read_overrides(const ParsedArgs& args);

// The --set flag, shared by the subcommands that load a game.
FlagSpec set_flag();

// The subcommand constructors, one per cmd_*.cpp.
Command check_command();
Command dump_command();
Command replay_command();
Command play_command();
Command simulate_command();
Command perft_command();
Command test_command();
Command describe_command();
Command bench_command();
Command games_command();

}  // namespace mancala::cli
