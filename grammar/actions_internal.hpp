// The PEGTL actions of the .mnc grammar. INTERNAL to grammar/ (parse.cpp).
//
// Actions are kept apart from the rules (grammar_rules.hpp) and only connect a rule
// to a builder function (build_internal.hpp): leaf rules push a value, node
// rules build one. Every NodeTag rule must have a node action -- the control
// checks that at compile time -- or the values its children pushed would be
// left on the stack.
#pragma once

#include <tao/pegtl.hpp>

#include "build_internal.hpp"
#include "grammar_rules.hpp"

namespace mancala::grammar {

// Base of the actions of NodeTag rules.
struct NodeAction {};

template <class Rule>
struct Action : pg::nothing<Rule> {};

template <void (*Fn)(State&, Range)>
struct Leaf {
  template <class In>
  static void apply(const In& in, State& st) {
    Fn(st, st.range(in.begin(), in.end()));
  }
};

template <void (*Fn)(State&, Range)>
struct Node : NodeAction {
  template <class In>
  static void apply(const In& in, State& st) {
    Fn(st, st.range(in.begin(), in.end()));
  }
};

template <ast::StmtKind Kind>
struct StmtNode : NodeAction {
  template <class In>
  static void apply(const In& in, State& st) {
    build_stmt(st, st.range(in.begin(), in.end()), Kind);
  }
};

inline void push_plain_string(State& st, Range r) {
  push_string(st, r, false);
}
inline void push_label_string(State& st, Range r) {
  push_string(st, r, true);
}
inline void push_true(State& st, Range r) {
  push_bool(st, r, true);
}
inline void push_false(State& st, Range r) {
  push_bool(st, r, false);
}
inline void push_neg(State& st, Range r) {
  push_unary_op(st, r, ast::Op::Neg);
}
inline void push_not(State& st, Range r) {
  push_unary_op(st, r, ast::Op::Not);
}

#define MNC_ACTION(Rule, Base) \
  template <>                  \
  struct Action<Rule> : Base {};

// Leaves.
template <class Kw>
struct Action<Word<Kw>> : Leaf<push_word> {};
template <class Kw>
struct Action<NumberAfter<Kw>> : Leaf<push_int> {};
MNC_ACTION(ExprName, Leaf<push_name>)
MNC_ACTION(QuantName, Leaf<push_name>)
MNC_ACTION(AskName, Leaf<push_name>)
MNC_ACTION(LetName, Leaf<push_name>)
MNC_ACTION(AssignName, Leaf<push_name>)
MNC_ACTION(UseName, Leaf<push_name>)
MNC_ACTION(MarkName, Leaf<push_name>)
MNC_ACTION(MarkDecl, Leaf<push_name>)
MNC_ACTION(CounterDecl, Leaf<push_name>)
MNC_ACTION(RefillMark, Leaf<push_name>)
MNC_ACTION(ParamName, Leaf<push_name>)
MNC_ACTION(FragmentName, Leaf<push_name>)
MNC_ACTION(EventName, Leaf<push_name>)
MNC_ACTION(InfoKey, Leaf<push_name>)
MNC_ACTION(HandlerName, Leaf<push_label_name>)
MNC_ACTION(ImportPath, Leaf<push_plain_string>)
MNC_ACTION(GameName, Leaf<push_plain_string>)
MNC_ACTION(InfoText, Leaf<push_plain_string>)
MNC_ACTION(ExtendsName, Leaf<push_label_string>)
MNC_ACTION(LabelString, Leaf<push_label_string>)
MNC_ACTION(IntLit, Leaf<push_int>)
MNC_ACTION(TrueLit, Leaf<push_true>)
MNC_ACTION(FalseLit, Leaf<push_false>)
MNC_ACTION(NoMoves, Leaf<push_no_moves>)
MNC_ACTION(MulOp, Leaf<push_op>)
MNC_ACTION(AddOp, Leaf<push_op>)
MNC_ACTION(CmpOp, Leaf<push_op>)
MNC_ACTION(AndOp, Leaf<push_op>)
MNC_ACTION(OrOp, Leaf<push_op>)
MNC_ACTION(NegOp, Leaf<push_neg>)
MNC_ACTION(NotOp, Leaf<push_not>)
MNC_ACTION(DrawFlag, Leaf<push_draw_flag>)
MNC_ACTION(CallOpen, Leaf<push_call_marker>)
MNC_ACTION(InKw, Leaf<push_in_marker>)
MNC_ACTION(GameKw, Leaf<count_game>)

// Expressions.
MNC_ACTION(OrExpr, Node<build_binary>)
MNC_ACTION(AndExpr, Node<build_binary>)
MNC_ACTION(CmpExpr, Node<build_binary>)
MNC_ACTION(AddExpr, Node<build_binary>)
MNC_ACTION(MulExpr, Node<build_binary>)
MNC_ACTION(Negation, Node<build_unary>)
MNC_ACTION(Negated, Node<build_unary>)
MNC_ACTION(Paren, Node<build_paren>)
MNC_ACTION(NameOrCall, Node<build_name_or_call>)
MNC_ACTION(Quantifier, Node<build_quantifier>)
MNC_ACTION(Ask, Node<build_ask>)
MNC_ACTION(QuantOf, Leaf<push_word>)
MNC_ACTION(QuantWhere, Leaf<push_word>)

// Statements.
MNC_ACTION(CaptureStmt, StmtNode<ast::StmtKind::Capture>)
MNC_ACTION(RemoveStmt, StmtNode<ast::StmtKind::Remove>)
MNC_ACTION(ExtraTurnStmt, StmtNode<ast::StmtKind::ExtraTurn>)
MNC_ACTION(StopStmt, StmtNode<ast::StmtKind::Stop>)
MNC_ACTION(CancelStmt, StmtNode<ast::StmtKind::Cancel>)
MNC_ACTION(DrawStmt, StmtNode<ast::StmtKind::Draw>)
MNC_ACTION(RelayStmt, StmtNode<ast::StmtKind::Relay>)
MNC_ACTION(LiftStmt, StmtNode<ast::StmtKind::Lift>)
MNC_ACTION(LeaveStmt, StmtNode<ast::StmtKind::Leave>)
MNC_ACTION(MarkStmt, StmtNode<ast::StmtKind::Mark>)
MNC_ACTION(UnmarkStmt, StmtNode<ast::StmtKind::Unmark>)
MNC_ACTION(LetStmt, StmtNode<ast::StmtKind::Let>)
MNC_ACTION(AssignStmt, StmtNode<ast::StmtKind::Assign>)
MNC_ACTION(IfStmt, StmtNode<ast::StmtKind::If>)
MNC_ACTION(WhileStmt, StmtNode<ast::StmtKind::While>)
MNC_ACTION(ChainStmt, StmtNode<ast::StmtKind::Chain>)
MNC_ACTION(ForStmt, StmtNode<ast::StmtKind::For>)
MNC_ACTION(ForName, Leaf<push_name>)
MNC_ACTION(UseStmt, StmtNode<ast::StmtKind::Use>)
MNC_ACTION(Block, Node<build_block>)

// Clauses, sections, declarations.
MNC_ACTION(RowsClause, Node<build_clause>)
MNC_ACTION(HolesClause, Node<build_clause>)
MNC_ACTION(StoresClause, Node<build_clause>)
MNC_ACTION(MarksClause, Node<build_clause>)
MNC_ACTION(CountersClause, Node<build_clause>)
MNC_ACTION(SeedsClause, Node<build_clause>)
MNC_ACTION(RowClause, Node<build_clause>)
MNC_ACTION(StoreSeedsClause, Node<build_clause>)
MNC_ACTION(ScatterClause, Node<build_clause>)
MNC_ACTION(FromClause, Node<build_clause>)
MNC_ACTION(FirstClause, Node<build_clause>)
MNC_ACTION(MustClause, Node<build_clause>)
MNC_ACTION(ForbidClause, Node<build_clause>)
MNC_ACTION(PreferClause, Node<build_clause>)
MNC_ACTION(PassClause, Node<build_clause>)
MNC_ACTION(DirectionClause, Node<build_clause>)
MNC_ACTION(RelayClause, Node<build_clause>)
MNC_ACTION(SkipClause, Node<build_clause>)
MNC_ACTION(LapsClause, Node<build_clause>)
MNC_ACTION(EndlessClause, Node<build_clause>)
MNC_ACTION(WhenClause, Node<build_clause>)
MNC_ACTION(StalemateClause, Node<build_clause>)
MNC_ACTION(RepetitionClause, Node<build_clause>)
MNC_ACTION(WinnerClause, Node<build_clause>)
MNC_ACTION(RefillClause, Node<build_clause>)
MNC_ACTION(StarterClause, Node<build_clause>)
MNC_ACTION(EndsClause, Node<build_clause>)
MNC_ACTION(MaxClause, Node<build_clause>)
MNC_ACTION(ScoreClause, Node<build_clause>)
MNC_ACTION(InfoClause, Node<build_clause>)
template <class Tag>
struct Action<Section<Tag>> : Node<build_section> {};
MNC_ACTION(HandlerDecl, Node<build_handler>)
MNC_ACTION(Param, Node<build_param>)
MNC_ACTION(FragmentDecl, Node<build_fragment>)
MNC_ACTION(ImportDecl, Node<build_import>)

#undef MNC_ACTION

}  // namespace mancala::grammar
