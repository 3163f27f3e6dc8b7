// Private interface between compile.cpp (tables, top level) and
// code.cpp (the bytecode generator).
//
// The generator is one class because expression and statement compilation
// share the local-variable scopes, the stack-depth accounting and the
// peephole state; the top level only asks it for entry points.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ast.hpp"
#include "checked.hpp"
#include "rules.hpp"

namespace mancala {

class CodeGen {
 public:
  explicit CodeGen(Rules& rules) : rules_(rules) {}

  // Code that leaves the value of `e` on the stack, then Ret.
  CodeRef expression(const ast::Expr& e);
  // Code for a handler or a block: [if !when goto end] body; Ret.
  CodeRef block(const std::vector<ast::Stmt>& body, const ast::Expr* when = nullptr);
  // One code region running the handlers of one event in file order (one
  // VM entry per event, not per handler); out gets each handler's name and
  // first instruction, for the dump.
  CodeRef event(const std::vector<HandlerSpec>& handlers, std::vector<HandlerCode>& out);
  // Largest locals + stack need of anything generated so far.
  int frame_size() const { return max_locals_ + max_stack_ + 1; }
  bool uses_no_moves() const { return uses_no_moves_; }
  bool uses_relay_from() const { return uses_relay_from_; }
  // `lift H` or `relay into H`: laps that sow seeds taken into the hand.
  bool uses_hand() const { return uses_hand_; }
  bool uses_relay_way() const { return uses_relay_way_; }
  bool uses_sown() const { return uses_sown_; }
  bool uses_lap_start() const { return uses_lap_start_; }
  bool uses_draw() const { return uses_draw_; }

 private:
  struct Local {
    std::string name;
    int slot;                         // -1 for a constant local
    std::optional<int64_t> constant;  // see constant_let
  };

  void expr(const ast::Expr& e);
  void name(const ast::Expr& e);
  void call(const ast::Expr& e);
  void binary(const ast::Expr& e);
  void in_list(const ast::Expr& e);
  void quantifier(const ast::Expr& e);
  struct HoleLoop {
    int index = 0;             // the slot counting the holes
    int top = 0;               // the loop's first instruction
    std::vector<int> to_end;   // jumps out of the loop
    std::vector<int> to_next;  // jumps to the next hole
  };
  HoleLoop open_hole_loop(const std::string& name, const ast::Expr* player,
                          const ast::Expr& filter);
  void close_hole_loop(const HoleLoop& loop);
  void fragment(const ast::Expr& e);
  std::optional<int64_t> fold(const ast::Expr& e) const;
  void push_constant(int64_t v);

  void stmts(const std::vector<ast::Stmt>& body);
  void stmt(const ast::Stmt& s);
  bool constant_let(const std::vector<ast::Stmt>& body, size_t i);
  void capture(const ast::Stmt& s);
  void remove(const ast::Stmt& s);
  void mark(const ast::Stmt& s);
  int mark_of(const ast::Stmt& s) const;
  void if_stmt(const ast::Stmt& s);
  void while_stmt(const ast::Stmt& s);
  void chain_stmt(const ast::Stmt& s);
  void for_stmt(const ast::Stmt& s);

  void emit(OpCode op, int32_t a = 0);
  void reset_frame();
  // The end of a code region: jump threading, then compare-and-branch.
  void finish_region(int from, const std::vector<CodeRef*>& entries = {});
  void thread_jumps(int from);
  void fuse_branches(int from, const std::vector<CodeRef*>& entries);
  int label() { return static_cast<int>(rules_.code.size()); }
  void bind(int jump_at) {
    rules_.code[jump_at].a = label();
    last_label_ = label();
  }
  int new_slot();
  int question(const std::string& name);  // its index in Rules::questions (added if new)
  void open_scope() { scope_marks_.push_back({locals_.size(), next_slot_}); }
  void close_scope();
  const Local* find_local(const std::string& n) const;

  Rules& rules_;
  std::vector<Local> locals_;
  std::vector<std::pair<size_t, int>> scope_marks_;  // locals, next_slot_
  std::vector<int> chain_slots_;                     // the slot holding `hole` of each open chain
  int next_slot_ = 0;
  int max_locals_ = 0;
  int depth_ = 0;
  int max_stack_ = 0;
  int last_label_ = -1;
  bool uses_no_moves_ = false;
  bool uses_relay_from_ = false;
  bool uses_hand_ = false;
  bool uses_relay_way_ = false;
  bool uses_sown_ = false;
  bool uses_lap_start_ = false;
  bool uses_draw_ = false;
};

}  // namespace mancala
