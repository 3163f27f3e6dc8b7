// The `mancala` entry point: picks a subcommand from the table in
// commands.cpp and runs it.
//
// Only dispatch lives here — the tool's --help and --version, `help CMD`,
// the did-you-mean for a mistyped subcommand, and each subcommand's
// -h/--help — so that every subcommand behaves the same on the command
// line and a new one needs no change in this file.
#include <fmt/format.h>
#include <unistd.h>

#include <string>
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
  auto parsed = parse_args(c.spec, rest);
  if (!parsed) return usage_error(io, c.name, parsed.error);
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
  int status = run_command(io, *c, rest);
  std::fflush(io.out);
  return status;
}

}  // namespace
}  // namespace mancala::cli

int main(int argc, char** argv) {
  return mancala::cli::run(argc, argv);
}
