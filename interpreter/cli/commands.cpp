// The subcommand table and the helpers every subcommand shares (see
// command.hpp). The table is the one place that lists subcommands, so the
// order of `mancala --help` is chosen here rather than by link order; each
// entry gets the common --color and -h/--help flags added so that no
// subcommand has to declare them (marked shared_by_all: the help lists
// them, the usage line leaves them out).
#include <fmt/format.h>
#include <sys/ioctl.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "command.hpp"
#include "compile.hpp"
#include "diagnostics.hpp"
#include "files.hpp"
#include "parse.hpp"

namespace mancala::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> table = [] {
    std::vector<Command> list = {
        play_command(),     check_command(), dump_command(),  compile_command(), replay_command(),
        simulate_command(), perft_command(), solve_command(), egtb_command(),    test_command(),
        describe_command(), bench_command(), games_command(), version_command(),
    };
    for (Command& c : list) {
      c.spec.flag(FlagSpec::option("color", "WHEN",
                                   "colour: auto (a terminal without NO_COLOR or TERM=dumb), "
                                   "always, never")
                      .one_of({"auto", "always", "never"})
                      .defaults_to("auto")
                      .shared_by_all());
      c.spec.flag(FlagSpec::toggle("help", 'h', "show this help and exit").shared_by_all());
    }
    return list;
  }();
  return table;
}

std::string command_help(const Command& c) {
  std::string out = render_usage(c.name, c.spec) + fmt::format("\n{}\n", c.summary);
  if (!c.description.empty()) out += "\n" + c.description + "\n";
  out += "\nflags:\n" + render_flags_help(c.spec);
  return out;
}

void flush(FILE* f) {
  errno = 0;
  if (std::fflush(f) != 0) throw std::system_error(errno, std::generic_category(), "fflush");
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

FlagSpec setup_seed_flag() {
  return FlagSpec::option("seed", "N",
                          "the seed of a scattered setup (setup { scatter ... }), as play's --seed")
      .defaults_to("1");
}

Expected<uint64_t> read_setup_seed(const ParsedArgs& args) {
  auto seed = parse_int(args.get("seed"), 0, INT64_MAX, "--seed");
  if (!seed) return Expected<uint64_t>::fail(seed.error);
  return Expected<uint64_t>::ok(static_cast<uint64_t>(*seed.value));
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

bool readable_text_file(const std::string& path, Io& io, size_t max_bytes) {
  Expected<std::string> text = read_text_file(path, max_bytes);
  if (text) return true;
  fmt::print(io.err, "mancala{}{}: {}\n", io.command.empty() ? "" : " ", io.command, text.error);
  return false;
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
  // A path that names something must be a readable text file; one that
  // names nothing may still be a shipped game, which check_file looks for.
  std::error_code ec;
  bool exists = path != "-" && std::filesystem::exists(path, ec);
  if (exists && !readable_text_file(path, io)) return std::nullopt;
  LoadedGame loaded;
  Diagnostics diags;
  CheckOptions options;
  options.fs = &disk;
  options.overrides = overrides;
  CheckResult result = check_rules(path, loaded.sources, diags, options);
  if (!diags.all().empty())
    fmt::print(io.err, "{}", render_text(diags, loaded.sources, io.colour_err));
  if (!result.ok) return std::nullopt;
  if (!result.game) {
    fmt::print(io.err, "{}: defines no game (it is a library of fragments)\n",
               path == "-" ? "<stdin>" : path);
    return std::nullopt;
  }
  loaded.game = std::move(*result.game);
  return loaded;
}

namespace {
std::span<const NativeCode> carried_code;
}  // namespace

void carry_compiled_code(std::span<const NativeCode> table) {
  carried_code = table;
}

std::span<const NativeCode> carried_compiled_code() {
  return carried_code;
}

std::shared_ptr<const Rules> rules_to_play(const LoadedGame& loaded) {
  std::shared_ptr<const Rules> rules = compile(loaded.game);
  if (carried_code.empty()) return rules;
  auto with_code = std::make_shared<Rules>(*rules);
  if (!attach_native(*with_code, carried_code)) return rules;  // compiled from other code
  return with_code;
}

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

bool utf8_locale() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    std::string v = env(name);
    if (v.empty()) continue;
    for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
  }
  return false;
}

}  // namespace

void set_terminal(Io& io, const ParsedArgs& args) {
  std::string when = args.get("color");
  bool dumb = env("TERM") == "dumb";
  bool allowed = !dumb && env("NO_COLOR").empty();
  io.colour_out = when == "always" || (when == "auto" && io.out_tty && allowed);
  io.colour_err = when == "always" || (when == "auto" && io.err_tty && allowed);
  io.unicode_out = io.out_tty && !dumb && utf8_locale();
  winsize size{};
  if (io.out_tty && ioctl(fileno(io.out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    io.columns = size.ws_col;
  } else if (io.out_tty) {
    io.columns = std::atoi(env("COLUMNS").c_str());
  }
  if (io.columns < 0) io.columns = 0;
}

}  // namespace mancala::cli
