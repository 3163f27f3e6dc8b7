// The parse stage: .mnc text -> ast::File.
//
// The only entry point into the grammar. PEGTL is used inside grammar/
// and nowhere else; callers see this plain function. Every point of no
// return in the grammar has a written message, so a syntax error reads
// "expected '}' to close the board section, got 'holes'" and never shows a
// PEGTL rule name. Recursion (blocks, parentheses, expressions) is limited
// to kMaxDepth levels; files larger than kMaxFileBytes are refused.
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

// Parses sources.get(file). On a syntax error, adds one diagnostic (parsing
// stops at the first syntax error) and returns nullopt.
std::optional<ast::File> parse(const SourceSet& sources, uint32_t file, Diagnostics& diags);

// Whether `word` is a reserved word of the language (keywords.def).
bool is_keyword(std::string_view word);

// Every reserved word, in the order of keywords.def.
const std::vector<std::string_view>& keywords();

}  // namespace mancala
