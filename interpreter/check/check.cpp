// The check pipeline: load -> fragments -> extends -> settings and bodies.
//
// Each step reports into one Reporter and goes on as far as it can, so that
// a run reports every problem; the Reporter then hands them to Diagnostics
// in position order. The result carries a game only when nothing was wrong,
// since compile relies on a checked game being entirely valid.
#include "check.hpp"

#include <fmt/format.h>

#include "check_internal.hpp"

namespace mancala {

CheckResult check_text(std::string name, std::string text, SourceSet& sources, Diagnostics& diags,
                       const CheckOptions& options) {
  static const DiskFileSystem kDisk;
  const FileSystem& fs = options.fs ? *options.fs : kDisk;
  check::Reporter rep;
  std::optional<check::Program> program =
      check::load_program(name, std::move(text), fs, sources, rep);
  CheckResult result;
  if (program) {
    check::build_scopes(*program, rep);
    for (size_t f = 0; f < program->files.size(); ++f) {
      check::check_fragment_definitions(*program, f, rep);
    }
    if (std::optional<ast::Game> game = check::resolve_game(*program, rep)) {
      check::BodyEnv env{rep, *program, check::stores_none_clause(*game)};
      if (std::optional<GameSpec> spec = check::build_spec(*game, env, options, sources)) {
        result.game = CheckedGame{std::move(*spec)};
      }
    }
  }
  bool clean = rep.empty();
  rep.flush(diags);
  result.ok = clean;
  if (!clean) result.game.reset();
  return result;
}

CheckResult check_file(const std::string& path, SourceSet& sources, Diagnostics& diags,
                       const CheckOptions& options) {
  static const DiskFileSystem kDisk;
  const FileSystem& fs = options.fs ? *options.fs : kDisk;
  if (std::optional<std::string> text = fs.read(path)) {
    return check_text(path, std::move(*text), sources, diags, options);
  }
  std::optional<std::string> why = fs.read_error(path);
  uint32_t source = sources.add(path, "");
  diags.error({source, 0, 0},
              fmt::format("cannot read '{}': {}", path, why ? *why : std::string("no such file")));
  return {};
}

}  // namespace mancala
