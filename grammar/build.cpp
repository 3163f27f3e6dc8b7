// The AST builders called by the parse actions (see build_internal.hpp).
//
// Each builder receives, in source order, the Items its rule's sub-rules
// pushed and turns them into one node. The grammar already guarantees the
// shape of that list (e.g. an `if` always has a condition and a block), so
// the builders only sort Items by their type; they never report syntax.
// The only errors raised here are the ones a grammar cannot express well:
// literal limits, expression height, and a second game.
#include <algorithm>
#include <charconv>
#include <utility>

#include "build_internal.hpp"
#include "parse.hpp"

namespace mancala::grammar {
namespace {

template <class T>
T take(Item& item) {
  return std::move(std::get<T>(item));
}

std::string_view slice(const State& st, Range r) {
  return st.text.substr(r.begin, r.end - r.begin);
}

void check_depth(int depth, Range r) {
  if (depth > kMaxDepth) {
    throw SyntaxError{r, "nesting too deep (the limit is " + std::to_string(kMaxDepth) + ")"};
  }
}

ExprItem make_expr(ast::ExprKind kind, Range r) {
  ExprItem item;
  item.expr.kind = kind;
  item.expr.range = r;
  return item;
}

ast::Op binary_op(std::string_view s) {
  static constexpr std::pair<std::string_view, ast::Op> kOps[] = {
      {"+", ast::Op::Add}, {"-", ast::Op::Sub}, {"*", ast::Op::Mul}, {"/", ast::Op::Div},
      {"%", ast::Op::Mod}, {"==", ast::Op::Eq}, {"!=", ast::Op::Ne}, {"<", ast::Op::Lt},
      {"<=", ast::Op::Le}, {">", ast::Op::Gt},  {">=", ast::Op::Ge}, {"and", ast::Op::And},
      {"or", ast::Op::Or}};
  for (const auto& [text, op] : kOps) {
    if (text == s) return op;
  }
  return ast::Op::None;
}

}  // namespace

std::vector<Item> State::take_children() {
  size_t start = frames.back();
  std::vector<Item> out(std::make_move_iterator(stack.begin() + static_cast<ptrdiff_t>(start)),
                        std::make_move_iterator(stack.end()));
  stack.erase(stack.begin() + static_cast<ptrdiff_t>(start), stack.end());
  return out;
}

// ------------------------------------------------------------------ leaves

void push_word(State& st, Range r) {
  st.stack.emplace_back(ast::Word{std::string(slice(st, r)), r});
}

void push_name(State& st, Range r) {
  if (r.end - r.begin > kMaxIdentifier) {
    throw SyntaxError{
        r, "identifier too long (the limit is " + std::to_string(kMaxIdentifier) + " characters)"};
  }
  push_word(st, r);
}

void push_label_name(State& st, Range r) {
  push_name(st, r);
  st.stack.back() = LabelItem{take<ast::Word>(st.stack.back())};
}

void push_string(State& st, Range r, bool as_label) {
  std::string_view raw = slice(st, r);
  raw = raw.substr(1, raw.size() - 2);  // the grammar guarantees both quotes
  std::string text;
  text.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\') ++i;  // the grammar allows only \" and \\ here
    text.push_back(raw[i]);
  }
  if (text.size() > kMaxString) {
    throw SyntaxError{r, "string too long (the limit is " + std::to_string(kMaxString) + " bytes)"};
  }
  ast::Word word{std::move(text), r};
  if (as_label) {
    st.stack.emplace_back(LabelItem{std::move(word)});
  } else {
    st.stack.emplace_back(std::move(word));
  }
}

void push_int(State& st, Range r) {
  std::string_view digits = slice(st, r);
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || value > kMaxIntLiteral) {
    throw SyntaxError{r, "number too large (the limit is " + std::to_string(kMaxIntLiteral) + ")"};
  }
  ExprItem item = make_expr(ast::ExprKind::Int, r);
  item.expr.value = value;
  st.stack.emplace_back(std::move(item));
}

void push_bool(State& st, Range r, bool value) {
  ExprItem item = make_expr(ast::ExprKind::Bool, r);
  item.expr.value = value ? 1 : 0;
  st.stack.emplace_back(std::move(item));
}

void push_no_moves(State& st, Range r) {
  st.stack.emplace_back(make_expr(ast::ExprKind::NoMoves, r));
}

void push_op(State& st, Range r) {
  // A chain of n operators makes a tree of height n + 1: refuse it as soon as
  // it is too long rather than after reading all of it.
  size_t operators = (st.stack.size() - st.frames.back()) / 2 + 1;
  check_depth(static_cast<int>(std::min<size_t>(operators, kMaxDepth + 1)) + 1, r);
  st.stack.emplace_back(OpItem{binary_op(slice(st, r)), r});
}

void push_unary_op(State& st, Range r, ast::Op op) {
  st.stack.emplace_back(OpItem{op, r});
}

void push_draw_flag(State& st, Range r) {
  st.stack.emplace_back(DrawFlagItem{r});
}

void push_call_marker(State& st, Range r) {
  st.stack.emplace_back(CallMarker{r});
}

void push_in_marker(State& st, Range r) {
  st.stack.emplace_back(InMarker{r});
}

void count_game(State& st, Range r) {
  if (++st.games > 1) throw SyntaxError{r, "a file defines at most one game"};
}

// ------------------------------------------------------------- expressions

void build_binary(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  if (kids.size() == 1) {
    st.stack.push_back(std::move(kids[0]));
    return;
  }
  if (std::holds_alternative<InMarker>(kids[1])) {
    ExprItem in = make_expr(ast::ExprKind::In, r);
    int height = 0;
    for (size_t i = 0; i < kids.size(); ++i) {
      if (i == 1) continue;
      ExprItem arg = take<ExprItem>(kids[i]);
      height = std::max(height, arg.depth);
      in.expr.args.push_back(std::move(arg.expr));
    }
    in.depth = height + 1;
    check_depth(in.depth, r);
    st.stack.emplace_back(std::move(in));
    return;
  }
  ExprItem acc = take<ExprItem>(kids[0]);
  for (size_t i = 1; i + 1 < kids.size(); i += 2) {
    OpItem op = take<OpItem>(kids[i]);
    ExprItem rhs = take<ExprItem>(kids[i + 1]);
    ExprItem node =
        make_expr(ast::ExprKind::Binary, {r.file, acc.expr.range.begin, rhs.expr.range.end});
    node.expr.op = op.op;
    node.depth = std::max(acc.depth, rhs.depth) + 1;
    check_depth(node.depth, op.range);
    node.expr.args.push_back(std::move(acc.expr));
    node.expr.args.push_back(std::move(rhs.expr));
    acc = std::move(node);
  }
  st.stack.emplace_back(std::move(acc));
}

void build_unary(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  OpItem op = take<OpItem>(kids[0]);
  ExprItem operand = take<ExprItem>(kids[1]);
  ExprItem node = make_expr(ast::ExprKind::Unary, r);
  node.expr.op = op.op;
  node.depth = operand.depth + 1;
  check_depth(node.depth, op.range);
  node.expr.args.push_back(std::move(operand.expr));
  st.stack.emplace_back(std::move(node));
}

void build_paren(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ExprItem inner = take<ExprItem>(kids[0]);
  inner.expr.range = r;  // the expression as written, parentheses included
  st.stack.emplace_back(std::move(inner));
}

void build_name_or_call(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Word name = take<ast::Word>(kids[0]);
  bool call = kids.size() > 1;
  ExprItem node = make_expr(call ? ast::ExprKind::Call : ast::ExprKind::Name, r);
  node.expr.name = std::move(name.text);
  node.expr.name_range = name.range;
  int height = 0;
  for (size_t i = 2; i < kids.size(); ++i) {
    ExprItem arg = take<ExprItem>(kids[i]);
    height = std::max(height, arg.depth);
    node.expr.args.push_back(std::move(arg.expr));
  }
  node.depth = height + 1;
  check_depth(node.depth, r);
  st.stack.emplace_back(std::move(node));
}

// ask name: the question's label is the node's name.
void build_ask(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  ast::Word name = take<ast::Word>(kids[0]);
  ExprItem node = make_expr(ast::ExprKind::Ask, r);
  node.expr.name = std::move(name.text);
  node.expr.name_range = name.range;
  st.stack.emplace_back(std::move(node));
}

// all|any|tally|sum ( name in holes [of player] [where filter] : body ):
// args are the body, the filter (the literal `true` when not written) and
// the player when the set is one row.
void build_quantifier(State& st, Range r) {
  std::vector<Item> kids = st.take_children();
  std::string word = take<ast::Word>(kids[0]).text;
  ast::Word name = take<ast::Word>(kids[1]);
  ExprItem node = make_expr(ast::ExprKind::Quantifier, r);
  node.expr.quant = word == "all"     ? ast::Quant::All
                    : word == "any"   ? ast::Quant::Any
                    : word == "tally" ? ast::Quant::Tally
                                      : ast::Quant::Sum;
  node.expr.name = std::move(name.text);
  node.expr.name_range = name.range;
  std::optional<ExprItem> player, filter;
  for (size_t i = 2; i + 1 < kids.size(); i += 2) {
    std::string which = take<ast::Word>(kids[i]).text;
    (which == "of" ? player : filter) = take<ExprItem>(kids[i + 1]);
  }
  ExprItem body = take<ExprItem>(kids.back());
  if (!filter) {
    filter = make_expr(ast::ExprKind::Bool, name.range);
    filter->expr.value = 1;
  }
  node.depth = std::max({body.depth, filter->depth, player ? player->depth : 0}) + 1;
  node.expr.args.push_back(std::move(body.expr));
  node.expr.args.push_back(std::move(filter->expr));
  if (player) node.expr.args.push_back(std::move(player->expr));
  check_depth(node.depth, r);
  st.stack.emplace_back(std::move(node));
}

}  // namespace mancala::grammar
