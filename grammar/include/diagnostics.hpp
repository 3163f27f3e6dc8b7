// Diagnostics: the one error type of the parse and check stages.
//
// The library never prints. Stages append Diagnostic values to a
// Diagnostics collection; front ends render them with render_text (for
// people: `file:line:col: error: message`, the source line, a caret or an
// underline of the range, then notes) or render_json (for editors and
// scripts). Rendering is deterministic; colour is a flag the caller sets
// only when writing to a terminal.
#pragma once

#include <string>
#include <vector>

#include "json.hpp"
#include "source.hpp"
#include "text.hpp"

namespace mancala {

// A Warning is reported like an error (`file:line:col: warning: ...`) but
// does not make the file invalid: `check` still exits 0.
enum class Severity { Error, Warning, Note };

struct Note {
  Range range;
  bool has_range = true;
  std::string message;
};

struct Diagnostic {
  Severity severity = Severity::Error;
  Range range;
  std::string message;
  std::vector<Note> notes;
};

// An ordered collection of diagnostics. After kMaxErrors errors further
// ones are dropped and a single "too many errors" diagnostic is kept.
class Diagnostics {
 public:
  static constexpr size_t kMaxErrors = 100;

  // Adds an error and returns it so that notes can be attached.
  Diagnostic& error(Range range, std::string message);
  // Adds a warning (not counted as an error, nor against kMaxErrors).
  Diagnostic& warning(Range range, std::string message);
  bool has_errors() const { return error_count_ > 0; }
  size_t error_count() const { return error_count_; }
  const std::vector<Diagnostic>& all() const { return items_; }
  // Appends `d` as it is (its severity decides how it counts).
  Diagnostic& add(Diagnostic d);

 private:
  std::vector<Diagnostic> items_;
  Diagnostic overflow_sink_;
  size_t error_count_ = 0;
};

// "error", "warning" or "note".
const char* severity_label(Severity s);

// `file:line:col: error: message`, the source line, a caret under the
// start of the range (or `^~~~` under the whole range when it lies on one
// line), then each note in the same form with `note:`.
std::string render_text(const Diagnostic& d, const SourceSet& sources, bool colour = false);
std::string render_text(const Diagnostics& ds, const SourceSet& sources, bool colour = false);

// A JSON array of objects: {"file","line","column","end_line","end_column",
// "severity","message","notes":[{"file","line","column","message"}]}, one
// per line, with a newline after the array.
std::string render_json(const Diagnostics& ds, const SourceSet& sources);

// The objects of render_json, written as the next elements of the array `w`
// is writing (`check` gathers the diagnostics of several files in one).
void write_json(JsonWriter& w, const Diagnostics& ds, const SourceSet& sources);

}  // namespace mancala
