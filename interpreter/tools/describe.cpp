// Plain-English explanation of a checked game (see describe.hpp).
//
// Two small translators do the work: `words(expr)` for expressions and
// `steps(statements)` for handler bodies; the section functions only
// arrange their output in the order of a turn. Names whose meaning depends
// on the event (`here` is "the hole the seed fell into" in drop but "the
// landing hole" in lap_end) are looked up in a per-event table.
#include "describe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "builtins.hpp"
#include "text.hpp"

namespace mancala {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Op;
using ast::Stmt;
using ast::StmtKind;

// The expression fragments a description names (`takes`(the landing
// hole)) instead of spelling out their bodies, in the order first named:
// describe() defines each of them once, at the end.
struct NamedFragments {
  std::vector<std::string> names;
  std::map<std::string, const Expr*> calls;  // name -> a call of it (its params and body)
};

class Describer {
 public:
  // With `named`, expression fragments are said by name and collected
  // there; without (the words of narration), by their bodies.
  Describer(const SourceSet& sources, std::string here, NamedFragments* named = nullptr)
      : sources_(sources), here_(std::move(here)), named_(named) {}

  std::string words(const Expr& e) const;
  void steps(const std::vector<Stmt>& body, int indent, std::string& out) const;
  // A fragment parameter stands for its argument: `let n@frag = 4` makes
  // `n@frag` read as 4 (and match the same patterns).
  void bind(const std::string& name, const Expr& value) { bound_[name] = &value; }

 private:
  std::string source_text(const Expr& e) const;
  std::string name_words(const Expr& e) const;
  std::string call_words(const Expr& e) const;
  std::string quantifier_words(const Expr& e) const;
  std::string hole_set_words(const Expr* player, const Expr& filter) const;
  std::string compare_words(const Expr& e) const;
  std::string count_compare(const std::string& hole, Op op, int64_t n) const;
  std::string stmt_words(const Stmt& s) const;

  const Expr& resolve(const Expr& e) const;
  void use_steps(const Stmt& s, int indent, std::string& out) const;

  std::string fragment_words(const Expr& e) const;

  const SourceSet& sources_;
  std::string here_;
  NamedFragments* named_;
  mutable std::map<std::string, const Expr*> bound_;  // fragment parameters -> arguments
};

std::string plural(int64_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string Describer::source_text(const Expr& e) const {
  const Source& src = sources_.get(e.range.file);
  if (e.range.end > src.text.size() || e.range.begin > e.range.end) return "`?`";
  return "`" + src.text.substr(e.range.begin, e.range.end - e.range.begin) + "`";
}

const Expr& Describer::resolve(const Expr& e) const {
  if (e.kind != ExprKind::Name) return e;
  auto it = bound_.find(e.name);
  return it == bound_.end() ? e : resolve(*it->second);
}

std::string possessive_store(const std::string& player) {
  bool simple =
      player == "the mover" || player == "the opponent" || player == "South" || player == "North";
  return simple ? player + "'s store" : "the store of " + player;
}

// A name: a fragment parameter reads as its argument; `here` depends on
// the event; every other built-in reads as its builtins.def words.
std::string Describer::name_words(const Expr& e) const {
  const std::string& n = e.name;
  if (auto it = bound_.find(n); it != bound_.end()) return words(*it->second);
  if (n.find('@') != std::string::npos) return "`" + n.substr(0, n.find('@')) + "`";
  if (e.builtin < 0) return "`" + n + "`";
  const BuiltinName& b = find_name(static_cast<NameId>(e.builtin));
  if (b.id == NameId::Here) return here_;
  return std::string(b.words);
}

// A call reads as its builtins.def words with the arguments put in; a
// store and a literal step count read more naturally said another way.
std::string Describer::call_words(const Expr& e) const {
  if (e.builtin < 0) return source_text(e);
  const BuiltinFunction& f = find_function(static_cast<FunctionId>(e.builtin));
  std::vector<std::string> args;
  for (const Expr& a : e.args) args.push_back(words(a));
  if (f.id == FunctionId::Store) return possessive_store(args.at(0));
  bool more = e.args.size() > f.min_args;
  if (more && (f.id == FunctionId::Next || f.id == FunctionId::Prev) &&
      e.args[1].kind == ExprKind::Int) {
    return fmt::format("the hole {} {} {}", plural(e.args[1].value, "hole", "holes"),
                       f.id == FunctionId::Next ? "after" : "before", args[0]);
  }
  std::string_view w = more && !f.words_more.empty() ? f.words_more : f.words;
  if (args.size() == 1) return fmt::format(fmt::runtime(w), args[0]);
  return fmt::format(fmt::runtime(w), args.at(0), args.at(1));
}

std::string Describer::count_compare(const std::string& hole, Op op, int64_t n) const {
  switch (op) {
    case Op::Eq:
      return n == 0 ? hole + " is empty"
                    : fmt::format("{} holds exactly {}", hole, plural(n, "seed", "seeds"));
    case Op::Ne:
      return n == 0 ? hole + " is not empty"
                    : fmt::format("{} does not hold exactly {}", hole, plural(n, "seed", "seeds"));
    case Op::Gt:
      return n == 0 ? hole + " holds seeds"
                    : fmt::format("{} holds more than {}", hole, plural(n, "seed", "seeds"));
    case Op::Ge:
      return n == 1 ? hole + " holds seeds"
                    : fmt::format("{} holds at least {}", hole, plural(n, "seed", "seeds"));
    case Op::Lt:
      return fmt::format("{} holds fewer than {}", hole, plural(n, "seed", "seeds"));
    case Op::Le:
      return fmt::format("{} holds at most {}", hole, plural(n, "seed", "seeds"));
    default:
      return "";
  }
}

const char* op_words(Op op) {
  switch (op) {
    case Op::Eq:
      return "is";
    case Op::Ne:
      return "is not";
    case Op::Lt:
      return "is less than";
    case Op::Le:
      return "is at most";
    case Op::Gt:
      return "is more than";
    case Op::Ge:
      return "is at least";
    case Op::Add:
      return "plus";
    case Op::Sub:
      return "minus";
    case Op::Mul:
      return "times";
    case Op::Div:
      return "divided by";
    case Op::Mod:
      return "modulo";
    case Op::And:
      return "and";
    case Op::Or:
      return "or";
    default:
      return "?";
  }
}

std::string Describer::compare_words(const Expr& e) const {
  const Expr& l = resolve(e.args[0]);
  const Expr& r = resolve(e.args[1]);
  if (l.kind == ExprKind::Call && l.name == "count" && r.kind == ExprKind::Int) {
    std::string s = count_compare(words(l.args[0]), e.op, r.value);
    if (!s.empty()) return s;
  }
  if (e.op == Op::Or) return fmt::format("{}, or {}", words(l), words(r));
  return fmt::format("{} {} {}", words(l), op_words(e.op), words(r));
}

// The holes of a quantifier or `for`: "of the board" or "of P's row",
// with " where F" unless F is the literal `true`.
std::string Describer::hole_set_words(const Expr* player, const Expr& filter) const {
  std::string set = player ? "of " + words(*player) + "'s row" : "of the board";
  if (!(filter.kind == ExprKind::Bool && filter.value)) set += " where " + words(filter);
  return set;
}

std::string Describer::quantifier_words(const Expr& e) const {
  std::string var = "`" + e.name.substr(0, e.name.find('@')) + "`";
  std::string set = hole_set_words(e.args.size() > 2 ? &e.args[2] : nullptr, e.args.at(1));
  std::string body = words(e.args[0]);
  switch (e.quant) {
    case ast::Quant::All:
      return fmt::format("for every hole {} {}: {}", var, set, body);
    case ast::Quant::Any:
      return fmt::format("for some hole {} {}: {}", var, set, body);
    case ast::Quant::Tally:
      return fmt::format("the number of holes {} {} for which {}", var, set, body);
    default:
      return fmt::format("the sum over the holes {} {} of {}", var, set, body);
  }
}

std::string Describer::words(const Expr& e) const {
  switch (e.kind) {
    case ExprKind::Int:
      return std::to_string(e.value);
    case ExprKind::Bool:
      return e.value ? "always" : "never";
    case ExprKind::Name:
      return name_words(e);
    case ExprKind::Call:
      return call_words(e);
    case ExprKind::NoMoves:
      return "the player to move has no legal move";
    case ExprKind::Ask:
      return fmt::format("the mover answers yes to \"{}?\"", e.name);
    case ExprKind::Binary:
      return compare_words(e);
    case ExprKind::Unary:
      if (e.op == Op::Not && e.args[0].kind == ExprKind::Name && e.args[0].name == "last") {
        return "it is not the last seed of the lap";
      }
      return e.op == Op::Not ? "not (" + words(e.args[0]) + ")" : "minus " + words(e.args[0]);
    case ExprKind::In: {
      std::vector<std::string> items;
      for (size_t i = 1; i < e.args.size(); ++i) items.push_back(words(e.args[i]));
      return fmt::format("{} is one of {}", words(e.args[0]), join(items, ", "));
    }
    case ExprKind::Quantifier:
      return quantifier_words(e);
    case ExprKind::Fragment:
      return fragment_words(e);
  }
  return source_text(e);
}

// A call of an expression fragment: its name and arguments, the fragment
// defined at the end of the description; or, without `named_`, its body
// with the parameters reading as the arguments. (The call's args are the
// arguments, then the body.)
std::string Describer::fragment_words(const Expr& e) const {
  if (named_) {
    if (named_->calls.emplace(e.name, &e).second) named_->names.push_back(e.name);
    std::vector<std::string> args;
    for (size_t i = 0; i + 1 < e.args.size(); ++i) args.push_back(words(e.args[i]));
    return args.empty() ? "`" + e.name + "`" : fmt::format("`{}`({})", e.name, join(args, ", "));
  }
  for (size_t i = 0; i < e.params.size(); ++i) bound_[e.params[i]] = &e.args[i];
  std::string out = words(e.args.back());
  for (const std::string& p : e.params) bound_.erase(p);
  return out;
}

// The definitions of the fragments a description named, each once, in the
// order first named (a definition may name more, defined after it).
std::string fragments_text(const SourceSet& sources, NamedFragments& named) {
  std::string out;
  for (size_t i = 0; i < named.names.size(); ++i) {  // grows while it runs
    const Expr& call = *named.calls.at(named.names[i]);
    std::vector<std::string> params;
    for (const std::string& p : call.params) params.push_back("`" + p.substr(0, p.find('@')) + "`");
    Describer d(sources, "the hole the event is about", &named);
    std::string head = params.empty() ? "`" + named.names[i] + "`"
                                      : fmt::format("`{}`({})", named.names[i], join(params, ", "));
    out += fmt::format("- {}: {}\n", head, d.words(call.args.back()));
  }
  return out.empty() ? "" : "Named conditions and values (fragments of the rule file):\n" + out;
}

// "the seeds" of a capture or removal, or "N seeds (at most all)".
std::string seeds_words(const Describer& d, const Stmt& s) {
  if (!s.value) return "the seeds";
  return fmt::format("{} seeds (or all there are, if fewer)", d.words(*s.value));
}

std::string dest_words(const Describer& d, const Stmt& s) {
  return s.dest ? possessive_store(d.words(*s.dest)) : "the store of the hole's controller";
}

std::string Describer::stmt_words(const Stmt& s) const {
  switch (s.kind) {
    case StmtKind::Capture:
      if (!s.target) {
        return s.dest ? fmt::format("every seed left on the board goes to {}",
                                    possessive_store(words(*s.dest)))
                      : "every seed left on the board goes to the store of its hole's controller";
      }
      return fmt::format("{} of {} are captured into {}", seeds_words(*this, s), words(*s.target),
                         dest_words(*this, s));
    case StmtKind::Remove:
      return fmt::format("{} of {} are removed from play", seeds_words(*this, s), words(*s.target));
    case StmtKind::ExtraTurn:
      return "the mover moves again";
    case StmtKind::Stop:
      return "sowing stops";
    case StmtKind::Cancel:
      return "the captures are cancelled: the move captures nothing";
    case StmtKind::Draw:
      return "the result is a draw";
    case StmtKind::Relay: {
      std::string way = s.way ? fmt::format(", every lap from there on going {}",
                                            s.way->text == "cw" ? "clockwise" : "counter-clockwise")
                              : "";
      if (s.into) {
        return fmt::format("the seeds in hand are sown on, the first into {}{}", words(*s.target),
                           way);
      }
      return fmt::format("the seeds of {} are lifted and sown on{}", words(*s.target), way);
    }
    case StmtKind::Lift:
      return fmt::format("{} of {} are lifted into the hand, to be sown by the next lap",
                         seeds_words(*this, s), words(*s.target));
    case StmtKind::Leave:
      return s.value->kind == ExprKind::Int && s.value->value == 1
                 ? "1 seed stays in the hole"
                 : fmt::format("{} seeds stay in the hole", words(*s.value));
    case StmtKind::Mark:
      return fmt::format(
          "{} is marked {}{}", words(*s.target), s.name,
          s.dest ? fmt::format(" for {}", words(*s.dest)) : " (for the player whose row it is in)");
    case StmtKind::Unmark:
      return fmt::format("{} loses its {} mark", words(*s.target), s.name);
    case StmtKind::Let:
      return fmt::format("let {} be {}", s.name.substr(0, s.name.find('@')), words(*s.value));
    case StmtKind::Assign:
      return fmt::format("{} becomes {}", s.name.substr(0, s.name.find('@')), words(*s.value));
    default:
      return "";
  }
}

void Describer::steps(const std::vector<Stmt>& body, int indent, std::string& out) const {
  std::string pad(indent, ' ');
  for (const Stmt& s : body) {
    switch (s.kind) {
      case StmtKind::If:
        out += fmt::format("{}- if {}:\n", pad, words(*s.cond));
        steps(s.body, indent + 2, out);
        if (s.has_else) {
          out += pad + "- otherwise:\n";
          steps(s.else_body, indent + 2, out);
        }
        break;
      case StmtKind::While:
        out += fmt::format("{}- while {}:\n", pad, words(*s.cond));
        steps(s.body, indent + 2, out);
        break;
      case StmtKind::Chain:
        out += fmt::format("{}- starting at {} and going {}, for each hole while {}:\n", pad,
                           words(*s.target), s.forward ? "forward" : "backward", words(*s.cond));
        steps(s.body, indent + 2, out);
        break;
      case StmtKind::For: {
        std::string var = "`" + s.name.substr(0, s.name.find('@')) + "`";
        std::string set = hole_set_words(s.dest ? &*s.dest : nullptr, *s.cond);
        out += fmt::format("{}- for each hole {} {}:\n", pad, var, set);
        steps(s.body, indent + 2, out);
        break;
      }
      case StmtKind::Use:
        use_steps(s, indent, out);
        break;
      default:
        out += fmt::format("{}- {}\n", pad, stmt_words(s));
    }
  }
}

// A fragment's statements, its parameters read as their arguments.
void Describer::use_steps(const Stmt& s, int indent, std::string& out) const {
  std::vector<std::string> arg_words;
  for (const Expr& a : s.args) arg_words.push_back(words(a));
  std::string args = join(arg_words, ", ");
  out += fmt::format("{}- {}{} (fragment):\n", std::string(indent, ' '), s.name,
                     args.empty() ? "" : "(" + args + ")");
  Describer inner = *this;
  size_t params = std::min(s.args.size(), s.body.size());
  for (size_t i = 0; i < params; ++i) {
    if (s.body[i].kind == StmtKind::Let && s.body[i].value)
      inner.bind(s.body[i].name, *s.body[i].value);
  }
  std::vector<Stmt> rest(s.body.begin() + static_cast<long>(params), s.body.end());
  inner.steps(rest, indent + 2, out);
}

const char* here_for(Event e) {
  switch (e) {
    case Event::Pickup:
      return "the hole being lifted";
    case Event::Drop:
      return "the hole the seed fell into";
    case Event::LapEnd:
      return "the landing hole";
    case Event::SowEnd:
      return "the last hole sown";
    default:
      return "the hole";
  }
}

const char* event_intro(Event e) {
  switch (e) {
    case Event::Pickup:
      return "When seeds are lifted for a lap";
    case Event::Drop:
      return "Each time a seed falls into a hole";
    case Event::LapEnd:
      return "When the last seed of a lap has fallen";
    case Event::SowEnd:
      return "When sowing has stopped";
    case Event::Captures:
      return "Before the move's captures reach the stores";
  }
  return "";
}

// A one-player game's board: one row and its store at the right end.
std::string solo_board_text(const GameSpec& g) {
  std::string store = g.stores == StoreKind::None ? "no store: captured seeds leave play"
                      : g.stores == StoreKind::Sown
                          ? "a store at its right end, on the sowing track (after hole " +
                                std::to_string(g.holes) + ", before hole 1)"
                          : "a store at its right end that only receives captures";
  std::string start =
      g.row.empty()
          ? fmt::format("each hole starts with {}", plural(g.seeds, "seed", "seeds"))
          : fmt::format("the row starts with {} seeds, from the left", fmt::join(g.row, " "));
  return fmt::format(
      "Board: one player, one row of {} holes, {}; {} ({} in all). The player moves every "
      "turn.\n",
      g.holes, store, start, g.total());
}

std::string stores_words(const GameSpec& g) {
  return g.stores == StoreKind::None
             ? "no stores (seeds taken leave play or go back into it, as the rules below say)"
         : g.stores == StoreKind::Sown
             ? "a store at each player's right end, on the sowing track: the mover sows into "
               "their own store and skips the opponent's"
             : "a store at each player's right end that only receives captures";
}

std::string board_words(const GameSpec& g);

// What the holes and stores hold at the start, for a scattered setup or
// seeds in the stores ("" otherwise).
std::string setup_extra(const GameSpec& g) {
  std::string out;
  if (g.scatter > 0) {
    out += fmt::format(
        " The {} seeds are scattered at random: {} in every hole, the rest thrown one at a time "
        "into any hole{}, drawn from the game's seed (play --seed).",
        g.scatter, g.scatter_min,
        g.scatter_mirrored ? " of South's row, and North's row is a copy of it" : "");
  }
  if (g.store_seeds > 0) {
    out += fmt::format(" Each store starts with {}.", plural(g.store_seeds, "seed", "seeds"));
  }
  return out;
}

std::string board_text(const GameSpec& g) {
  std::string text = board_words(g);
  std::string extra = setup_extra(g);
  if (!extra.empty()) text.insert(text.size() - 1, extra);  // before the newline
  return text;
}

std::string board_words(const GameSpec& g) {
  if (g.rows == 1) return solo_board_text(g);
  if (g.rows == 4) {
    std::string start = fmt::format("Each hole starts with {}", plural(g.seeds, "seed", "seeds"));
    if (!g.row.empty()) {
      auto n = static_cast<std::ptrdiff_t>(g.holes);
      start = fmt::format(
          "Each player's back row starts with {} seeds and their front row with {}, from the "
          "player's left",
          fmt::join(g.row.begin(), g.row.begin() + n, " "),
          fmt::join(g.row.begin() + n, g.row.end(), " "));
    }
    return fmt::format(
        "Board: 4 rows of {} holes, two rows a player (a front row facing the other player's, and "
        "a back row), {}; each player sows only round their own two rows. {} ({} in all).\n",
        g.holes, stores_words(g), start, g.total());
  }
  if (g.scatter > 0) {
    return fmt::format("Board: 2 rows of {} holes, {} ({} seeds on the board).\n", g.holes,
                       stores_words(g), g.scatter);
  }
  std::string stores = stores_words(g);
  if (!g.row.empty()) {
    return fmt::format(
        "Board: 2 rows of {} holes, {}. Each player's row starts with {} seeds, from the "
        "player's left ({} in all).\n",
        g.holes, stores, fmt::join(g.row, " "), g.total());
  }
  return fmt::format("Board: 2 rows of {} holes, {}. Each hole starts with {} ({} in all).\n",
                     g.holes, stores, plural(g.seeds, "seed", "seeds"), 2 * g.holes * g.seeds);
}

// The questions (`ask NAME`) of an expression or of statements, in order of
// first appearance.
void add_questions(const Expr& e, std::vector<std::string>& out) {
  if (e.kind == ExprKind::Ask && std::find(out.begin(), out.end(), e.name) == out.end()) {
    out.push_back(e.name);
  }
  for (const Expr& a : e.args) add_questions(a, out);
}

void add_questions(const std::vector<Stmt>& body, std::vector<std::string>& out) {
  for (const Stmt& s : body) {
    for (const std::optional<Expr>* e : {&s.target, &s.dest, &s.value, &s.cond}) {
      if (*e) add_questions(**e, out);
    }
    for (const Expr& a : s.args) add_questions(a, out);
    add_questions(s.body, out);
    add_questions(s.else_body, out);
  }
}

// "take?, more?" for the questions the game's handlers ask; "" for none.
std::string questions_words(const GameSpec& g) {
  std::vector<std::string> names;
  for (const auto& handlers : g.handlers) {
    for (const HandlerSpec& h : handlers) {
      if (h.when) add_questions(*h.when, names);
      add_questions(h.body, names);
    }
  }
  for (std::string& n : names) n += "?";
  return join(names, ", ");
}

std::string moves_text(const Describer& d, const GameSpec& g) {
  std::string out = g.rows == 1 ? "Moves: a move lifts all the seeds of a hole of the row"
                    : g.from_all
                        ? "Moves: a move lifts all the seeds of any hole of the board (the "
                          "opponent's hole k is move N+k)"
                        : "Moves: a move lifts all the seeds of a hole the mover controls";
  out += g.move_where ? " where " + d.words(*g.move_where) : "";
  out += ".\n";
  if (g.first_move != FirstMove::Any) {
    out += fmt::format(
        "- Each player's first move must start from their {} hole, unless that hole cannot be "
        "played.\n",
        g.first_move == FirstMove::Rightmost ? "rightmost" : "leftmost");
  }
  if (g.from_store) {
    std::string seeds = g.from_store_seeds ? d.words(*g.from_store_seeds) + " of them"
                                           : "any number of them (moves s1, s2, ...)";
    std::string into = g.from_store_into ? d.words(*g.from_store_into) : "the mover's hole 1";
    if (g.from_store_choice) {
      into = "a hole the mover chooses (moves such as s1@5)";
      if (g.from_store_of) into += ", of " + d.words(*g.from_store_of) + "'s row";
      if (g.from_store_where) into += ", where " + d.words(*g.from_store_where);
    }
    std::string when = g.from_store_when ? ", when " + d.words(*g.from_store_when) : "";
    out += fmt::format(
        "- A move may instead sow seeds taken from the mover's store: {}, the first into {}, then "
        "on in the game's direction as any lap{}.\n",
        seeds, into, when);
  }
  if (std::string asked = questions_words(g); !asked.empty()) {
    out += "- A move may ask the mover questions (" + asked +
           "): it is named by its hole and the answers, y or n in the order asked (" +
           (g.rows == 4 ? "f3/y, f3/n" : "3/y, 3/n") + ").\n";
  }
  for (const auto& f : g.forbid) out += "- A hole may not be played when " + d.words(f) + ".\n";
  for (const auto& f : g.forbid_after)
    out += "- A move may not be made if, after it (its captures included), " + d.words(f) + ".\n";
  for (const auto& p : g.prefer) {
    out += p.after ? "- If some legal move leaves a position where " + d.words(p.cond)
                   : "- If some legal move starts from a hole where " + d.words(p.cond);
    out += ", only such moves are legal.\n";
  }
  if (g.must_feed) {
    out += "- If the opponent has no seeds, the mover must make a move that gives them some";
    out += g.feed_else_any ? "; when no move does, any move is legal.\n" : ".\n";
  }
  if (g.rows == 1) return out;
  out += g.pass_when_no_moves ? "- A player with no legal move passes.\n"
                              : "- A player with no legal move cannot pass (see the end).\n";
  return out;
}

// "clockwise", "either way, as the mover chooses (moves such as 3ccw and 3cw)"
// (on four rows: f3ccw and f3cw).
std::string direction_words(Direction dir, int rows) {
  switch (dir) {
    case Direction::Ccw:
      return "counter-clockwise";
    case Direction::Cw:
      return "clockwise";
    case Direction::Either:
      break;
  }
  return rows == 4 ? "either way, as the mover chooses (moves such as f3ccw and f3cw)"
                   : "either way, as the mover chooses (moves such as 3ccw and 3cw)";
}

// The direction rules in order, then the game's direction for the holes
// none of them decides (none when the last rule always holds).
std::string direction_text(const Describer& d, const GameSpec& g) {
  std::vector<std::string> parts;
  bool always = false;
  for (const DirectionRule& rule : g.direction_rules) {
    always = !rule.when;
    parts.push_back(always ? direction_words(rule.direction, g.rows)
                           : fmt::format("{} when {}", direction_words(rule.direction, g.rows),
                                         d.words(*rule.when)));
  }
  if (!always) parts.push_back(fmt::format("otherwise {}", direction_words(g.direction, g.rows)));
  return join(parts, ", ");
}

// Whether some statement turns the laps (`relay ... ccw|cw`).
bool turns_laps(const std::vector<ast::Stmt>& body) {
  for (const ast::Stmt& s : body) {
    if ((s.kind == ast::StmtKind::Relay && s.way) || turns_laps(s.body) ||
        turns_laps(s.else_body)) {
      return true;
    }
  }
  return false;
}

bool laps_may_turn(const GameSpec& g) {
  if (g.laps_alternate) return true;
  for (const auto& event : g.handlers) {
    for (const HandlerSpec& h : event) {
      if (turns_laps(h.body)) return true;
    }
  }
  return false;
}

std::string sowing_text(const Describer& d, const GameSpec& g) {
  // One row: counter-clockwise is left to right, towards the store.
  const char* solo_way = g.direction == Direction::Ccw ? "from left to right (towards the store)"
                                                       : "from right to left";
  std::string out =
      g.rows == 1 && g.direction_rules.empty()
          ? fmt::format(
                "Sowing: one seed per hole {}, round the row and its store, starting with "
                "the next hole",
                solo_way)
      : g.direction_rules.empty()
          ? fmt::format("Sowing: one seed per hole {}, starting with the next hole",
                        direction_words(g.direction, g.rows))
          : fmt::format(
                "Sowing: one seed per hole, {}, starting with the next hole in that direction "
                "(the hole after and before a hole, and chains, follow the {}'s direction)",
                direction_text(d, g), laps_may_turn(g) ? "lap" : "move");
  out += g.skip_origin ? "; a lap that comes round skips the hole it was lifted from.\n"
                       : "; a lap that comes round sows into its starting hole too.\n";
  if (g.skip_when) out += "- No seed is sown into a hole when " + d.words(*g.skip_when) + ".\n";
  if (g.laps_alternate) {
    out += "- Each lap after the first sows in the direction opposite to the lap before it.\n";
  }
  if (g.relay == RelayKind::Landing) {
    out += g.relay_when ? "- Relay: when a lap ends and " + d.words(*g.relay_when) +
                              ", the landing hole is lifted and sowing goes on.\n"
                        : "- Relay: if the last seed of a lap falls into an occupied hole, that "
                          "hole is lifted and sowing goes on from the next hole.\n";
  } else if (g.relay == RelayKind::Next) {
    out += g.relay_when
               ? "- Relay: when a lap ends and " + d.words(*g.relay_when) +
                     ", the hole after the landing hole is lifted and sowing goes on.\n"
               : "- Relay: when a lap ends, if the hole after the landing hole holds seeds, they "
                 "are lifted and sown from the hole after it; otherwise sowing stops.\n";
  } else {
    out += "- A move is a single lap.\n";
  }
  if (g.relay != RelayKind::None) {
    std::string endless =
        fmt::format("- A move whose sowing would never stop (or still goes on after {} laps)",
                    with_thousands(g.endless_laps));
    out += endless + (g.endless == EndlessKind::Illegal ? " is not legal.\n"
                      : g.endless == EndlessKind::Draw
                          ? " ends the game in a draw.\n"
                          : " ends the game (the round) at once, before it changes anything:\n");
    if (g.endless == EndlessKind::Ends) d.steps(g.endless_body, 2, out);
  }
  return out;
}

std::string handlers_text(const SourceSet& sources, const GameSpec& g, NamedFragments& named) {
  std::string out;
  for (size_t i = 0; i < kEventCount; ++i) {
    Event e = static_cast<Event>(i);
    Describer d(sources, here_for(e), &named);
    for (const HandlerSpec& h : g.handlers[i]) {
      out += event_intro(e);
      out += h.when ? ", if " + d.words(*h.when) + ":\n" : ":\n";
      d.steps(h.body, 2, out);
    }
  }
  return out;
}

// What makes an end clause fire, as the clause after "when".
std::string clause_words(const Describer& d, const EndClause& c) {
  switch (c.kind) {
    case EndKind::When:
      return d.words(*c.cond);
    case EndKind::Stalemate:
      return fmt::format("{} in a row have captured nothing", plural(c.count, "move", "moves"));
    case EndKind::Repetition:
      return fmt::format("a position occurs for the {} time since the last capture",
                         c.count == 2   ? "second"
                         : c.count == 3 ? "third"
                                        : std::to_string(c.count) + "th");
  }
  return "?";
}

std::string end_text(const Describer& d, const GameSpec& g) {
  std::string out =
      fmt::format("End of {}: after every move, the first of these that holds ends it:\n",
                  g.match.present ? "a round" : "the game");
  for (const EndClause& c : g.end) {
    out += "- when " + clause_words(d, c);
    out += c.draw ? " (a draw)" : "";
    if (c.won_by) out += " (" + d.words(*c.won_by) + " wins)";
    if (g.rows == 1) out += c.won ? ": the game is won" : ": the game is lost";
    out += c.body.empty() ? "\n" : ", then:\n";
    d.steps(c.body, 2, out);
  }
  if (g.rows == 1) return out + "A position with no legal move that no clause ends is lost.\n";
  out += g.winner == WinnerKind::MostStore
             ? "The player with more seeds in store wins; equal stores are a draw.\n"
             : "The player to move who has no legal move loses.\n";
  return out;
}

std::string match_text(const Describer& d, const GameSpec& g) {
  const MatchSettings& m = g.match;
  if (!m.present) return "";
  std::string out = "Match: the game is played in rounds.\n";
  if (m.refill_kind == RefillKind::None) {
    out +=
        "- After a round every seed stays in its player's store: the holes start the next round "
        "empty (moves from the store place them).\n";
  } else if (m.refill_kind == RefillKind::Own) {
    out += fmt::format(
        "- After a round each player re-seeds their own holes from their own store, {} seeds a "
        "hole, starting from hole {}; a hole that cannot get them all stays empty{}; the seeds "
        "left over stay in the store.\n",
        g.seeds, m.refill == RefillFrom::End ? std::to_string(g.holes) : "1",
        m.refill_mark >= 0 ? " and carries the `" + g.marks[m.refill_mark] + "` mark next round"
                           : "");
  } else {
    out += fmt::format(
        "- After a round the board is re-seeded from the stores: the winner fills their holes; "
        "each full hole's worth of their surplus takes one of the loser's holes from the {} of "
        "the loser's row as a son, which the winner fills and controls next round; {}the rest is "
        "lent to the loser, who fills their remaining holes.\n",
        spell(m.refill),
        m.refill_remainder > 0
            ? fmt::format("a rest of {} seeds or more takes one more hole, the loser giving the "
                          "seeds it lacks; otherwise ",
                          m.refill_remainder)
            : "");
  }
  const char* starter = m.starter == StarterKind::Winner      ? "the round winner"
                        : m.starter == StarterKind::Loser     ? "the round loser"
                        : m.starter == StarterKind::LastMover ? "the player who made its last move"
                                                              : "the players in turn";
  bool ties = m.starter == StarterKind::Winner || m.starter == StarterKind::Loser;
  out += ties ? fmt::format(
                    "- The next round is started by {}; after a tie, by the player who moved {} "
                    "in the tied round.\n",
                    starter, spell(m.after_tie))
              : fmt::format("- The next round is started by {}.\n", starter);
  if (g.match_ends_when) out += "- The match ends when " + d.words(*g.match_ends_when) + ".\n";
  if (m.max_rounds > 0) out += fmt::format("- The match ends when round {} ends.\n", m.max_rounds);
  out += m.winner == WinnerKind::MostRounds
             ? "- The player who has won more rounds wins the match (equal: a draw); its result "
               "counts the rounds won.\n"
             : "- The player with more seeds in store wins the match.\n";
  return out;
}

}  // namespace

std::vector<std::string> end_reasons(const CheckedGame& game, const SourceSet& sources) {
  Describer d(sources, "the hole");
  std::vector<std::string> out;
  for (const EndClause& c : game.spec.end) out.push_back(clause_words(d, c));
  return out;
}

std::string match_end_reason(const CheckedGame& game, const SourceSet& sources) {
  if (!game.spec.match_ends_when) return "";
  return Describer(sources, "the hole").words(*game.spec.match_ends_when);
}

std::string describe(const CheckedGame& game, const SourceSet& sources) {
  const GameSpec& g = game.spec;
  NamedFragments named;
  Describer d(sources, "the hole", &named);
  std::string out = fmt::format("{}\n", g.name);
  for (const auto& [key, value] : g.info) out += fmt::format("  {}: {}\n", key, value);
  out += "\n" + board_text(g);
  if (!g.counters.empty()) {
    out +=
        fmt::format("Counters (numbers the rules keep for the whole game, 0 at the start): {}.\n",
                    join(g.counters, ", "));
  }
  out += "\n" + moves_text(d, g) + "\n" + sowing_text(d, g) + "\n";
  std::string handlers = handlers_text(sources, g, named);
  if (!handlers.empty()) out += handlers + "\n";
  out += end_text(d, g);
  std::string match = match_text(d, g);
  if (!match.empty()) out += "\n" + match;
  std::string fragments = fragments_text(sources, named);
  if (!fragments.empty()) out += "\n" + fragments;
  return out;
}

}  // namespace mancala
