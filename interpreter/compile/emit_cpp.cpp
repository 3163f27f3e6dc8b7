// Compiled rules -> C++: each piece of bytecode as a function, and apply
// and the sowing with the game's settings as constants.
//
// The translation is one pass per piece of code, instruction by
// instruction, in the order of the bytecode: the depth of the operand
// stack before each instruction is fixed by the code (the compiler sized
// the frame from it), so stack slot k becomes the local v<k> and each
// instruction an assignment between locals; a jump becomes a goto to the
// label of its target. Whatever an instruction does is not written here
// but called (runtime/ops.hpp, shared with the bytecode executor), so this
// file knows only the control flow and the frame: the locals of `let` and
// `while` (Load, Store, CountLoad, the guards), the jumps and Ret. The C++
// compiler then keeps the values in registers and folds the operands. The
// sowing and apply are not translated either: the runtime's lap loop and
// move pipeline are compiled once more, their settings
// (MANCALA_SOW_SETTINGS, MANCALA_MOVE_SETTINGS) written as constants.
#include "emit_cpp.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "native.hpp"

namespace mancala {
namespace {

// The entries of every piece of code the runtime may run, once each.
std::vector<int32_t> code_entries(const Rules& r) {
  std::set<int32_t> entries;
  for (const auto& piece : code_pieces(r)) entries.insert(piece.second.entry);
  return {entries.begin(), entries.end()};
}

// One piece of code: the stack depth before each instruction it reaches
// (from its entry to its Ret), the jump targets and the locals it uses.
struct Piece {
  std::map<int32_t, int> depth;
  std::set<int32_t> targets;
  std::set<int32_t> locals;
  int max_depth = 0;
};

[[noreturn]] void bad_code(int32_t at, const char* why) {
  throw std::logic_error(fmt::format("emit_cpp: instruction {}: {}", at, why));
}

Piece trace(const Rules& r, int32_t entry) {
  Piece p;
  std::vector<std::pair<int32_t, int>> work{{entry, 0}};
  auto reach = [&](int32_t at, int d) {
    if (at < 0 || at >= static_cast<int32_t>(r.code.size())) bad_code(at, "outside the code");
    auto [it, fresh] = p.depth.emplace(at, d);
    if (!fresh && it->second != d) bad_code(at, "reached with two stack depths");
    if (fresh) work.push_back({at, d});
  };
  p.depth[entry] = 0;
  while (!work.empty()) {
    auto [at, d] = work.back();
    work.pop_back();
    const Instr& in = r.code[static_cast<size_t>(at)];
    const OpInfo& info = op_info(in.op);
    if (d < info.pop) bad_code(at, "pops an empty stack");
    int after = d - info.pop + info.push;
    p.max_depth = std::max(p.max_depth, std::max(d, after));
    switch (in.op) {
      case OpCode::Load:
      case OpCode::Store:
      case OpCode::CountLoad:
      case OpCode::WhileGuard:
      case OpCode::ChainGuard:
        p.locals.insert(in.a);
        break;
      default:
        break;
    }
    if (in.op == OpCode::Ret) continue;
    if (is_jump(in.op)) {
      p.targets.insert(in.a);
      bool keeps = in.op == OpCode::AndJump || in.op == OpCode::OrJump;
      reach(in.a, keeps ? d : after);
      if (in.op == OpCode::Jump) continue;
    }
    reach(at + 1, after);
  }
  return p;
}

// The statement of one instruction, reached with `d` values on the stack.
std::string statement(const Instr& in, int32_t at, int d) {
  auto v = [](int k) { return fmt::format("v{}", k); };
  switch (in.op) {
    case OpCode::Load:
      return fmt::format("{} = l{};", v(d), in.a);
    case OpCode::Store:
      return fmt::format("l{} = {};", in.a, v(d - 1));
    case OpCode::Pop:
      return ";";
    case OpCode::CountLoad:
      return fmt::format("{} = s.cells[l{}];", v(d), in.a);
    case OpCode::WhileGuard:
      return fmt::format("if (++l{} > kMaxWhileIterations) while_limit(r, {});", in.a, at);
    case OpCode::ChainGuard:
      return fmt::format("{} = ++l{} <= 2 * r.side;", v(d), in.a);
    case OpCode::Ret:
      return d == 0 ? "return 0;" : fmt::format("return {};", v(d - 1));
    case OpCode::Jump:
      return fmt::format("goto i{};", in.a);
    case OpCode::JumpIfFalse:
    case OpCode::AndJump:
      return fmt::format("if ({} == 0) goto i{};", v(d - 1), in.a);
    case OpCode::JumpIfTrue:
    case OpCode::OrJump:
      return fmt::format("if ({} != 0) goto i{};", v(d - 1), in.a);
    case OpCode::JumpUnlessEqInt:
      return fmt::format("if ({} != {}) goto i{};", v(d - 1), in.b, in.a);
    case OpCode::JumpUnlessGtInt:
      return fmt::format("if ({} <= {}) goto i{};", v(d - 1), in.b, in.a);
    case OpCode::JumpUnlessLeInt:
      return fmt::format("if ({} > {}) goto i{};", v(d - 1), in.b, in.a);
    case OpCode::JumpUnlessOwnHere:
      return fmt::format("if (!op_OwnHere(m, s, r, 0)) goto i{};", in.a);
    case OpCode::JumpUnlessStoreHere:
      return fmt::format("if (!op_IsStoreHere(m, s, r, 0)) goto i{};", in.a);
    default:
      break;
  }
  const OpInfo& info = op_info(in.op);
  std::string call = fmt::format("op_{}(m, s, r, {}", info.name, in.a);
  for (int k = d - info.pop; k < d; ++k) call += ", " + v(k);
  call += ")";
  return info.push ? fmt::format("{} = {};", v(d - info.pop), call) : call + ";";
}

void emit_piece(std::string& out, const Rules& r, int32_t entry) {
  Piece p = trace(r, entry);
  fmt::format_to(std::back_inserter(out),
                 "int64_t c{}(Machine& m) {{\n  State& s = m.s;\n  const Rules& r = m.rules;\n",
                 entry);
  for (int32_t l : p.locals) fmt::format_to(std::back_inserter(out), "  int64_t l{} = 0;\n", l);
  for (int k = 0; k < p.max_depth; ++k)
    fmt::format_to(std::back_inserter(out), "  int64_t v{} = 0;\n", k);
  for (auto [at, d] : p.depth) {
    const Instr& in = r.code[static_cast<size_t>(at)];
    std::string label = p.targets.count(at) ? fmt::format("i{}: ", at) : "";
    fmt::format_to(std::back_inserter(out), "  {}{}  // {}\n", label, statement(in, at, d),
                   op_info(in.op).name);
  }
  out += "}\n\n";
}

// Text for a `//` comment: a control character (a newline in a file's
// name) as \xNN, so that the comment stays on its line.
std::string comment_text(const std::string& text) {
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    out += u < 0x20 || u == 0x7f ? fmt::format("\\x{:02x}", u) : std::string(1, c);
  }
  return out;
}

std::string quoted(const std::string& text) {
  std::string q = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') q += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      q += fmt::format("\\x{:02x}\"\"", static_cast<unsigned char>(c));
      continue;
    }
    q += c;
  }
  return q + "\"";
}

// The game's settings as constants, and the runtime's lap loop
// (sow_loop.hpp's sow_compiled), the listing, apply and the random move
// (apply.hpp) compiled with them. The sowing is flattened (every call in
// it inlined where the body is in sight: lift, after_lap, the handlers'
// dispatch), so that how much GCC inlines does not depend on how many
// games share the file: its budget for the whole file (inline-unit-growth)
// and for functions not declared inline (max-inline-insns-auto) left
// ǁHus's lift and after_lap out of line once this file held four
// functions a game instead of two.
void emit_pipeline(std::string& out, const Rules& r) {
  out += "struct Constants {\n";
#define MANCALA_EMIT_SETTING(type, name)                                                       \
  fmt::format_to(std::back_inserter(out), "  static constexpr {} {} = static_cast<{}>({});\n", \
                 #type, #name, #type, static_cast<int64_t>(r.name));
  MANCALA_SOW_SETTINGS(MANCALA_EMIT_SETTING)
  MANCALA_MOVE_SETTINGS(MANCALA_EMIT_SETTING)
#undef MANCALA_EMIT_SETTING
  out +=
      "};\n\n"
      "[[gnu::flatten]] bool sow(Machine& m, int start) {\n"
      "  return sow_compiled<Constants>(m, start);\n}\n\n"
      "MoveList legal_moves(const Rules& r, const State& s) {\n"
      "  return legal_moves_as<Constants>(r, s);\n}\n\n"
      "ApplyInfo apply(const Rules& r, State& s, Move move, Observer* obs, History* history) {\n"
      "  return apply_as<Constants, sow>(r, s, move, obs, history);\n}\n\n"
      "ApplyInfo apply_random_move(const Rules& r, State& s, Rng& rng, History* history) {\n"
      "  return apply_random_move_as<Constants, sow>(r, s, rng, history);\n}\n\n";
}

void emit_game(std::string& out, const EmitGame& game, size_t k) {
  const Rules& r = *game.rules;
  std::vector<int32_t> entries = code_entries(r);
  fmt::format_to(std::back_inserter(out), "// {} ({})\nnamespace g{} {{\n\n", comment_text(r.name),
                 comment_text(game.source), k);
  for (int32_t entry : entries) emit_piece(out, r, entry);
  // One slot per instruction, so that exec finds a piece by its entry.
  std::vector<std::string> slots(r.code.size(), "nullptr");
  for (int32_t entry : entries) slots[static_cast<size_t>(entry)] = fmt::format("c{}", entry);
  fmt::format_to(std::back_inserter(out), "const NativeFn pieces[{}] = {{", slots.size());
  for (size_t i = 0; i < slots.size(); ++i) {
    fmt::format_to(std::back_inserter(out), "{}{}", i % 8 == 0 ? "\n    " : " ", slots[i]);
    if (i + 1 < slots.size()) out += ",";
  }
  out += "\n};\n\n";
  emit_pipeline(out, r);
  fmt::format_to(std::back_inserter(out), "}}  // namespace g{}\n\n", k);
}

}  // namespace

std::string emit_cpp(std::span<const EmitGame> games, std::string_view function) {
  std::string out =
      "// Generated by `mancala compile --emit cpp`: the code of each game below\n"
      "// as C++ functions (docs/performance.md). Do not edit; generate again.\n"
      "#include \"apply.hpp\"\n#include \"native.hpp\"\n#include \"ops.hpp\"\n"
      "#include \"sow_loop.hpp\"\n\n"
      "namespace mancala {\nnamespace {\n\n";
  for (size_t k = 0; k < games.size(); ++k) emit_game(out, games[k], k);
  out += "}  // namespace\n\n";
  fmt::format_to(std::back_inserter(out),
                 "std::span<const NativeCode> {}() {{\n  static const NativeCode table[] = {{\n",
                 function);
  for (size_t k = 0; k < games.size(); ++k) {
    fmt::format_to(std::back_inserter(out),
                   "      {{{}, 0x{:016x}ull, g{}::pieces, 0x{:016x}ull, g{}::sow, "
                   "g{}::legal_moves, g{}::apply, g{}::apply_random_move}},\n",
                   quoted(games[k].rules->name), code_fingerprint(*games[k].rules), k,
                   settings_fingerprint(*games[k].rules), k, k, k, k);
  }
  out += "  };\n  return table;\n}\n\n}  // namespace mancala\n";
  return out;
}

}  // namespace mancala
