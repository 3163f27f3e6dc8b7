// Collecting and rendering diagnostics (see diagnostics.hpp).
//
// Rendering is pure string building so that golden tests can compare it
// byte for byte. The caret line copies the tabs of the source line into its
// padding, so that the caret stays under the right byte in any tab width.
// JSON goes through JsonWriter (json.hpp) in its Lines layout, one
// diagnostic per line; its strings are escaped completely, including bytes
// that are not valid UTF-8, which become U+FFFD, so that the output is
// always valid JSON. suggest() lives in suggest.cpp.
#include "diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

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

// The header line, the source line and the caret line of one range.
void render_one(std::string& out, const SourceSet& sources, Range range, const char* label,
                const std::string& message, bool colour) {
  if (range.file >= sources.size()) {
    out += fmt::format("{}: {}\n", label, message);
    return;
  }
  const Source& src = sources.get(range.file);
  if (src.text.empty()) {  // a file that could not be read: no line to show
    out += fmt::format("{}{}: {}{}{}: {}\n", colour ? kBold : "", src.name,
                       colour && is_error_label(label) ? kRed : "", label, colour ? kReset : "",
                       message);
    return;
  }
  auto begin = src.line_col(range.begin);
  auto end = src.line_col(std::max(range.begin, range.end));
  const bool is_error = std::string_view(label) == "error";
  if (colour) {
    out += fmt::format("{}{}:{}:{}: {}{}:{}{} {}{}\n", kBold, src.name, begin.line, begin.col,
                       is_error ? kRed : kBold, label, kReset, kBold, message, kReset);
  } else {
    out += fmt::format("{}:{}:{}: {}: {}\n", src.name, begin.line, begin.col, label, message);
  }
  std::string_view line = src.line_text(begin.line);
  out.append(line);
  out += '\n';
  std::string caret;
  for (uint32_t i = 0; i + 1 < begin.col && i < line.size(); ++i) {
    caret += line[i] == '\t' ? '\t' : ' ';
  }
  size_t width = 1;
  if (end.line == begin.line && end.col > begin.col) {
    size_t line_end = line.size() + 1;  // the column just after the line
    width = std::max<size_t>(1, std::min<size_t>(end.col, line_end) - begin.col);
  }
  std::string marks = "^" + std::string(width - 1, '~');
  if (colour) {
    out += caret + kGreen + marks + kReset + "\n";
  } else {
    out += caret + marks + "\n";
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
      out += fmt::format("{}note:{} {}\n", kBold, kReset, n.message);
    } else {
      out += fmt::format("note: {}\n", n.message);
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
