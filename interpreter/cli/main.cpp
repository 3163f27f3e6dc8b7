// The `mancala` entry point: picks a subcommand from the table in
// commands.cpp and runs it.
//
// Only dispatch lives here — the tool's --help and --version, `help CMD`,
// the did-you-mean for a mistyped subcommand, and each subcommand's
// -h/--help — so that every subcommand behaves the same on the command
// line and a new one needs no change in this file.
//
// It also owns the fate of standard output. A write that fails (a full
// disk, a closed descriptor) is an error: status 1 and one line on stderr,
// never a silent success with the output lost. A reader that stops early
// (`mancala replay ... | head -1`) is not: SIGPIPE is ignored so that the
// write fails with EPIPE instead of killing the process, and EPIPE ends the
// command quietly with status 0, as Unix filters do. fmt::print throws
// std::system_error when fwrite fails, and so does the CLI's flush()
// (command.hpp); what sits in stdio's buffer is checked by the final fflush.
//
// The file is built twice: as `mancala`, and as `mancala_compiled` with
// MANCALA_CARRIES_COMPILED_GAMES defined and every shipped game's code
// compiled to C++ linked in (CMakeLists.txt), which it hands to the
// commands before any runs (carry_compiled_code, command.hpp).
#include <fmt/format.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

#include "command.hpp"
#include "diagnostics.hpp"

namespace mancala::cli {
namespace {

std::string tool_help() {
  std::string out =
      "usage: mancala [--version] [--help] COMMAND [ARGS...]\n\n"
      "Plays and checks mancala games written as .mnc rule files.\n\ncommands:\n";
  size_t width = 4;  // "help"
  for (const Command& c : commands()) width = std::max(width, c.name.size());
  for (const Command& c : commands())
    out += fmt::format("  {:<{}}  {}\n", c.name, width, c.summary);
  out += fmt::format("  {:<{}}  {}\n", "help", width, "show the help of a command");
  out += "\nRun 'mancala help COMMAND' (or 'mancala COMMAND --help') for a command's flags.\n";
  return out;
}

const Command* find_command(std::string_view name) {
  for (const Command& c : commands()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

int unknown_command(Io& io, const std::string& name) {
  std::vector<std::string> names;
  for (const Command& c : commands()) names.push_back(c.name);
  names.push_back("help");
  std::string message = fmt::format("unknown command '{}'", name);
  std::string guess = suggest(name, names);
  if (!guess.empty()) message += fmt::format("; did you mean '{}'?", guess);
  usage_error(io, "", message);
  fmt::print(io.err, "run 'mancala --help' for the list of commands\n");
  return kUsage;
}

int help_command(Io& io, const std::vector<std::string>& rest) {
  if (rest.empty()) {
    fmt::print(io.out, "{}", tool_help());
    return kOk;
  }
  if (rest.size() > 1) return usage_error(io, "help", "expected one command name");
  if (rest[0] == "help" || rest[0] == "-h" || rest[0] == "--help") {
    fmt::print(io.out, "usage: mancala help [COMMAND]\n\nShows the help of a command.\n");
    return kOk;
  }
  const Command* c = find_command(rest[0]);
  if (c == nullptr) return unknown_command(io, rest[0]);
  fmt::print(io.out, "{}", command_help(*c));
  return kOk;
}

bool wants_help(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--") return false;
    if (a == "-h" || a == "--help") return true;
  }
  return false;
}

int run_command(Io& io, const Command& c, const std::vector<std::string>& rest) {
  if (wants_help(rest)) {
    fmt::print(io.out, "{}", command_help(c));
    return kOk;
  }
  auto parsed = parse_args(c.name, c.spec, rest);
  if (!parsed) return usage_error(io, c.name, parsed.error);
  set_terminal(io, *parsed.value);
  return c.run(*parsed.value, io);
}

int run(int argc, char** argv) {
  Io io;
  io.out_tty = isatty(fileno(stdout)) != 0;
  io.err_tty = isatty(fileno(stderr)) != 0;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    fmt::print(io.err, "{}", tool_help());
    return kUsage;
  }
  const std::string& first = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (first == "-h" || first == "--help") return help_command(io, {});
  if (first == "--version") {
    fmt::print(io.out, "{}\n", version_text());
    return kOk;
  }
  if (first == "help") return help_command(io, rest);
  if (!first.empty() && first[0] == '-') {
    std::string message = fmt::format("unknown flag '{}'", first);
    std::string guess = suggest(first, {"--help", "--version"});
    if (!guess.empty()) message += fmt::format("; did you mean '{}'?", guess);
    return usage_error(io, "", message);
  }
  const Command* c = find_command(first);
  if (c == nullptr) return unknown_command(io, first);
  io.command = c->name;
  return run_command(io, *c, rest);
}

// The status after a failed write to stdout with error `code`: 0 and
// nothing said for a reader that went away, else 1 with one line.
int write_failed(int code) {
  if (code == EPIPE) return kOk;
  std::fprintf(stderr, "mancala: cannot write to standard output: %s\n", std::strerror(code));
  return kFailed;
}

// Runs the tool and then makes sure everything it wrote reached stdout.
int run_checked(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);
  int status = kOk;
  try {
    status = run(argc, argv);
  } catch (const std::system_error& e) {
    if (std::ferror(stdout) != 0) return write_failed(e.code().value());
    std::fprintf(stderr, "mancala: %s\n", e.what());  // stderr itself, or the system
    return kFailed;
  }
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    int code = errno;
    if (code == 0) {  // an earlier failure whose errno is lost: is the reader gone?
      pollfd p{fileno(stdout), POLLOUT, 0};
      code = poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0 ? EPIPE : EIO;
    }
    return write_failed(code);
  }
  return status;
}

}  // namespace
}  // namespace mancala::cli

#ifdef MANCALA_CARRIES_COMPILED_GAMES
namespace mancala {
std::span<const NativeCode> compiled_games();  // generated/compiled_games.cpp
}
#endif

int main(int argc, char** argv) {
#ifdef MANCALA_CARRIES_COMPILED_GAMES
  mancala::cli::carry_compiled_code(mancala::compiled_games());
#endif
  return mancala::cli::run_checked(argc, argv);
}
