// parse(): .mnc text -> ast::File (see parse.hpp).
//
// The text is screened before the grammar sees it -- size, NUL bytes,
// UTF-8 -- because those are properties of the whole file that a PEG would
// check only piecemeal, and because refusing early keeps hostile input away
// from the recursive parser. Then one PEGTL run builds the tree; the first
// syntax error is thrown as a SyntaxError (control_internal.hpp) and becomes
// the single diagnostic of the parse. A byte-order mark at the start is
// skipped.
#include "parse.hpp"

#include <algorithm>
#include <tao/pegtl.hpp>

#include "actions_internal.hpp"
#include "build_internal.hpp"
#include "control_internal.hpp"
#include "grammar_rules.hpp"
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

std::optional<ast::File> parse(const SourceSet& sources, uint32_t file, Diagnostics& diags) {
  namespace pg = tao::pegtl;
  const Source& src = sources.get(file);
  if (!screen(src, file, diags)) return std::nullopt;
  grammar::State st;
  st.file = file;
  st.text = src.text;
  // A UTF-8 byte-order mark (as some Windows editors write) is skipped;
  // offsets stay offsets into the whole text (actions subtract text.data()).
  size_t start = src.text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  pg::memory_input<pg::tracking_mode::lazy, pg::eol::lf_crlf> in(src.text.data() + start,
                                                                 src.text.size() - start, src.name);
  try {
    if (!pg::parse<grammar::File, grammar::Action, grammar::Control>(in, st)) {
      // Unreachable: File ends in must<FileEnd>. Kept so that a grammar slip is still a clean
      // error.
      diags.error(Range{file, 0, 0}, "syntax error");
      return std::nullopt;
    }
  } catch (const grammar::SyntaxError& e) {
    diags.error(e.range, e.message).notes = e.notes;
    return std::nullopt;
  }
  st.result.source = file;
  return std::move(st.result);
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
