// json_string and JsonWriter (json.hpp).
//
// The writer keeps one small record per open container (array or object,
// and whether anything is in it yet), which is all it needs to know whether
// the next item wants a comma, and where the Lines layout breaks lines.
// Doubles go through fmt's "{:.Nf}", the form every report used before the
// writer existed, so that moving a report onto it changed no byte.
#include "json.hpp"

#include <fmt/format.h>

#include <cassert>
#include <cstdio>
#include <iterator>

#include "utf8.hpp"

namespace mancala {

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
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\u%04x", c);
      out += hex;
      ++i;
      continue;
    }
    size_t n = utf8_sequence(s, i);
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

// A comma before every item of a container but its first, and the line
// breaks of the Lines layout around the outermost container's items.
void JsonWriter::before_value() {
  if (after_key_) {  // the key already placed the separator
    after_key_ = false;
    return;
  }
  assert((open_.empty() && out_.empty()) || (!open_.empty() && open_.back().array));
  if (!open_.empty()) separate();
}

void JsonWriter::separate() {
  Open& top = open_.back();
  bool outer_line = layout_ == Layout::Lines && open_.size() == 1;
  if (!top.empty) out_ += layout_ == Layout::Compact || outer_line ? "," : ", ";
  if (outer_line) out_ += "\n  ";
  top.empty = false;
}

JsonWriter& JsonWriter::begin(bool array) {
  before_value();
  out_ += array ? '[' : '{';
  open_.push_back(Open{array});
  return *this;
}

JsonWriter& JsonWriter::end(bool array) {
  assert(!open_.empty() && open_.back().array == array && !after_key_);
  if (layout_ == Layout::Lines && open_.size() == 1 && !open_.back().empty) out_ += '\n';
  out_ += array ? ']' : '}';
  open_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::begin_object() {
  return begin(false);
}
JsonWriter& JsonWriter::end_object() {
  return end(false);
}
JsonWriter& JsonWriter::begin_array() {
  return begin(true);
}
JsonWriter& JsonWriter::end_array() {
  return end(true);
}

JsonWriter& JsonWriter::key(std::string_view k) {
  assert(!open_.empty() && !open_.back().array && !after_key_);
  separate();
  out_ += json_string(k);
  out_ += layout_ == Layout::Compact ? ":" : ": ";
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  return raw(json_string(s));
}

JsonWriter& JsonWriter::value(bool b) {
  return raw(b ? "true" : "false");
}

JsonWriter& JsonWriter::integer(int64_t n) {
  return raw(std::to_string(n));
}

JsonWriter& JsonWriter::integer(uint64_t n) {
  return raw(std::to_string(n));
}

JsonWriter& JsonWriter::value(double d, int decimals) {
  before_value();
  fmt::format_to(std::back_inserter(out_), "{:.{}f}", d, decimals);
  return *this;
}

JsonWriter& JsonWriter::null() {
  return raw("null");
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_.append(json);
  return *this;
}

}  // namespace mancala
