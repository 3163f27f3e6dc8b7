// Untrusted YAML (see yaml_input.hpp): an anchor and alias check over the
// event stream, then yaml-cpp's tree, with its parser messages rewritten.
#include "yaml_input.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>

#include <sstream>
#include <string_view>

#include "text.hpp"

namespace mancala::yaml {
namespace {

// Notes the first anchor or alias; never throws, so yaml-cpp's parser
// unwinds only through its own exceptions.
class AnchorFinder : public YAML::EventHandler {
 public:
  std::optional<Problem> found;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t a) override { anchor(m, a); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override {
    note(m, "an alias (`*name`) is not allowed here: write the value out");
  }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                const std::string&) override {
    anchor(m, a);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                       YAML::EmitterStyle::value) override {
    anchor(m, a);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t a,
                  YAML::EmitterStyle::value) override {
    anchor(m, a);
  }
  void OnMapEnd() override {}
  void OnAnchor(const YAML::Mark& m, const std::string&) override {
    note(m, "an anchor (`&name`) is not allowed here: write each value out");
  }

 private:
  void anchor(const YAML::Mark& m, YAML::anchor_t a) {
    if (a != YAML::NullAnchor)
      note(m, "an anchor (`&name`) is not allowed here: write each value out");
  }
  void note(const YAML::Mark& m, const char* message) {
    if (!found) found = Problem{m.line + 1, message};
  }
};

// yaml-cpp's parser messages, in our words.
std::string rewrite(const std::string& msg) {
  struct Row {
    std::string_view theirs;
    std::string_view ours;
  };
  static const Row rows[] = {
      {"end of map flow not found", "a flow map `{` is not closed with `}`"},
      {"end of sequence flow not found", "a flow list `[` is not closed with `]`"},
      {"end of map not found", "a map ends unexpectedly (check the indentation)"},
      {"end of sequence not found", "a list ends unexpectedly (check the indentation)"},
      {"illegal flow end", "a `]` or `}` closes nothing"},
      {"illegal block entry", "a list item `- ` where none may start (check the indentation)"},
      {"illegal map key", "a key where none may start (check the indentation)"},
      {"illegal map value", "a `:` where no value may start (check the indentation)"},
      {"illegal EOF in scalar", "a quoted string is not closed before the end of the file"},
      {"illegal tab when looking for indentation", "a tab in the indentation (indent with spaces)"},
      {"unknown token", "unexpected text"},
      {"unknown escape character: ", "unknown escape in a double-quoted string: \\"},
      {"bad character found while scanning hex number",
       "a \\x, \\u or \\U escape needs hex digits"},
      {"invalid unicode: ", "an escape names no Unicode character: "},
      {"invalid character in single-quoted string", "a single-quoted string is not closed"},
      {"the referenced anchor is not defined",
       "an alias (`*name`) is not allowed here: write the value out"},
      {"alias not found after *", "a `*` (an alias) is not allowed here; quote the text"},
      {"anchor not found after &", "a `&` (an anchor) is not allowed here; quote the text"},
  };
  for (const Row& r : rows) {
    if (msg.rfind(r.theirs, 0) == 0) return std::string(r.ours) + msg.substr(r.theirs.size());
  }
  return "not valid YAML (" + msg + ")";
}

}  // namespace

int line_of(const YAML::Node& n, int fallback) {
  if (!n.IsDefined()) return fallback;
  const YAML::Mark m = n.Mark();
  return m.is_null() ? fallback : m.line + 1;
}

Loaded load(const std::string& text) {
  Loaded out;
  try {
    std::istringstream events_in(text);
    YAML::Parser parser(events_in);
    AnchorFinder finder;
    parser.HandleNextDocument(finder);
    if (finder.found) {
      out.problem = finder.found;
      return out;
    }
    out.doc = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    out.problem = Problem{e.mark.is_null() ? 0 : e.mark.line + 1, rewrite(e.msg)};
  }
  return out;
}

std::optional<Problem> unknown_key(const YAML::Node& map, const std::vector<std::string>& known,
                                   const std::string& what) {
  if (!map.IsMap()) return std::nullopt;
  for (const auto& kv : map) {
    std::string key = kv.first.IsScalar() ? kv.first.Scalar() : "";
    bool ok = false;
    for (const std::string& k : known) ok = ok || k == key;
    if (ok) continue;
    std::string hint = did_you_mean(key, known);
    if (hint.empty()) hint = " (the keys are " + join(known, ", ", " and ") + ")";
    std::string shown = kv.first.IsScalar() ? "'" + key + "'" : "that is not a word";
    return Problem{line_of(kv.first, line_of(map)),
                   fmt::format("unknown key {} in {}{}", shown, what, hint)};
  }
  return std::nullopt;
}

}  // namespace mancala::yaml
