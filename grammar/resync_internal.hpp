// Going on after a syntax error: where the next top-level item starts, and
// what the skipped text held. INTERNAL to grammar/ (parse.cpp).
//
// This is plain text scanning, not PEGTL: once an item has failed, the
// grammar can no longer say where it ends, so the skip looks at tokens the
// way a reader would. It knows only what the lexer knows -- words,
// strings (which end at a '"' or at the end of the line), comments and
// braces -- and the keywords that can begin a top-level item, which are
// reserved or only ever written at the head of an item:
// - an item of the game begins with a section keyword followed by '{', or
//   `on` followed by a word; a declaration with `import`, `fragment` or
//   `game`;
// - such a keyword counts only where an item could begin: at the start of
//   a line (so a missing '}' is not fatal) or, past the error, outside
//   every brace of the broken item (so items written on one line work too;
//   the erroneous word itself, as in `fragment game`, is not an item);
// - inside the game, the '}' that closes more braces than the item opened
//   is the game's own.
// Every skip moves forward (the next item begins after the broken one's
// first token), so recovery cannot loop.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "ast.hpp"

namespace mancala::grammar {

// Which loop the broken item belongs to: the file's (imports, fragments,
// the game) or the game's (sections, handlers).
enum class Level { File, Game };

// Where parsing goes on after a broken item.
struct Resume {
  enum class At {
    GameItem,   // a section or handler of the same game
    GameClose,  // the game's '}'
    FileItem,   // a declaration (inside the game: the game ends there, unclosed)
    End,        // nothing more can be read
  };
  At at = At::End;
  uint32_t offset = 0;
};

// Where to go on after a syntax error at offset `error` in the item of
// `level` that starts at `start`. `first` is where the text starts (after a
// byte-order mark), for what counts as the start of a line.
Resume resume_after(std::string_view text, uint32_t first, uint32_t start, uint32_t error,
                    Level level);

// What syntax errors left out of a file: sections of the game ("*": any),
// fragments and games (ast::Lost).
struct LostItems {
  std::set<std::string> sections;
  ast::Lost file;
  void everything();  // the rest of the file was not read
};

// Adds to `lost` what the skipped text [from, to) of an item of `level` held:
// the item itself (the section or fragment it names; an unknown word at its
// head stands for the section it resembles, or for anything) and every
// section, fragment, import or game that begins inside it.
void note_lost(std::string_view text, uint32_t first, uint32_t from, uint32_t to, Level level,
               LostItems& lost);

}  // namespace mancala::grammar
