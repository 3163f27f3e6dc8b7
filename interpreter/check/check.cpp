// The check pipeline: load -> fragments -> extends -> settings and bodies.
//
// Each step reports into one Reporter and goes on as far as it can, so that
// a run reports every problem; the Reporter then hands them to Diagnostics
// in position order. The result carries a game only when nothing was wrong,
// since compile relies on a checked game being entirely valid.
#include "check.hpp"

#include <fmt/format.h>

#include <cctype>

#include "check_internal.hpp"
#include "stdlib.hpp"

namespace mancala {
namespace {

// An error in an imported file gets a note at each import that led to it,
// from the file's own import out to the checked file.
void note_imports(const check::Program& program, check::Reporter& rep) {
  for (Diagnostic& d : rep.items()) {
    auto it = program.file_of_source.find(d.range.file);
    if (it == program.file_of_source.end()) continue;
    size_t f = it->second;
    for (int hops = 0; program.files[f].imported_at && hops < 64; ++hops) {
      Range at = *program.files[f].imported_at;
      d.notes.push_back({at, true, fmt::format("{} is imported here", program.files[f].display)});
      auto up = program.file_of_source.find(at.file);
      if (up == program.file_of_source.end()) break;
      f = up->second;
    }
  }
}

void locate_whiles(std::vector<ast::Stmt>& body, const SourceSet& sources) {
  for (ast::Stmt& s : body) {
    if (s.kind == ast::StmtKind::While) {
      const Source& src = sources.get(s.range.file);
      Source::LineCol lc = src.line_col(s.range.begin);
      s.where = fmt::format("{}:{}:{}", src.name, lc.line, lc.col);
    }
    locate_whiles(s.body, sources);
    locate_whiles(s.else_body, sources);
  }
}

// Every `while` of the game learns where it is written (ast::Stmt::where).
void locate_whiles(GameSpec& spec, const SourceSet& sources) {
  for (auto& handlers : spec.handlers) {
    for (HandlerSpec& h : handlers) locate_whiles(h.body, sources);
  }
  for (EndClause& e : spec.end) locate_whiles(e.body, sources);
  locate_whiles(spec.endless_body, sources);
}

}  // namespace

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
      check::BodyEnv env{rep,
                         *program,
                         check::stores_none_clause(*game),
                         check::mark_names(*game),
                         check::mark_names(*game, "counters"),
                         check::board_rows(*game) == 1,
                         check::board_rows(*game) == 4};
      if (std::optional<GameSpec> spec = check::build_spec(*game, env, options, sources)) {
        locate_whiles(*spec, sources);
        result.game = CheckedGame{std::move(*spec)};
      }
    }
  }
  if (program) note_imports(*program, rep);
  bool clean = !rep.has_errors();
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
  if (!why) {
    if (const ShippedGame* game = find_shipped_game(path)) {
      return check_text(game->source_name, std::string(game->text), sources, diags, options);
    }
  }
  uint32_t source = sources.add(path, "");
  std::string hint;
  if (!why && path.find('/') == std::string::npos) {
    std::vector<std::string> names;
    for (const ShippedGame& g : shipped_games()) names.push_back(g.name);
    hint = ", nor a shipped game" + did_you_mean(path, names);
  }
  diags.error({source, 0, 0}, fmt::format("cannot read '{}': {}{}", path,
                                          why ? *why : std::string("no such file"), hint));
  return {};
}

const std::vector<ShippedGame>& shipped_games() {
  static const std::vector<ShippedGame> games = [] {
    std::vector<ShippedGame> out;
    for (const EmbeddedFile& f : embedded_games()) {
      std::string name(f.name.substr(0, f.name.size() - 4));
      out.push_back({name, "<games>/" + std::string(f.name), f.text});
    }
    return out;
  }();
  return games;
}

const ShippedGame* find_shipped_game(std::string_view name) {
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::string want = lower(name);
  if (want.size() > 4 && want.compare(want.size() - 4, 4, ".mnc") == 0)
    want.resize(want.size() - 4);
  for (const ShippedGame& g : shipped_games()) {
    if (g.name == want) return &g;
  }
  return nullptr;
}

}  // namespace mancala
