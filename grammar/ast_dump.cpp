// ast::dump: the stable text form of a parsed file (see ast.hpp).
//
// Golden tests and `mancala dump --stage ast` compare this output byte for
// byte, so it is deliberately plain: one node per line, two spaces of
// indent per level, the node kind first, then its fields, then its range as
// `@line:col-line:col`. A child that fills a named slot of its parent is
// prefixed with the slot (`cond: `, `target: `); statement lists are
// introduced by a line naming the list (`body`, `else`). Nothing depends on
// addresses or hash order, so the output is deterministic.
#include <string>

#include "ast.hpp"

namespace mancala::ast {
namespace {

const char* op_name(Op op) {
  switch (op) {
    case Op::None:
      return "None";
    case Op::Neg:
      return "Neg";
    case Op::Not:
      return "Not";
    case Op::Add:
      return "Add";
    case Op::Sub:
      return "Sub";
    case Op::Mul:
      return "Mul";
    case Op::Div:
      return "Div";
    case Op::Mod:
      return "Mod";
    case Op::Eq:
      return "Eq";
    case Op::Ne:
      return "Ne";
    case Op::Lt:
      return "Lt";
    case Op::Le:
      return "Le";
    case Op::Gt:
      return "Gt";
    case Op::Ge:
      return "Ge";
    case Op::And:
      return "And";
    case Op::Or:
      return "Or";
  }
  return "?";
}

const char* stmt_name(StmtKind k) {
  switch (k) {
    case StmtKind::Capture:
      return "Capture";
    case StmtKind::Remove:
      return "Remove";
    case StmtKind::ExtraTurn:
      return "ExtraTurn";
    case StmtKind::Stop:
      return "Stop";
    case StmtKind::Cancel:
      return "Cancel";
    case StmtKind::Draw:
      return "Draw";
    case StmtKind::Relay:
      return "Relay";
    case StmtKind::Leave:
      return "Leave";
    case StmtKind::Lift:
      return "Lift";
    case StmtKind::Let:
      return "Let";
    case StmtKind::Assign:
      return "Assign";
    case StmtKind::If:
      return "If";
    case StmtKind::While:
      return "While";
    case StmtKind::Chain:
      return "Chain";
    case StmtKind::For:
      return "For";
    case StmtKind::Use:
      return "Use";
    case StmtKind::Mark:
      return "Mark";
    case StmtKind::Unmark:
      return "Unmark";
  }
  return "?";
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

class Dumper {
 public:
  explicit Dumper(const SourceSet& sources) : sources_(sources) {}

  void file(const File& f);
  std::string take() { return std::move(out_); }

 private:
  void line(int depth, const std::string& text, const Range* range = nullptr);
  std::string where(const Range& r) const;
  void expr(int depth, const std::string& slot, const Expr& e);
  void stmts(int depth, const std::string& title, const std::vector<Stmt>& body);
  void stmt(int depth, const Stmt& s);
  void clause(int depth, const Clause& c);
  void game(int depth, const Game& g);
  void handler(int depth, const Handler& h);
  void fragment(int depth, const Fragment& f);

  const SourceSet& sources_;
  std::string out_;
};

std::string Dumper::where(const Range& r) const {
  if (r.file >= sources_.size()) return "@?";
  const Source& src = sources_.get(r.file);
  Source::LineCol b = src.line_col(r.begin);
  Source::LineCol e = src.line_col(r.end);
  return "@" + std::to_string(b.line) + ":" + std::to_string(b.col) + "-" + std::to_string(e.line) +
         ":" + std::to_string(e.col);
}

void Dumper::line(int depth, const std::string& text, const Range* range) {
  out_.append(static_cast<size_t>(depth) * 2, ' ');
  out_ += text;
  if (range) out_ += " " + where(*range);
  out_ += "\n";
}

void Dumper::expr(int depth, const std::string& slot, const Expr& e) {
  std::string head = slot.empty() ? "" : slot + ": ";
  switch (e.kind) {
    case ExprKind::Int:
      head += "Int " + std::to_string(e.value);
      break;
    case ExprKind::Bool:
      head += e.value ? "Bool true" : "Bool false";
      break;
    case ExprKind::Name:
      head += "Name " + e.name;
      break;
    case ExprKind::Call:
      head += "Call " + e.name;
      break;
    case ExprKind::NoMoves:
      head += "NoMoves";
      break;
    case ExprKind::Unary:
      head += std::string("Unary ") + op_name(e.op);
      break;
    case ExprKind::Binary:
      head += std::string("Binary ") + op_name(e.op);
      break;
    case ExprKind::In:
      head += "In";
      break;
    case ExprKind::Quantifier:
      head += std::string("Quantifier ") + quant_spelling(e.quant) + " " + e.name;
      break;
    case ExprKind::Ask:
      head += "Ask " + e.name;
      break;
    case ExprKind::Fragment:
      head += "Fragment " + e.name;
      break;
  }
  line(depth, head, &e.range);
  for (const Expr& arg : e.args) expr(depth + 1, "", arg);
}

void Dumper::stmts(int depth, const std::string& title, const std::vector<Stmt>& body) {
  line(depth, title);
  for (const Stmt& s : body) stmt(depth + 1, s);
}

void Dumper::stmt(int depth, const Stmt& s) {
  std::string head = stmt_name(s.kind);
  if (!s.name.empty()) head += " " + s.name;
  if (s.kind == StmtKind::Capture && !s.target) head += " board";
  if (s.kind == StmtKind::Capture && !s.dest) head += " owners";
  if (s.kind == StmtKind::Chain) head += s.forward ? " forward" : " backward";
  if (s.kind == StmtKind::Relay && s.into) head += " into";
  if (s.kind == StmtKind::Relay && s.way) head += " " + s.way->text;
  line(depth, head, &s.range);
  if (s.target) expr(depth + 1, "target", *s.target);
  if (s.dest) expr(depth + 1, "dest", *s.dest);
  if (s.value) expr(depth + 1, "value", *s.value);
  if (s.cond) expr(depth + 1, "cond", *s.cond);
  for (const Expr& a : s.args) expr(depth + 1, "arg", a);
  bool has_body = s.kind == StmtKind::If || s.kind == StmtKind::While ||
                  s.kind == StmtKind::Chain || s.kind == StmtKind::For;
  if (has_body) stmts(depth + 1, "body", s.body);
  if (s.has_else) stmts(depth + 1, "else", s.else_body);
}

void Dumper::clause(int depth, const Clause& c) {
  std::string head = "Clause " + c.keyword.text;
  for (const Word& w : c.words) head += " " + quote(w.text);
  if (c.label) head += " as " + quote(c.label->text);
  if (c.draw) head += " draw";
  line(depth, head, &c.range);
  for (const Expr& v : c.values) expr(depth + 1, "value", v);
  if (c.body) stmts(depth + 1, "body", *c.body);
}

void Dumper::handler(int depth, const Handler& h) {
  std::string head = "Handler " + h.event.text;
  if (h.name) head += " as " + h.name->text;
  line(depth, head, &h.range);
  if (h.when) expr(depth + 1, "when", *h.when);
  stmts(depth + 1, "body", h.body);
}

void Dumper::game(int depth, const Game& g) {
  std::string head = "Game " + quote(g.name.text);
  if (g.extends) head += " extends " + quote(g.extends->text);
  line(depth, head, &g.range);
  for (const Section& s : g.sections) {
    line(depth + 1, "Section " + s.name.text, &s.range);
    for (const Clause& c : s.clauses) clause(depth + 2, c);
  }
  for (const Handler& h : g.handlers) handler(depth + 1, h);
}

void Dumper::fragment(int depth, const Fragment& f) {
  line(depth, "Fragment " + f.name.text, &f.range);
  for (const Param& p : f.params) {
    Range r{p.name.range.file, p.name.range.begin, p.type.range.end};
    line(depth + 1, "Param " + p.name.text + ": " + p.type.text, &r);
  }
  if (f.value) {
    expr(depth + 1, "value", *f.value);
  } else {
    stmts(depth + 1, "body", f.body);
  }
}

void Dumper::file(const File& f) {
  std::string name = f.source < sources_.size() ? sources_.get(f.source).name : "?";
  line(0, "File " + quote(name));
  for (const Import& i : f.imports) line(1, "Import " + quote(i.path.text), &i.range);
  for (const Fragment& fr : f.fragments) fragment(1, fr);
  if (f.game) game(1, *f.game);
}

}  // namespace

std::string dump(const File& file, const SourceSet& sources) {
  Dumper d(sources);
  d.file(file);
  return d.take();
}

}  // namespace mancala::ast
