// parse_recovering() and parse(): .mnc text -> ast::File (see parse.hpp).
//
// The text is screened before the grammar sees it -- size, NUL bytes,
// UTF-8 -- because those are properties of the whole file that a PEG would
// check only piecemeal, and because refusing early keeps hostile input away
// from the recursive parser. A byte-order mark at the start is skipped.
//
// The grammar is then run one top-level item at a time, not as one rule for
// the whole file, because an item is the unit a parse can go on after: a
// syntax error is thrown out of the item as a SyntaxError
// (control_internal.hpp), the item is left out, the parse state is put back
// as it was before it, and resync.cpp says where the next item begins. Two
// loops do this, the file's (imports, fragments, the game) and the game's
// (sections, handlers); they try the same rules in the same order as the
// grammar's File would, so the first error of a file reads exactly as it
// would without recovery. Every resumption moves forward and the parse
// gives up after kMaxSyntaxErrors, so hostile input costs a few linear scans.
#include "parse.hpp"

#include <algorithm>
#include <tao/pegtl.hpp>

#include "actions_internal.hpp"
#include "build_internal.hpp"
#include "control_internal.hpp"
#include "grammar_rules.hpp"
#include "resync_internal.hpp"
#include "utf8.hpp"

namespace mancala {
namespace {

// Refuses what the grammar should never see; returns false after adding the diagnostic.
bool screen(const Source& src, uint32_t file, Diagnostics& diags) {
  std::string_view text = src.text;
  if (text.size() > kMaxFileBytes) {
    diags.error(Range{file, 0, 0}, "file too large (the limit is 1 MiB)");
    return false;
  }
  for (size_t i = 0; i < text.size();) {
    uint32_t at = static_cast<uint32_t>(i);
    if (text[i] == '\0') {
      diags.error(Range{file, at, at + 1}, "NUL byte in file (a rule file is text)");
      return false;
    }
    size_t len = utf8_sequence(text, i);
    if (len == 0) {
      diags.error(Range{file, at, at + 1}, "invalid UTF-8");
      return false;
    }
    i += len;
  }
  return true;
}

}  // namespace

namespace grammar {
namespace {

// Runs Rule at offset `at`: the offset where its match ends, or nullopt when
// it does not match there. A syntax error inside it is thrown (SyntaxError).
template <class Rule>
std::optional<uint32_t> match_at(State& st, uint32_t at) {
  pg::memory_input<pg::tracking_mode::lazy, pg::eol::lf_crlf> in(
      st.text.data() + at, st.text.data() + st.text.size(), "");
  if (!pg::parse<Rule, Action, Control>(in, st)) return std::nullopt;
  return static_cast<uint32_t>(in.current() - st.text.data());
}

// The parse state's stacks before an item. A thrown error skips the
// control's failure(), so a broken item's leftovers are cut back to this.
struct Mark {
  size_t stack, frames, nests, braces;
  int depth;
};

Mark mark(const State& st) {
  return {st.stack.size(), st.frames.size(), st.nest_starts.size(), st.brace_starts.size(),
          st.depth};
}

void restore(State& st, const Mark& m) {
  st.stack.erase(st.stack.begin() + static_cast<ptrdiff_t>(m.stack), st.stack.end());
  st.frames.resize(m.frames);
  st.nest_starts.resize(m.nests);
  st.brace_starts.resize(m.braces);
  st.depth = m.depth;
}

// The two item loops, with their error reporting and the record of what
// was left out.
class Items {
 public:
  Items(State& st, uint32_t first, Diagnostics& diags) : st_(st), first_(first), diags_(diags) {}

  // Parses the whole text into st.result.
  void file();
  size_t errors() const { return errors_; }
  const LostItems& lost() const { return lost_; }

 private:
  uint32_t size() const { return static_cast<uint32_t>(st_.text.size()); }
  uint32_t skip_sep(uint32_t at) { return *match_at<Sep>(st_, at); }
  Resume file_item(uint32_t at, bool& imports_open);
  std::optional<Resume> game(uint32_t at);
  Resume game_items(uint32_t at);
  Resume broken(uint32_t start, const SyntaxError& e, Level level);

  State& st_;
  uint32_t first_;
  Diagnostics& diags_;
  size_t errors_ = 0;
  Diagnostic* last_ = nullptr;  // the last error reported
  LostItems lost_;
};

void Items::file() {
  st_.frames.push_back(st_.stack.size());
  bool imports_open = true;  // until the first fragment or game
  for (uint32_t at = skip_sep(first_); at < size(); at = skip_sep(at)) {
    Resume next = file_item(at, imports_open);
    if (next.at == Resume::At::End) break;
    at = next.offset;
  }
  build_file(st_, Range{st_.file, first_, size()});
  st_.frames.pop_back();
}

// One declaration at `at`; where the file goes on after it.
Resume Items::file_item(uint32_t at, bool& imports_open) {
  Mark m = mark(st_);
  bool declaration = false;  // a fragment or the game was begun
  SyntaxError error;
  try {
    if (imports_open) {
      if (auto end = match_at<ImportDecl>(st_, at)) return {Resume::At::FileItem, *end};
    }
    declaration = true;
    if (auto end = match_at<FragmentDecl>(st_, at)) {
      imports_open = false;
      return {Resume::At::FileItem, *end};
    }
    if (std::optional<Resume> next = game(at)) {
      imports_open = false;
      return *next;
    }
    declaration = false;
    error = Message<FileEnd>::make(make_site(st_, at));
  } catch (const SyntaxError& e) {
    restore(st_, m);
    error = e;
  }
  if (declaration) imports_open = false;
  return broken(at, error, Level::File);
}

// The game at `at`, or nullopt when none begins there. A broken head
// (`game`, its name, `extends`, '{') throws like any broken declaration.
std::optional<Resume> Items::game(uint32_t at) {
  st_.frames.push_back(st_.stack.size());
  std::optional<uint32_t> head = match_at<GameHead>(st_, at);
  if (!head) {
    st_.frames.pop_back();
    return std::nullopt;
  }
  st_.brace_starts.push_back(at);  // for the note of "expected '}' to close the game"
  Resume next = game_items(*head);
  st_.brace_starts.pop_back();
  build_game(st_, Range{st_.file, at, next.offset});
  st_.frames.pop_back();
  return next;
}

// The sections and handlers from `at` up to the game's '}'; where the file
// goes on after the game.
Resume Items::game_items(uint32_t at) {
  for (;;) {
    at = skip_sep(at);
    Mark m = mark(st_);
    SyntaxError error;
    try {
      if (auto end = match_at<GameClose>(st_, at)) return {Resume::At::FileItem, *end};
      if (auto end = match_at<GameItem>(st_, at)) {
        at = *end;
        continue;
      }
      error = Message<GameClose>::make(make_site(st_, at));
    } catch (const SyntaxError& e) {
      restore(st_, m);
      error = e;
    }
    Resume next = broken(at, error, Level::Game);
    if (next.at != Resume::At::GameItem && next.at != Resume::At::GameClose) return next;
    at = next.offset;
  }
}

// Reports `e`, the error of the item of `level` at `start`, notes what the
// item held, and says where to go on. Past kMaxSyntaxErrors the error is not
// reported: the last one says so and the rest of the file is dropped.
Resume Items::broken(uint32_t start, const SyntaxError& e, Level level) {
  if (errors_ == kMaxSyntaxErrors) {
    last_->notes.push_back({{}, false, "too many syntax errors; the rest of the file is not read"});
    lost_.everything();
    return {Resume::At::End, size()};
  }
  last_ = &diags_.error(e.range, e.message);
  last_->notes = e.notes;
  ++errors_;
  uint32_t error = std::max(e.range.begin, start);
  Resume next = resume_after(st_.text, first_, start, error, level);
  note_lost(st_.text, first_, start, next.offset, level, lost_);
  return next;
}

}  // namespace
}  // namespace grammar

namespace {

// parse_recovering, also counting the syntax errors.
ast::File parse_counting(const SourceSet& sources, uint32_t file, Diagnostics& diags,
                         size_t& errors) {
  const Source& src = sources.get(file);
  ast::File out;
  out.source = file;
  errors = 1;
  if (!screen(src, file, diags)) {
    out.lost.fragments.insert("*");
    out.lost.game = true;
    return out;
  }
  grammar::State st;
  st.file = file;
  st.text = src.text;
  // A UTF-8 byte-order mark (as some Windows editors write) is skipped;
  // offsets stay offsets into the whole text.
  uint32_t first = src.text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  grammar::Items items(st, first, diags);
  items.file();
  errors = items.errors();
  out = std::move(st.result);
  out.source = file;
  out.lost = items.lost().file;
  if (out.game) out.game->lost_sections = items.lost().sections;
  return out;
}

}  // namespace

ast::File parse_recovering(const SourceSet& sources, uint32_t file, Diagnostics& diags) {
  size_t errors = 0;
  return parse_counting(sources, file, diags, errors);
}

std::optional<ast::File> parse(const SourceSet& sources, uint32_t file, Diagnostics& diags) {
  size_t errors = 0;
  ast::File out = parse_counting(sources, file, diags, errors);
  if (errors > 0) return std::nullopt;
  return out;
}

const std::vector<std::string_view>& keywords() {
  static const std::vector<std::string_view> kKeywords = {
#define MANCALA_KEYWORD(w) w,
#include "keywords.def"
#undef MANCALA_KEYWORD
  };
  return kKeywords;
}

bool is_keyword(std::string_view word) {
  const auto& k = keywords();
  return std::find(k.begin(), k.end(), word) != k.end();
}

}  // namespace mancala
