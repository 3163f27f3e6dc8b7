// Tests of the parse stage (grammar/): text -> AST, and syntax errors.
//
// Most tests parse a small text and look at one corner of the tree; the
// expression tests print trees as s-expressions so that precedence reads at
// a glance. Error tests compare the one diagnostic as "line:col: message",
// exactly, since those sentences are the user interface of the grammar.
// Robustness tests feed what a hostile or broken file could hold (deep
// nesting, huge input, binary bytes, bad UTF-8) and only ask for clean
// diagnostics, never more than kMaxSyntaxErrors. Recovery tests parse with
// parse_recovering and look at every error and at what the tree kept. This file may include
// grammar/grammar_rules.hpp, the one exception to "PEGTL stays inside grammar/", to run
// pegtl::analyze on the grammar.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <tao/pegtl/contrib/analyze.hpp>

#include "ast.hpp"
#include "diagnostics.hpp"
#include "grammar_rules.hpp"
#include "parse.hpp"

namespace mancala {
namespace {

struct Parsed {
  SourceSet sources;
  Diagnostics diags;
  std::optional<ast::File> file;
  uint32_t id = 0;
};

std::unique_ptr<Parsed> parse_text(std::string text) {
  auto p = std::make_unique<Parsed>();
  p->id = p->sources.add("test.mnc", std::move(text));
  p->file = parse(p->sources, p->id, p->diags);
  return p;
}

// "line:col: message" of the single diagnostic, or "ok".
std::string error_of(std::string text) {
  auto p = parse_text(std::move(text));
  if (p->file) return p->diags.has_errors() ? "ok with errors?" : "ok";
  if (p->diags.all().size() != 1) return "expected exactly one diagnostic";
  const Diagnostic& d = p->diags.all()[0];
  Source::LineCol lc = p->sources.get(p->id).line_col(d.range.begin);
  return std::to_string(lc.line) + ":" + std::to_string(lc.col) + ": " + d.message;
}

// Parses a file that must be valid.
ast::File ok(std::string text) {
  auto p = parse_text(text);
  EXPECT_TRUE(p->file.has_value()) << text << "\n" << error_of(text);
  return p->file ? std::move(*p->file) : ast::File{};
}

const char* op_text(ast::Op op) {
  switch (op) {
    case ast::Op::Neg:
      return "-";
    case ast::Op::Not:
      return "not";
    case ast::Op::Add:
      return "+";
    case ast::Op::Sub:
      return "-";
    case ast::Op::Mul:
      return "*";
    case ast::Op::Div:
      return "/";
    case ast::Op::Mod:
      return "%";
    case ast::Op::Eq:
      return "==";
    case ast::Op::Ne:
      return "!=";
    case ast::Op::Lt:
      return "<";
    case ast::Op::Le:
      return "<=";
    case ast::Op::Gt:
      return ">";
    case ast::Op::Ge:
      return ">=";
    case ast::Op::And:
      return "and";
    case ast::Op::Or:
      return "or";
    default:
      return "?";
  }
}

std::string sexpr(const ast::Expr& e) {
  auto list = [&](std::string head) {
    for (const ast::Expr& a : e.args) head += " " + sexpr(a);
    return "(" + head + ")";
  };
  switch (e.kind) {
    case ast::ExprKind::Int:
      return std::to_string(e.value);
    case ast::ExprKind::Bool:
      return e.value ? "true" : "false";
    case ast::ExprKind::Name:
      return e.name;
    case ast::ExprKind::NoMoves:
      return "no_moves";
    case ast::ExprKind::Ask:
      return "(ask " + e.name + ")";
    case ast::ExprKind::Call:
      return list("call " + e.name);
    case ast::ExprKind::In:
      return list("in");
    case ast::ExprKind::Quantifier:
      return list(std::string(ast::quant_spelling(e.quant)) + " " + e.name);
    case ast::ExprKind::Fragment:
      return list("fragment " + e.name);
    case ast::ExprKind::Unary:
    case ast::ExprKind::Binary:
      return list(op_text(e.op));
  }
  return "?";
}

// The expression of `score E` in an evaluation section.
std::string expr(const std::string& text) {
  ast::File f = ok("game \"g\" { evaluation { score " + text + " } }");
  if (!f.game || f.game->sections.empty() || f.game->sections[0].clauses.empty()) return "?";
  const ast::Clause& c = f.game->sections[0].clauses[0];
  return c.values.size() == 1 ? sexpr(c.values[0]) : "?";
}

// The statements of `on drop { ... }`.
std::vector<ast::Stmt> stmts(const std::string& body) {
  ast::File f = ok("game \"g\" { on drop { " + body + " } }");
  if (!f.game || f.game->handlers.empty()) return {};
  return f.game->handlers[0].body;
}

// The clauses of one section.
std::vector<ast::Clause> clauses(const std::string& section) {
  ast::File f = ok("game \"g\" { " + section + " }");
  if (!f.game || f.game->sections.empty()) return {};
  return f.game->sections[0].clauses;
}

std::vector<std::string> words(const ast::Clause& c) {
  std::vector<std::string> out;
  for (const ast::Word& w : c.words) out.push_back(w.text);
  return out;
}

using Strings = std::vector<std::string>;

// ------------------------------------------------------------ file structure

TEST(GrammarFile, ImportsFragmentsAndGame) {
  ast::File f =
      ok("import \"captures\"\nimport \"a/b.mnc\"\n"
         "fragment f(low: int, high: bool, h: hole, p: player) { stop }\n"
         "fragment g { cancel }\n"
         "game \"Yit Nuri\" extends \"Anywoli\" { board { holes 7 } }\n");
  ASSERT_EQ(f.imports.size(), 2u);
  EXPECT_EQ(f.imports[0].path.text, "captures");
  EXPECT_EQ(f.imports[1].path.text, "a/b.mnc");
  ASSERT_EQ(f.fragments.size(), 2u);
  ASSERT_EQ(f.fragments[0].params.size(), 4u);
  EXPECT_EQ(f.fragments[0].params[1].name.text, "high");
  EXPECT_EQ(f.fragments[0].params[1].type.text, "bool");
  EXPECT_EQ(f.fragments[0].params[3].type.text, "player");
  EXPECT_EQ(f.fragments[1].name.text, "g");
  EXPECT_TRUE(f.fragments[1].params.empty());
  ASSERT_TRUE(f.game);
  EXPECT_EQ(f.game->name.text, "Yit Nuri");
  ASSERT_TRUE(f.game->extends);
  EXPECT_EQ(f.game->extends->text, "Anywoli");
}

TEST(GrammarFile, LibraryWithoutGameAndEmptyFile) {
  EXPECT_FALSE(ok("fragment f() { stop }").game);
  EXPECT_FALSE(ok("").game);
  EXPECT_FALSE(ok("  # only a comment\n\n").game);
}

TEST(GrammarFile, RangesAreByteOffsetsOfTheTokens) {
  auto p = parse_text("import \"x\"\ngame \"G\" { board { holes 12 } }");
  ASSERT_TRUE(p->file);
  EXPECT_EQ(p->file->source, p->id);
  const ast::Import& i = p->file->imports[0];
  EXPECT_EQ(i.range, (Range{p->id, 0, 10}));
  EXPECT_EQ(i.path.range, (Range{p->id, 7, 10}));
  const ast::Clause& c = p->file->game->sections[0].clauses[0];
  EXPECT_EQ(c.range, (Range{p->id, 30, 38}));
  EXPECT_EQ(c.keyword.range, (Range{p->id, 30, 35}));
  EXPECT_EQ(c.values[0].range, (Range{p->id, 36, 38}));
  EXPECT_EQ(p->file->game->range, (Range{p->id, 11, 42}));
}

TEST(GrammarFile, ByteOrderMarkIsSkipped) {
  auto p = parse_text("\xEF\xBB\xBFimport \"x\"\ngame \"G\" { }");
  ASSERT_TRUE(p->file) << render_text(p->diags, p->sources);
  EXPECT_EQ(p->file->imports[0].range, (Range{p->id, 3, 13}));  // offsets into the whole text
  EXPECT_EQ(error_of("\xEF\xBB\xBFgame \"G\" { boardd }"),
            "1:15: unknown section 'boardd'; did you mean 'board'?");  // byte columns
  EXPECT_NE(error_of("x\xEF\xBB\xBF"), "ok");                          // only at the start
}

TEST(GrammarFile, StringEscapes) {
  ast::File f = ok(R"(game "a \"b\" \\ c" { })");
  EXPECT_EQ(f.game->name.text, "a \"b\" \\ c");
}

// ------------------------------------------------------------------ sections

TEST(GrammarSections, BoardClausesShareALine) {
  auto cs = clauses("board { rows 2  holes 6  stores none }");
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[0].keyword.text, "rows");
  EXPECT_EQ(cs[0].values[0].kind, ast::ExprKind::Int);
  EXPECT_EQ(cs[0].values[0].value, 2);
  EXPECT_EQ(cs[1].values[0].value, 6);
  EXPECT_EQ(words(cs[2]), Strings{"none"});
  EXPECT_EQ(words(clauses("board { stores captures }")[0]), Strings{"captures"});
  EXPECT_EQ(words(clauses("board { stores sown }")[0]), Strings{"sown"});
  EXPECT_EQ(clauses("board { rows 2; holes 6;; }").size(), 2u);
}

TEST(GrammarSections, Setup) {
  auto cs = clauses("setup {\n  seeds 4\n}");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].keyword.text, "seeds");
  EXPECT_EQ(cs[0].values[0].value, 4);
}

TEST(GrammarSections, Moves) {
  auto cs = clauses(
      "moves { from own holes where count(hole) >= 1  first move from rightmost\n"
      "  first move from leftmost must feed forbid when number(hole) == 1 pass when no moves\n"
      "  from own holes }");
  ASSERT_EQ(cs.size(), 7u);
  EXPECT_EQ(words(cs[0]), (Strings{"own", "holes", "where"}));
  EXPECT_EQ(sexpr(cs[0].values[0]), "(>= (call count hole) 1)");
  EXPECT_EQ(words(cs[1]), (Strings{"move", "from", "rightmost"}));
  EXPECT_EQ(words(cs[2]), (Strings{"move", "from", "leftmost"}));
  EXPECT_EQ(words(cs[3]), (Strings{"feed"}));
  EXPECT_EQ(words(cs[4]), (Strings{"when"}));
  EXPECT_EQ(sexpr(cs[4].values[0]), "(== (call number hole) 1)");
  EXPECT_EQ(words(cs[5]), (Strings{"when", "no", "moves"}));
  EXPECT_TRUE(cs[5].values.empty());
  EXPECT_TRUE(cs[6].values.empty());
}

TEST(GrammarSections, Sowing) {
  auto cs = clauses(
      "sowing { direction cw direction ccw relay none relay landing relay next when lap < 3\n"
      "  skip origin skip when here == origin endless illegal endless draw\n"
      "  endless ends { capture board to owners } endless ends }");
  ASSERT_EQ(cs.size(), 11u);
  EXPECT_EQ(words(cs[0]), Strings{"cw"});
  EXPECT_EQ(words(cs[1]), Strings{"ccw"});
  EXPECT_EQ(words(cs[2]), Strings{"none"});
  EXPECT_EQ(words(cs[3]), Strings{"landing"});
  EXPECT_TRUE(cs[3].values.empty());
  EXPECT_EQ(words(cs[4]), (Strings{"next", "when"}));
  EXPECT_EQ(sexpr(cs[4].values[0]), "(< lap 3)");
  EXPECT_EQ(words(cs[5]), Strings{"origin"});
  EXPECT_EQ(words(cs[6]), Strings{"when"});
  EXPECT_EQ(words(cs[8]), Strings{"draw"});
  EXPECT_EQ(words(cs[9]), Strings{"ends"});
  ASSERT_TRUE(cs[9].body);
  EXPECT_EQ(cs[9].body->size(), 1u);
  EXPECT_FALSE(cs[10].body);
}

TEST(GrammarSections, End) {
  auto cs = clauses(
      "end {\n"
      "  when board_seeds == 0\n"
      "  when empty_row as \"empty\" draw { capture board to mover }\n"
      "  when no moves draw\n"
      "  stalemate 200 moves without capture { capture board to owners }\n"
      "  repetition 3 draw\n"
      "  winner most store winner survivor\n"
      "}");
  ASSERT_EQ(cs.size(), 7u);
  EXPECT_EQ(cs[0].keyword.text, "when");
  EXPECT_FALSE(cs[0].label);
  EXPECT_FALSE(cs[0].draw);
  EXPECT_FALSE(cs[0].body);
  ASSERT_TRUE(cs[1].label);
  EXPECT_EQ(cs[1].label->text, "empty");
  EXPECT_TRUE(cs[1].draw);
  ASSERT_TRUE(cs[1].body);
  EXPECT_EQ((*cs[1].body)[0].kind, ast::StmtKind::Capture);
  EXPECT_EQ(cs[2].values[0].kind, ast::ExprKind::NoMoves);
  EXPECT_TRUE(cs[2].draw);
  EXPECT_EQ(words(cs[3]), (Strings{"moves", "without", "capture"}));
  EXPECT_EQ(cs[3].values[0].value, 200);
  EXPECT_TRUE(cs[3].body);
  EXPECT_EQ(cs[4].values[0].value, 3);
  EXPECT_TRUE(cs[4].draw);
  EXPECT_EQ(words(cs[5]), (Strings{"most", "store"}));
  EXPECT_EQ(words(cs[6]), (Strings{"survivor"}));
}

TEST(GrammarSections, Match) {
  auto cs = clauses(
      "match { refill conquest from end refill conquest from start starter winner else first\n"
      "  starter loser starter alternate ends when store(south) < seeds max rounds 10\n"
      "  winner most store }");
  ASSERT_EQ(cs.size(), 8u);
  EXPECT_EQ(words(cs[0]), (Strings{"conquest", "from", "end"}));
  EXPECT_EQ(words(cs[1]), (Strings{"conquest", "from", "start"}));
  EXPECT_EQ(words(cs[2]), (Strings{"winner", "else", "first"}));
  EXPECT_EQ(words(cs[3]), (Strings{"loser"}));
  EXPECT_EQ(words(cs[4]), (Strings{"alternate"}));
  EXPECT_EQ(words(cs[5]), (Strings{"when"}));
  EXPECT_EQ(sexpr(cs[5].values[0]), "(< (call store south) seeds)");
  EXPECT_EQ(words(cs[6]), (Strings{"rounds"}));
  EXPECT_EQ(cs[6].values[0].value, 10);
  EXPECT_EQ(words(cs[7]), (Strings{"most", "store"}));
}

TEST(GrammarSections, EvaluationAndInfo) {
  auto ev = clauses("evaluation { score store(mover) - store(opponent) }");
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(sexpr(ev[0].values[0]), "(- (call store mover) (call store opponent))");
  auto info = clauses("info { name \"Oware\"  source \"x.md\" region \"West Africa\" }");
  ASSERT_EQ(info.size(), 3u);
  EXPECT_EQ(info[0].keyword.text, "name");
  EXPECT_EQ(words(info[0]), Strings{"Oware"});
  EXPECT_EQ(info[2].keyword.text, "region");
  EXPECT_EQ(words(info[2]), Strings{"West Africa"});
}

TEST(GrammarSections, SectionsKeepFileOrderAndMayRepeat) {
  ast::File f = ok("game \"g\" { setup { } board { } setup { seeds 1 } on drop { } }");
  ASSERT_EQ(f.game->sections.size(), 3u);  // duplicates are the checker's business
  EXPECT_EQ(f.game->sections[0].name.text, "setup");
  EXPECT_EQ(f.game->sections[1].name.text, "board");
  EXPECT_EQ(f.game->handlers.size(), 1u);
}

TEST(GrammarHandlers, EventNameWhenAndBody) {
  ast::File f =
      ok("game \"g\" {\n"
         "  on drop when count(here) == 4 and not last { capture here to owner(here) }\n"
         "  on sow_end as capture { stop }\n"
         "  on lap_end as chain when lap > 1 { extra_turn }\n"
         "  on bogus { }\n"
         "}");
  const auto& hs = f.game->handlers;
  ASSERT_EQ(hs.size(), 4u);
  EXPECT_EQ(hs[0].event.text, "drop");
  EXPECT_FALSE(hs[0].name);
  ASSERT_TRUE(hs[0].when);
  EXPECT_EQ(sexpr(*hs[0].when), "(and (== (call count here) 4) (not last))");
  EXPECT_EQ(hs[1].name->text, "capture");  // handler names may be keywords
  EXPECT_EQ(hs[2].name->text, "chain");
  EXPECT_TRUE(hs[2].when);
  EXPECT_EQ(hs[3].event.text, "bogus");  // the checker validates event names
}

// ---------------------------------------------------------------- statements

TEST(GrammarStatements, Capture) {
  auto s = stmts("capture here to mover capture board to owners capture opposite(here) to owners");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].kind, ast::StmtKind::Capture);
  EXPECT_EQ(sexpr(*s[0].target), "here");
  EXPECT_EQ(sexpr(*s[0].dest), "mover");
  EXPECT_FALSE(s[1].target);
  EXPECT_FALSE(s[1].dest);
  EXPECT_EQ(sexpr(*s[2].target), "(call opposite here)");
  EXPECT_FALSE(s[2].dest);
}

TEST(GrammarStatements, CaptureAndRemoveNSeeds) {
  auto s = stmts(
      "capture 2 from here to mover capture 1 + 1 from next(here) to owners "
      "remove 3 from opposite(here) remove here");
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(sexpr(*s[0].value), "2");
  EXPECT_EQ(sexpr(*s[0].target), "here");
  EXPECT_EQ(sexpr(*s[0].dest), "mover");
  EXPECT_EQ(sexpr(*s[1].value), "(+ 1 1)");
  EXPECT_EQ(sexpr(*s[1].target), "(call next here)");
  EXPECT_FALSE(s[1].dest);
  EXPECT_EQ(s[2].kind, ast::StmtKind::Remove);
  EXPECT_EQ(sexpr(*s[2].value), "3");
  EXPECT_EQ(sexpr(*s[2].target), "(call opposite here)");
  EXPECT_FALSE(s[3].value);
  EXPECT_EQ(sexpr(*s[3].target), "here");
}

TEST(GrammarStatements, SimpleActions) {
  auto s = stmts("remove here; extra_turn; stop; cancel; draw; relay from next(here); leave 1");
  ASSERT_EQ(s.size(), 7u);
  EXPECT_EQ(s[0].kind, ast::StmtKind::Remove);
  EXPECT_EQ(sexpr(*s[0].target), "here");
  EXPECT_EQ(s[1].kind, ast::StmtKind::ExtraTurn);
  EXPECT_EQ(s[2].kind, ast::StmtKind::Stop);
  EXPECT_EQ(s[3].kind, ast::StmtKind::Cancel);
  EXPECT_EQ(s[4].kind, ast::StmtKind::Draw);
  EXPECT_EQ(s[5].kind, ast::StmtKind::Relay);
  EXPECT_EQ(sexpr(*s[5].target), "(call next here)");
  EXPECT_EQ(s[6].kind, ast::StmtKind::Leave);
  EXPECT_EQ(sexpr(*s[6].value), "1");
}

TEST(GrammarStatements, LetAndAssign) {
  auto s = stmts("let p = next(here, 2)\n p = p + 1 q=2");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].kind, ast::StmtKind::Let);
  EXPECT_EQ(s[0].name, "p");
  EXPECT_EQ(sexpr(*s[0].value), "(call next here 2)");
  EXPECT_EQ(s[1].kind, ast::StmtKind::Assign);
  EXPECT_EQ(sexpr(*s[1].value), "(+ p 1)");
  EXPECT_EQ(s[2].name, "q");
}

TEST(GrammarStatements, IfElseIfElse) {
  auto s = stmts("if a { stop } else if b { cancel } else { draw } if c { }");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(sexpr(*s[0].cond), "a");
  EXPECT_TRUE(s[0].has_else);
  ASSERT_EQ(s[0].else_body.size(), 1u);
  const ast::Stmt& elif = s[0].else_body[0];
  EXPECT_EQ(elif.kind, ast::StmtKind::If);
  EXPECT_EQ(sexpr(*elif.cond), "b");
  EXPECT_EQ(elif.body[0].kind, ast::StmtKind::Cancel);
  EXPECT_TRUE(elif.has_else);
  EXPECT_EQ(elif.else_body[0].kind, ast::StmtKind::Draw);
  EXPECT_FALSE(s[1].has_else);
  EXPECT_TRUE(s[1].body.empty());
}

TEST(GrammarStatements, WhileChainUse) {
  auto s = stmts(
      "while count(p) > 0 { p = next(p) }\n"
      "chain backward from here while opponents(hole) and count(hole) in [2, 3] {\n"
      "  capture hole to mover }\n"
      "chain forward from origin while true { stop }\n"
      "use pussa_chain use count_chain(2, 3) use f()");
  ASSERT_EQ(s.size(), 6u);
  EXPECT_EQ(s[0].kind, ast::StmtKind::While);
  EXPECT_EQ(s[0].body.size(), 1u);
  EXPECT_EQ(s[1].kind, ast::StmtKind::Chain);
  EXPECT_FALSE(s[1].forward);
  EXPECT_EQ(sexpr(*s[1].target), "here");
  EXPECT_EQ(sexpr(*s[1].cond), "(and (call opponents hole) (in (call count hole) 2 3))");
  EXPECT_TRUE(s[2].forward);
  EXPECT_EQ(s[3].kind, ast::StmtKind::Use);
  EXPECT_EQ(s[3].name, "pussa_chain");
  EXPECT_TRUE(s[3].args.empty());
  EXPECT_EQ(s[4].args.size(), 2u);
  EXPECT_EQ(s[5].name, "f");
}

// --------------------------------------------------------------- expressions

// A quantifier is a primary: its body runs to its closing parenthesis, and
// its arguments are the body, the filter (`true` when none) and the player.
TEST(GrammarExpressions, Quantifiers) {
  EXPECT_EQ(expr("all(h in holes: count(h) == 0)"), "(all h (== (call count h) 0) true)");
  EXPECT_EQ(expr("tally(h in holes of mover where own(h): x) > 2 and y"),
            "(and (> (tally h x (call own h) mover) 2) y)");
  EXPECT_EQ(expr("sum(h in holes where a or b: count(h)) + 1"),
            "(+ (sum h (call count h) (or a b)) 1)");
  EXPECT_EQ(expr("any(h in holes of south: z)"), "(any h z true south)");
}

// `fragment NAME = E`: an expression fragment keeps its value, not a body.
TEST(GrammarFile, ExpressionFragment) {
  ast::File f = ok("fragment in_range(h: hole, k: int) = count(h) <= k\nfragment m = true\n");
  ASSERT_EQ(f.fragments.size(), 2u);
  ASSERT_TRUE(f.fragments[0].value);
  EXPECT_EQ(f.fragments[0].params.size(), 2u);
  EXPECT_TRUE(f.fragments[0].body.empty());
  EXPECT_EQ(sexpr(*f.fragments[0].value), "(<= (call count h) k)");
  ASSERT_TRUE(f.fragments[1].value);
}

TEST(GrammarExpressions, Primaries) {
  EXPECT_EQ(expr("42"), "42");
  EXPECT_EQ(expr("true"), "true");
  EXPECT_EQ(expr("false"), "false");
  EXPECT_EQ(expr("no moves"), "no_moves");
  EXPECT_EQ(expr("no"), "no");  // `no` alone is a name
  EXPECT_EQ(expr("ask take"), "(ask take)");
  EXPECT_EQ(expr("not ask take and ask more"), "(and (not (ask take)) (ask more))");
  EXPECT_EQ(expr("board_seeds"), "board_seeds");
  EXPECT_EQ(expr("count(here)"), "(call count here)");
  EXPECT_EQ(expr("f()"), "(call f)");
  EXPECT_EQ(expr("next(here, 2)"), "(call next here 2)");
  EXPECT_EQ(expr("1000000"), "1000000");
}

TEST(GrammarExpressions, Precedence) {
  EXPECT_EQ(expr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(expr("a and b or c"), "(or (and a b) c)");
  EXPECT_EQ(expr("not a and b"), "(and (not a) b)");
  EXPECT_EQ(expr("not a == b"), "(not (== a b))");
  EXPECT_EQ(expr("a + 1 == b * 2"), "(== (+ a 1) (* b 2))");
  EXPECT_EQ(expr("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(expr("a / b * c % d"), "(% (* (/ a b) c) d)");
  EXPECT_EQ(expr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr("-a * b"), "(* (- a) b)");
  EXPECT_EQ(expr("- - a"), "(- (- a))");
  EXPECT_EQ(expr("a--b"), "(- a (- b))");
  EXPECT_EQ(expr("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(expr("not not a"), "(not (not a))");
  EXPECT_EQ(expr("a + 1 in [b, c - 1] and d"), "(and (in (+ a 1) b (- c 1)) d)");
  EXPECT_EQ(expr("a != b or a <= b or a >= b or a < b or a > b"),
            "(or (or (or (or (!= a b) (<= a b)) (>= a b)) (< a b)) (> a b))");
}

TEST(GrammarExpressions, ComparisonsDoNotChain) {
  EXPECT_EQ(error_of("game \"g\" { end { when a < b < c } }"),
            "1:29: comparisons cannot be chained; use 'and' or parentheses");
  EXPECT_EQ(error_of("game \"g\" { end { when a in [1] in [2] } }"),
            "1:32: comparisons cannot be chained; use 'and' or parentheses");
  EXPECT_EQ(expr("(a < b) == c"), "(== (< a b) c)");
}

TEST(GrammarExpressions, ExpressionEndsWhereNoOperatorContinues) {
  auto cs = clauses("moves { from own holes where count(hole) >= 1  pass when no moves }");
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(sexpr(cs[0].values[0]), "(>= (call count hole) 1)");
  auto s = stmts("x = a\n-b");  // continues: a - b
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(sexpr(*s[0].value), "(- a b)");
}

TEST(GrammarExpressions, RangesCoverTheWrittenText) {
  auto p = parse_text("game \"g\" { evaluation { score (a + b) * count(x) } }");
  ASSERT_TRUE(p->file);
  const ast::Expr& e = p->file->game->sections[0].clauses[0].values[0];
  EXPECT_EQ(e.range, (Range{p->id, 30, 48}));
  EXPECT_EQ(e.args[0].range, (Range{p->id, 30, 37}));  // parentheses included
  EXPECT_EQ(e.args[1].range, (Range{p->id, 40, 48}));
  EXPECT_EQ(e.args[1].name_range, (Range{p->id, 40, 45}));
}

// -------------------------------------------------------------------- errors

struct ErrorCase {
  const char* text;
  const char* expected;
};

TEST(GrammarErrors, MessagesAndPositions) {
  const ErrorCase cases[] = {
      {"game \"g\" { board { holes } }", "1:26: expected a number after 'holes', got '}'"},
      {"game \"g\" { board { rows 2\n",
       "2:1: expected '}' to close the board section, got end of file"},
      {"game \"g\" { board { rows 2 ( } }",
       "1:27: expected '}' to close the board section, got '('"},
      {"game \"g\" { board { hole 6 } }",
       "1:20: unknown clause 'hole' in board; did you mean 'holes'?"},
      {"game \"g\" { board { xyzzy 6 } }",
       "1:20: unknown clause 'xyzzy' in board; expected rows, holes, stores, marks, counters or "
       "'}'"},
      {"game \"g\" { board { holes 6 setup { } }",
       "1:28: expected '}' to close the board section, got 'setup'"},
      {"game \"g\" {\n  bord { }\n}", "2:3: unknown section 'bord'; did you mean 'board'?"},
      {"game \"g\" { 12 }",
       "1:12: expected a section, a handler or '}' to close the game, got '12'"},
      {"game \"g\" { board rows 2 }", "1:18: expected '{' after 'board', got 'rows'"},
      {"game \"g\" { info { name \"unterminated }\n}", "1:24: unterminated string"},
      {"import \"abc", "1:8: unterminated string"},
      {"game \"a\\n\" { }", "1:8: unknown escape in string (only \\\" and \\\\ are allowed)"},
      {"game \"g\" { setup { seeds 1000001 } }", "1:26: number too large (the limit is 1000000)"},
      {"game \"g\" { setup { seeds 99999999999999999999999 } }",
       "1:26: number too large (the limit is 1000000)"},
      {"game \"a\" { }\ngame \"b\" { }", "2:1: a file defines at most one game"},
      {"game \"g\" { sowing { direction up } }",
       "1:31: expected ccw, cw or either after 'direction', got 'up'"},
      {"game \"g\" { board { stores all } }",
       "1:27: expected none, captures or sown after 'stores', got 'all'"},
      {"game \"g\" { moves { from holes } }",
       "1:25: expected own, all or store after 'from', got 'holes'"},
      {"game \"g\" { end { when } }", "1:23: expected an expression after 'when', got '}'"},
      {"game \"g\" { end { stalemate 5 turns } }",
       "1:30: expected 'moves without capture' after the number of 'stalemate', got 'turns'"},
      {"game \"g\" { end { when x as label } }",
       "1:28: expected a label in quotes after 'as', got 'label'"},
      {"game \"g\" { end { winner } }",
       "1:25: expected 'most store', 'most rounds' or 'survivor' after 'winner', got '}'"},
      {"game \"g\" { match { starter winner else third } }",
       "1:40: expected first or second after 'else', got 'third'"},
      {"game \"g\" { on drop stop }", "1:20: expected '{' to start the handler body, got 'stop'"},
      {"game \"g\" { on { } }", "1:15: expected an event name after 'on', got '{'"},
      {"game \"g\" { on drop { captur here to mover } }",
       "1:22: unknown statement 'captur'; did you mean 'capture'?"},
      {"game \"g\" { on drop { foo } }",
       "1:22: expected a statement or '}' to close the block, got 'foo'"},
      {"game \"g\" { on drop { 3 } }",
       "1:22: expected a statement or '}' to close the block, got '3'"},
      {"game \"g\" { on drop { capture here mover } }",
       "1:35: expected 'to' after the captured hole, got 'mover'"},
      {"game \"g\" { on drop { capture to mover } }",
       "1:30: expected a hole or 'board' after 'capture', got 'to'"},
      {"game \"g\" { on drop { let and = 1 } }",
       "1:26: 'and' is a reserved keyword and cannot name a variable"},
      {"game \"g\" { on drop { let ask = 1 } }",
       "1:26: 'ask' is a reserved keyword and cannot name a variable"},
      {"game \"g\" { on drop { if ask 3 { } } }",
       "1:29: expected the name of a question after 'ask', got '3'"},
      {"game \"g\" { on drop { match = 1 } }",
       "1:22: 'match' is a reserved keyword and cannot name a variable"},
      {"game \"g\" { on drop { let x 1 } }", "1:28: expected '=' after the variable name, got '1'"},
      {"game \"g\" { on drop { let x = } }", "1:30: expected an expression after '=', got '}'"},
      {"game \"g\" { on drop { if x stop } }",
       "1:27: expected '{' to start the body of 'if', got 'stop'"},
      {"game \"g\" { on drop { if x { } else stop } }",
       "1:36: expected '{' or 'if' after 'else', got 'stop'"},
      {"game \"g\" { on drop { chain left from here while true { } } }",
       "1:28: expected forward or backward after 'chain', got 'left'"},
      {"game \"g\" { on drop { chain forward here } }",
       "1:36: expected 'from' after the direction of 'chain', got 'here'"},
      {"game \"g\" { on drop { relay here } }",
       "1:28: expected 'from' or 'into' after 'relay', got 'here'"},
      {"game \"g\" { on drop { use } }", "1:26: expected a fragment name after 'use', got '}'"},
      {"game \"g\" { evaluation { score count(here } }",
       "1:42: expected ')' to close the argument list, got '}'"},
      {"game \"g\" { evaluation { score (1 + 2 } }",
       "1:38: expected ')' to close the parenthesis, got '}'"},
      {"game \"g\" { evaluation { score 1 + } }",
       "1:35: expected an expression after '+', got '}'"},
      {"game \"g\" { evaluation { score 1 >= } }",
       "1:36: expected an expression after '>=', got '}'"},
      {"game \"g\" { evaluation { score a and } }",
       "1:37: expected an expression after 'and', got '}'"},
      {"game \"g\" { evaluation { score a in 1 } }", "1:36: expected '[' after 'in', got '1'"},
      {"game \"g\" { evaluation { score a in [1 2] } }",
       "1:39: expected ',' or ']' to close the list of 'in', got '2'"},
      {"fragment and { }", "1:10: 'and' is a reserved keyword and cannot name a fragment"},
      {"fragment f(x int) { }", "1:14: expected ':' after the parameter name, got 'int'"},
      {"fragment f(x: string) { }",
       "1:15: expected a type (int, bool, hole or player) after ':', got 'string'"},
      {"fragment f(x: int, while: int) { }",
       "1:20: 'while' is a reserved keyword and cannot name a parameter"},
      {"fragment f(if: int) { }", "1:12: 'if' is a reserved keyword and cannot name a parameter"},
      {"fragment f stop", "1:12: expected '{' or '=' to start the fragment body, got 'stop'"},
      {"game \"g\" { } import \"x\"", "1:14: imports must come before fragments and the game"},
      {"gane \"g\" { }", "1:1: unknown declaration 'gane'; did you mean 'game'?"},
      {"gmae \"g\" { }", "1:1: unknown declaration 'gmae'; did you mean 'game'?"},
      {"play \"g\" { }", "1:1: expected 'import', 'fragment' or 'game', got 'play'"},
      {"}", "1:1: expected 'import', 'fragment' or 'game', got '}'"},
      {"game g { }", "1:6: expected the name of the game in quotes after 'game', got 'g'"},
      {"game \"g\" extends { }",
       "1:18: expected the name of the base game in quotes after 'extends', got '{'"},
      {"game \"g\"", "1:9: expected '{' to start the game, got end of file"},
      {"import x", "1:8: expected a file name in quotes after 'import', got 'x'"},
      {"game \"g\" { info { name 3 } }", "1:24: expected a text in quotes after 'name', got '3'"},
      {"game \"g\" { on drop { let "
       "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcde = 1 } }",
       "1:26: identifier too long (the limit is 64 characters)"},
  };
  for (const ErrorCase& c : cases) {
    EXPECT_EQ(error_of(c.text), c.expected) << c.text;
  }
}

TEST(GrammarErrors, EveryReservedKeywordIsRefusedAsAName) {
  // The keyword list of docs/language.md, section 1.
  const char* keywords[] = {
      "and",    "as",      "backward",   "board", "cancel",  "capture",  "chain", "draw", "else",
      "end",    "extends", "extra_turn", "false", "forward", "fragment", "from",  "game", "if",
      "import", "in",      "leave",      "let",   "match",   "moves",    "not",   "on",   "or",
      "owners", "relay",   "remove",     "stop",  "to",      "true",     "use",   "when", "while"};
  for (const char* k : keywords) {
    std::string text = std::string("fragment f { let ") + k + " = 1 }";
    EXPECT_EQ(error_of(text),
              std::string("1:18: '") + k + "' is a reserved keyword and cannot name a variable")
        << k;
    EXPECT_EQ(error_of(std::string("fragment ") + k + " { }"),
              std::string("1:10: '") + k + "' is a reserved keyword and cannot name a fragment")
        << k;
  }
  // Words special only inside clauses are ordinary names elsewhere.
  EXPECT_EQ(error_of("fragment holes(rows: int) { let seeds = rows }"), "ok");
}

TEST(GrammarErrors, StringTooLong) {
  std::string text = "game \"" + std::string(1025, 'x') + "\" { }";
  EXPECT_EQ(error_of(text), "1:6: string too long (the limit is 1024 bytes)");
  EXPECT_EQ(error_of("game \"" + std::string(1024, 'x') + "\" { }"), "ok");
}

TEST(GrammarErrors, ErrorRangeCoversTheToken) {
  auto p = parse_text("game \"g\" { board { hole 6 } }");
  ASSERT_EQ(p->diags.all().size(), 1u);
  EXPECT_EQ(p->diags.all()[0].range, (Range{p->id, 19, 23}));
}

TEST(GrammarErrors, NoRuleNameEverLeaks) {
  // A spread of broken inputs: cut every valid example at every 7th byte.
  std::string text =
      "import \"captures\"\nfragment f(a: int) { if a > 1 { stop } else { leave 2 } }\n"
      "game \"g\" extends \"b\" { board { rows 2 holes 6 stores none } setup { seeds 4 }\n"
      "moves { from own holes where count(hole) in [1, 2] pass when no moves }\n"
      "sowing { relay next when not last } end { when x as \"y\" draw { draw } winner most store "
      "}\n"
      "match { starter winner else first max rounds 3 } on drop as n when -x < 2 { use f(1) } }\n";
  for (size_t cut = 1; cut < text.size(); cut += 7) {
    auto p = parse_text(text.substr(0, cut));
    if (p->file) continue;
    ASSERT_EQ(p->diags.all().size(), 1u) << cut;
    const std::string& m = p->diags.all()[0].message;
    EXPECT_EQ(m.find("tao::"), std::string::npos) << m;
    EXPECT_EQ(m.find("pegtl"), std::string::npos) << m;
    EXPECT_EQ(m.find("mancala::"), std::string::npos) << m;
    EXPECT_EQ(m.find("grammar"), std::string::npos) << m;
  }
  EXPECT_TRUE(parse_text(text)->file.has_value()) << error_of(text);
}

// ---------------------------------------------------------------- robustness

std::string nested(const std::string& open, const std::string& middle, const std::string& close,
                   int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += open;
  out += middle;
  for (int i = 0; i < n; ++i) out += close;
  return out;
}

TEST(GrammarLimits, ParenthesesDepth) {
  EXPECT_EQ(error_of("game \"g\" { end { when " + nested("(", "x", ")", kMaxDepth) + " } }"), "ok");
  EXPECT_EQ(error_of("game \"g\" { end { when " + nested("(", "x", ")", kMaxDepth + 1) + " } }"),
            "1:87: nesting too deep (the limit is 64)");
  std::string deep = "game \"g\" { end { when " + nested("(", "x", ")", 100000) + " } }";
  EXPECT_EQ(error_of(deep), "1:87: nesting too deep (the limit is 64)");
}

TEST(GrammarLimits, BlockDepth) {
  // The handler body is one level; 63 nested ifs fill the limit.
  auto game = [](int ifs) {
    return "game \"g\" { on drop " + nested("{ if x ", "{ stop }", " }", ifs) + " }";
  };
  EXPECT_EQ(error_of(game(kMaxDepth - 1)), "ok");
  // The 64th `if` opens the 65th block: the error points at its brace.
  EXPECT_EQ(error_of(game(kMaxDepth)), "1:468: nesting too deep (the limit is 64)");
  EXPECT_EQ(error_of(game(50000)), "1:468: nesting too deep (the limit is 64)");
}

TEST(GrammarLimits, UnaryChainsCallsListsAndElseIfs) {
  auto score = [](const std::string& e) { return "game \"g\" { evaluation { score " + e + " } }"; };
  std::string minus, nots;
  for (int i = 0; i < 100000; ++i) minus += "- ";
  for (int i = 0; i < 100000; ++i) nots += "not ";
  EXPECT_NE(error_of(score(minus + "1")).find("nesting too deep"), std::string::npos);
  EXPECT_NE(error_of(score(nots + "true")).find("nesting too deep"), std::string::npos);
  EXPECT_NE(error_of(score(nested("f(", "1", ")", 100000))).find("nesting too deep"),
            std::string::npos);
  EXPECT_NE(error_of(score(nested("a in [", "1", "]", 100000))).find("nesting too deep"),
            std::string::npos);
  std::string elifs = "game \"g\" { on drop { if a { }";
  for (int i = 0; i < 10000; ++i) elifs += " else if a { }";
  EXPECT_NE(error_of(elifs + " } }").find("nesting too deep"), std::string::npos);
}

TEST(GrammarLimits, LongOperatorChainsAreBounded) {
  // A flat chain builds a deep tree; its height is limited like nesting.
  auto sum = [](int terms) {
    std::string e = "1";
    for (int i = 1; i < terms; ++i) e += " + 1";
    return "game \"g\" { evaluation { score " + e + " } }";
  };
  EXPECT_EQ(error_of(sum(kMaxDepth)), "ok");
  EXPECT_NE(error_of(sum(kMaxDepth + 1)).find("nesting too deep"), std::string::npos);
  EXPECT_NE(error_of(sum(200000)).find("nesting too deep"), std::string::npos);
}

TEST(GrammarLimits, HugeFile) {
  std::string big(kMaxFileBytes + 1, ' ');
  EXPECT_EQ(error_of(big), "1:1: file too large (the limit is 1 MiB)");
  // Just under the limit, mostly comments: parses, and quickly.
  std::string line = "# " + std::string(97, 'c') + "\n";
  std::string text = "game \"g\" { board { holes 6 } }\n";
  while (text.size() + line.size() <= kMaxFileBytes) text += line;
  EXPECT_EQ(error_of(text), "ok");
}

TEST(GrammarLimits, ManyClausesAndStatements) {
  std::string body;
  for (int i = 0; i < 5000; ++i)
    body += "let x" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  EXPECT_EQ(stmts(body).size(), 5000u);
}

TEST(GrammarInput, InvalidUtf8) {
  EXPECT_EQ(error_of("game \"g\" {\n  info { name \"caf\xC3\" }\n}"), "2:19: invalid UTF-8");
  EXPECT_EQ(error_of("# \xff\n"), "1:3: invalid UTF-8");
  EXPECT_EQ(error_of("# \xC0\xAF overlong\n"), "1:3: invalid UTF-8");
  EXPECT_EQ(error_of("# \xED\xA0\x80 surrogate\n"), "1:3: invalid UTF-8");
  EXPECT_EQ(error_of("# \xF4\x90\x80\x80 too big\n"), "1:3: invalid UTF-8");
  EXPECT_EQ(error_of("# caf\xC3\xA9 \xE2\x80\x94 \xF0\x9F\x8C\xB1\ngame \"\xC3\xA9\" { }"), "ok");
}

TEST(GrammarInput, NulByte) {
  EXPECT_EQ(error_of(std::string("game \"g\" {\0}", 12)),
            "1:11: NUL byte in file (a rule file is text)");
}

TEST(GrammarInput, NonAsciiOutsideStringsIsASyntaxError) {
  EXPECT_EQ(error_of("game \"g\" { \xC3\xA9 }"),
            "1:12: expected a section, a handler or '}' to close the game, got '\xC3\xA9'");
}

TEST(GrammarInput, BinaryGarbage) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 300; ++round) {
    std::string text(static_cast<size_t>(rng() % 400), '\0');
    for (char& c : text) c = static_cast<char>(rng() % 256);
    auto p = parse_text(text);
    if (p->file) {
      EXPECT_FALSE(p->diags.has_errors());
    } else {
      EXPECT_GE(p->diags.all().size(), 1u);
      EXPECT_LE(p->diags.all().size(), kMaxSyntaxErrors);
    }
  }
}

TEST(GrammarInput, TokenSoup) {
  // Random sequences of real tokens reach deep into the grammar.
  const char* tokens[] = {
      "game",  "\"g\"",    "{",  "}",    "(",       ")",    "[",     "]",   ",",      "board",
      "holes", "6",        "on", "drop", "if",      "else", "when",  "x",   "+",      "-",
      "not",   "and",      "in", "==",   "capture", "to",   "mover", "end", "winner", "most",
      "store", "fragment", "f",  ":",    "int",     "let",  "=",     "no",  "moves",  ";"};
  std::mt19937 rng(777);
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    size_t n = rng() % 40;
    for (size_t i = 0; i < n; ++i) text += std::string(tokens[rng() % std::size(tokens)]) + " ";
    auto p = parse_text(text);
    if (!p->file) {
      ASSERT_GE(p->diags.all().size(), 1u) << text;
      ASSERT_LE(p->diags.all().size(), kMaxSyntaxErrors) << text;
      for (const Diagnostic& d : p->diags.all()) {
        EXPECT_EQ(d.message.find("pegtl"), std::string::npos) << text;
      }
    }
  }
}

// ----------------------------------------------------------------- recovery

struct Recovered {
  SourceSet sources;
  Diagnostics diags;
  ast::File file;
  uint32_t id = 0;
  // "line:col: message" of every diagnostic, in order.
  std::vector<std::string> errors() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.all()) {
      Source::LineCol lc = sources.get(id).line_col(d.range.begin);
      out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.col) + ": " + d.message);
    }
    return out;
  }
};

std::unique_ptr<Recovered> recover(std::string text) {
  auto r = std::make_unique<Recovered>();
  r->id = r->sources.add("test.mnc", std::move(text));
  r->file = parse_recovering(r->sources, r->id, r->diags);
  return r;
}

constexpr const char* kRecoverGame =
    "game \"T\" {\n"
    "  board { rows 2  holes six  stores captures }\n"
    "  setup { seeds 4 }\n"
    "  on sow_end { extra_tern }\n"
    "  on drop as d { stop }\n"
    "  end { when empty_row  winner most store }\n"
    "}\n"
    "fragment f { stop }\n";

TEST(GrammarRecovery, OneErrorPerBrokenItemAndTheRestIsKept) {
  auto r = recover(kRecoverGame);
  EXPECT_EQ(r->errors(), (std::vector<std::string>{
                             "2:25: expected a number after 'holes', got 'six'",
                             "4:16: unknown statement 'extra_tern'; did you mean 'extra_turn'?"}));
  ASSERT_TRUE(r->file.game);
  const ast::Game& g = *r->file.game;
  ASSERT_EQ(g.sections.size(), 2u);
  EXPECT_EQ(g.sections[0].name.text, "setup");
  EXPECT_EQ(g.sections[1].name.text, "end");
  ASSERT_EQ(g.handlers.size(), 1u);
  EXPECT_EQ(g.handlers[0].event.text, "drop");
  EXPECT_EQ(g.lost_sections, (std::set<std::string>{"board"}));
  ASSERT_EQ(r->file.fragments.size(), 1u);
  EXPECT_TRUE(r->file.lost.fragments.empty());
}

TEST(GrammarRecovery, ParseStillReturnsNothingAfterAnError) {
  auto p = parse_text(kRecoverGame);
  EXPECT_FALSE(p->file);
  EXPECT_EQ(p->diags.all().size(), 2u);
}

TEST(GrammarRecovery, TheFirstErrorIsTheOneParseAloneWouldGive) {
  // The first diagnostic is the same whatever follows the first error.
  for (const char* tail : {"", "\n  on drop { stop }\n}\n", "\n  board { rows x }\n}\n"}) {
    auto r = recover(std::string("game \"T\" {\n  setup { seeds }") + tail);
    ASSERT_FALSE(r->errors().empty());
    EXPECT_EQ(r->errors()[0], "2:17: expected a number after 'seeds', got '}'");
  }
}

TEST(GrammarRecovery, AMissingBraceResumesAtTheNextSectionLine) {
  auto r = recover(
      "game \"T\" {\n"
      "  on sow_end { if true { stop }\n"
      "  board { rows 2 }\n"
      "  setup { seeds 4 }\n"
      "}\n");
  EXPECT_EQ(r->errors(), (std::vector<std::string>{
                             "3:3: expected a statement or '}' to close the block, got 'board'"}));
  ASSERT_TRUE(r->file.game);
  EXPECT_EQ(r->file.game->sections.size(), 2u);
  EXPECT_TRUE(r->file.game->lost_sections.empty());
}

TEST(GrammarRecovery, ItemsOnOneLineResumeAfterTheBrokenOne) {
  auto r = recover("game \"T\" { board { rows x } setup { seeds 4 } end { wnner most store } }");
  EXPECT_EQ(r->errors().size(), 2u);
  ASSERT_TRUE(r->file.game);
  ASSERT_EQ(r->file.game->sections.size(), 1u);
  EXPECT_EQ(r->file.game->sections[0].name.text, "setup");
  EXPECT_EQ(r->file.game->lost_sections, (std::set<std::string>{"board", "end"}));
}

TEST(GrammarRecovery, RecordsWhatWasLeftOut) {
  // An unknown section with a near name counts as that section; without one, as any section.
  EXPECT_EQ(recover("game \"T\" {\n  borad { rows 2 }\n}\n")->file.game->lost_sections,
            (std::set<std::string>{"board"}));
  EXPECT_EQ(recover("game \"T\" {\n  layout { rows 2 }\n}\n")->file.game->lost_sections,
            (std::set<std::string>{"*"}));
  auto frag = recover("fragment take(n: itn) { leave n }\nfragment give { stop }\n");
  EXPECT_EQ(frag->file.lost.fragments, (std::set<std::string>{"take"}));
  EXPECT_EQ(frag->file.fragments.size(), 1u);
  auto imp = recover("import captures\nfragment give { stop }\n");
  EXPECT_EQ(imp->file.lost.fragments, (std::set<std::string>{"*"}));
  EXPECT_TRUE(imp->file.lost.game);
  auto game = recover("game Base {\n  board { rows 2 }\n}\nfragment give { stop }\n");
  EXPECT_FALSE(game->file.game);
  EXPECT_TRUE(game->file.lost.game);
  EXPECT_EQ(game->file.fragments.size(), 1u);
}

TEST(GrammarRecovery, AnUnclosedGameEndsAtTheNextDeclaration) {
  auto r = recover("game \"T\" {\n  setup { seeds 4 }\n\nfragment f { stop }\n");
  EXPECT_EQ(r->errors().size(), 1u);
  ASSERT_TRUE(r->file.game);
  EXPECT_EQ(r->file.game->sections.size(), 1u);
  EXPECT_EQ(r->file.fragments.size(), 1u);
}

TEST(GrammarRecovery, StopsAfterTheCap) {
  std::string text = "game \"T\" {\n";
  for (int i = 0; i < 50; ++i) text += "  on drop { stpo }\n";
  auto r = recover(text + "}\n");
  ASSERT_EQ(r->diags.all().size(), kMaxSyntaxErrors);
  ASSERT_EQ(r->diags.all().back().notes.size(), 1u);
  EXPECT_EQ(r->diags.all().back().notes[0].message,
            "too many syntax errors; the rest of the file is not read");
  EXPECT_EQ(r->file.game->lost_sections, (std::set<std::string>{"*"}));
}

TEST(GrammarRecovery, HostileInputEndsWithinTheCap) {
  // Braces, strings and comments that never close, keywords in odd places.
  const char* tokens[] = {"game",   "\"g\"", "{", "}",  "board", "setup", "on",  "drop", "fragment",
                          "import", "\"",    "#", "\n", "x",     "(",     "end", "=",    ";"};
  std::mt19937 rng(4242);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    size_t n = rng() % 80;
    for (size_t i = 0; i < n; ++i) text += std::string(tokens[rng() % std::size(tokens)]) + " ";
    auto r = recover(text);
    EXPECT_LE(r->diags.all().size(), kMaxSyntaxErrors) << text;
  }
}

// ------------------------------------------------------------------ grammar

TEST(GrammarRules, AnalyzeFindsNoLoopsWithoutProgress) {
  // The top-level rules that parse.cpp runs one item at a time.
  EXPECT_EQ(tao::pegtl::analyze<grammar::Sep>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<grammar::ImportDecl>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<grammar::FragmentDecl>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<grammar::GameHead>(1), 0u);
  EXPECT_EQ(tao::pegtl::analyze<grammar::GameItem>(1), 0u);
}

TEST(GrammarExamples, EveryGameAndStdlibFileParses) {
  namespace fs = std::filesystem;
  size_t seen = 0;
  for (const char* dir : {"games", "stdlib"}) {
    fs::path root = fs::path(MANCALA_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(root)) {
      if (entry.path().extension() == ".mnc") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& path : files) {
      std::ifstream in(path, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      auto p = std::make_unique<Parsed>();
      p->id = p->sources.add(path.string(), text.str());
      p->file = parse(p->sources, p->id, p->diags);
      EXPECT_TRUE(p->file.has_value()) << render_text(p->diags, p->sources);
      ++seen;
    }
  }
  std::cout << "[ parsed " << seen << " example files ]\n";
}

// --------------------------------------------------------------------- dump

TEST(GrammarDump, StableIndentedText) {
  auto p = parse_text(
      "import \"captures\"\n"
      "fragment f(n: int) { if n > 0 { capture here to mover } else { stop } }\n"
      "game \"G\" extends \"B\" {\n"
      "  board { holes 6 stores none }\n"
      "  end { when no moves as \"stuck\" draw { capture board to owners } }\n"
      "  on drop as d when -count(here) in [1, 2] { use f(1) let x = not true }\n"
      "}\n");
  ASSERT_TRUE(p->file);
  const char* expected =
      "File \"test.mnc\"\n"
      "  Import \"captures\" @1:1-1:18\n"
      "  Fragment f @2:1-2:72\n"
      "    Param n: int @2:12-2:18\n"
      "    body\n"
      "      If @2:22-2:70\n"
      "        cond: Binary Gt @2:25-2:30\n"
      "          Name n @2:25-2:26\n"
      "          Int 0 @2:29-2:30\n"
      "        body\n"
      "          Capture @2:33-2:54\n"
      "            target: Name here @2:41-2:45\n"
      "            dest: Name mover @2:49-2:54\n"
      "        else\n"
      "          Stop @2:64-2:68\n"
      "  Game \"G\" extends \"B\" @3:1-7:2\n"
      "    Section board @4:3-4:32\n"
      "      Clause holes @4:11-4:18\n"
      "        value: Int 6 @4:17-4:18\n"
      "      Clause stores \"none\" @4:19-4:30\n"
      "    Section end @5:3-5:68\n"
      "      Clause when as \"stuck\" draw @5:9-5:66\n"
      "        value: NoMoves @5:14-5:22\n"
      "        body\n"
      "          Capture board owners @5:41-5:64\n"
      "    Handler drop as d @6:3-6:73\n"
      "      when: In @6:21-6:43\n"
      "        Unary Neg @6:21-6:33\n"
      "          Call count @6:22-6:33\n"
      "            Name here @6:28-6:32\n"
      "        Int 1 @6:38-6:39\n"
      "        Int 2 @6:41-6:42\n"
      "      body\n"
      "        Use f @6:46-6:54\n"
      "          arg: Int 1 @6:52-6:53\n"
      "        Let x @6:55-6:71\n"
      "          value: Unary Not @6:63-6:71\n"
      "            Bool true @6:67-6:71\n";
  EXPECT_EQ(ast::dump(*p->file, p->sources), expected);
  EXPECT_EQ(ast::dump(*p->file, p->sources), ast::dump(*p->file, p->sources));
}

TEST(GrammarSuggest, ClosestWithinAThird) {
  std::vector<std::string> c = {"rows", "holes", "stores"};
  EXPECT_EQ(suggest("hole", c), "holes");
  EXPECT_EQ(suggest("row", c), "rows");
  EXPECT_EQ(suggest("stoers", c), "stores");   // one transposition
  EXPECT_EQ(suggest("stoerss", c), "stores");  // a transposition and a letter more
  EXPECT_EQ(suggest("stroes", c), "stores");   // one swap: r and o
  EXPECT_EQ(suggest("xyz", c), "");
  EXPECT_EQ(suggest("seeds", c), "");
  EXPECT_EQ(suggest("a", {"b"}), "b");  // at least one edit is always allowed
  EXPECT_EQ(suggest("ab", {}), "");
  EXPECT_EQ(suggest("holes", c), "holes");
}

// Swapped neighbours are the commonest typo; they count as one edit, so a
// short word with one swap still gets its suggestion.
TEST(GrammarSuggest, ASwapOfNeighboursIsOneEdit) {
  std::vector<std::string> c = {"here", "hole", "last"};
  EXPECT_EQ(suggest("heer", c), "here");
  EXPECT_EQ(suggest("lsat", c), "last");
  EXPECT_EQ(suggest("ohle", c), "hole");
  EXPECT_EQ(suggest("ehre", c), "here");
  EXPECT_EQ(suggest("rehe", c), "");  // not neighbours: two edits in four letters
}

}  // namespace
}  // namespace mancala
