// Game records (see record.hpp). Written by hand with fmt, read with
// yaml-cpp; positions are re-serialised to compact JSON (JsonWriter) on
// reading so that a replay can compare them byte for byte with
// position_json's output.
#include "record.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "diagnostics.hpp"
#include "json.hpp"
#include "text.hpp"

namespace mancala {
namespace {

// A YAML double-quoted scalar (YAML's escapes, not JSON's: \xNN).
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c < 0x20) {
      out += fmt::format("\\x{:02x}", c);
      continue;
    }
    out += static_cast<char>(c);
  }
  return out + "\"";
}

// Compact JSON of a node, keys in document order; plain scalars that are
// numbers, booleans or null are written bare, everything else quoted.
void write_json(JsonWriter& w, const YAML::Node& n) {
  if (!n || n.IsNull()) {
    w.null();
  } else if (n.IsScalar()) {
    const std::string& s = n.Scalar();
    bool bare =
        n.Tag() != "!" && (s == "true" || s == "false" || s == "null" ||
                           (!s.empty() && s.find_first_not_of("-0123456789") == std::string::npos));
    if (bare) {
      w.raw(s);
    } else {
      w.value(s);
    }
  } else if (n.IsSequence()) {
    w.begin_array();
    for (const auto& item : n) write_json(w, item);
    w.end_array();
  } else {
    w.begin_object();
    for (const auto& kv : n) {
      w.key(kv.first.Scalar());
      write_json(w, kv.second);
    }
    w.end_object();
  }
}

std::string to_json(const YAML::Node& n) {
  JsonWriter w;
  write_json(w, n);
  return w.str();
}

[[noreturn]] void bad(const std::string& path, const YAML::Node& at, const std::string& what) {
  throw std::runtime_error(fmt::format("{}:{}: {}", path, at.Mark().line + 1, what));
}

Move read_move(const std::string& path, const YAML::Node& item) {
  const YAML::Node m = item["move"];
  if (!m || !m.IsScalar()) bad(path, item, "each move needs a `move` key");
  if (m.Scalar() == "pass") return Move::pass();
  int v = 0;
  if (!YAML::convert<int>::decode(m, v) || v < 1 || v > 2 * kMaxRowHoles)
    bad(path, m, "a move is a hole number or pass");
  return Move{static_cast<uint8_t>(v)};
}

GameRecord parse(const std::string& path, const YAML::Node& doc) {
  if (!doc.IsMap()) bad(path, doc, "a record is a YAML map");
  GameRecord r;
  auto text = [&](const char* key) {
    const YAML::Node n = doc[key];
    if (!n || !n.IsScalar()) bad(path, doc, fmt::format("missing `{}`", key));
    return n.Scalar();
  };
  r.rules = text("rules");
  r.rules_hash = text("rules_hash");
  if (const YAML::Node set = doc["settings"]; set && set.IsMap()) {
    for (const auto& kv : set) r.settings.emplace_back(kv.first.Scalar(), kv.second.as<int64_t>(0));
  }
  r.seed = doc["seed"] ? doc["seed"].as<uint64_t>(0) : 0;
  if (const YAML::Node a = doc["agents"]; a && a.IsMap()) {
    r.south = a["south"].as<std::string>("");
    r.north = a["north"].as<std::string>("");
  }
  const YAML::Node moves = doc["moves"];
  if (!moves || !moves.IsSequence()) bad(path, doc, "missing the `moves` list");
  for (const auto& item : moves) {
    if (!item.IsMap()) bad(path, item, "each move is a map");
    r.moves.push_back(read_move(path, item));
    r.positions.push_back(to_json(item));
  }
  if (const YAML::Node rounds = doc["rounds"]; rounds && rounds.IsSequence()) {
    for (const auto& round : rounds) r.rounds.push_back(to_json(round));
  }
  r.result = to_json(doc["result"]);
  return r;
}

}  // namespace

std::string rules_hash(const SourceSet& sources) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < sources.size(); ++i) {
    for (unsigned char c : sources.get(static_cast<uint32_t>(i)).text) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // separates files
    h *= 1099511628211ull;
  }
  return fmt::format("fnv1a64:{:016x}", h);
}

std::string write_record(const GameRecord& r) {
  std::string out = "# mancala game record (docs/cli.md, \"Game records\")\n";
  out += fmt::format("rules: {}\nrules_hash: {}\n", quoted(r.rules), r.rules_hash);
  std::vector<std::string> settings;
  for (const auto& [key, value] : r.settings) settings.push_back(fmt::format("{}: {}", key, value));
  out += "settings: {" + join(settings, ", ");
  out += fmt::format("}}\nseed: {}\nagents: {{south: {}, north: {}}}\nmoves:\n", r.seed,
                     quoted(r.south), quoted(r.north));
  for (const std::string& p : r.positions) out += "  - " + p + "\n";
  out += "rounds:" + std::string(r.rounds.empty() ? " []\n" : "\n");
  for (const std::string& p : r.rounds) out += "  - " + p + "\n";
  out += "result: " + r.result + "\n";
  return out;
}

Expected<GameRecord> read_record(const std::string& path) {
  try {
    return Expected<GameRecord>::ok(parse(path, YAML::LoadFile(path)));
  } catch (const YAML::Exception& e) {
    return Expected<GameRecord>::fail(fmt::format("{}:{}: {}", path, e.mark.line + 1, e.msg));
  } catch (const std::exception& e) {
    return Expected<GameRecord>::fail(e.what());
  }
}

std::string canonical_json_of_position(const std::string& recorded_json) {
  try {
    return to_json(YAML::Load(recorded_json));
  } catch (const YAML::Exception&) {
    return "";
  }
}

}  // namespace mancala
