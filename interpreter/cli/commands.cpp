// The subcommand table and the helpers every subcommand shares (see
// command.hpp). The table is the one place that lists subcommands, so the
// order of `mancala --help` is chosen here rather than by link order; each
// entry gets the common -h/--help flag added so that no subcommand has to
// declare it.
#include <fmt/format.h>

#include <cstdio>
#include <fstream>

#include "command.hpp"
#include "diagnostics.hpp"
#include "parse.hpp"

namespace mancala::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = [] {
    std::vector<Command> list = {
        play_command(),  check_command(), dump_command(),     replay_command(), simulate_command(),
        perft_command(), test_command(),  describe_command(), bench_command(),  games_command(),
    };
    for (Command& c : list) {
      c.spec.flag(FlagSpec::toggle("help", 'h', "show this help and exit"));
    }
    return list;
  }();
  return table;
}

std::string command_help(const Command& c) {
  std::string out = fmt::format("usage: mancala {}\n\n{}\n", c.spec.usage, c.summary);
  if (!c.description.empty()) out += "\n" + c.description + "\n";
  out += "\nflags:\n" + render_flags_help(c.spec);
  return out;
}

int usage_error(Io& io, const std::string& command, const std::string& message) {
  std::string prefix = command.empty() ? "mancala" : "mancala " + command;
  fmt::print(io.err, "{}: {}\n", prefix, message);
  if (!command.empty()) fmt::print(io.err, "run 'mancala help {}' for usage\n", command);
  return kUsage;
}

FlagSpec set_flag() {
  return FlagSpec::option("set", "KEY=VALUE",
                          "override a setting of the game with an integer, e.g. --set holes=7")
      .repeated();
}

Expected<std::vector<std::pair<std::string, int64_t>>> read_overrides(const ParsedArgs& args) {
  using Result = Expected<std::vector<std::pair<std::string, int64_t>>>;
  std::vector<std::pair<std::string, int64_t>> out;
  for (const std::string& text : args.all("set")) {
    auto kv = parse_key_int(text, "--set");
    if (!kv) return Result::fail(kv.error);
    out.push_back(*kv.value);
  }
  return Result::ok(std::move(out));
}

std::optional<std::string> read_stdin() {
  static bool taken = false;
  if (taken) return std::nullopt;
  taken = true;
  std::string text;
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
    text.append(buf, n);
    if (text.size() > kMaxFileBytes) break;  // the parser refuses it whole
  }
  return text;
}

CheckResult check_rules(const std::string& path, SourceSet& sources, Diagnostics& diags,
                        const CheckOptions& options) {
  if (path != "-") return check_file(path, sources, diags, options);
  std::optional<std::string> text = read_stdin();
  if (!text) {
    diags.error({sources.add("<stdin>", ""), 0, 0},
                "standard input can be read only once ('-' given twice)");
    return {};
  }
  return check_text("<stdin>", std::move(*text), sources, diags, options);
}

std::optional<LoadedGame> load_game(const std::string& path,
                                    const std::vector<std::pair<std::string, int64_t>>& overrides,
                                    Io& io) {
  static const DiskFileSystem disk;
  LoadedGame loaded;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &disk;
  options.overrides = overrides;
  CheckResult result = check_rules(path, loaded.sources, diags, options);
  if (!diags.all().empty())
    fmt::print(io.err, "{}", render_text(diags, loaded.sources, io.err_tty));
  if (!result.ok) return std::nullopt;
  if (!result.game) {
    fmt::print(io.err, "{}: defines no game (it is a library of fragments)\n",
               path == "-" ? "<stdin>" : path);
    return std::nullopt;
  }
  loaded.game = std::move(*result.game);
  return loaded;
}

}  // namespace mancala::cli
