// Collecting and rendering diagnostics (see diagnostics.hpp).
//
// Rendering is pure string building so that golden tests can compare it
// byte for byte. The caret line copies the tabs of the source line into its
// padding, so that the caret stays under the right byte in any tab width.
// JSON is written by hand (the output is tiny and fixed in shape); strings
// are escaped completely, including bytes that are not valid UTF-8, which
// become U+FFFD, so that the output is always valid JSON. suggest() lives
// in suggest.cpp.
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

namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[1;31m";
constexpr const char* kGreen = "\x1b[1;32m";
constexpr const char* kReset = "\x1b[0m";

bool is_error_label(const char* label) { return std::string_view(label) == "error"; }

// The header line, the source line and the caret line of one range.
void render_one(std::string& out, const SourceSet& sources, Range range, const char* label,
                const std::string& message, bool colour) {
  if (range.file >= sources.size()) {
    out += fmt::format("{}: {}\n", label, message);
    return;
  }
  const Source& src = sources.get(range.file);
  if (src.text.empty()) {  // a file that could not be read: no line to show
    out += fmt::format("{}{}: {}{}{}: {}\n", colour ? kBold : "", src.name, colour && is_error_label(label) ? kRed : "",
                       label, colour ? kReset : "", message);
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
  render_one(out, sources, d.range, d.severity == Severity::Error ? "error" : "note", d.message,
             colour);
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

// The length of the valid UTF-8 sequence at s[i], or 0 if it is not valid.
size_t utf8_length(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = c >= 0xC2 && c <= 0xDF   ? 2
             : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4
                                      : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  unsigned char c1 = byte(i + 1);
  if (c == 0xE0 && c1 < 0xA0) return 0;   // overlong
  if (c == 0xED && c1 >= 0xA0) return 0;  // surrogate
  if (c == 0xF0 && c1 < 0x90) return 0;   // overlong
  if (c == 0xF4 && c1 >= 0x90) return 0;  // above U+10FFFF
  return n;
}


std::string json_position(const SourceSet& sources, Range r, bool with_end) {
  if (r.file >= sources.size()) return R"("file": "", "line": 0, "column": 0)";
  const Source& src = sources.get(r.file);
  auto b = src.line_col(r.begin);
  std::string out =
      fmt::format(R"("file": {}, "line": {}, "column": {})", json_string(src.name), b.line, b.col);
  if (with_end) {
    auto e = src.line_col(std::max(r.begin, r.end));
    out += fmt::format(R"(, "end_line": {}, "end_column": {})", e.line, e.col);
  }
  return out;
}

}  // namespace

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"':
        out += "\\\"";
        ++i;
        continue;
      case '\\':
        out += "\\\\";
        ++i;
        continue;
      case '\n':
        out += "\\n";
        ++i;
        continue;
      case '\r':
        out += "\\r";
        ++i;
        continue;
      case '\t':
        out += "\\t";
        ++i;
        continue;
      case '\b':
        out += "\\b";
        ++i;
        continue;
      case '\f':
        out += "\\f";
        ++i;
        continue;
      default:
        break;
    }
    if (c < 0x20 || c == 0x7F) {
      out += fmt::format("\\u{:04x}", c);
      ++i;
      continue;
    }
    size_t n = utf8_length(s, i);
    if (n == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out + "\"";
}

std::string render_json(const Diagnostics& ds, const SourceSet& sources) {
  std::string out = "[";
  bool first = true;
  for (const Diagnostic& d : ds.all()) {
    out += first ? "\n  {" : ",\n  {";
    first = false;
    out += json_position(sources, d.range, true);
    out += fmt::format(R"(, "severity": "{}", "message": {}, "notes": [)",
                       d.severity == Severity::Error ? "error" : "note", json_string(d.message));
    for (size_t i = 0; i < d.notes.size(); ++i) {
      const Note& n = d.notes[i];
      out += i == 0 ? "{" : ", {";
      if (n.has_range) out += json_position(sources, n.range, false) + ", ";
      out += fmt::format(R"("message": {}}})", json_string(n.message));
    }
    out += "]}";
  }
  out += first ? "]\n" : "\n]\n";
  return out;
}

}  // namespace mancala
