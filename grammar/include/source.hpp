// Source text and positions.
//
// Every stage after parsing reports problems against the original text, so
// positions are kept as byte offsets into a Source owned by a SourceSet, and
// turned into line:column only when a diagnostic is rendered. Offsets are
// 32-bit: files are limited to 1 MiB (docs/language.md, "Limits").
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

// A half-open byte range [begin, end) in one source file.
struct Range {
  uint32_t file = 0;
  uint32_t begin = 0;
  uint32_t end = 0;
  friend bool operator==(const Range&, const Range&) = default;
};

// One loaded text: its display name (a path, or "<stdlib>/captures.mnc"),
// and its bytes.
struct Source {
  std::string name;
  std::string text;
  std::vector<uint32_t> line_starts;  // offsets of the first byte of every line

  Source(std::string name, std::string text);
  // 1-based line and byte column of an offset (clamped to the text).
  struct LineCol {
    uint32_t line;
    uint32_t col;
  };
  LineCol line_col(uint32_t offset) const;
  // The text of a 1-based line, without its line ending.
  std::string_view line_text(uint32_t line) const;
};

// Owns every Source loaded during one run; a Range's `file` indexes into it.
class SourceSet {
 public:
  uint32_t add(std::string name, std::string text);
  const Source& get(uint32_t file) const { return *sources_.at(file); }
  size_t size() const { return sources_.size(); }

 private:
  std::vector<std::unique_ptr<Source>> sources_;
};

}  // namespace mancala
