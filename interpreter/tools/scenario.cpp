// The scenario runner (see scenario.hpp and docs/scenarios.md).
//
// Each scenario runs in three steps — build the starting state (from a
// `position` or a `moves` list), play the `move`, compare with `expect` —
// and any problem in any step is thrown as a ScenarioFailure carrying the
// YAML line, caught once per scenario. That keeps the step functions free
// of error plumbing while a malformed file still yields one clear message
// per scenario. Compiled games are cached per (rules file, --set) pair, as
// a file usually has many scenarios of one game. The text is read and
// parsed by yaml_input.hpp (no anchors or aliases, errors in our words), and
// every map's keys are checked, so a misspelled key is an error with a
// did-you-mean rather than an expectation silently skipped.
#include "scenario.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>

#include "check.hpp"
#include "compile.hpp"
#include "files.hpp"
#include "position_json.hpp"
#include "record.hpp"
#include "runtime.hpp"
#include "text.hpp"
#include "yaml_input.hpp"

namespace mancala {
namespace {

struct ScenarioFailure {
  int line;
  std::string message;
};

[[noreturn]] void fail(const YAML::Node& at, std::string message) {
  throw ScenarioFailure{yaml::line_of(at), std::move(message)};
}

// The keys each map of a scenario may have (docs/scenarios.md).
const std::vector<std::string> kFileKeys = {"rules", "scenarios"};
const std::vector<std::string> kScenarioKeys = {"name",     "rule",  "set",  "seed",
                                                "position", "moves", "move", "expect"};
const std::vector<std::string> kPositionKeys = {"south",
                                                "north",
                                                "stores",
                                                "removed",
                                                "control",
                                                "to_move",
                                                "round",
                                                "round_starter",
                                                "since_capture",
                                                "first_move_pending",
                                                "marks",
                                                "counters",
                                                "ply"};
const std::vector<std::string> kExpectKeys = {
    "south",  "north",      "stores", "removed", "control", "to_move",  "round", "over",
    "result", "round_over", "legal",  "events",  "marks",   "counters", "ply"};
const std::vector<std::string> kSidesKeys = {"south", "north"};
const std::vector<std::string> kRowsKeys = {"front", "back"};
const std::vector<std::string> kResultKeys = {"winner", "south", "north"};
const std::vector<std::string> kRoundOverKeys = {"winner", "south", "north", "reason"};

void check_keys(const YAML::Node& map, const std::vector<std::string>& known, const char* what) {
  if (auto p = yaml::unknown_key(map, known, what)) throw ScenarioFailure{p->line, p->message};
}

// map[key], which must be present: otherwise a failure at the map's line.
YAML::Node need(const YAML::Node& map, const char* key, const std::string& what) {
  YAML::Node n = map[key];
  if (!n.IsDefined())
    throw ScenarioFailure{yaml::line_of(map), fmt::format("{} needs `{}`", what, key)};
  return n;
}

int to_int(const YAML::Node& n, int lo, int hi, const char* what) {
  int64_t v = 0;
  if (!n.IsDefined() || !n.IsScalar() || !YAML::convert<int64_t>::decode(n, v)) {
    fail(n, fmt::format("{} must be an integer", what));
  }
  if (v < lo || v > hi)
    fail(n, fmt::format("{} must be between {} and {}, got {}", what, lo, hi, v));
  return static_cast<int>(v);
}

Player to_player(const YAML::Node& n, const char* what) {
  std::string s = n.IsDefined() && n.IsScalar() ? n.Scalar() : "";
  if (s == "south") return Player::South;
  if (s == "north") return Player::North;
  fail(n, fmt::format("{} must be south or north", what));
}

Move to_move(const YAML::Node& n, const Rules& rules) {
  if (n.IsScalar()) {
    if (auto m = parse_move(n.Scalar(), rules.move_names())) return *m;
    std::string why = move_name_error(n.Scalar(), rules.move_names());
    if (!why.empty()) fail(n, why);
  }
  if (rules.rows == 4) {
    fail(n, fmt::format("a move is a row and a hole from the mover's left, f1..f{0} or b1..b{0} "
                        "(with ccw or cw where the mover chooses the direction, as f3cw), or pass",
                        rules.holes));
  }
  fail(n, fmt::format("a move is a number 1..{} (with ccw or cw where the mover chooses the "
                      "direction, as 3cw) or pass",
                      2 * rules.side));
}

// "S3", "N5", on four rows "Sf3", "Nb5" (the row and the hole from its
// player's left, as moves name them), "Sstore", "Nstore".
std::string cell_name(const Rules& rules, int cell) {
  int n = rules.side;
  if (cell >= 2 * n) return cell == 2 * n ? "Sstore" : "Nstore";
  return fmt::format("{}{}", cell < n ? 'S' : 'N', format_hole(cell % n + 1, rules.move_names()));
}

// The hole a scenario names ("S3", "Sf3"), as its side and number, or
// nullopt.
std::optional<std::pair<Player, int>> parse_hole_name(const Rules& rules, std::string_view name) {
  if (name.size() < 2 || (name[0] != 'S' && name[0] != 'N')) return std::nullopt;
  std::optional<Move> m = parse_move(name.substr(1), rules.move_names());
  if (!m || m->is_pass() || m->is_from_store() || m->way != Way::None || m->asked != 0 ||
      m->number > rules.side)
    return std::nullopt;
  return std::pair{name[0] == 'S' ? Player::South : Player::North, int{m->number}};
}

// How a scenario names the holes of a side, for messages: "S1..S6", on four
// rows "Sf1..Sf8, Sb1..Sb8".
std::string hole_names_text(const Rules& rules, char side) {
  MoveNames names = rules.move_names();
  if (!names.four_rows()) return fmt::format("{}1..{}{}", side, side, names.holes);
  return fmt::format("{}f1..{}f{}, {}b1..{}b{}", side, side, names.holes, side, side, names.holes);
}

// Records the notable steps of a move in the text form scenarios use.
class EventRecorder : public Observer {
 public:
  explicit EventRecorder(const Rules& rules) : rules_(rules) {}
  std::vector<std::string> events;

  void lift(int cell, int n) override { add("lift {} {}", cell_name(rules_, cell), n); }
  void capture(int cell, int n, Player to, bool) override {
    add("capture {} {} to {}", cell_name(rules_, cell), n, player_name(to));
  }
  void remove(int cell, int n, bool) override { add("remove {} {}", cell_name(rules_, cell), n); }
  void cancel() override { events.push_back("cancel"); }
  void answer(std::string_view question, bool yes) override {
    add("ask {} {}", question, yes ? "yes" : "no");
  }
  void extra_turn() override { events.push_back("extra_turn"); }
  void pass() override { events.push_back("pass"); }
  void endless() override { events.push_back("endless"); }
  void round_end(const EndInfo& end) override { add("round_end {}", end.reason); }
  void game_end(const Outcome&) override { events.push_back("game_end"); }

 private:
  template <class... A>
  void add(fmt::format_string<A...> f, A&&... a) {
    events.push_back(fmt::format(f, std::forward<A>(a)...));
  }
  const Rules& rules_;
};

class RulesCache {
 public:
  explicit RulesCache(const FileSystem* fs) : fs_(fs) {}

  // Throws ScenarioFailure (at `at`) when the rule file has errors.
  const Rules& get(const std::string& path, const std::vector<std::pair<std::string, int64_t>>& set,
                   const YAML::Node& at) {
    std::string key = path;
    for (auto& [k, v] : set) key += fmt::format("|{}={}", k, v);
    auto it = cache_.find(key);
    if (it != cache_.end()) return *it->second;
    SourceSet sources;
    Diagnostics diags;
    CheckOptions options;
    options.overrides = set;
    options.fs = fs_;
    CheckResult r = check_file(path, sources, diags, options);
    if (!r.ok || !r.game) {
      std::string why = diags.has_errors() ? render_text(diags, sources) : "it defines no game\n";
      fail(at, fmt::format("cannot load rules {}:\n{}", path, why));
    }
    return *(cache_[key] = compile(*r.game));
  }

 private:
  const FileSystem* fs_;
  std::map<std::string, std::shared_ptr<const Rules>> cache_;
};

// "[a, b, c]": how lists are shown in a scenario's differences.
std::string list_text(const std::vector<std::string>& items) {
  return "[" + join(items, ", ") + "]";
}

// A side's items (hole counts, controllers) in the order of its holes
// 1..side, from the form a scenario writes them in: a list of N on one or
// two rows; on four rows a map {front: [N], back: [N]}, each row from the
// player's left (the form of the JSON positions, docs/cli.md), which is
// read into ring order (the back row, then the front row from the right).
// `what` names the items: "hole count", "player".
std::vector<YAML::Node> side_items(const Rules& rules, const YAML::Node& n, const char* where,
                                   Player p, const char* what) {
  MoveNames names = rules.move_names();
  auto row = [&](const YAML::Node& r, const std::string& label) {
    if (!r.IsSequence() || static_cast<int>(r.size()) != names.holes) {
      size_t size = r.IsSequence() ? r.size() : 0;
      fail(r, fmt::format("{}: {} lists {} {}{}; the game has {} holes a row", where, label, size,
                          what, size == 1 ? "" : "s", names.holes));
    }
    return r;
  };
  std::vector<YAML::Node> out;
  if (!names.four_rows()) {
    if (!n.IsSequence()) {
      fail(n, fmt::format("{}: {} is a list of {} {}s", where, player_name(p), names.holes, what));
    }
    for (const YAML::Node& item : row(n, player_name(p))) out.push_back(item);
    return out;
  }
  if (!n.IsMap()) {
    fail(n, fmt::format("{}: on a four-row board {} is {{front: [...], back: [...]}}, each row's "
                        "{} {}s from the player's left",
                        where, player_name(p), names.holes, what));
  }
  check_keys(n, kRowsKeys, where);
  const YAML::Node back = row(need(n, "back", where), fmt::format("{}'s back", player_name(p)));
  const YAML::Node front = row(need(n, "front", where), fmt::format("{}'s front", player_name(p)));
  for (int k = 1; k <= names.side(); ++k) {
    int i = names.ring_hole(k) - 1;
    out.push_back(names.ring_front(k) ? front[i] : back[i]);
  }
  return out;
}

// Items of a side in the order of its holes 1..side as the scenario writes
// them: "[1, 2, 3]", on four rows "{front: [...], back: [...]}".
std::string side_text(const Rules& rules, const std::vector<std::string>& items) {
  MoveNames names = rules.move_names();
  if (!names.four_rows()) return list_text(items);
  std::vector<std::string> front(names.holes), back(names.holes);
  for (int k = 1; k <= names.side(); ++k) {
    (names.ring_front(k) ? front : back)[names.ring_hole(k) - 1] = items[k - 1];
  }
  return fmt::format("{{front: {}, back: {}}}", list_text(front), list_text(back));
}

void set_row(const Rules& rules, State& s, Player p, const YAML::Node& n) {
  std::vector<YAML::Node> counts = side_items(rules, n, "position", p, "hole count");
  for (int i = 0; i < s.holes; ++i) {
    s.cells[s.hole_cell(p, i + 1)] =
        static_cast<uint16_t>(to_int(counts[i], 0, 60000, "a hole count"));
  }
}

void set_control(const Rules& rules, State& s, const YAML::Node& n) {
  if (!n.IsMap()) fail(n, "control is a map {south: [...], north: [...]}");
  check_keys(n, kSidesKeys, "control");
  for (Player p : {Player::South, Player::North}) {
    std::vector<YAML::Node> row =
        side_items(rules, need(n, player_name(p), "control"), "control", p, "player");
    for (int i = 0; i < s.holes; ++i) {
      s.set_controller(s.hole_cell(p, i + 1), to_player(row[i], "a controller"));
    }
  }
}

// Marks are written "NAME HOLE OWNER" (`tuzdik N4 south`), HOLE being S1..SN
// or N1..NN (marks_text, below, lists a state's marks the same way).
void set_marks(const Rules& rules, State& s, const YAML::Node& list) {
  if (!list.IsSequence())
    fail(list, "marks lists marks as \"NAME HOLE OWNER\", e.g. \"tuzdik N4 south\"");
  for (const YAML::Node& item : list) {
    std::istringstream in(item.as<std::string>(""));
    std::string name, hole, owner, extra;
    in >> name >> hole >> owner;
    auto k = std::find(rules.marks.begin(), rules.marks.end(), name);
    if (k == rules.marks.end()) {
      fail(item, fmt::format("'{}' is not a mark of this game{}", name,
                             rules.marks.empty() ? " (it declares none)"
                                                 : did_you_mean(name, rules.marks)));
    }
    std::optional<std::pair<Player, int>> at = parse_hole_name(rules, hole);
    if (!at) {
      fail(item, fmt::format("'{}' is not a hole: write {} or {}", hole,
                             hole_names_text(rules, 'S'), hole_names_text(rules, 'N')));
    }
    if ((owner != "south" && owner != "north") || (in >> extra)) {
      fail(item, "a mark is written \"NAME HOLE OWNER\", OWNER being south or north");
    }
    s.set_mark(s.hole_cell(at->first, at->second), static_cast<int>(k - rules.marks.begin()), true,
               owner == "south" ? Player::South : Player::North);
  }
}

// `counters: {way: 1}`: the index of each named counter of the game, with
// the value given (each a map key of the game's `counters` clause).
std::vector<std::pair<int, int>> counter_values(const Rules& rules, const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "counters is a map {NAME: VALUE}, e.g. {way: 1}");
  std::vector<std::pair<int, int>> out;
  for (const auto& item : map) {
    std::string name = item.first.as<std::string>("");
    auto k = std::find(rules.counters.begin(), rules.counters.end(), name);
    if (k == rules.counters.end()) {
      fail(item.first, fmt::format("'{}' is not a counter of this game{}", name,
                                   rules.counters.empty() ? " (it declares none)"
                                                          : did_you_mean(name, rules.counters)));
    }
    out.emplace_back(static_cast<int>(k - rules.counters.begin()),
                     to_int(item.second, INT16_MIN, INT16_MAX, "a counter"));
  }
  return out;
}

State build_position(const Rules& rules, const YAML::Node& pos) {
  State s = initial_state(rules);
  if (!pos.IsMap()) fail(pos, "position must be a map");
  check_keys(pos, kPositionKeys, "a position");
  set_row(rules, s, Player::South, need(pos, "south", "a position"));
  if (rules.rows != 1 || pos["north"])
    set_row(rules, s, Player::North, need(pos, "north", "a position"));
  if (const YAML::Node st = pos["stores"]) {
    if (!st.IsMap()) fail(st, "stores is a map {south: S, north: N}");
    check_keys(st, kSidesKeys, "stores");
    for (Player p : {Player::South, Player::North}) {
      if (p == Player::North && rules.rows == 1 && !st["north"]) continue;  // one player
      s.cells[s.store_cell(p)] =
          static_cast<uint16_t>(to_int(need(st, player_name(p), "stores"), 0, 60000, "a store"));
    }
  } else {
    s.cells[s.store_cell(Player::South)] = s.cells[s.store_cell(Player::North)] = 0;
  }
  s.removed =
      pos["removed"] ? static_cast<uint16_t>(to_int(pos["removed"], 0, 60000, "removed")) : 0;
  if (pos["control"]) set_control(rules, s, pos["control"]);
  if (pos["marks"]) set_marks(rules, s, pos["marks"]);
  if (pos["counters"]) {
    for (auto [k, v] : counter_values(rules, pos["counters"]))
      s.counters[k] = static_cast<int16_t>(v);
  }
  s.to_move = rules.rows == 1 && !pos["to_move"]
                  ? Player::South
                  : to_player(need(pos, "to_move", "a position"), "to_move");
  if (pos["round"]) s.round = static_cast<uint16_t>(to_int(pos["round"], 1, 10000, "round"));
  if (pos["since_capture"]) {
    s.since_capture =
        static_cast<uint16_t>(to_int(pos["since_capture"], 0, 60000, "since_capture"));
  }
  s.round_starter =
      pos["round_starter"] ? to_player(pos["round_starter"], "round_starter") : Player::South;
  s.moved = 3;  // a position is taken to be past both players' first moves...
  if (const YAML::Node pending = pos["first_move_pending"]) {  // ...unless said otherwise
    if (!pending.IsSequence()) fail(pending, "first_move_pending lists players");
    for (const YAML::Node& p : pending) s.moved &= ~(1u << index(to_player(p, "a player")));
  }
  // `ply`: by default, one move for each player past their first move.
  s.ply = static_cast<uint16_t>(pos["ply"] ? to_int(pos["ply"], 0, 65535, "ply")
                                           : __builtin_popcount(s.moved));
  if (std::string why = validate(rules, s); !why.empty()) fail(pos, "invalid position: " + why);
  return s;
}

void play_legal(const Rules& rules, State& s, Move m, const YAML::Node& at, Observer* obs,
                History& history, ApplyInfo* info) {
  if (s.over) fail(at, "the game is already over");
  MoveList legal = legal_moves(rules, s);
  if (!legal.contains(m)) {
    fail(at, fmt::format("move {} is not legal for {}; legal moves: {}",
                         format_move(m, rules.move_names()), player_name(s.to_move),
                         legal.empty() ? "none" : format_moves(legal, rules.move_names())));
  }
  ApplyInfo r = apply(rules, s, m, obs, &history);
  if (info) *info = r;
}

template <class T>
void expect_equal(const YAML::Node& at, const char* field, const T& want, const T& got) {
  if (!(want == got)) fail(at, fmt::format("{}: expected {}, got {}", field, want, got));
}

std::string row_text(const Rules& rules, const State& s, Player p) {
  std::vector<std::string> counts;
  for (int i = 1; i <= s.holes; ++i) counts.push_back(std::to_string(s.count(s.hole_cell(p, i))));
  return side_text(rules, counts);
}

std::string control_text(const Rules& rules, const State& s, Player p) {
  std::vector<std::string> names;
  for (int i = 1; i <= s.holes; ++i) names.push_back(player_name(s.controller(s.hole_cell(p, i))));
  return side_text(rules, names);
}

// What a scenario wrote for a side, in the form side_text gives a state's.
std::string node_side_text(const Rules& rules, const YAML::Node& n, Player p, const char* what) {
  std::vector<std::string> items;
  for (const YAML::Node& item : side_items(rules, n, "expect", p, what))
    items.push_back(item.as<std::string>("?"));
  return side_text(rules, items);
}

// A state's marks as a scenario writes them (see set_marks), in cell order.
std::string marks_text(const Rules& rules, const State& s) {
  std::vector<std::string> items;
  for (size_t k = 0; k < rules.marks.size(); ++k) {
    int kind = static_cast<int>(k);
    for (int c = 0; c < 2 * s.holes; ++c) {
      if (!s.marked(c, kind)) continue;
      items.push_back(fmt::format("{} {} {}", rules.marks[k], cell_name(rules, c),
                                  player_name(s.mark_owner(c, kind))));
    }
  }
  return list_text(items);
}

std::string node_list_text(const YAML::Node& n) {
  if (!n.IsSequence()) fail(n, "a list such as [1, 2] is expected here");
  std::vector<std::string> items;
  for (size_t i = 0; i < n.size(); ++i) items.push_back(n[i].IsScalar() ? n[i].Scalar() : "?");
  return list_text(items);
}

std::string outcome_text(const YAML::Node& n) {
  if (!n.IsMap()) return n.IsScalar() ? n.Scalar() : "?";
  std::string out =
      fmt::format("{{winner: {}, south: {}, north: {}", n["winner"].as<std::string>(""),
                  n["south"].as<std::string>(""), n["north"].as<std::string>(""));
  if (n["reason"]) out += ", reason: " + n["reason"].as<std::string>("");
  return out + "}";
}

std::string outcome_text(const Rules& rules, const Outcome& o, std::string_view reason = {}) {
  const char* w = winner_word(rules, o.winner);  // a one-player game: won or lost
  std::string out = fmt::format("{{winner: {}, south: {}, north: {}", w, o.south, o.north);
  if (!reason.empty()) out += fmt::format(", reason: {}", reason);
  return out + "}";
}

void compare_board(const Rules& rules, const YAML::Node& e, const State& s) {
  for (Player p : {Player::South, Player::North}) {
    if (const YAML::Node row = e[player_name(p)]) {
      expect_equal(row, player_name(p), node_side_text(rules, row, p, "hole count"),
                   row_text(rules, s, p));
    }
  }
  if (const YAML::Node st = e["stores"]) {
    if (!st.IsMap()) fail(st, "stores is a map {south: S, north: N}");
    check_keys(st, kSidesKeys, "stores");
    need(st, "south", "stores");
    need(st, "north", "stores");
    std::string want = fmt::format("{{south: {}, north: {}}}", st["south"].as<std::string>("?"),
                                   st["north"].as<std::string>("?"));
    std::string got =
        fmt::format("{{south: {}, north: {}}}", s.store(Player::South), s.store(Player::North));
    expect_equal(st, "stores", want, got);
  }
  if (e["removed"])
    expect_equal(e["removed"], "removed", e["removed"].as<std::string>("?"),
                 std::to_string(s.removed));
  if (const YAML::Node c = e["counters"]) {
    for (auto [k, v] : counter_values(rules, c)) {
      expect_equal(c, fmt::format("counters: {}", rules.counters[k]).c_str(), v,
                   static_cast<int>(s.counters[k]));
    }
  }
  if (const YAML::Node m = e["marks"]) {
    if (!m.IsSequence()) fail(m, "marks lists marks as \"NAME HOLE OWNER\"");
    expect_equal(m, "marks", node_list_text(m), marks_text(rules, s));
  }
  if (const YAML::Node c = e["control"]) {
    if (!c.IsMap()) fail(c, "control is a map {south: [...], north: [...]}");
    check_keys(c, kSidesKeys, "control");
    for (Player p : {Player::South, Player::North}) {
      expect_equal(c, "control",
                   node_side_text(rules, need(c, player_name(p), "control"), p, "player"),
                   control_text(rules, s, p));
    }
  }
}

void compare_progress(const Rules& rules, const YAML::Node& e, const State& s,
                      const ApplyInfo* info) {
  if (const YAML::Node t = e["to_move"]) {
    std::string want = t.IsNull() ? "null" : t.as<std::string>("?");
    expect_equal(t, "to_move", want, std::string(s.over ? "null" : player_name(s.to_move)));
  }
  if (e["round"])
    expect_equal(e["round"], "round", e["round"].as<std::string>("?"), std::to_string(s.round));
  if (e["ply"]) expect_equal(e["ply"], "ply", e["ply"].as<std::string>("?"), std::to_string(s.ply));
  if (e["over"])
    expect_equal(e["over"], "over", e["over"].as<std::string>("?"),
                 std::string(s.over ? "true" : "false"));
  if (const YAML::Node r = e["result"]) {
    check_keys(r, kResultKeys, "result");
    std::string got = s.over ? outcome_text(rules, s.result) : "null";
    expect_equal(r, "result", r.IsNull() ? std::string("null") : outcome_text(r), got);
  }
  if (const YAML::Node r = e["round_over"]) {
    check_keys(r, kRoundOverKeys, "round_over");
    bool ended = info && (info->round_over || info->game_over);
    std::string got = ended ? outcome_text(rules, info->end.outcome, info->end.reason) : "null";
    expect_equal(r, "round_over", r.IsNull() ? std::string("null") : outcome_text(r), got);
  }
  if (const YAML::Node l = e["legal"]) {
    std::string got = "[" + format_moves(legal_moves(rules, s), rules.move_names()) + "]";
    expect_equal(l, "legal moves", node_list_text(l), got);
  }
}

void compare_events(const YAML::Node& e, const EventRecorder& rec) {
  const YAML::Node ev = e["events"];
  if (!ev) return;
  if (!ev.IsSequence()) fail(ev, "events is a list");
  expect_equal(ev, "events", node_list_text(ev), list_text(rec.events));
}

std::vector<std::pair<std::string, int64_t>> read_set(const YAML::Node& set) {
  std::vector<std::pair<std::string, int64_t>> out;
  if (!set) return out;
  if (!set.IsMap()) fail(set, "set is a map such as {holes: 4, seeds: 3}");
  for (const auto& kv : set) {
    if (!kv.first.IsScalar()) fail(set, "a setting's name is a word such as holes");
    out.emplace_back(kv.first.Scalar(), to_int(kv.second, -1000000, 1000000, "a setting"));
  }
  return out;
}

void run_one(const YAML::Node& sc, const std::string& rules_path, RulesCache& cache) {
  if (!sc.IsMap()) fail(sc, "a scenario is a map with name, position or moves, move, expect");
  check_keys(sc, kScenarioKeys, "a scenario");
  if (const YAML::Node e = sc["expect"]) {  // before playing: a typo is reported as such
    if (!e.IsMap()) fail(e, "expect is a map of what must hold afterwards");
    check_keys(e, kExpectKeys, "expect");
  }
  const YAML::Node e = sc["expect"];
  if (!e) fail(sc, "a scenario needs `expect:`, what must hold afterwards");
  if (e.size() == 0) {
    fail(e, "expect checks nothing: give at least one of " + join(kExpectKeys, ", ", " or "));
  }
  const Rules& rules = cache.get(rules_path, read_set(sc["set"]), sc);
  State s;
  History history;
  history.reserve(64);
  uint64_t seed =
      sc["seed"] ? static_cast<uint64_t>(to_int(sc["seed"], 0, INT32_MAX, "a seed")) : 1;
  s = sc["position"] ? build_position(rules, sc["position"]) : initial_state(rules, seed);
  if (const YAML::Node moves = sc["moves"]) {  // played from the position, or from the start
    if (!moves.IsSequence()) fail(moves, "moves is a list such as [3, 5, pass]");
    for (const YAML::Node& m : moves)
      play_legal(rules, s, to_move(m, rules), m, nullptr, history, nullptr);
  }
  EventRecorder rec(rules);
  ApplyInfo info;
  bool moved = false;
  if (const YAML::Node m = sc["move"]) {
    play_legal(rules, s, to_move(m, rules), m, &rec, history, &info);
    moved = true;
  }
  compare_board(rules, e, s);
  compare_progress(rules, e, s, moved ? &info : nullptr);
  compare_events(e, rec);
}

}  // namespace

int ScenarioReport::passed() const {
  int n = 0;
  for (const auto& r : results) n += r.passed;
  return n;
}

int ScenarioReport::failed() const {
  return static_cast<int>(results.size()) - passed() + static_cast<int>(errors.size());
}

ScenarioReport run_scenarios(const std::string& yaml_path,
                             const std::optional<std::string>& rules_path) {
  Expected<std::string> text = read_text_file(yaml_path);
  if (!text) {
    ScenarioReport report;
    report.errors.push_back(text.error);
    return report;
  }
  return run_scenarios_text(yaml_path, *text.value, rules_path);
}

ScenarioReport run_scenarios_text(const std::string& yaml_path, const std::string& text,
                                  const std::optional<std::string>& rules_path,
                                  const FileSystem* fs) {
  ScenarioReport report;
  auto error = [&](int line, const std::string& message) {
    report.errors.push_back(line > 0 ? fmt::format("{}:{}: {}", yaml_path, line, message)
                                     : fmt::format("{}: {}", yaml_path, message));
    return report;
  };
  yaml::Loaded loaded = yaml::load(text);
  if (loaded.problem) return error(loaded.problem->line, loaded.problem->message);
  const YAML::Node& doc = loaded.doc;
  if (!doc.IsMap()) return error(yaml::line_of(doc), "a scenario file is a map with `scenarios:`");
  if (auto p = yaml::unknown_key(doc, kFileKeys, "a scenario file")) {
    return error(p->line, p->message);
  }
  std::string rules = rules_path.value_or("");
  if (rules.empty()) {
    const YAML::Node key = doc["rules"];
    if (!key || !key.IsScalar() || key.Scalar().empty()) {
      return error(yaml::line_of(key, 1), "no rule file: give `rules:` in the file or RULES");
    }
    rules = resolve_rules_path(yaml_path, key.Scalar(), fs);
  }
  const YAML::Node list = doc["scenarios"];
  if (!list || !list.IsSequence()) {
    return error(yaml::line_of(list, 1), "expected a `scenarios:` list");
  }
  RulesCache cache(fs);
  for (const YAML::Node& sc : list) {
    ScenarioResult r{yaml_path, yaml::line_of(sc), "", false, ""};
    try {
      const YAML::Node name = sc.IsMap() ? sc["name"] : YAML::Node();
      r.name = name && name.IsScalar() ? name.Scalar() : "";
      run_one(sc, rules, cache);
      r.passed = true;
    } catch (const ScenarioFailure& f) {
      if (f.line > 0) r.line = f.line;
      r.message = f.message;
    } catch (const YAML::Exception& e) {  // a bug of ours: still one line, never a crash
      r.message = fmt::format("cannot read this scenario ({})", e.msg);
    } catch (const RuntimeError& e) {
      r.message = fmt::format("runtime error: {}", e.what());
    }
    report.results.push_back(std::move(r));
  }
  return report;
}

std::string format_failures(const ScenarioReport& report) {
  std::string out;
  for (const auto& e : report.errors) out += e + "\n";
  for (const auto& r : report.results) {
    if (!r.passed)
      out += fmt::format("{}:{}: scenario '{}': {}\n", r.file, r.line, r.name, r.message);
  }
  return out;
}

std::string format_report(const ScenarioReport& report) {
  return format_failures(report) +
         fmt::format("{} passed, {} failed\n", report.passed(), report.failed());
}

}  // namespace mancala
