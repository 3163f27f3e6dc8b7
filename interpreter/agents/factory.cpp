// make_agent: agent specs such as "alphabeta:depth=8" -> agents.
//
// A spec is user input (a command-line flag), so every mistake comes back
// as one line of text rather than an exception, in the project's "expected
// X, got Y" form, with a spelling suggestion for a name or an option. The
// table of agents and their options is the single place that knows which
// option applies to which agent. Reading a spec (parse_spec) is apart from
// making the agent, because one option names a file: egtb=FILE, an endgame
// database, is loaded for the game's rules, so a front end checks the form
// of its flags first (agent_spec_error, a usage error) and makes the agent
// once the game is loaded (a file that cannot be read is then a failure).
// Databases are loaded through one cache of weak pointers, so that the
// agents of every game of a simulation share one copy while any holds it.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "agents.hpp"
#include "text.hpp"

namespace mancala {
namespace {

struct AgentKind {
  const char* name;
  std::vector<std::string> options;
};

const std::vector<AgentKind>& agent_kinds() {
  static const std::vector<AgentKind> kinds = {
      {"random", {"seed"}},
      {"greedy", {"seed"}},
      {"alphabeta", {"depth", "seconds", "seed", "egtb"}},
      {"mcts", {"iterations", "seconds", "seed"}},
  };
  return kinds;
}

bool parse_int(std::string_view text, int64_t lo, int64_t hi, int64_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= lo && out <= hi;
}

// Sets one option; returns an error message or "".
std::string set_option(std::string_view key, std::string_view value, AgentOptions& o) {
  std::string got = ", got '" + std::string(value) + "'";
  int64_t n = 0;
  if (key == "depth") {
    if (!parse_int(value, 1, 60, n)) return "depth must be an integer from 1 to 60" + got;
    o.depth = static_cast<int>(n);
  } else if (key == "iterations") {
    if (!parse_int(value, 1, 100000000, n)) {
      return "iterations must be an integer from 1 to 100000000" + got;
    }
    o.iterations = static_cast<int>(n);
  } else if (key == "seed") {
    uint64_t seed = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seed);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty()) {
      return "seed must be a non-negative integer" + got;
    }
    o.seed = seed;
  } else if (key == "egtb") {
    if (value.empty()) return "egtb must name a database file (`mancala egtb build` writes one)";
    o.egtb_file = std::string(value);
  } else {  // seconds
    std::string text(value);
    char* end = nullptr;
    double s = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(s) || s <= 0 || s > 86400) {
      return "seconds must be a number above 0 and at most 86400" + got;
    }
    o.seconds = s;
  }
  return "";
}

// Parses "k=v,k=v" for `kind` into o; returns an error message or "".
std::string parse_options(std::string_view text, const AgentKind& kind, AgentOptions& o,
                          std::vector<std::string>& seen) {
  while (!text.empty()) {
    size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      return "expected key=value in the options of " + std::string(kind.name) + ", got '" +
             std::string(item) + "'";
    }
    std::string key(item.substr(0, eq));
    if (std::find(kind.options.begin(), kind.options.end(), key) == kind.options.end()) {
      return "unknown option '" + key + "' for " + kind.name + did_you_mean(key, kind.options) +
             " (its options: " + join(kind.options, ", ") + ")";
    }
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      return "option '" + key + "' given twice";
    }
    seen.push_back(key);
    std::string error = set_option(key, item.substr(eq + 1), o);
    if (!error.empty()) return error;
  }
  return "";
}

// A spec read: the agent's name and its options, no file read yet.
struct ParsedSpec {
  std::string name;
  AgentOptions options;
};

Expected<ParsedSpec> parse_spec(std::string_view spec, uint64_t seed) {
  using Result = Expected<ParsedSpec>;
  auto fail = [](std::string message) { return Result::fail(std::move(message)); };
  if (spec.substr(0, 3) == "ai:") spec.remove_prefix(3);
  size_t colon = spec.find(':');
  std::string name(spec.substr(0, colon));
  std::vector<std::string> names;
  for (const AgentKind& k : agent_kinds()) names.push_back(k.name);
  auto kind = std::find(names.begin(), names.end(), name);
  if (name.empty()) return fail("expected an agent name (" + join(names, ", ") + "), got ''");
  if (kind == names.end()) {
    return fail("unknown agent '" + name + "'" + did_you_mean(name, names) +
                " (agents: " + join(names, ", ") + ")");
  }
  const AgentKind& k = agent_kinds()[kind - names.begin()];
  AgentOptions o;
  o.seed = seed;
  std::vector<std::string> seen;
  if (colon != std::string_view::npos) {
    std::string message = parse_options(spec.substr(colon + 1), k, o, seen);
    if (!message.empty()) return fail(message);
  }
  auto given = [&](const char* key) {
    return std::find(seen.begin(), seen.end(), key) != seen.end();
  };
  if (given("seconds") && !given("depth") && name == "alphabeta") o.depth = 0;
  if (given("seconds") && !given("iterations") && name == "mcts") o.iterations = 0;
  return Result::ok(ParsedSpec{name, std::move(o)});
}

}  // namespace

std::string format_seconds(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", seconds);
  return buf;
}

std::string agent_spec_error(std::string_view spec) {
  return parse_spec(spec, 1).error;
}

std::string agent_spec_egtb_file(std::string_view spec) {
  auto parsed = parse_spec(spec, 1);
  return parsed ? parsed.value->options.egtb_file : "";
}

Expected<std::shared_ptr<const Egtb>> load_egtb(const Rules& rules, const std::string& file) {
  using Result = Expected<std::shared_ptr<const Egtb>>;
  static std::mutex lock;
  static std::map<std::pair<std::string, uint64_t>, std::weak_ptr<const Egtb>> loaded;
  std::lock_guard<std::mutex> hold(lock);  // held while loading: one read per file
  std::weak_ptr<const Egtb>& slot = loaded[{file, Egtb::rules_identity(rules)}];
  if (std::shared_ptr<const Egtb> db = slot.lock()) return Result::ok(std::move(db));
  try {
    auto db = std::make_shared<const Egtb>(Egtb::load(rules, file));
    slot = db;
    return Result::ok(std::move(db));
  } catch (const EgtbError& e) {
    return Result::fail(e.what());
  }
}

Expected<std::unique_ptr<Agent>> make_agent(std::string_view spec, uint64_t seed,
                                            const Rules* rules) {
  using Result = Expected<std::unique_ptr<Agent>>;
  auto parsed = parse_spec(spec, seed);
  if (!parsed) return Result::fail(parsed.error);
  const std::string& name = parsed.value->name;
  AgentOptions& o = parsed.value->options;
  if (name == "random") return Result::ok(make_random_agent(o.seed));
  if (name == "greedy") return Result::ok(make_greedy_agent(o.seed));
  if (name == "mcts") return Result::ok(make_mcts_agent(o));
  if (!o.egtb_file.empty()) {
    if (!rules) return Result::fail("egtb=FILE needs the game's rules to load the database for");
    auto db = load_egtb(*rules, o.egtb_file);
    if (!db) return Result::fail("egtb: " + db.error);
    o.egtb = std::move(*db.value);
  }
  return Result::ok(std::make_unique<AlphaBetaAgent>(o));
}

}  // namespace mancala
