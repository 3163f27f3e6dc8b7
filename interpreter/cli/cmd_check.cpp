// `mancala check FILE...`: parse and check rule files, report every error.
//
// Each file is checked on its own (its own SourceSet and Diagnostics, so
// one broken file cannot use up another's error budget). In text form
// diagnostics go to stderr, as a compiler's do, and each valid file gets an
// `ok` line on stdout; in JSON form stdout carries one array holding the
// diagnostics of all files, in the order the files were named, laid out as
// render_json lays out one file's, so that an editor can read it in one go.
// The exit status says whether all were valid.
#include <fmt/format.h>

#include "command.hpp"
#include "diagnostics.hpp"

namespace mancala::cli {
namespace {

int run_check(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "check", overrides.error);
  const bool json = args.get("format") == "json";
  static const DiskFileSystem disk;
  CheckOptions options;
  options.fs = &disk;
  options.overrides = *overrides.value;

  bool all_ok = true;
  JsonWriter json_out(JsonWriter::Layout::Lines);
  json_out.begin_array();
  for (const std::string& path : args.positionals()) {
    SourceSet sources;
    Diagnostics diags;
    CheckResult result = check_rules(path, sources, diags, options);
    all_ok = all_ok && result.ok;
    if (json) {
      write_json(json_out, diags, sources);
      continue;
    }
    if (!diags.all().empty()) fmt::print(io.err, "{}", render_text(diags, sources, io.colour_err));
    if (result.ok && !args.has("quiet")) {
      const std::string& shown = path == "-" ? "<stdin>" : path;
      if (result.game) {
        fmt::print(io.out, "{}: ok: game \"{}\"\n", shown, result.game->spec.name);
      } else {
        fmt::print(io.out, "{}: ok: library\n", shown);
      }
    }
  }
  json_out.end_array();
  if (json) fmt::print(io.out, "{}\n", json_out.str());
  return all_ok ? kOk : kFailed;
}

}  // namespace

Command check_command() {
  Command c;
  c.name = "check";
  c.summary = "check rule files and report every error";
  c.description =
      "Parses and checks each FILE (a game or a library of fragments), reporting\n"
      "all the errors found. FILE is a path, '-' for standard input, or the name\n"
      "of a shipped game (mancala games). Exit status: 0 when every file is valid, 1 when any\n"
      "has an error, 2 on a usage error.";
  c.spec.positional("FILE", Arity::many);
  c.spec.flag(FlagSpec::option("format", "FORMAT",
                               "text: diagnostics for people on stderr; json: one array on stdout")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(set_flag());
  c.spec.flag(FlagSpec::toggle("quiet", 'q', "print nothing for valid files"));
  c.run = run_check;
  return c;
}

}  // namespace mancala::cli
