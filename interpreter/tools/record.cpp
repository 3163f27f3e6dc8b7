// Game records (see record.hpp). Written by hand with fmt, read with
// yaml-cpp; positions are re-serialised to compact JSON (JsonWriter) on
// reading so that a replay can compare them byte for byte with
// position_json's output. The file is read and parsed through files.hpp
// and yaml_input.hpp (no anchors or aliases; every key checked), so a
// record from anywhere costs time in proportion to its size.
#include "record.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "diagnostics.hpp"
#include "files.hpp"
#include "json.hpp"
#include "text.hpp"
#include "yaml_input.hpp"

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

struct BadRecord {
  std::string message;
};

[[noreturn]] void bad(const std::string& path, int line, const std::string& what) {
  throw BadRecord{line > 0 ? fmt::format("{}:{}: {}", path, line, what)
                           : fmt::format("{}: {}", path, what)};
}

[[noreturn]] void bad(const std::string& path, const YAML::Node& at, const std::string& what) {
  bad(path, yaml::line_of(at, 1), what);
}

// The keys of each map of a record (docs/cli.md, "Game records").
const std::vector<std::string> kRecordKeys = {"rules",  "rules_hash", "settings", "seed",
                                              "agents", "moves",      "rounds",   "result"};
const std::vector<std::string> kAgentKeys = {"south", "north"};
const std::vector<std::string> kPositionKeys = {
    "game",  "ply",      "mover", "move",       "board",   "stores", "removed", "control",
    "marks", "counters", "round", "rounds_won", "to_move", "over",   "result",  "round_over"};
const std::vector<std::string> kRoundKeys = {"round", "winner", "south", "north", "reason"};
const std::vector<std::string> kResultKeys = {"winner", "south", "north", "reason", "plies"};

void check_keys(const std::string& path, const YAML::Node& map,
                const std::vector<std::string>& known, const char* what) {
  if (auto p = yaml::unknown_key(map, known, what)) bad(path, p->line, p->message);
}

constexpr const char* kMoveWords =
    "a move is a hole (a number, or on four rows f3 or b3; with ccw or cw when chosen) or pass";

// A move's name, checked as far as it can be without the game: it names a
// move on some board (parse_move); record_moves reads it on the game's.
RecordedMove read_move(const std::string& path, const YAML::Node& item) {
  const YAML::Node m = item["move"];
  if (!m || !m.IsScalar()) bad(path, item, "each move needs a `move` key");
  const std::string& name = m.Scalar();
  if (!parse_move(name, MoveNames{2, kMaxRowHoles}) &&
      !parse_move(name, MoveNames{4, kMaxRowHoles / 2})) {
    bad(path, m, kMoveWords);
  }
  return {name, yaml::line_of(m, 1)};
}

GameRecord parse(const std::string& path, const YAML::Node& doc) {
  if (!doc.IsMap()) bad(path, doc, "a record is a YAML map (docs/cli.md, \"Game records\")");
  check_keys(path, doc, kRecordKeys, "a record");
  GameRecord r;
  auto text = [&](const char* key, const char* what) {
    const YAML::Node n = doc[key];
    if (!n) bad(path, 1, fmt::format("the record has no `{}` ({})", key, what));
    if (!n.IsScalar()) bad(path, n, fmt::format("`{}` is {}", key, what));
    return n.Scalar();
  };
  r.rules = text("rules", "the rule file it was played with");
  r.rules_hash = text("rules_hash", "fnv1a64: and 16 hex digits");
  if (const YAML::Node set = doc["settings"]) {
    if (!set.IsMap() && !set.IsNull()) bad(path, set, "`settings` is a map such as {seeds: 3}");
    for (const auto& kv : set) {
      int64_t v = 0;
      if (!kv.first.IsScalar()) bad(path, kv.first, "a setting's name is a word such as seeds");
      if (!kv.second.IsScalar() || !YAML::convert<int64_t>::decode(kv.second, v)) {
        bad(path, kv.second, fmt::format("setting `{}` must be an integer", kv.first.Scalar()));
      }
      r.settings.emplace_back(kv.first.Scalar(), v);
    }
  }
  if (const YAML::Node seed = doc["seed"]) {
    if (!seed.IsScalar() || !YAML::convert<uint64_t>::decode(seed, r.seed)) {
      bad(path, seed, "`seed` must be a non-negative integer");
    }
  }
  if (const YAML::Node a = doc["agents"]) {
    if (!a.IsMap()) bad(path, a, "`agents` is a map {south: SPEC, north: SPEC}");
    check_keys(path, a, kAgentKeys, "agents");
    for (auto [key, out] : {std::pair{"south", &r.south}, std::pair{"north", &r.north}}) {
      const YAML::Node spec = a[key];
      if (spec && !spec.IsScalar()) bad(path, spec, fmt::format("agents: `{}` is a spec", key));
      if (spec) *out = spec.Scalar();
    }
  }
  const YAML::Node moves = doc["moves"];
  if (!moves) bad(path, 1, "the record has no `moves` list");
  if (!moves.IsSequence()) bad(path, moves, "`moves` is a list of positions");
  for (const auto& item : moves) {
    if (!item.IsMap()) bad(path, item, "each move is a map (a JSON object)");
    check_keys(path, item, kPositionKeys, "a move");
    r.moves.push_back(read_move(path, item));
    r.positions.push_back(to_json(item));
  }
  if (const YAML::Node rounds = doc["rounds"]) {
    if (!rounds.IsSequence()) bad(path, rounds, "`rounds` is a list");
    for (const auto& round : rounds) {
      if (!round.IsMap()) bad(path, round, "each round is a map (a JSON object)");
      check_keys(path, round, kRoundKeys, "a round");
      r.rounds.push_back(to_json(round));
    }
  }
  if (const YAML::Node result = doc["result"]; result && result.IsMap()) {
    check_keys(path, result, kResultKeys, "the result");
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
  Expected<std::string> text = read_text_file(path);
  if (!text) return Expected<GameRecord>::fail(text.error);
  return parse_record(path, *text.value);
}

Expected<GameRecord> parse_record(const std::string& path, const std::string& text) {
  yaml::Loaded loaded = yaml::load(text);
  if (loaded.problem) {
    int line = loaded.problem->line;
    return Expected<GameRecord>::fail(
        line > 0 ? fmt::format("{}:{}: {}", path, line, loaded.problem->message)
                 : fmt::format("{}: {}", path, loaded.problem->message));
  }
  try {
    return Expected<GameRecord>::ok(parse(path, loaded.doc));
  } catch (const BadRecord& e) {
    return Expected<GameRecord>::fail(e.message);
  } catch (const YAML::Exception& e) {  // a bug of ours: still one line, never a crash
    return Expected<GameRecord>::fail(fmt::format("{}: cannot read the record ({})", path, e.msg));
  }
}

Expected<std::vector<Move>> record_moves(const std::string& path, const GameRecord& record,
                                         MoveNames names) {
  std::vector<Move> moves;
  for (const RecordedMove& m : record.moves) {
    std::optional<Move> move = parse_move(m.name, names);
    if (!move) {
      std::string why = move_name_error(m.name, names);
      return Expected<std::vector<Move>>::fail(
          fmt::format("{}:{}: '{}' is not a move of this game: {}", path, m.line, m.name,
                      why.empty() ? kMoveWords : why));
    }
    moves.push_back(*move);
  }
  return Expected<std::vector<Move>>::ok(std::move(moves));
}

std::string resolve_rules_path(const std::string& yaml_path, const std::string& rules,
                               const FileSystem* fs) {
  namespace stdfs = std::filesystem;
  auto exists = [&](const std::string& p) {
    if (fs) return fs->read(p).has_value();
    std::error_code ec;
    return stdfs::exists(p, ec);
  };
  if (stdfs::path(rules).is_absolute()) return rules;
  std::string beside = (stdfs::path(yaml_path).parent_path() / rules).lexically_normal().string();
  if (exists(beside)) return beside;
  if (exists(rules)) return rules;
  // A bare name found nowhere may be a shipped game, which the loader finds.
  return rules.find('/') == std::string::npos ? rules : beside;
}

std::string canonical_json_of_position(const std::string& recorded_json) {
  try {
    return to_json(YAML::Load(recorded_json));
  } catch (const YAML::Exception&) {
    return "";
  }
}

}  // namespace mancala
