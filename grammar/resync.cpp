// Resynchronising after a syntax error (see resync_internal.hpp).
//
// A small token scanner walks the text from the start of the broken item;
// resume_after and note_lost are two readings of the same token stream,
// one looking for the first place where an item can begin, the other for
// the names of what it skips. Both are linear in what they read.
#include <algorithm>
#include <array>
#include <optional>

#include "resync_internal.hpp"
#include "text.hpp"

namespace mancala::grammar {
namespace {

constexpr std::array<std::string_view, 8> kSections = {"info",   "board", "setup", "moves",
                                                       "sowing", "end",   "match", "evaluation"};
constexpr std::array<std::string_view, 3> kDeclarations = {"import", "fragment", "game"};

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}
template <size_t N>
bool one_of(std::string_view w, const std::array<std::string_view, N>& words) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

struct Token {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool line_start = false;  // the first token of its line
};

// The tokens of the text from an offset on, as the lexer sees them: blanks
// and comments skipped, a word or a string one token, anything else one byte.
class Tokens {
 public:
  Tokens(std::string_view text, uint32_t first, uint32_t from) : text_(text), at_(from) {
    size_t i = from;
    while (i > first && is_blank(text[i - 1])) --i;
    line_start_ = i == first || text[i - 1] == '\n';
  }

  std::optional<Token> next() {
    skip_blanks();
    if (at_ >= text_.size()) return std::nullopt;
    Token t{static_cast<uint32_t>(at_), static_cast<uint32_t>(token_end(at_)), line_start_};
    line_start_ = false;
    at_ = t.end;
    return t;
  }
  // The token after the last one, without moving on.
  std::optional<Token> peek() const {
    Tokens copy = *this;
    return copy.next();
  }
  std::string_view word(const std::optional<Token>& t) const {
    if (!t || !is_word_char(text_[t->begin])) return {};
    return text_.substr(t->begin, t->end - t->begin);
  }
  char symbol(const std::optional<Token>& t) const { return t ? text_[t->begin] : '\0'; }

 private:
  void skip_blanks() {
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (c == '\n') {
        line_start_ = true;
        ++at_;
      } else if (is_blank(c)) {
        ++at_;
      } else if (c == '#') {
        while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      } else {
        break;
      }
    }
  }
  // A string ends at its closing quote or, unterminated, at the end of its line.
  size_t token_end(size_t i) const {
    size_t j = i + 1;
    if (is_word_char(text_[i])) {
      while (j < text_.size() && is_word_char(text_[j])) ++j;
    } else if (text_[i] == '"') {
      while (j < text_.size() && text_[j] != '"' && text_[j] != '\n') {
        bool escape = text_[j] == '\\' && j + 1 < text_.size() && text_[j + 1] != '\n';
        j += escape ? 2 : 1;
      }
      if (j < text_.size() && text_[j] == '"') ++j;
    }
    return std::min(j, text_.size());
  }

  std::string_view text_;
  size_t at_;
  bool line_start_ = false;
};

// Whether an item could begin at `t`: at the start of a line from the error
// on, or past the error outside the braces the broken item opened.
bool could_begin_item(const Token& t, int depth, uint32_t error) {
  return t.line_start ? t.begin >= error : depth == 0 && t.begin > error;
}

// Whether the word just read by `toks` begins an item of the game.
bool begins_game_item(std::string_view w, const Tokens& toks) {
  if (one_of(w, kSections)) return toks.symbol(toks.peek()) == '{';
  return w == "on" && !toks.word(toks.peek()).empty();
}

// The head of a broken item of the game: its section, or, for an unknown
// word, the section that the "did you mean" of its message names.
void note_game_head(std::string_view w, LostItems& lost) {
  if (one_of(w, kSections)) {
    lost.sections.emplace(w);
    return;
  }
  if (w == "on") return;
  std::vector<std::string> items(kSections.begin(), kSections.end());
  items.emplace_back("on");
  std::string guess = w.empty() ? "" : suggest(w, items);
  if (guess != "on") lost.sections.insert(guess.empty() ? "*" : guess);
}

}  // namespace

void LostItems::everything() {
  sections.insert("*");
  file.fragments.insert("*");
  file.game = true;
}

Resume resume_after(std::string_view text, uint32_t first, uint32_t start, uint32_t error,
                    Level level) {
  Tokens toks(text, first, start);
  int depth = 0;  // braces opened since `start`
  while (std::optional<Token> t = toks.next()) {
    char c = text[t->begin];
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (level == Level::Game && depth == 0 && t->begin >= error) {
        return {Resume::At::GameClose, t->begin};
      }
      depth = level == Level::File ? std::max(depth - 1, 0) : depth - 1;
    } else if (could_begin_item(*t, depth, error)) {
      std::string_view w = toks.word(t);
      if (one_of(w, kDeclarations) && (level == Level::Game || t->begin > start)) {
        return {Resume::At::FileItem, t->begin};
      }
      if (level == Level::Game && t->begin > start && begins_game_item(w, toks)) {
        return {Resume::At::GameItem, t->begin};
      }
    }
  }
  return {Resume::At::End, static_cast<uint32_t>(text.size())};
}

void note_lost(std::string_view text, uint32_t first, uint32_t from, uint32_t to, Level level,
               LostItems& lost) {
  Tokens toks(text, first, from);
  bool head = true;
  for (std::optional<Token> t = toks.next(); t && t->begin < to; t = toks.next(), head = false) {
    std::string_view w = toks.word(t);
    if (head && level == Level::Game) {
      note_game_head(w, lost);
    } else if (one_of(w, kSections) && toks.symbol(toks.peek()) == '{') {
      lost.sections.emplace(w);
    }
    if (head && level == Level::File && !one_of(w, kDeclarations)) {
      lost.file.fragments.insert("*");  // an unknown declaration: it could have been anything
      lost.file.game = true;
    }
    if (w == "fragment") {
      std::string_view name = toks.word(toks.peek());
      lost.file.fragments.insert(name.empty() ? "*" : std::string(name));
    } else if (w == "import") {
      lost.file.fragments.insert("*");  // an import could have brought any fragment or game
      lost.file.game = true;
    } else if (w == "game") {
      lost.file.game = true;
    }
  }
}

}  // namespace mancala::grammar
