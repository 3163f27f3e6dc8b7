// `mancala dump FILE --stage ast|checked|pipeline`: show what one stage of
// the pipeline made of a rule file.
//
// Each stage has one stable text dump (docs/architecture.md); this
// subcommand only runs the stages up to the one asked for and prints that
// stage's dump, so the golden tests and a person debugging a rule file see
// the same text. The ast stage parses the file alone (imports are not
// followed); the later stages check it in full first.
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "command.hpp"
#include "compile.hpp"
#include "diagnostics.hpp"
#include "parse.hpp"

namespace mancala::cli {
namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

int dump_ast(const std::string& path, Io& io) {
  // RULES as every command reads it (check_rules): "-", a file, a shipped game.
  std::string name = path == "-" ? "<stdin>" : path;
  std::optional<std::string> text = path == "-" ? read_stdin() : read_file(path);
  if (!text) {
    if (const ShippedGame* game = find_shipped_game(path)) {
      name = game->source_name;
      text = std::string(game->text);
    }
  }
  if (!text) {
    fmt::print(io.err, "{}: cannot read file\n", path);
    return kFailed;
  }
  SourceSet sources;
  Diagnostics diags;
  uint32_t id = sources.add(name, std::move(*text));
  std::optional<ast::File> file = parse(sources, id, diags);
  if (!diags.all().empty()) fmt::print(io.err, "{}", render_text(diags, sources, io.colour_err));
  if (!file) return kFailed;
  fmt::print(io.out, "{}", ast::dump(*file, sources));
  return kOk;
}

int run_dump(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "dump", overrides.error);
  const std::string stage = args.get("stage");
  const std::string& path = args.positionals()[0];
  if (stage == "ast") return dump_ast(path, io);
  std::optional<LoadedGame> loaded = load_game(path, *overrides.value, io);
  if (!loaded) return kFailed;
  if (stage == "checked") {
    fmt::print(io.out, "{}", dump(loaded->game, loaded->sources));
    return kOk;
  }
  std::shared_ptr<const Rules> rules = compile(loaded->game);
  fmt::print(io.out, "{}", dump_pipeline(*rules));
  return kOk;
}

}  // namespace

Command dump_command() {
  Command c;
  c.name = "dump";
  c.summary = "print what a stage made of a rule file (ast, checked game, pipeline)";
  c.description =
      "ast: the syntax tree of FILE alone; checked: the game after checking, with\n"
      "`extends` merged and fragments expanded; pipeline: the compiled rules.";
  c.spec.positional("FILE");
  c.spec.flag(FlagSpec::option("stage", "STAGE", "the stage whose output to print")
                  .one_of({"ast", "checked", "pipeline"})
                  .require());
  c.spec.flag(set_flag());
  c.run = run_dump;
  return c;
}

}  // namespace mancala::cli
