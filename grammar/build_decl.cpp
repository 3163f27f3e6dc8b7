// The AST builders for statements, clauses, sections and declarations
// (see build_internal.hpp; expressions are in build.cpp).
//
// Clauses are built generically: the keyword is the first Word, every later
// Word is a fixed word as written (`from own holes where E` has the words
// own, holes, where), numbers and expressions go to `values`, and the
// optional `as "label"`, `draw` flag and block fill the other fields. Info
// clauses follow the same rule: `source "text"` has the keyword `source`
// and one word, the text without quotes.
#include <utility>

#include "build_internal.hpp"

namespace mancala::grammar {
namespace {

template <class T>
T take(Item& item) {
  return std::move(std::get<T>(item));
}

std::optional<ast::Expr> expr_or_none(Item& item) {
  if (auto* e = std::get_if<ExprItem>(&item)) return std::move(e->expr);
  return std::nullopt;
}

void build_if(ast::Stmt& s, std::vector<Item>& kids) {
  s.cond = take<ExprItem>(kids[0]).expr;
  s.body = take<BlockItem>(kids[1]).stmts;
  if (kids.size() < 3) return;
  s.has_else = true;
  if (auto* block = std::get_if<BlockItem>(&kids[2])) {
    s.else_body = std::move(block->stmts);
  } else {
    s.else_body.push_back(take<ast::Stmt>(kids[2]));
  }
}

void build_use(ast::Stmt& s, std::vector<Item>& kids) {
  ast::Word name = take<ast::Word>(kids[0]);
  s.name = std::move(name.text);
  s.name_range = name.range;
  for (size_t i = 1; i < kids.size(); ++i) {
    if (auto* e = std::get_if<ExprItem>(&kids[i])) s.args.push_back(std::move(e->expr));
  }
}

void build_named_value(ast::Stmt& s, std::vector<Item>& kids) {
  ast::Word name = take<ast::Word>(kids[0]);
  s.name = std::move(name.text);
  s.name_range = name.range;
  s.value = take<ExprItem>(kids[1]).expr;
}

void build_chain(ast::Stmt& s, std::vector<Item>& kids) {
  s.forward = take<ast::Word>(kids[0]).text == "forward";
  s.target = take<ExprItem>(kids[1]).expr;
  s.cond = take<ExprItem>(kids[2]).expr;
  s.body = take<BlockItem>(kids[3]).stmts;
}

// for NAME in holes [of P] [where F] BLOCK: dest is P, cond F (`true`
// when not written).
void build_for(ast::Stmt& s, std::vector<Item>& kids) {
  ast::Word name = take<ast::Word>(kids[0]);
  s.name = std::move(name.text);
  s.name_range = name.range;
  for (size_t i = 1; i + 1 < kids.size(); i += 2) {
    std::string which = take<ast::Word>(kids[i]).text;
    (which == "of" ? s.dest : s.cond) = take<ExprItem>(kids[i + 1]).expr;
  }
  if (!s.cond) {
    ast::Expr always;
    always.kind = ast::ExprKind::Bool;
    always.range = s.name_range;
    always.value = 1;
    s.cond = std::move(always);
  }
  s.body = take<BlockItem>(kids.back()).stmts;
}

}  // namespace

void build_stmt(State& st, Range r, ast::StmtKind kind) {
  std::vector<Item> kids = st.take_children();
  ast::Stmt s;
  s.kind = kind;
  s.range = r;
  switch (kind) {
    case ast::StmtKind::Capture:
      if (kids.size() == 3) s.value = take<ExprItem>(kids[0]).expr;  // N from H
      s.target = expr_or_none(kids[kids.size() - 2]);
      s.dest = expr_or_none(kids.back());
      break;
    case ast::StmtKind::Remove:
      if (kids.size() == 2) s.value = take<ExprItem>(kids[0]).expr;  // N from H
      s.target = take<ExprItem>(kids.back()).expr;
      break;
    case ast::StmtKind::Relay:  // [the word `into`] the hole [ccw|cw]
      if (std::holds_alternative<ast::Word>(kids.back())) {
        s.way = take<ast::Word>(kids.back());
        kids.pop_back();
      }
      s.into = kids.size() == 2;
      s.target = take<ExprItem>(kids.back()).expr;
      break;
    case ast::StmtKind::Lift:
      if (kids.size() == 2) s.value = take<ExprItem>(kids[0]).expr;  // N from H
      s.target = take<ExprItem>(kids.back()).expr;
      break;
    case ast::StmtKind::Leave:
      s.value = take<ExprItem>(kids[0]).expr;
      break;
    case ast::StmtKind::Let:
    case ast::StmtKind::Assign:
      build_named_value(s, kids);
      break;
    case ast::StmtKind::If:
      build_if(s, kids);
      break;
    case ast::StmtKind::While:
      s.cond = take<ExprItem>(kids[0]).expr;
      s.body = take<BlockItem>(kids[1]).stmts;
      break;
    case ast::StmtKind::Chain:
      build_chain(s, kids);
      break;
    case ast::StmtKind::Use:
      build_use(s, kids);
      break;
    case ast::StmtKind::For:
      build_for(s, kids);
      break;
    case ast::StmtKind::Mark:
    case ast::StmtKind::Unmark: {
      s.target = take<ExprItem>(kids[0]).expr;
      ast::Word name = take<ast::Word>(kids[1]);
      s.name = std::move(name.text);
      s.name_range = name.range;
      if (kids.size() > 2) s.dest = take<ExprItem>(kids[2]).expr;
      break;
    }
    default:  // ExtraTurn, Stop, Cancel, Draw: the keyword alone
      break;
  }
  st.stack.emplace_back(std::move(s));
}

void build_block(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  BlockItem block{r, {}};
  block.stmts.reserve(kids.size());
  for (Item& kid : kids) block.stmts.push_back(take<ast::Stmt>(kid));
  st.stack.emplace_back(std::move(block));
}

void build_clause(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Clause c;
  c.range = r;
  c.keyword = take<ast::Word>(kids[0]);
  for (size_t i = 1; i < kids.size(); ++i) {
    Item& kid = kids[i];
    if (auto* w = std::get_if<ast::Word>(&kid)) {
      c.words.push_back(std::move(*w));
    } else if (auto* e = std::get_if<ExprItem>(&kid)) {
      c.values.push_back(std::move(e->expr));
    } else if (auto* l = std::get_if<LabelItem>(&kid)) {
      c.label = std::move(l->word);
    } else if (std::holds_alternative<DrawFlagItem>(kid)) {
      c.draw = true;
    } else if (auto* b = std::get_if<BlockItem>(&kid)) {
      c.body = std::move(b->stmts);
    }
  }
  st.stack.emplace_back(std::move(c));
}

void build_section(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Section s;
  s.range = r;
  s.name = take<ast::Word>(kids[0]);
  for (size_t i = 1; i < kids.size(); ++i) s.clauses.push_back(take<ast::Clause>(kids[i]));
  st.stack.emplace_back(std::move(s));
}

void build_handler(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Handler h;
  h.range = r;
  h.event = take<ast::Word>(kids[0]);
  for (size_t i = 1; i < kids.size(); ++i) {
    Item& kid = kids[i];
    if (auto* l = std::get_if<LabelItem>(&kid)) {
      h.name = std::move(l->word);
    } else if (auto* e = std::get_if<ExprItem>(&kid)) {
      h.when = std::move(e->expr);
    } else {
      h.body = take<BlockItem>(kid).stmts;
    }
  }
  st.stack.emplace_back(std::move(h));
}

void build_param(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Param p{take<ast::Word>(kids[0]), take<ast::Word>(kids[1])};
  st.stack.emplace_back(std::move(p));
}

void build_fragment(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Fragment f;
  f.range = r;
  f.name = take<ast::Word>(kids[0]);
  for (size_t i = 1; i + 1 < kids.size(); ++i) f.params.push_back(take<ast::Param>(kids[i]));
  if (auto* value = std::get_if<ExprItem>(&kids.back())) {
    f.value = std::move(value->expr);
  } else {
    f.body = take<BlockItem>(kids.back()).stmts;
  }
  st.stack.emplace_back(std::move(f));
}

void build_import(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  st.stack.emplace_back(ast::Import{r, take<ast::Word>(kids[0])});
}

void build_game(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Game g;
  g.range = r;
  g.name = take<ast::Word>(kids[0]);
  for (size_t i = 1; i < kids.size(); ++i) {
    Item& kid = kids[i];
    if (auto* l = std::get_if<LabelItem>(&kid)) {
      g.extends = std::move(l->word);
    } else if (auto* s = std::get_if<ast::Section>(&kid)) {
      g.sections.push_back(std::move(*s));
    } else {
      g.handlers.push_back(take<ast::Handler>(kid));
    }
  }
  st.stack.emplace_back(std::move(g));
}

void build_file(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  for (Item& kid : kids) {
    if (auto* i = std::get_if<ast::Import>(&kid)) {
      st.result.imports.push_back(std::move(*i));
    } else if (auto* f = std::get_if<ast::Fragment>(&kid)) {
      st.result.fragments.push_back(std::move(*f));
    } else {
      st.result.game = take<ast::Game>(kid);
    }
  }
}

}  // namespace mancala::grammar
