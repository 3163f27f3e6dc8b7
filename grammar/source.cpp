// Source text and line/column lookup (see source.hpp).
#include "source.hpp"

#include <algorithm>

namespace mancala {

Source::Source(std::string name_in, std::string text_in)
    : name(std::move(name_in)), text(std::move(text_in)) {
  line_starts.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') line_starts.push_back(i + 1);
  }
}

Source::LineCol Source::line_col(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - line_starts.begin());  // 1-based
  return {line, offset - line_starts[line - 1] + 1};
}

std::string_view Source::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts.size()) return {};
  uint32_t begin = line_starts[line - 1];
  uint32_t end = line < line_starts.size() ? line_starts[line] : static_cast<uint32_t>(text.size());
  std::string_view v(text.data() + begin, end - begin);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.remove_suffix(1);
  return v;
}

uint32_t SourceSet::add(std::string name, std::string text) {
  sources_.push_back(std::make_unique<Source>(std::move(name), std::move(text)));
  return static_cast<uint32_t>(sources_.size() - 1);
}

}  // namespace mancala
