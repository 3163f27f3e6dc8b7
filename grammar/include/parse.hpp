// The parse stage: .mnc text -> ast::File.
//
// The only entry point into the grammar. PEGTL is used inside grammar/
// and nowhere else; callers see this plain function. Every point of no
// return in the grammar has a written message, so a syntax error reads
// "expected '}' to close the board section, got 'holes'" and never shows a
// PEGTL rule name. Recursion (blocks, parentheses, expressions) is limited
// to kMaxDepth levels; files larger than kMaxFileBytes are refused.
//
// A syntax error does not end the parse: the error is reported and the
// parser goes on at the next top-level item (an import, a fragment, the
// game; inside the game, a section or a handler), so that one run reports a
// syntax error in each broken item and the checker still sees every item
// that parsed. parse_recovering returns that partial tree; parse returns a
// tree only when there was no syntax error at all.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "diagnostics.hpp"
#include "source.hpp"

namespace mancala {

inline constexpr uint32_t kMaxFileBytes = 1u << 20;
inline constexpr int kMaxDepth = 64;
inline constexpr int64_t kMaxIntLiteral = 1000000;
inline constexpr size_t kMaxIdentifier = 64;
inline constexpr size_t kMaxString = 1024;
// Syntax errors reported for one file; past them the rest of it is not read.
inline constexpr size_t kMaxSyntaxErrors = 10;

// Parses sources.get(file), adding every syntax error to `diags` (the first
// of each broken top-level item, at most kMaxSyntaxErrors). Returns the
// items that parsed cleanly; what was left out is recorded in File::lost and
// Game::lost_sections. Meant for reporting only: a tree with errors is not a
// valid game.
ast::File parse_recovering(const SourceSet& sources, uint32_t file, Diagnostics& diags);

// As parse_recovering, but returns nullopt when there was any syntax error.
std::optional<ast::File> parse(const SourceSet& sources, uint32_t file, Diagnostics& diags);

// Whether `word` is a reserved word of the language (keywords.def).
bool is_keyword(std::string_view word);

// Every reserved word, in the order of keywords.def.
const std::vector<std::string_view>& keywords();

}  // namespace mancala
