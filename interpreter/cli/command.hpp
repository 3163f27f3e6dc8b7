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
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "args.hpp"
#include "check.hpp"
#include "checked.hpp"
#include "native.hpp"
#include "parse.hpp"
#include "source.hpp"

namespace mancala::cli {

inline constexpr int kOk = 0;
inline constexpr int kFailed = 1;
inline constexpr int kUsage = 2;

// Where a subcommand writes, and what the terminal behind it can show.
// The colour and unicode fields are decided once per run from --color,
// NO_COLOR, TERM and the locale (set_terminal); subcommands only read them.
struct Io {
  FILE* out = stdout;
  FILE* err = stderr;
  bool out_tty = false;
  bool err_tty = false;
  bool colour_out = false;   // ANSI colour on standard output
  bool colour_err = false;   // ANSI colour on standard error (diagnostics)
  bool unicode_out = false;  // box drawing and other non-ASCII on standard output
  int columns = 0;           // the terminal's width (0: not a terminal, or unknown)
  std::string command;       // the subcommand running, for "mancala COMMAND: FILE: is a directory"
};

// fflush that throws std::system_error with the errno of a failed write, so
// that main.cpp can tell a full disk (status 1, said) from a reader that went
// away (EPIPE: status 0, quiet). Use it instead of std::fflush on stdout.
void flush(FILE* f);

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
// A path that is not a readable text file (a directory, nothing, a file we
// may not read, a binary file) is one line, "mancala COMMAND: PATH: is a
// directory".
std::optional<LoadedGame> load_game(const std::string& path,
                                    const std::vector<std::pair<std::string, int64_t>>& overrides,
                                    Io& io);

// The loaded game's rules, ready to play: compile() and, in a program that
// carries code compiled to C++ (`mancala_compiled`, main.cpp), the entry
// compiled from this very code (attach_native; else the bytecode runs, as
// in `mancala`). Every command that plays a game gets its rules here; the
// two programs play alike move by move, the compiled one faster.
std::shared_ptr<const Rules> rules_to_play(const LoadedGame& loaded);
// The table of compiled code rules_to_play looks in (none unless set):
// main.cpp sets it once, before any command runs.
void carry_compiled_code(std::span<const NativeCode> table);
std::span<const NativeCode> carried_compiled_code();

// Whether `path` can be read as a text file of at most `max_bytes`: when not,
// prints "mancala COMMAND: PATH: why" to io.err and returns false.
bool readable_text_file(const std::string& path, Io& io, size_t max_bytes = kMaxFileBytes);

// Reads the repeatable --set KEY=VALUE flag; an error message on bad input.
Expected<std::vector<std::pair<std::string, int64_t>>> read_overrides(const ParsedArgs& args);

// The --set flag, shared by the subcommands that load a game.
FlagSpec set_flag();

// --seed N of the commands that start a game without agents (perft,
// replay): the seed its scattered setup is drawn with, 1 as for play.
FlagSpec setup_seed_flag();
Expected<uint64_t> read_setup_seed(const ParsedArgs& args);

// Decides io's colour and unicode fields for one run: `--color always` and
// `never` decide colour; `auto` (the default) means colour on a terminal
// unless NO_COLOR is set (to anything but "") or TERM is "dumb". Box
// drawing needs a terminal, a TERM other than "dumb" and a UTF-8 locale
// (the first of LC_ALL, LC_CTYPE, LANG that is set). The width is the
// terminal's (TIOCGWINSZ), else the COLUMNS variable (on a terminal that
// does not say), else unknown: output to a file never depends on it.
void set_terminal(Io& io, const ParsedArgs& args);

// The subcommand constructors, one per cmd_*.cpp.
Command check_command();
Command dump_command();
Command compile_command();
Command replay_command();
Command play_command();
Command simulate_command();
Command perft_command();
Command solve_command();
Command egtb_command();
Command test_command();
Command describe_command();
Command bench_command();
Command version_command();

// "mancala RELEASE (commit DESCRIBE)", for --version and `mancala version`.
std::string version_text();
// What git said of the source tree at build time (generated/version.cpp).
const char* build_commit();
Command games_command();

}  // namespace mancala::cli
