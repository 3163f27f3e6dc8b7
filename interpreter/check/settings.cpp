// Settings: from the generic sections of the AST to typed GameSpec fields.
//
// The grammar gives every settings clause one shape (a keyword, its fixed
// words, its values, an optional label, draw flag and block); this file
// gives them meaning. A table lists, for each section, the clauses it may
// hold and whether one may be repeated, so that unknown, duplicated and
// missing clauses are found in one place; then one function per section
// reads the clauses into fields, range-checks numbers (docs/language.md,
// section 8) and checks each embedded expression or block in its context
// with a BodyChecker. Handlers are grouped by event here as well.
// A section that a syntax error left out (ast::Game::lost_sections) is not
// reported missing.
#include <fmt/format.h>

#include "check_internal.hpp"

namespace mancala::check {
namespace {

struct ClauseRule {
  std::string_view keyword;
  bool repeatable;
  bool required;
  std::string_view display;  // for "missing ..." messages
};

struct SectionRule {
  std::string_view name;
  bool required;
  std::vector<ClauseRule> clauses;  // empty: any key (info)
};

const std::vector<SectionRule>& section_rules() {
  static const std::vector<SectionRule> kRules = {
      {"info", false, {}},
      {"board",
       true,
       {{"rows", 0, 1, "rows"},
        {"holes", 0, 1, "holes"},
        {"stores", 0, 1, "stores"},
        {"marks", 0, 0, ""},
        {"counters", 0, 0, ""}}},
      {"setup",
       true,
       {{"seeds", 0, 0, "seeds"},
        {"row", 0, 0, "row"},
        {"store", 0, 0, ""},
        {"scatter", 0, 0, ""}}},
      {"moves",
       true,
       {{"from", 0, 1, "from own holes"},
        {"first", 0, 0, ""},
        {"must", 0, 0, ""},
        {"forbid", 1, 0, ""},
        {"prefer", 1, 0, ""},
        {"pass", 0, 0, ""}}},
      {"sowing",
       false,
       {{"direction", 0, 0, ""},
        {"relay", 0, 0, ""},
        {"skip", 0, 0, ""},
        {"laps", 0, 0, ""},
        {"endless", 0, 0, ""}}},
      {"end",
       true,
       {{"when", 1, 0, ""},
        {"stalemate", 0, 0, ""},
        {"repetition", 0, 0, ""},
        {"winner", 0, 0, "winner"}}},  // required in two-player games: see end()
      {"match",
       false,
       {{"refill", 0, 0, ""},
        {"starter", 0, 0, ""},
        {"ends", 0, 0, ""},
        {"max", 0, 0, ""},
        {"winner", 0, 1, "winner"}}},
      {"evaluation", false, {{"score", 0, 1, "score"}}},
  };
  return kRules;
}

const SectionRule* find_section_rule(std::string_view name) {
  for (const SectionRule& r : section_rules()) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

bool has_word(const ast::Clause& c, std::string_view w) {
  return std::any_of(c.words.begin(), c.words.end(),
                     [&](const ast::Word& x) { return x.text == w; });
}

// What may not be written twice: `skip origin` and `skip when` are two
// clauses; `direction D when E` may be repeated (one rule each), a plain
// `direction ccw|cw` and a plain `direction either` may not.
std::string clause_kind(const ast::Clause& c) {
  const std::string& k = c.keyword.text;
  if (k == "from" && has_word(c, "store")) return "from store";
  if (k == "skip") return k + (has_word(c, "origin") ? " origin" : " when");
  if (k == "direction" && !c.values.empty()) {
    return fmt::format("{} when {}", k, static_cast<const void*>(&c));
  }
  if (k == "direction" && has_word(c, "either")) return k + " either";
  return k;
}

class SpecBuilder {
 public:
  SpecBuilder(const ast::Game& game, const BodyEnv& env, const CheckOptions& options,
              SourceSet& sources)
      : game_(game), env_(env), rep_(env.rep), options_(options), sources_(sources) {}

  std::optional<GameSpec> run();

 private:
  void check_clauses(const ast::Section& s, const SectionRule& rule);
  std::optional<int64_t> number(const ast::Clause& c, size_t i = 0);
  // The first word of c that spells a value of E.
  template <class E>
  std::optional<E> word(const ast::Clause& c) {
    for (const ast::Word& w : c.words) {
      if (auto v = from_spelling<E>(w.text)) return v;
    }
    return std::nullopt;
  }
  // `most store`, `most rounds` (whose first word alone would read as
  // `most store`) or `survivor`.
  std::optional<WinnerKind> winner_kind(const ast::Clause& c) {
    for (const ast::Word& w : c.words) {
      if (w.text == "rounds") return WinnerKind::MostRounds;
    }
    return word<WinnerKind>(c);
  }
  std::optional<int64_t> in_range(std::optional<int64_t> v, Range r, std::string_view what,
                                  int64_t low, int64_t high);
  ast::Expr cond(const ast::Expr& e, Context c, Type want);
  void from_store(const ast::Clause& c);
  std::vector<ast::Stmt> body(const std::vector<ast::Stmt>& b, Context c);
  void board(const ast::Section& s);
  void marks(const ast::Clause& c);
  void counters(const ast::Clause& c);
  void refill_mark(const ast::Clause& c);
  void refill_remainder(const ast::Clause& c);
  void end_result(const ast::Clause& c);
  void setup(const ast::Section& s);
  void store_setup(const ast::Clause& c);
  void scatter_setup(const ast::Clause& c);
  void scatter_limits();
  void moves(const ast::Section& s);
  void sowing(const ast::Section& s);
  void direction(const ast::Clause& c);
  void settle_direction();
  void end(const ast::Section& s);
  void end_clause(const ast::Clause& c);
  void match(const ast::Section& s);
  void evaluation(const ast::Section& s);
  void info(const ast::Section& s);
  void overrides();
  void limits();
  void four_row_limits();
  void handlers();
  // Whether a syntax error may have left out the section `name`.
  bool lost(std::string_view name) const {
    const auto& l = game_.lost_sections;
    return l.contains("*") || l.contains(std::string(name));
  }

  const ast::Game& game_;
  const BodyEnv& env_;
  Reporter& rep_;
  const CheckOptions& options_;
  SourceSet& sources_;
  GameSpec spec_;
  Range holes_range_, seeds_range_, row_range_, rows_range_, stores_range_;
  std::optional<Range> seeds_clause_, store_clause_, scatter_clause_, match_section_;
  std::optional<Range> from_store_clause_;
  const ast::Clause* winner_clause_ = nullptr;
  bool plain_direction_ = false;  // a `direction ccw|cw` clause without `when`
  bool plain_either_ = false;     // `direction either` without `when`
};

// The grammar guarantees a number literal where one is expected (NumberAfter),
// and one of the allowed words where a choice is expected (ChoiceAfter), so
// number() and word() only guard against an AST built by other means.
std::optional<int64_t> SpecBuilder::number(const ast::Clause& c, size_t i) {
  if (c.values.size() <= i || c.values[i].kind != ast::ExprKind::Int) return std::nullopt;
  return c.values[i].value;
}

std::optional<int64_t> SpecBuilder::in_range(std::optional<int64_t> v, Range r,
                                             std::string_view what, int64_t low, int64_t high) {
  if (!v) return std::nullopt;
  if (*v < low || *v > high) {
    rep_.error(r, high == INT32_MAX
                      ? fmt::format("{} must be at least {}, got {}", what, low, *v)
                      : fmt::format("{} must be between {} and {}, got {}", what, low, high, *v));
    return std::nullopt;
  }
  return v;
}

ast::Expr SpecBuilder::cond(const ast::Expr& e, Context c, Type want) {
  ast::Expr copy = e;
  BodyChecker checker(env_, e.range.file, c);
  checker.expect(copy, want);
  return copy;
}

std::vector<ast::Stmt> SpecBuilder::body(const std::vector<ast::Stmt>& b, Context c) {
  std::vector<ast::Stmt> copy = b;
  if (b.empty()) return copy;
  BodyChecker checker(env_, b.front().range.file, c);
  checker.block(copy);
  return copy;
}

void SpecBuilder::check_clauses(const ast::Section& s, const SectionRule& rule) {
  if (rule.clauses.empty()) return;
  std::map<std::string, const ast::Clause*> seen;
  for (const ast::Clause& c : s.clauses) {
    auto r = std::find_if(rule.clauses.begin(), rule.clauses.end(),
                          [&](const ClauseRule& x) { return x.keyword == c.keyword.text; });
    if (r == rule.clauses.end()) continue;  // the grammar admits only the section's clauses
    std::string kind = clause_kind(c);
    auto [it, fresh] = seen.try_emplace(kind, &c);
    if (!fresh && !r->repeatable) {
      rep_.error(c.keyword.range, fmt::format("duplicated clause '{}'", c.keyword.text))
          .notes.push_back({it->second->keyword.range, true, "first written here"});
    }
  }
  for (const ClauseRule& r : rule.clauses) {
    bool present = std::any_of(s.clauses.begin(), s.clauses.end(),
                               [&](const ast::Clause& c) { return c.keyword.text == r.keyword; });
    if (r.required && !present) {
      rep_.error(s.name.range,
                 fmt::format("missing '{}' in the {} section", r.display, s.name.text));
    }
  }
}

void SpecBuilder::info(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    std::string text = c.label ? c.label->text : c.words.empty() ? "" : c.words.front().text;
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
      text = text.substr(1, text.size() - 2);
    }
    spec_.info.emplace_back(c.keyword.text, text);
  }
}

void SpecBuilder::board(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    const std::string& k = c.keyword.text;
    if (k == "rows") {
      auto v = number(c);
      if (v && *v != 1 && *v != 2 && *v != 4) {
        rep_.error(c.values[0].range, fmt::format("only 1, 2 or 4 rows are supported, got {}", *v));
      } else if (v) {
        spec_.rows = static_cast<int>(*v);
        rows_range_ = c.values[0].range;
      }
    } else if (k == "holes") {
      holes_range_ = c.values.empty() ? c.range : c.values[0].range;
      if (auto v = in_range(number(c), holes_range_, "holes", 1, kMaxHoles)) spec_.holes = *v;
    } else if (k == "stores") {
      stores_range_ = c.range;
      if (auto w = word<StoreKind>(c)) spec_.stores = *w;
    } else if (k == "marks") {
      marks(c);
    } else if (k == "counters") {
      counters(c);
    }
  }
}

// The names of `marks`: at most kMaxMarks, distinct, and not names the
// language already gives a meaning (a mark is read as a name in expressions).
void SpecBuilder::marks(const ast::Clause& c) {
  spec_.marks.clear();
  for (const ast::Word& w : c.words) {
    if (find_name(w.text) || find_function(w.text)) {
      rep_.error(w.range, fmt::format("'{}' is a built-in name and cannot name a mark", w.text));
    } else if (std::find(spec_.marks.begin(), spec_.marks.end(), w.text) != spec_.marks.end()) {
      rep_.error(w.range, fmt::format("mark '{}' is declared twice", w.text));
    } else if (spec_.marks.size() == static_cast<size_t>(kMaxMarks)) {
      rep_.error(w.range, fmt::format("at most {} marks can be declared", kMaxMarks));
    } else {
      spec_.marks.push_back(w.text);
    }
  }
}

// The names of `counters`: at most kMaxCounters, distinct, and neither
// built-in names nor marks (a counter is read as a name in expressions).
void SpecBuilder::counters(const ast::Clause& c) {
  spec_.counters.clear();
  for (const ast::Word& w : c.words) {
    auto& seen = spec_.counters;
    if (find_name(w.text) || find_function(w.text)) {
      rep_.error(w.range, fmt::format("'{}' is a built-in name and cannot name a counter", w.text));
    } else if (std::find(env_.marks.begin(), env_.marks.end(), w.text) != env_.marks.end()) {
      rep_.error(w.range,
                 fmt::format("'{}' is a mark of this game and cannot name a counter", w.text));
    } else if (std::find(seen.begin(), seen.end(), w.text) != seen.end()) {
      rep_.error(w.range, fmt::format("counter '{}' is declared twice", w.text));
    } else if (seen.size() == static_cast<size_t>(kMaxCounters)) {
      rep_.error(w.range, fmt::format("at most {} counters can be declared", kMaxCounters));
    } else {
      seen.push_back(w.text);
    }
  }
}

// `refill conquest ... remainder N`: only a conquest has a surplus to
// round up; N is a number of seeds.
void SpecBuilder::refill_remainder(const ast::Clause& c) {
  auto it = std::find_if(c.words.begin(), c.words.end(),
                         [](const ast::Word& w) { return w.text == "remainder"; });
  if (it == c.words.end() || c.values.empty()) return;
  if (spec_.match.refill_kind != RefillKind::Conquest) {
    rep_.error(it->range, "only 'refill conquest' has a remainder to round up");
    return;
  }
  if (auto v = in_range(number(c), c.values[0].range, "the remainder", 1, kMaxSeedsPerHole)) {
    spec_.match.refill_remainder = static_cast<int>(*v);
  }
}

// `refill own ... mark NAME`: NAME must be a mark of the board; only an
// `own` refill leaves holes unfilled.
void SpecBuilder::refill_mark(const ast::Clause& c) {
  auto it = std::find_if(c.words.begin(), c.words.end(),
                         [](const ast::Word& w) { return w.text == "mark"; });
  if (it == c.words.end() || it + 1 == c.words.end()) return;
  const ast::Word& name = *(it + 1);
  auto k = std::find(env_.marks.begin(), env_.marks.end(), name.text);
  if (spec_.match.refill_kind != RefillKind::Own) {
    rep_.error(it->range, "only 'refill own' leaves holes unfilled to mark");
  } else if (k == env_.marks.end()) {
    rep_.error(
        name.range,
        env_.marks.empty()
            ? fmt::format("'{}' is not a mark: the board declares none (board {{ marks {} }})",
                          name.text, name.text)
            : fmt::format("'{}' is not a mark of this game{}", name.text,
                          did_you_mean(name.text, env_.marks)));
  } else {
    spec_.match.refill_mark = static_cast<int>(k - env_.marks.begin());
  }
}

// `seeds N` (every hole), `row N N ...` (each row, from its player's
// left: as many numbers as holes) or `scatter N [min M] [mirrored]`; one of
// them is required. `store N` may be added to any.
void SpecBuilder::setup(const ast::Section& s) {
  const ast::Clause* row = nullptr;
  bool seeds = false;
  for (const ast::Clause& c : s.clauses) {
    if (c.keyword.text == "row") row = &c;
    if (c.keyword.text == "store") store_setup(c);
    if (c.keyword.text == "scatter") scatter_setup(c);
    if (c.keyword.text != "seeds") continue;
    seeds = true;
    seeds_clause_ = c.range;
    seeds_range_ = c.values.empty() ? c.range : c.values[0].range;
    if (auto v = in_range(number(c), seeds_range_, "seeds", 0, kMaxSeedsPerHole)) spec_.seeds = *v;
  }
  if (row) {
    row_range_ = row->range;
    spec_.row.clear();
    for (size_t i = 0; i < row->values.size(); ++i) {
      auto v = in_range(number(*row, i), row->values[i].range, "seeds", 0, kMaxSeedsPerHole);
      spec_.row.push_back(v ? static_cast<int>(*v) : 0);
    }
    if (!seeds) {
      seeds_range_ = row->range;
      spec_.seeds = spec_.row.empty() ? 0 : *std::max_element(spec_.row.begin(), spec_.row.end());
    }
  } else if (!seeds && !scatter_clause_) {
    rep_.error(s.name.range, "missing 'seeds', 'row' or 'scatter' in the setup section");
  }
  if (scatter_clause_ && (seeds || row)) {
    rep_.error(*scatter_clause_,
               fmt::format("'scatter' and '{}' both say what the holes hold at the start: keep one",
                           seeds ? "seeds" : "row"));
  }
}

void SpecBuilder::store_setup(const ast::Clause& c) {
  store_clause_ = c.range;
  Range r = c.values.empty() ? c.range : c.values[0].range;
  if (auto v = in_range(number(c), r, "seeds", 0, kMaxTotalSeeds)) spec_.store_seeds = *v;
}

void SpecBuilder::scatter_setup(const ast::Clause& c) {
  scatter_clause_ = c.range;
  Range r = c.values.empty() ? c.range : c.values[0].range;
  if (auto v = in_range(number(c), r, "seeds", 1, kMaxTotalSeeds)) spec_.scatter = *v;
  if (c.values.size() > 1) {
    auto m = in_range(number(c, 1), c.values[1].range, "seeds", 0, kMaxSeedsPerHole);
    if (m) spec_.scatter_min = *m;
  }
  spec_.scatter_mirrored = std::any_of(c.words.begin(), c.words.end(),
                                       [](const ast::Word& w) { return w.text == "mirrored"; });
}

// `from store [seeds E] [into H] [when C]`: the words after `store` say
// which expressions follow, in that order.
void SpecBuilder::from_store(const ast::Clause& c) {
  spec_.from_store = true;
  from_store_clause_ = c.range;
  spec_.from_store_choice = has_word(c, "holes");
  size_t v = 0;
  for (const ast::Word& w : c.words) {
    if (v >= c.values.size()) break;
    if (w.text == "seeds") {
      spec_.from_store_seeds = cond(c.values[v++], Context::FromStore, Type::Int);
    } else if (w.text == "into" && !spec_.from_store_choice) {
      spec_.from_store_into = cond(c.values[v++], Context::FromStore, Type::Hole);
    } else if (w.text == "of") {
      spec_.from_store_of = cond(c.values[v++], Context::FromStore, Type::Player);
    } else if (w.text == "where") {  // judges a hole, as `from own holes where` does
      spec_.from_store_where = cond(c.values[v++], Context::Moves, Type::Bool);
    } else if (w.text == "when") {
      spec_.from_store_when = cond(c.values[v++], Context::FromStore, Type::Bool);
    }
  }
}

void SpecBuilder::moves(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    const std::string& k = c.keyword.text;
    if (k == "from" && has_word(c, "store")) {
      from_store(c);
    } else if (k == "from") {
      spec_.from_all = has_word(c, "all");
      if (spec_.from_all && env_.four_rows) {
        rep_.error(c.range,
                   "a four-row board has no moves from all holes: each player sows only round "
                   "their own two rows");
      }
      if (!c.values.empty()) spec_.move_where = cond(c.values[0], Context::Moves, Type::Bool);
    } else if (k == "first") {
      if (auto w = word<FirstMove>(c)) spec_.first_move = *w;
    } else if (k == "must") {
      spec_.must_feed = true;
      spec_.feed_else_any = has_word(c, "any");
      if (env_.one_player) rep_.error(c.range, "a one-player game has no opponent to feed");
    } else if (k == "forbid" && !c.values.empty() && has_word(c, "after")) {
      spec_.forbid_after.push_back(cond(c.values[0], Context::After, Type::Bool));
    } else if (k == "forbid" && !c.values.empty()) {
      spec_.forbid.push_back(cond(c.values[0], Context::Moves, Type::Bool));
    } else if (k == "prefer" && !c.values.empty()) {
      bool after = has_word(c, "after");
      spec_.prefer.push_back(
          {after, cond(c.values[0], after ? Context::After : Context::Moves, Type::Bool)});
    } else if (k == "pass") {
      spec_.pass_when_no_moves = true;  // the grammar allows only `pass when no moves`
      if (env_.one_player) {
        rep_.error(c.range, "a one-player game has no one to pass to: with no legal move it ends");
      }
    }
  }
}

void SpecBuilder::sowing(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    const std::string& k = c.keyword.text;
    if (k == "direction") {
      direction(c);
    } else if (k == "relay") {
      auto w = word<RelayKind>(c);
      if (!w) continue;
      spec_.relay = *w;
      if (!c.values.empty()) {
        spec_.relay_when = cond(c.values[0], Context::Relay, Type::Bool);
      }
    } else if (k == "skip") {
      if (has_word(c, "origin")) {
        spec_.skip_origin = true;
      } else if (!c.values.empty()) {
        spec_.skip_when = cond(c.values[0], Context::Skip, Type::Bool);
      }
    } else if (k == "laps") {
      spec_.laps_alternate = true;  // the grammar allows only `laps alternate`
    } else if (k == "endless") {
      auto w = word<EndlessKind>(c);
      if (!w) continue;
      spec_.endless = *w;
      if (env_.one_player && *w != EndlessKind::Illegal) {
        rep_.error(c.range,
                   "in a one-player game an endless move is illegal: write 'endless illegal'");
      }
      if (has_word(c, "after")) {
        Range r = c.values.empty() ? c.range : c.values[0].range;
        if (auto v = in_range(number(c), r, "the lap budget", 1, kMaxEndlessLaps)) {
          spec_.endless_laps = static_cast<int>(*v);
        }
      }
      if (c.body) {
        spec_.endless_body = body(*c.body, Context::EndlessBlock);
      }
    }
  }
  settle_direction();
}

// `direction D [when E]`: a plain ccw/cw is the game's direction; the
// others are rules tried in file order for each move's start hole.
void SpecBuilder::direction(const ast::Clause& c) {
  auto w = word<Direction>(c);
  if (!w) return;
  if (!c.values.empty()) {
    spec_.direction_rules.push_back({cond(c.values[0], Context::Direction, Type::Bool), *w});
  } else if (*w == Direction::Either) {
    plain_either_ = true;
  } else {
    spec_.direction = *w;
    plain_direction_ = true;
  }
}

// Without a plain `direction ccw|cw`, a first `direction D when E` with D
// ccw or cw makes the game's direction the other one ("D when E, the other
// way otherwise"). A plain `direction either` is the last rule: it holds
// for every hole no earlier rule decided.
void SpecBuilder::settle_direction() {
  auto& rules = spec_.direction_rules;
  if (!plain_direction_ && !rules.empty() && rules.front().direction != Direction::Either) {
    spec_.direction = rules.front().direction == Direction::Ccw ? Direction::Cw : Direction::Ccw;
  }
  if (plain_either_) rules.push_back({std::nullopt, Direction::Either});
}

void SpecBuilder::end_clause(const ast::Clause& c) {
  const std::string& k = c.keyword.text;
  EndClause e;
  e.range = c.range;
  e.draw = c.draw;
  e.won = has_word(c, "won");
  if (has_word(c, "by") && !c.values.empty()) {
    e.won_by = cond(c.values.back(), Context::End, Type::Player);
  }
  end_result(c);
  if (k == "when") {
    e.kind = EndKind::When;
    if (!c.values.empty()) e.cond = cond(c.values[0], Context::End, Type::Bool);
    e.label = c.label ? c.label->text : "condition";
  } else {
    e.kind = k == "stalemate" ? EndKind::Stalemate : EndKind::Repetition;
    std::string what = k == "stalemate" ? "the stalemate count" : "the repetition count";
    Range r = c.values.empty() ? c.range : c.values[0].range;
    if (auto v = in_range(number(c), r, what, 1, INT32_MAX)) e.count = static_cast<int>(*v);
    e.label = c.label ? c.label->text : k;
  }
  if (c.body) e.body = body(*c.body, Context::End);
  spec_.end.push_back(std::move(e));
}

// A clause's result: `draw` in two-player games, `won` or `lost` (one of
// them required) in one-player games.
void SpecBuilder::end_result(const ast::Clause& c) {
  auto solo = std::find_if(c.words.begin(), c.words.end(),
                           [](const ast::Word& w) { return w.text == "won" || w.text == "lost"; });
  bool by = has_word(c, "by");
  if (by && env_.one_player) {
    rep_.error(c.range, "a one-player game is won by its player: write 'won' alone");
    return;
  }
  if (!env_.one_player) {
    if (solo != c.words.end() && !by) {
      rep_.error(solo->range, fmt::format("'{}' alone ends a one-player game (board {{ rows 1 }}); "
                                          "a clause of a two-player game names its winner with "
                                          "'won by P', or says 'draw'",
                                          solo->text));
    }
    return;
  }
  if (c.draw) {
    rep_.error(c.range, "a one-player game has no draws: the clause ends it 'won' or 'lost'");
  } else if (solo == c.words.end()) {
    rep_.error(c.keyword.range,
               "in a one-player game each end clause says how it ends: add 'won' or 'lost'");
  }
}

void SpecBuilder::end(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    const std::string& k = c.keyword.text;
    if (k == "when" || k == "stalemate" || k == "repetition") {
      end_clause(c);
    } else if (k == "winner") {
      winner_clause_ = &c;
      std::optional<WinnerKind> w = winner_kind(c);
      if (w == WinnerKind::MostRounds) {
        rep_.error(c.range,
                   "'winner most rounds' decides a match: write it in the match section (the end "
                   "section's winner decides each round)");
      } else if (w) {
        spec_.winner = *w;
      }
    }
  }
  if (env_.one_player && winner_clause_) {
    rep_.error(winner_clause_->range,
               "a one-player game has no winner clause: its end clauses say 'won' or 'lost'");
  } else if (!env_.one_player && !winner_clause_) {
    rep_.error(s.name.range, "missing 'winner' in the end section");
  }
  if (spec_.winner == WinnerKind::Survivor && winner_clause_) {
    bool has = std::any_of(spec_.end.begin(), spec_.end.end(), [](const EndClause& e) {
      return e.kind == EndKind::When && e.cond && e.cond->kind == ast::ExprKind::NoMoves;
    });
    if (!has) {
      rep_.error(winner_clause_->range, "'winner survivor' needs an end clause 'when no moves'");
    }
  }
}

void SpecBuilder::match(const ast::Section& s) {
  spec_.match.present = true;
  match_section_ = s.name.range;
  if (env_.one_player) rep_.error(s.name.range, "a one-player game is not played in rounds");
  for (const ast::Clause& c : s.clauses) {
    const std::string& k = c.keyword.text;
    if (k == "refill") {
      if (auto w = word<RefillKind>(c)) spec_.match.refill_kind = *w;
      if (auto w = word<RefillFrom>(c)) spec_.match.refill = *w;
      refill_remainder(c);
      refill_mark(c);
    } else if (k == "starter") {
      auto w = word<StarterKind>(c);
      if (w) spec_.match.starter = *w;
      if (auto tie = word<TieStarter>(c)) spec_.match.after_tie = *tie;
      bool no_tie = w == StarterKind::Alternate || w == StarterKind::LastMover;
      if (no_tie && has_word(c, "else")) {
        rep_.error(c.range, fmt::format("'starter {}' takes no 'else'", spell(*w)));
      }
    } else if (k == "ends" && !c.values.empty()) {
      spec_.match_ends_when = cond(c.values[0], Context::Match, Type::Bool);
    } else if (k == "max") {
      Range r = c.values.empty() ? c.range : c.values[0].range;
      if (auto v = in_range(number(c), r, "max rounds", 1, INT32_MAX)) {
        spec_.match.max_rounds = static_cast<int>(*v);
      }
    } else if (k == "winner") {
      if (auto w = winner_kind(c)) spec_.match.winner = *w;
    }
  }
}

void SpecBuilder::evaluation(const ast::Section& s) {
  for (const ast::Clause& c : s.clauses) {
    if (c.keyword.text == "score" && !c.values.empty()) {
      spec_.evaluation = cond(c.values[0], Context::Evaluation, Type::Int);
    }
  }
}

void SpecBuilder::overrides() {
  if (options_.overrides.empty()) return;
  std::string text;
  std::vector<Range> ranges;
  uint32_t file = static_cast<uint32_t>(sources_.size());
  for (const auto& [key, value] : options_.overrides) {
    if (!text.empty()) text += ' ';
    uint32_t begin = static_cast<uint32_t>(text.size());
    text += fmt::format("{}={}", key, value);
    ranges.push_back({file, begin, static_cast<uint32_t>(text.size())});
  }
  sources_.add("<command line>", text);
  for (size_t i = 0; i < options_.overrides.size(); ++i) {
    const auto& [key, value] = options_.overrides[i];
    if (key == "holes") {
      holes_range_ = ranges[i];
      if (auto v = in_range(value, ranges[i], "holes", 1, kMaxHoles)) spec_.holes = *v;
    } else if (key == "seeds") {
      seeds_range_ = ranges[i];
      if (auto v = in_range(value, ranges[i], "seeds", 0, kMaxSeedsPerHole)) spec_.seeds = *v;
    } else {
      rep_.error(ranges[i], fmt::format("unknown setting '{}' for --set; expected holes or seeds{}",
                                        key, did_you_mean(key, {"holes", "seeds"})));
    }
  }
}

// A scattered setup: the minimum fits, a mirrored one halves evenly; no
// match (its refills count `seeds` a hole); `seeds` names the mean.
void SpecBuilder::scatter_limits() {
  Range at = *scatter_clause_;
  int64_t holes = int64_t{spec_.rows} * spec_.holes;
  if (int64_t{spec_.scatter_min} * holes > spec_.scatter) {
    rep_.error(at, fmt::format("scatter: {} seeds cannot put {} in each of the {} holes",
                               spec_.scatter, spec_.scatter_min, holes));
  }
  if (spec_.scatter_mirrored && spec_.rows != 2) {
    rep_.error(at, "a one-player game has one row: 'mirrored' has nothing to copy");
  } else if (spec_.scatter_mirrored && spec_.scatter % 2 != 0) {
    rep_.error(at, fmt::format("scatter {} mirrored: the two rows are alike, so the seeds must "
                               "be even in number",
                               spec_.scatter));
  }
  if (match_section_) {
    rep_.error(at,
               "a match refills its holes with 'seeds' a hole: a scattered setup has no such "
               "number")
        .notes.push_back({*match_section_, true, "the match section"});
  }
  if (options_.overrides.end() != std::find_if(options_.overrides.begin(), options_.overrides.end(),
                                               [](const auto& o) { return o.first == "seeds"; })) {
    rep_.error(at, "--set seeds: this game scatters its seeds (setup { scatter ... })");
  }
  spec_.seeds = holes > 0 ? static_cast<int>(spec_.scatter / holes) : 0;
}

// A four-row board: each player's two rows are one ring of 2N holes, and
// all 4N holes fit the 64-bit masks of a position. What has not been
// designed for four rows yet is refused rather than guessed.
void SpecBuilder::four_row_limits() {
  if (spec_.rows != 4) return;
  if (spec_.holes > kMaxRowHoles / 2) {
    rep_.error(holes_range_, fmt::format("a four-row board has at most {} holes a row, got {}",
                                         kMaxRowHoles / 2, spec_.holes));
  }
  if (spec_.stores == StoreKind::Sown) {
    rep_.error(stores_range_,
               "a four-row board's sowing stays in each player's two rows: its stores are "
               "'captures' or 'none'");
  }
  auto refuse = [&](Range at, std::string_view what) {
    rep_.error(at, fmt::format("{} is not available on a four-row board yet", what))
        .notes.push_back({rows_range_, true, "four rows here"});
  };
  if (scatter_clause_) refuse(*scatter_clause_, "setup { scatter ... }");
  if (match_section_) refuse(*match_section_, "a match section");
}

void SpecBuilder::limits() {
  four_row_limits();
  // `store 0` puts none: a variant may write it to undo its base's `store N`.
  if (store_clause_ && spec_.stores == StoreKind::None && spec_.store_seeds > 0) {
    rep_.error(*store_clause_, "'store' puts seeds in the stores, and this board has none");
  }
  if (from_store_clause_ && spec_.stores == StoreKind::None) {
    rep_.error(*from_store_clause_,
               "'from store' sows seeds from the mover's store, and this board has none");
  }
  if (spec_.total() > kMaxTotalSeeds && (store_clause_ || scatter_clause_)) {
    rep_.error(store_clause_ ? *store_clause_ : *scatter_clause_,
               fmt::format("too many seeds: {} in all, at most {}", spec_.total(), kMaxTotalSeeds));
    return;
  }
  if (scatter_clause_) {
    scatter_limits();
    return;
  }
  // Four rows: a player's back row, then their front row, each from the left.
  size_t want = static_cast<size_t>(spec_.rows == 4 ? 2 * spec_.holes : spec_.holes);
  if (!spec_.row.empty() && spec_.row.size() != want) {
    rep_.error(row_range_, spec_.rows == 4
                               ? fmt::format("row gives {} counts for a player's two rows of {} "
                                             "holes (the back row, then the front row)",
                                             spec_.row.size(), spec_.holes)
                               : fmt::format("row gives {} counts for {} holes", spec_.row.size(),
                                             spec_.holes));
    spec_.row.resize(want, 0);
  }
  if (!spec_.row.empty()) {
    if (spec_.total() > kMaxTotalSeeds) {
      rep_.error(row_range_, fmt::format("too many seeds: {} x {} = {}, at most {}",
                                         spec_.players(), spec_.board_total() / spec_.players(),
                                         spec_.board_total(), kMaxTotalSeeds));
    }
    return;
  }
  int64_t total = int64_t{spec_.rows} * spec_.holes * spec_.seeds;
  if (total > kMaxTotalSeeds) {
    rep_.error(seeds_range_,
               fmt::format("too many seeds: {} x {} holes x {} seeds = {}, at most {}", spec_.rows,
                           spec_.holes, spec_.seeds, total, kMaxTotalSeeds));
  }
}

void SpecBuilder::handlers() {
  std::map<std::pair<std::string, std::string>, const ast::Handler*> named;
  std::vector<std::string> names;
  for (const EventInfo& e : events()) names.emplace_back(e.name);
  for (const ast::Handler& h : game_.handlers) {
    std::optional<Event> event = find_event(h.event.text);
    if (!event) {
      rep_.error(h.event.range, fmt::format("unknown event '{}'{}", h.event.text,
                                            did_you_mean(h.event.text, names)));
      continue;
    }
    if (h.name) {
      auto [it, fresh] = named.try_emplace({h.event.text, h.name->text}, &h);
      if (!fresh) {
        rep_.error(h.name->range,
                   fmt::format("duplicate handler '{}' for event {}", h.name->text, h.event.text))
            .notes.push_back({it->second->name->range, true, "first written here"});
      }
    }
    // No condition and nothing to do: how a variant removes a base's
    // handler (docs/language.md, `extends`). Left out, it costs nothing.
    if (!h.when && h.body.empty()) continue;
    HandlerSpec spec;
    spec.range = h.range;
    spec.name = h.name ? h.name->text : "";
    if (h.when) spec.when = cond(*h.when, event_context(*event), Type::Bool);
    spec.body = body(h.body, event_context(*event));
    spec_.handlers[static_cast<size_t>(*event)].push_back(std::move(spec));
  }
}

std::optional<GameSpec> SpecBuilder::run() {
  spec_.name = game_.name.text;
  spec_.name_range = game_.name.range;
  for (const ast::Section& s : game_.sections) {
    const SectionRule* rule = find_section_rule(s.name.text);
    if (!rule) continue;  // the grammar admits only the known sections
    check_clauses(s, *rule);
    const std::string& n = s.name.text;
    if (n == "info") info(s);
    if (n == "board") board(s);
    if (n == "setup") setup(s);
    if (n == "moves") moves(s);
    if (n == "sowing") sowing(s);
    if (n == "end") end(s);
    if (n == "match") match(s);
    if (n == "evaluation") evaluation(s);
  }
  for (const SectionRule& r : section_rules()) {
    bool present = std::any_of(game_.sections.begin(), game_.sections.end(),
                               [&](const ast::Section& s) { return s.name.text == r.name; });
    if (r.required && !present && !lost(r.name)) {
      rep_.error(game_.name.range, fmt::format("missing {} section", r.name));
    }
  }
  overrides();
  limits();
  handlers();
  return spec_;
}

}  // namespace

std::optional<GameSpec> build_spec(const ast::Game& game, const BodyEnv& env,
                                   const CheckOptions& options, SourceSet& sources) {
  return SpecBuilder(game, env, options, sources).run();
}

std::vector<std::string> mark_names(const ast::Game& game, std::string_view clause) {
  std::vector<std::string> out;
  for (const ast::Section& s : game.sections) {
    if (s.name.text != "board") continue;
    for (const ast::Clause& c : s.clauses) {
      if (c.keyword.text != clause) continue;
      out.clear();
      for (const ast::Word& w : c.words) out.push_back(w.text);
    }
  }
  return out;
}

int board_rows(const ast::Game& game) {
  int rows = 2;
  for (const ast::Section& s : game.sections) {
    if (s.name.text != "board") continue;
    for (const ast::Clause& c : s.clauses) {
      bool number = !c.values.empty() && c.values[0].kind == ast::ExprKind::Int;
      if (c.keyword.text == "rows" && number) rows = static_cast<int>(c.values[0].value);
    }
  }
  return rows;
}

std::optional<Range> stores_none_clause(const ast::Game& game) {
  std::optional<Range> out;
  for (const ast::Section& s : game.sections) {
    if (s.name.text != "board") continue;
    for (const ast::Clause& c : s.clauses) {
      if (c.keyword.text == "stores")
        out = has_word(c, "none") ? std::optional(c.range) : std::nullopt;
    }
  }
  return out;
}

}  // namespace mancala::check
