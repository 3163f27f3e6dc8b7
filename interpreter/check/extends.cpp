// `extends`: laying a variant over its base game (docs/language.md, 2).
//
// The merge is done on the AST, before settings are interpreted, so that
// the merged game is checked exactly like a game written out in full. A
// clause's "kind" is its keyword (`skip origin` and `skip when` are two
// kinds, since a game may have both); `end`, `match` and `evaluation` are
// replaced whole. Sections are checked for duplicates here, in each game
// as written, since after the merge a duplicate could no longer be seen.
// Sections that a syntax error left out of either game stay marked as lost
// in the merged one, and a base game that may have been left out of its
// file (ast::Lost) is not reported unknown.
#include <fmt/format.h>

#include "check_internal.hpp"

namespace mancala::check {
namespace {

std::string clause_kind(const ast::Clause& c) {
  if (c.keyword.text != "skip") return c.keyword.text;
  for (const ast::Word& w : c.words) {
    if (w.text == "origin") return "skip origin";
  }
  return "skip when";
}

void check_duplicate_sections(const ast::Game& game, Reporter& rep) {
  for (size_t i = 0; i < game.sections.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (game.sections[j].name.text != game.sections[i].name.text) continue;
      rep.error(game.sections[i].name.range,
                fmt::format("duplicated section '{}'", game.sections[i].name.text))
          .notes.push_back({game.sections[j].name.range, true, "first written here"});
      break;
    }
  }
}

void merge_section(ast::Section& base, const ast::Section& variant) {
  if (variant.name.text == "end" || variant.name.text == "match" ||
      variant.name.text == "evaluation") {
    base = variant;
    return;
  }
  const std::vector<ast::Clause> original = base.clauses;
  std::set<std::string> replaced;
  for (const ast::Clause& c : variant.clauses) {
    std::string kind = clause_kind(c);
    bool in_base = std::any_of(original.begin(), original.end(),
                               [&](const ast::Clause& b) { return clause_kind(b) == kind; });
    if (!in_base || !replaced.insert(kind).second) {
      base.clauses.push_back(c);
      continue;
    }
    auto& cs = base.clauses;
    auto first = std::find_if(cs.begin(), cs.end(),
                              [&](const ast::Clause& b) { return clause_kind(b) == kind; });
    *first = c;
    cs.erase(std::remove_if(first + 1, cs.end(),
                            [&](const ast::Clause& b) {
                              return clause_kind(b) == kind && b.range.file != c.range.file;
                            }),
             cs.end());
  }
  base.range = variant.range;
  base.name = variant.name;
}

ast::Game merge(ast::Game base, const ast::Game& variant) {
  base.range = variant.range;
  base.name = variant.name;
  base.extends.reset();
  base.lost_sections.insert(variant.lost_sections.begin(), variant.lost_sections.end());
  for (const ast::Section& s : variant.sections) {
    auto it = std::find_if(base.sections.begin(), base.sections.end(),
                           [&](const ast::Section& b) { return b.name.text == s.name.text; });
    if (it == base.sections.end()) {
      base.sections.push_back(s);
    } else {
      merge_section(*it, s);
    }
  }
  for (const ast::Handler& h : variant.handlers) {
    auto it = std::find_if(base.handlers.begin(), base.handlers.end(), [&](const ast::Handler& b) {
      return h.name && b.name && b.name->text == h.name->text && b.event.text == h.event.text;
    });
    if (it != base.handlers.end()) {
      *it = h;
    } else {
      base.handlers.push_back(h);
    }
  }
  return base;
}

// Whether a syntax error may have left out a game that `file` could extend:
// a game or an import was broken in it or in a file it imports.
bool base_may_be_lost(const Program& program, size_t file) {
  std::vector<size_t> files = program.imported_closure(file);
  files.push_back(file);
  return std::any_of(files.begin(), files.end(),
                     [&](size_t f) { return program.files[f].ast.lost.game; });
}

std::optional<ast::Game> resolve(const Program& program, size_t file, Reporter& rep) {
  const ast::Game& game = *program.files[file].ast.game;
  check_duplicate_sections(game, rep);
  if (!game.extends) return game;
  std::vector<std::string> names;
  for (size_t f : program.imported_closure(file)) {
    const auto& base = program.files[f].ast.game;
    if (!base) continue;
    if (base->name.text != game.extends->text) {
      names.push_back(base->name.text);
      continue;
    }
    // Bases come from imported files and imports have no cycles, so this ends.
    std::optional<ast::Game> merged_base = resolve(program, f, rep);
    if (!merged_base) return std::nullopt;
    return merge(std::move(*merged_base), game);
  }
  if (base_may_be_lost(program, file)) return std::nullopt;  // its syntax error is reported
  Diagnostic& d =
      rep.error(game.extends->range, fmt::format("unknown base game '{}'{}", game.extends->text,
                                                 did_you_mean(game.extends->text, names)));
  if (const ShippedGame* shipped = find_shipped_game(game.extends->text)) {
    d.notes.push_back({game.extends->range, false,
                       fmt::format("'{}' is a shipped game: import it first with import \"{}\"",
                                   game.extends->text, shipped->name)});
  }
  return std::nullopt;
}

}  // namespace

std::optional<ast::Game> resolve_game(const Program& program, Reporter& rep) {
  if (!program.files[0].ast.game) return std::nullopt;
  return resolve(program, 0, rep);
}

}  // namespace mancala::check
