// JSON output: the one place that spells JSON.
//
// Every JSON the tool prints (diagnostics, positions, records, reports, the
// `--format json` answers of the commands) is written with JsonWriter, and
// every string in it with json_string, so that punctuation, escaping and
// invalid UTF-8 are handled the same way everywhere and the output always
// parses. The writer is a cursor that appends to one string rather than a
// document tree: every output is small and fixed in shape, its key order is
// part of its contract (the reference records are compared byte for byte),
// and a tree would be built only to be printed. The caller says what comes
// next; the writer places the commas and colons, and in the Lines layout of
// diagnostics the spaces and line breaks too. Doubles are written with as
// many decimals as the caller asks, since each report fixes its precision.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace mancala {

// `s` as a JSON string literal, quotes included: control characters
// escaped, and bytes that are not valid UTF-8 written as U+FFFD, so that the
// result is always valid JSON.
std::string json_string(std::string_view s);

// Writes one JSON value. Calls chain:
//
//   JsonWriter w;
//   w.begin_object().key("game").value("Kalah").key("leaves");
//   w.begin_array().value(6).value(36).end_array().end_object();
//   w.str() == R"({"game":"Kalah","leaves":[6,36]})"
//
// In an object every value follows a key; in an array values follow each
// other. Misuse (a key in an array, a value without its key in an object,
// closing the wrong container) is a programming error, checked by assertions.
class JsonWriter {
 public:
  enum class Layout {
    Compact,  // {"a":1,"b":[1,2]}: records, reports, JSON lines
    Lines,    // diagnostics: each element of the outermost container on a
              // line of its own, indented by two spaces, and a space after
              // every other comma and colon: [\n  {"a": 1, "b": [1, 2]},\n  {...}\n]
  };

  explicit JsonWriter(Layout layout = Layout::Compact) : layout_(layout) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);

  JsonWriter& value(std::string_view s);  // a string, through json_string
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);  // true, false
  // An integer of any width, in full.
  template <std::integral T>
  requires(!std::same_as<T, bool> && !std::same_as<T, char>) JsonWriter& value(T n) {
    if constexpr (std::is_signed_v<T>) {
      return integer(static_cast<int64_t>(n));
    } else {
      return integer(static_cast<uint64_t>(n));
    }
  }
  // A double with `decimals` digits after the point (fmt's "{:.Nf}").
  JsonWriter& value(double d, int decimals);
  JsonWriter& value(double d) = delete;  // say how many decimals
  JsonWriter& null();
  // JSON written elsewhere (already valid), placed as one value.
  JsonWriter& raw(std::string_view json);

  // What has been written so far; the whole value once every container is closed.
  const std::string& str() const { return out_; }

 private:
  struct Open {
    bool array;
    bool empty = true;
  };
  void before_value();
  void separate();
  JsonWriter& integer(int64_t n);
  JsonWriter& integer(uint64_t n);
  JsonWriter& begin(bool array);
  JsonWriter& end(bool array);

  Layout layout_;
  std::string out_;
  std::vector<Open> open_;  // the containers being written, outermost first
  bool after_key_ = false;  // a key was written and awaits its value
};

}  // namespace mancala
