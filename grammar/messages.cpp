// The text side of syntax errors: what token is at the error, and the
// sentences that need more than a fixed string (see control_internal.hpp).
//
// A message names the token it found ("got 'holes'") and its range covers
// that token, so a caret underlines exactly what is wrong. Unknown words in
// a place that expects a keyword get a "did you mean" from suggest(), and
// otherwise the list of what is expected.
#include <array>
#include <sstream>

#include "control_internal.hpp"
#include "diagnostics.hpp"
#include "parse.hpp"
#include "utf8.hpp"

namespace mancala::grammar {
namespace {

constexpr size_t kMaxShown = 32;  // bytes of a token shown in a message

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_ident_char(char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
bool is_op_char(char c) {
  return std::string_view("=!<>+-*/%").find(c) != std::string_view::npos;
}

size_t skip_blanks(std::string_view text, size_t i) {
  while (i < text.size()) {
    if (is_blank(text[i])) {
      ++i;
    } else if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else {
      break;
    }
  }
  return i;
}

// The end of the token starting at i.
size_t token_end(std::string_view text, size_t i) {
  char c = text[i];
  size_t j = i + 1;
  if (is_ident_char(c)) {
    while (j < text.size() && is_ident_char(text[j])) ++j;
  } else if (c == '"') {
    while (j < text.size() && text[j] != '"' && text[j] != '\n') j += text[j] == '\\' ? 2 : 1;
    j = std::min(text.size(), j + 1);
  } else if (is_op_char(c) && j < text.size() && text[j] == '=') {
    ++j;
  } else {
    j = i + std::max<size_t>(1, utf8_sequence(text, i));
  }
  return j;
}

std::string shorten(std::string_view s) {
  if (s.size() <= kMaxShown) return std::string(s);
  size_t cut = kMaxShown;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

// The reserved words are keywords.def's, as the grammar's `Reserved` rule.
bool is_reserved(std::string_view word) {
  return is_keyword(word);
}

std::vector<std::string> split_words(std::string_view list) {
  std::vector<std::string> out;
  std::istringstream in{std::string(list)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool is_identifier(const ErrorSite& s) {
  return !s.eof && is_ident_start(s.spelling[0]);
}

// The spelling of the token after the one at the site, e.g. to see an '='.
char next_char_after_token(const ErrorSite& s) {
  size_t i = skip_blanks(s.st.text, s.token.end);
  return i < s.st.text.size() ? s.st.text[i] : '\0';
}

}  // namespace

void too_deep(const State& st) {
  ErrorSite s = make_site(st, st.nest_starts.back());
  throw SyntaxError{s.token, "nesting too deep (the limit is " + std::to_string(kMaxDepth) + ")"};
}

ErrorSite make_site(const State& st, uint32_t offset) {
  std::string_view text = st.text;
  size_t i = skip_blanks(text, offset);
  ErrorSite s{st, offset, Range{st.file, static_cast<uint32_t>(i), static_cast<uint32_t>(i)}, "",
              false};
  if (i >= text.size()) {
    s.eof = true;
    return s;
  }
  size_t j = token_end(text, i);
  s.token.end = static_cast<uint32_t>(j);
  s.spelling = shorten(text.substr(i, j - i));
  return s;
}

// What a token written in another language's habit was meant to be: `=`
// for `==`, `&&`, `||`, `!` for `and`, `or`, `not`, `'T'` for "T".
std::string habit_hint(const ErrorSite& s, Range& token) {
  if (s.eof) return "";
  std::string_view rest = std::string_view(s.st.text).substr(s.token.begin);
  if (s.spelling == "=") return "; did you mean '=='?";
  if (s.spelling == "!") return "; did you mean 'not'?";
  if (rest.starts_with("&&") || rest.starts_with("||")) token.end = token.begin + 2;
  if (rest.starts_with("&")) return "; did you mean 'and'?";
  if (rest.starts_with("|")) return "; did you mean 'or'?";
  if (rest.starts_with("'")) return "; strings are written in double quotes (\"...\")";
  return "";
}

SyntaxError expected(const ErrorSite& s, std::string_view what) {
  Range token = s.token;
  std::string hint = habit_hint(s, token);
  std::string got = s.eof ? "end of file" : "'" + s.spelling + "'";
  if (token.end - token.begin == 2 && !s.eof && s.spelling.size() == 1) {
    got = "'" + std::string(std::string_view(s.st.text).substr(token.begin, 2)) + "'";
  }
  return {token, std::string(what) + ", got " + got + hint};
}

SyntaxError param_type(const ErrorSite& s) {
  SyntaxError e = expected(s, "expected a type (int, bool, hole or player) after ':'");
  if (is_identifier(s)) e.message += did_you_mean(s.spelling, {"int", "bool", "hole", "player"});
  return e;
}

SyntaxError with_open_brace(SyntaxError e, const ErrorSite& s, std::string_view what) {
  if (s.st.brace_starts.empty() || !e.message.starts_with("expected")) return e;
  // The construct started at its first word ('board', 'game') or at '{'; its
  // '{' is the first one after that outside strings and comments.
  std::string_view text = s.st.text;
  size_t i = s.st.brace_starts.back();
  while (i < text.size() && text[i] != '{') {
    if (text[i] == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (text[i] == '"') {
      ++i;
      while (i < text.size() && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
      ++i;
    } else {
      ++i;
    }
  }
  if (i >= text.size()) return e;
  uint32_t at = static_cast<uint32_t>(i);
  e.notes.push_back(
      {Range{s.st.file, at, at + 1}, true, "the " + std::string(what) + " opened here"});
  return e;
}

SyntaxError expected_name(const ErrorSite& s, std::string_view what, std::string_view role) {
  if (is_identifier(s) && is_reserved(s.spelling)) {
    return {s.token,
            "'" + s.spelling + "' is a reserved keyword and cannot name " + std::string(role)};
  }
  return expected(s, what);
}

std::string previous_token(const State& st, uint32_t offset) {
  std::string_view text = st.text;
  size_t end = std::min<size_t>(offset, text.size());
  while (end > 0 && is_blank(text[end - 1])) --end;
  size_t begin = end;
  if (begin > 0 && is_ident_char(text[begin - 1])) {
    while (begin > 0 && is_ident_char(text[begin - 1])) --begin;
  } else {
    while (begin > 0 && is_op_char(text[begin - 1]) && end - begin < 2) --begin;
  }
  return shorten(text.substr(begin, end - begin));
}

SyntaxError unterminated_string(const ErrorSite& s) {
  // The body failed right after the opening quote.
  return {Range{s.st.file, s.offset - 1, s.offset}, "unterminated string"};
}

SyntaxError bad_escape(const ErrorSite& s) {
  Range r{s.st.file, s.offset - 1, std::min<uint32_t>(s.offset + 1, s.st.text.size())};
  return {r, "unknown escape in string (only \\\" and \\\\ are allowed)"};
}

SyntaxError no_chained_comparison(const ErrorSite& s) {
  return {s.token, "comparisons cannot be chained; use 'and' or parentheses"};
}

SyntaxError section_not_closed(const ErrorSite& s, std::string_view section,
                               std::string_view clauses) {
  std::vector<std::string> expected_words = split_words(clauses);
  static const std::vector<std::string> kOuter = {"info", "board", "setup",      "moves", "sowing",
                                                  "end",  "match", "evaluation", "on"};
  bool outer = std::find(kOuter.begin(), kOuter.end(), s.spelling) != kOuter.end();
  if (!is_identifier(s) || expected_words.empty() || outer) {
    return expected(s, "expected '}' to close the " + std::string(section) + " section");
  }
  std::string head = "unknown clause '" + s.spelling + "' in " + std::string(section);
  std::string guess = suggest(s.spelling, expected_words);
  if (!guess.empty()) return {s.token, head + "; did you mean '" + guess + "'?"};
  expected_words.push_back("'}'");
  return {s.token, head + "; expected " + join(expected_words, ", ", " or ")};
}

SyntaxError game_not_closed(const ErrorSite& s) {
  static const std::vector<std::string> kItems = {"info", "board", "setup",      "moves", "sowing",
                                                  "end",  "match", "evaluation", "on"};
  if (!is_identifier(s)) {
    return expected(s, "expected a section, a handler or '}' to close the game");
  }
  std::string head = "unknown section '" + s.spelling + "'";
  std::string guess = suggest(s.spelling, kItems);
  if (!guess.empty()) return {s.token, head + "; did you mean '" + guess + "'?"};
  return {s.token, head +
                       "; expected info, board, setup, moves, sowing, end, match, evaluation, "
                       "a handler ('on') or '}'"};
}

SyntaxError block_not_closed(const ErrorSite& s) {
  static const std::vector<std::string> kStatements = {
      "capture", "remove", "extra_turn", "stop", "cancel", "draw",  "relay",
      "leave",   "lift",   "let",        "if",   "while",  "chain", "use"};
  if (is_identifier(s) && is_reserved(s.spelling) && next_char_after_token(s) == '=') {
    return {s.token, "'" + s.spelling + "' is a reserved keyword and cannot name a variable"};
  }
  if (is_identifier(s) && !is_reserved(s.spelling)) {
    std::string guess = suggest(s.spelling, kStatements);
    if (!guess.empty()) {
      return {s.token, "unknown statement '" + s.spelling + "'; did you mean '" + guess + "'?"};
    }
  }
  return expected(s, "expected a statement or '}' to close the block");
}

SyntaxError file_not_ended(const ErrorSite& s) {
  if (s.spelling == "import") {
    return {s.token, "imports must come before fragments and the game"};
  }
  if (is_identifier(s)) {
    std::string guess = suggest(s.spelling, {"import", "fragment", "game"});
    if (!guess.empty()) {
      return {s.token, "unknown declaration '" + s.spelling + "'; did you mean '" + guess + "'?"};
    }
  }
  return expected(s, "expected 'import', 'fragment' or 'game'");
}

}  // namespace mancala::grammar
