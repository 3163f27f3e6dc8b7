// The stable text form of a checked game (`mancala dump --stage checked`).
//
// One line per field, every field printed even when it holds its default,
// so that a golden file shows exactly what the checker decided. Expressions
// are printed fully parenthesised (the tree, not the text the user wrote),
// statements one per line, indented by nesting; expanded `use` statements
// show their expansion underneath, renamed locals included. Ranges are left
// out: they are for diagnostics, and would make the goldens brittle.
#include <fmt/format.h>

#include "builtins.hpp"
#include "checked.hpp"

namespace mancala {

const char* event_name(Event e) {
  return spell(e).data();  // the table's words are literals, so NUL-terminated
}

const char* type_name(Type t) {
  switch (t) {
    case Type::Int:
      return "int";
    case Type::Bool:
      return "bool";
    case Type::Hole:
      return "hole";
    case Type::Player:
      return "player";
  }
  return "?";
}

namespace {

const char* op_text(ast::Op op) {
  using ast::Op;
  switch (op) {
    case Op::Neg:
      return "-";
    case Op::Not:
      return "not";
    case Op::Add:
      return "+";
    case Op::Sub:
      return "-";
    case Op::Mul:
      return "*";
    case Op::Div:
      return "/";
    case Op::Mod:
      return "%";
    case Op::Eq:
      return "==";
    case Op::Ne:
      return "!=";
    case Op::Lt:
      return "<";
    case Op::Le:
      return "<=";
    case Op::Gt:
      return ">";
    case Op::Ge:
      return ">=";
    case Op::And:
      return "and";
    case Op::Or:
      return "or";
    case Op::None:
      return "?";
  }
  return "?";
}

std::string expr_text(const ast::Expr& e) {
  using K = ast::ExprKind;
  switch (e.kind) {
    case K::Int:
      return std::to_string(e.value);
    case K::Bool:
      return e.value ? "true" : "false";
    case K::Name:
      return e.name;
    case K::NoMoves:
      return "no moves";
    case K::Ask:
      return "ask " + e.name;
    case K::Call: {
      std::vector<std::string> args;
      for (const ast::Expr& a : e.args) args.push_back(expr_text(a));
      return fmt::format("{}({})", e.name, fmt::join(args, ", "));
    }
    case K::Unary:
      if (e.args.empty()) return "?";
      return (e.op == ast::Op::Not ? "(not " : "(-") + expr_text(e.args[0]) + ")";
    case K::Binary:
      if (e.args.size() != 2) return "?";
      return fmt::format("({} {} {})", expr_text(e.args[0]), op_text(e.op), expr_text(e.args[1]));
    case K::In: {
      if (e.args.empty()) return "?";
      std::vector<std::string> items;
      for (size_t i = 1; i < e.args.size(); ++i) items.push_back(expr_text(e.args[i]));
      return fmt::format("({} in [{}])", expr_text(e.args[0]), fmt::join(items, ", "));
    }
    case K::Quantifier: {
      if (e.args.size() < 2) return "?";
      std::string of = e.args.size() > 2 ? " of " + expr_text(e.args[2]) : "";
      return fmt::format("{}({} in holes{} where {}: {})", ast::quant_spelling(e.quant), e.name, of,
                         expr_text(e.args[1]), expr_text(e.args[0]));
    }
    case K::Fragment: {  // {name: p@name = arg, ... => body}
      if (e.args.empty()) return "?";
      std::vector<std::string> binds;
      for (size_t i = 0; i < e.params.size() && i + 1 < e.args.size(); ++i) {
        binds.push_back(e.params[i] + " = " + expr_text(e.args[i]));
      }
      return fmt::format("{{{}: {}{}{}}}", e.name, fmt::join(binds, ", "),
                         binds.empty() ? "" : " => ", expr_text(e.args.back()));
    }
  }
  return "?";
}

std::string opt_text(const std::optional<ast::Expr>& e, const char* absent) {
  return e ? expr_text(*e) : absent;
}

void stmts(std::string& out, const std::vector<ast::Stmt>& body, int depth);

// "N from " of a capture or removal of N seeds; empty when it takes them all.
std::string seeds_from(const ast::Stmt& s) {
  return s.value ? expr_text(*s.value) + " from " : "";
}

std::string stmt_head(const ast::Stmt& s) {
  using K = ast::StmtKind;
  switch (s.kind) {
    case K::Capture:
      return fmt::format("capture {}{} to {}", seeds_from(s), opt_text(s.target, "board"),
                         opt_text(s.dest, "owners"));
    case K::Remove:
      return "remove " + seeds_from(s) + opt_text(s.target, "?");
    case K::ExtraTurn:
      return "extra_turn";
    case K::Stop:
      return "stop";
    case K::Cancel:
      return "cancel";
    case K::Draw:
      return "draw";
    case K::Relay:
      return std::string(s.into ? "relay into " : "relay from ") + opt_text(s.target, "?");
    case K::Lift:
      return "lift " + seeds_from(s) + opt_text(s.target, "?");
    case K::Leave:
      return "leave " + opt_text(s.value, "?");
    case K::Mark:
      return fmt::format("mark {} as {}{}", opt_text(s.target, "?"), s.name,
                         s.dest ? " for " + expr_text(*s.dest) : "");
    case K::Unmark:
      return fmt::format("unmark {} as {}", opt_text(s.target, "?"), s.name);
    case K::Let:
      return fmt::format("let {} = {}", s.name, opt_text(s.value, "?"));
    case K::Assign:
      return fmt::format("{} = {}", s.name, opt_text(s.value, "?"));
    case K::If:
      return "if " + opt_text(s.cond, "?");
    case K::While:
      return "while " + opt_text(s.cond, "?");
    case K::Chain:
      return fmt::format("chain {} from {} while {}", s.forward ? "forward" : "backward",
                         opt_text(s.target, "?"), opt_text(s.cond, "?"));
    case K::For:
      return fmt::format("for {} in holes{} where {}", s.name,
                         s.dest ? " of " + expr_text(*s.dest) : "", opt_text(s.cond, "?"));
    case K::Use:
      return "use " + s.name;
  }
  return "?";
}

void stmts(std::string& out, const std::vector<ast::Stmt>& body, int depth) {
  std::string pad(static_cast<size_t>(depth) * 2, ' ');
  for (const ast::Stmt& s : body) {
    out += pad + stmt_head(s) + "\n";
    stmts(out, s.body, depth + 1);
    if (s.kind == ast::StmtKind::If && s.has_else) {
      out += pad + "else\n";
      stmts(out, s.else_body, depth + 1);
    }
  }
}

const char* yes(bool b) {
  return b ? "true" : "false";
}

void dump_settings(std::string& out, const GameSpec& g) {
  for (const auto& [key, value] : g.info) out += fmt::format("info {} \"{}\"\n", key, value);
  out += fmt::format("rows {}\nholes {}\nstores {}\nseeds {}\n", g.rows, g.holes, spell(g.stores),
                     g.seeds);
  if (!g.row.empty()) out += fmt::format("row {}\n", fmt::join(g.row, " "));
  if (g.scatter > 0) {
    out += fmt::format("scatter {} min {}{}\n", g.scatter, g.scatter_min,
                       g.scatter_mirrored ? " mirrored" : "");
  }
  if (g.store_seeds > 0) out += fmt::format("store {}\n", g.store_seeds);
  if (!g.marks.empty()) out += fmt::format("marks {}\n", fmt::join(g.marks, ", "));
  if (!g.counters.empty()) out += fmt::format("counters {}\n", fmt::join(g.counters, ", "));
  out += fmt::format("move_where {}\nfirst_move {}\nmust_feed {}{}\n", opt_text(g.move_where, "-"),
                     spell(g.first_move), yes(g.must_feed), g.feed_else_any ? " else any" : "");
  for (const ast::Expr& f : g.forbid) out += "forbid " + expr_text(f) + "\n";
  for (const ast::Expr& f : g.forbid_after) out += "forbid after " + expr_text(f) + "\n";
  for (const auto& p : g.prefer)
    out += std::string("prefer ") + (p.after ? "after " : "when ") + expr_text(p.cond) + "\n";
  if (g.from_store) {
    std::string into = g.from_store_choice
                           ? fmt::format("holes of {} where {}", opt_text(g.from_store_of, "both"),
                                         opt_text(g.from_store_where, "-"))
                           : opt_text(g.from_store_into, "-");
    out += fmt::format("from_store seeds {} into {} when {}\n", opt_text(g.from_store_seeds, "any"),
                       into, opt_text(g.from_store_when, "-"));
  }
  out += fmt::format("pass_when_no_moves {}\n", yes(g.pass_when_no_moves));
  for (const DirectionRule& d : g.direction_rules) {
    out +=
        fmt::format("direction_rule {} when {}\n", spell(d.direction), opt_text(d.when, "always"));
  }
  out += fmt::format("direction {}\nrelay {}\nrelay_when {}\n", spell(g.direction), spell(g.relay),
                     opt_text(g.relay_when, "default"));
  out +=
      fmt::format("skip_origin {}\nskip_when {}\n", yes(g.skip_origin), opt_text(g.skip_when, "-"));
  if (g.laps_alternate) out += "laps alternate\n";
  out += fmt::format("endless {} after {} laps\n", spell(g.endless), g.endless_laps);
  stmts(out, g.endless_body, 1);
}

void dump_end(std::string& out, const GameSpec& g) {
  for (const EndClause& e : g.end) {
    std::string head = e.kind == EndKind::When        ? "when " + opt_text(e.cond, "?")
                       : e.kind == EndKind::Stalemate ? fmt::format("stalemate {}", e.count)
                                                      : fmt::format("repetition {}", e.count);
    out += fmt::format("end {} label \"{}\" draw {}{}{}\n", head, e.label, yes(e.draw),
                       e.won ? " won" : "", e.won_by ? " by " + expr_text(*e.won_by) : "");
    stmts(out, e.body, 1);
  }
  out += fmt::format("winner {}\n", spell(g.winner));
  const MatchSettings& m = g.match;
  out += fmt::format("match {}\n", yes(m.present));
  if (m.present) {
    out +=
        fmt::format("  refill {} from {}{}{}\n  starter {}\n  after_tie {}\n  ends_when {}\n",
                    spell(m.refill_kind), spell(m.refill),
                    m.refill_remainder > 0 ? fmt::format(" remainder {}", m.refill_remainder) : "",
                    m.refill_mark >= 0 ? " mark " + g.marks[m.refill_mark] : "", spell(m.starter),
                    spell(m.after_tie), opt_text(g.match_ends_when, "-"));
    out += fmt::format("  max_rounds {}\n  winner {}\n", m.max_rounds, spell(m.winner));
  }
  out += fmt::format("evaluation {}\n", opt_text(g.evaluation, "default"));
}

}  // namespace

std::string dump(const CheckedGame& game, const SourceSet& sources) {
  const GameSpec& g = game.spec;
  std::string out = fmt::format("game \"{}\"\n", g.name);
  dump_settings(out, g);
  for (size_t e = 0; e < kEventCount; ++e) {
    for (const HandlerSpec& h : g.handlers[e]) {
      out += fmt::format("on {}", event_name(static_cast<Event>(e)));
      if (!h.name.empty()) out += " as " + h.name;
      if (h.when) out += " when " + expr_text(*h.when);
      out += "\n";
      stmts(out, h.body, 1);
    }
  }
  dump_end(out, g);
  return out;
}

}  // namespace mancala
