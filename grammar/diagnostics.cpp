// Collecting and rendering diagnostics (see diagnostics.hpp).
//
// Rendering is pure string building so that golden tests can compare it
// byte for byte. The caret line copies the tabs of the source line into its
// padding, so that the caret stays under the right character in any tab
// width. A rule file is untrusted, so its bytes never reach a terminal as
// they are: control characters and invalid UTF-8 in names, messages and
// source lines are shown as \xNN, and a line too long for a terminal is
// shown as a window around the range.
// JSON goes through JsonWriter (json.hpp) in its Lines layout, one
// diagnostic per line; its strings are escaped completely, including bytes
// that are not valid UTF-8, which become U+FFFD, so that the output is
// always valid JSON. suggest() lives in suggest.cpp.
#include "diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "utf8.hpp"

namespace mancala {

Diagnostic& Diagnostics::error(Range range, std::string message) {
  if (error_count_ >= kMaxErrors) {
    if (error_count_ == kMaxErrors) {
      items_.push_back({Severity::Error, range, "too many errors", {}});
      ++error_count_;
    }
    overflow_sink_ = Diagnostic{};
    return overflow_sink_;
  }
  ++error_count_;
  items_.push_back({Severity::Error, range, std::move(message), {}});
  return items_.back();
}

Diagnostic& Diagnostics::warning(Range range, std::string message) {
  items_.push_back({Severity::Warning, range, std::move(message), {}});
  return items_.back();
}

Diagnostic& Diagnostics::add(Diagnostic d) {
  if (d.severity != Severity::Error) {
    items_.push_back(std::move(d));
    return items_.back();
  }
  Diagnostic& out = error(d.range, std::move(d.message));
  out.notes = std::move(d.notes);
  return out;
}

const char* severity_label(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[1;31m";
constexpr const char* kGreen = "\x1b[1;32m";
constexpr const char* kReset = "\x1b[0m";

bool is_error_label(const char* label) {
  return std::string_view(label) == "error";
}

// A source line as shown under a message: bytes of the file never reach
// the terminal as control sequences, and a very long line is cut to a
// window around the range.
struct ShownLine {
  std::string text;  // the line, escaped and perhaps cut
  std::string pad;   // what goes before the caret (tabs copied, so it lines up)
  size_t width = 1;  // columns the range covers (at least 1)
};

// One piece of a line: the bytes [at, at + len) shown as `text`, `cols` wide.
struct Piece {
  size_t at;
  std::string text;
  size_t cols;
};

// A control character shows as \xNN (a tab stays a tab), a byte that is not
// valid UTF-8 as \xNN, anything else as itself, one column per character.
std::vector<Piece> pieces_of(std::string_view line) {
  std::vector<Piece> out;
  for (size_t i = 0; i < line.size();) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    size_t n = utf8_sequence(line, i);
    if (c == '\t') {
      out.push_back({i, "\t", 1});
      ++i;
    } else if (n == 0 || c < 0x20 || c == 0x7F) {
      out.push_back({i, fmt::format("\\x{:02x}", c), 4});
      ++i;
    } else {
      out.push_back({i, std::string(line.substr(i, n)), 1});
      i += n;
    }
  }
  return out;
}

// Text from a file (a name, a message quoting it) with every control
// character and invalid byte shown as \\xNN.
std::string escaped(std::string_view text) {
  std::string out;
  for (const Piece& p : pieces_of(text)) out += p.text == "\t" ? "\\x09" : p.text;
  return out;
}

constexpr size_t kShownColumns = 100;  // a longer line is cut around the range

ShownLine show_line(std::string_view line, size_t from, size_t to) {
  std::vector<Piece> pieces = pieces_of(line);
  std::vector<size_t> col(pieces.size() + 1, 0);  // column where each piece starts
  for (size_t i = 0; i < pieces.size(); ++i) col[i + 1] = col[i] + pieces[i].cols;
  auto index_of = [&](size_t byte) {  // first piece at or after a byte offset
    size_t k = 0;
    while (k < pieces.size() && pieces[k].at < byte) ++k;
    return k;
  };
  size_t first = index_of(from), last = std::max(first + 1, index_of(to));
  size_t lo = 0, hi = pieces.size();  // the pieces shown
  if (col[hi] > kShownColumns) {
    size_t start_col = col[first] > kShownColumns / 2 ? col[first] - kShownColumns / 2 : 0;
    while (lo < pieces.size() && col[lo] < start_col) ++lo;
    hi = lo;
    while (hi < pieces.size() && col[hi + 1] - col[lo] <= kShownColumns) ++hi;
  }
  ShownLine out;
  if (lo > 0) out.text = out.pad = "...";
  for (size_t k = lo; k < hi; ++k) out.text += pieces[k].text;
  if (hi < pieces.size()) out.text += "...";
  for (size_t k = lo; k < first && k < hi; ++k) {
    out.pad += pieces[k].text == "\t" ? "\t" : std::string(pieces[k].cols, ' ');
  }
  size_t end_col = col[std::min(last, hi)];
  out.width = std::max<size_t>(1, end_col > col[first] ? end_col - col[first] : 1);
  return out;
}

// The header line, the source line and the caret line of one range.
void render_one(std::string& out, const SourceSet& sources, Range range, const char* label,
                const std::string& message, bool colour) {
  if (range.file >= sources.size()) {
    out += fmt::format("{}: {}\n", label, escaped(message));
    return;
  }
  const Source& src = sources.get(range.file);
  if (src.text.empty()) {  // a file that could not be read: no line to show
    out += fmt::format("{}{}: {}{}{}: {}\n", colour ? kBold : "", escaped(src.name),
                       colour && is_error_label(label) ? kRed : "", label, colour ? kReset : "",
                       escaped(message));
    return;
  }
  auto begin = src.line_col(range.begin);
  auto end = src.line_col(std::max(range.begin, range.end));
  std::string name = escaped(src.name), text = escaped(message);
  const bool is_error = std::string_view(label) == "error";
  if (colour) {
    out += fmt::format("{}{}:{}:{}: {}{}:{}{} {}{}\n", kBold, name, begin.line, begin.col,
                       is_error ? kRed : kBold, label, kReset, kBold, text, kReset);
  } else {
    out += fmt::format("{}:{}:{}: {}: {}\n", name, begin.line, begin.col, label, text);
  }
  std::string_view line = src.line_text(begin.line);
  size_t from = std::min<size_t>(begin.col - 1, line.size());
  size_t to = end.line == begin.line && end.col > begin.col
                  ? std::min<size_t>(end.col - 1, line.size())
                  : from;
  ShownLine shown = show_line(line, from, to);
  out += shown.text + '\n';
  std::string marks = "^" + std::string(shown.width - 1, '~');
  if (colour) {
    out += shown.pad + kGreen + marks + kReset + "\n";
  } else {
    out += shown.pad + marks + "\n";
  }
}

}  // namespace

std::string render_text(const Diagnostic& d, const SourceSet& sources, bool colour) {
  std::string out;
  render_one(out, sources, d.range, severity_label(d.severity), d.message, colour);
  for (const Note& n : d.notes) {
    if (n.has_range) {
      render_one(out, sources, n.range, "note", n.message, colour);
    } else if (colour) {
      out += fmt::format("{}note:{} {}\n", kBold, kReset, escaped(n.message));
    } else {
      out += fmt::format("note: {}\n", escaped(n.message));
    }
  }
  return out;
}

std::string render_text(const Diagnostics& ds, const SourceSet& sources, bool colour) {
  std::string out;
  for (const Diagnostic& d : ds.all()) out += render_text(d, sources, colour);
  return out;
}

namespace {

// The "file", "line" and "column" keys of a range's start, and with_end its
// "end_line" and "end_column"; a range outside `sources` has neither a file
// nor an end.
void write_position(JsonWriter& w, const SourceSet& sources, Range r, bool with_end) {
  if (r.file >= sources.size()) {
    w.key("file").value("").key("line").value(0).key("column").value(0);
    return;
  }
  const Source& src = sources.get(r.file);
  auto b = src.line_col(r.begin);
  w.key("file").value(src.name).key("line").value(b.line).key("column").value(b.col);
  if (with_end) {
    auto e = src.line_col(std::max(r.begin, r.end));
    w.key("end_line").value(e.line).key("end_column").value(e.col);
  }
}

}  // namespace

void write_json(JsonWriter& w, const Diagnostics& ds, const SourceSet& sources) {
  for (const Diagnostic& d : ds.all()) {
    w.begin_object();
    write_position(w, sources, d.range, true);
    w.key("severity").value(severity_label(d.severity));
    w.key("message").value(d.message);
    w.key("notes").begin_array();
    for (const Note& n : d.notes) {
      w.begin_object();
      if (n.has_range) write_position(w, sources, n.range, false);
      w.key("message").value(n.message).end_object();
    }
    w.end_array().end_object();
  }
}

std::string render_json(const Diagnostics& ds, const SourceSet& sources) {
  JsonWriter w(JsonWriter::Layout::Lines);
  w.begin_array();
  write_json(w, ds, sources);
  w.end_array();
  return w.str() + "\n";
}

}  // namespace mancala
