// The VM runs on a frame sized by the compiler from the stack effects in
// runtime/include/opcodes.def (locals, then the operand stack). These tests
// recompute, from the table alone, the deepest stack and the highest local
// slot of every code region of every shipped game by walking every path
// through the code, and check that the frame holds them, that every path
// reaches a join with the same depth, and that no instruction takes more
// values than the stack holds. A wrong Pop or Push in opcodes.def, or a
// generator that miscounts, fails here instead of corrupting memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "check.hpp"
#include "compile.hpp"
#include "native.hpp"
#include "rules.hpp"

namespace mancala {
namespace {

namespace fs = std::filesystem;

struct Need {
  int depth = 0;  // deepest operand stack
  int slots = 0;  // local slots used (highest index + 1)
};

bool uses_slot(OpCode op) {
  return op == OpCode::Load || op == OpCode::Store || op == OpCode::CountLoad ||
         op == OpCode::WhileGuard || op == OpCode::ChainGuard;
}

// Walks every path from `ref` to its Ret; reports inconsistencies as failures.
Need walk(const Rules& r, CodeRef ref, const std::string& what) {
  Need need;
  std::map<int, int> depth_at;  // pc -> depth before it
  std::vector<std::pair<int, int>> work{{ref.entry, 0}};
  auto reach = [&](int pc, int depth) {
    auto [it, fresh] = depth_at.try_emplace(pc, depth);
    if (fresh) {
      work.emplace_back(pc, depth);
    } else {
      EXPECT_EQ(it->second, depth) << what << ": two paths reach " << pc << " at different depths";
    }
  };
  depth_at[ref.entry] = 0;
  while (!work.empty()) {
    auto [pc, depth] = work.back();
    work.pop_back();
    if (pc < 0 || pc >= static_cast<int>(r.code.size())) {
      ADD_FAILURE() << what << ": a path leaves the code at " << pc;
      continue;
    }
    const Instr& in = r.code[pc];
    const OpInfo& info = op_info(in.op);
    if (uses_slot(in.op)) need.slots = std::max(need.slots, in.a + 1);
    EXPECT_GE(depth, info.pop) << what << ": " << info.name << " at " << pc << " underflows";
    int after = depth - info.pop + info.push;
    need.depth = std::max({need.depth, depth, after});
    switch (in.op) {
      case OpCode::Ret:
        EXPECT_LE(after, 1) << what << ": Ret at " << pc << " leaves " << after << " values";
        break;
      case OpCode::Jump:
        reach(in.a, after);
        break;
      case OpCode::JumpIfFalse:
      case OpCode::JumpIfTrue:
      case OpCode::JumpUnlessEqInt:
      case OpCode::JumpUnlessGtInt:
      case OpCode::JumpUnlessLeInt:
      case OpCode::JumpUnlessOwnHere:
      case OpCode::JumpUnlessStoreHere:
        reach(in.a, after);
        reach(pc + 1, after);
        break;
      case OpCode::AndJump:
      case OpCode::OrJump:
        reach(in.a, depth);  // jumps keeping its operand
        reach(pc + 1, after);
        break;
      default:
        reach(pc + 1, after);
        break;
    }
  }
  return need;
}

// The shipped games, and the fuzz corpus's seed games, which exercise
// constructs no shipped game uses yet (quantifiers, say).
std::vector<std::string> shipped_games() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(MANCALA_SOURCE_DIR) / "games")) {
    if (e.path().extension() == ".mnc") out.push_back(e.path().string());
  }
  for (const char* seed : {"seed_quantifiers.mnc"}) {
    out.push_back((fs::path(MANCALA_SOURCE_DIR) / "tests/fuzz/corpus" / seed).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class Bytecode : public ::testing::TestWithParam<std::string> {};

TEST_P(Bytecode, FrameHoldsTheDeepestStackOfEveryPath) {
  SourceSet sources;
  Diagnostics diags;
  CheckResult checked = check_file(GetParam(), sources, diags);
  ASSERT_TRUE(checked.ok && checked.game) << GetParam();
  auto rules = compile(*checked.game);
  int deepest = 0;
  for (const auto& [what, ref] : code_pieces(*rules)) {
    Need need = walk(*rules, ref, what);
    // The stack grows down from the frame's last cell but one towards the
    // locals (runtime/vm.cpp): locals + depth + 1 cells.
    EXPECT_LE(need.slots + need.depth + 1, rules->frame_size) << what;
    deepest = std::max(deepest, need.depth);
  }
  EXPECT_GE(deepest, 1) << "no code walked";
}

INSTANTIATE_TEST_SUITE_P(Games, Bytecode, ::testing::ValuesIn(shipped_games()),
                         [](const auto& info) { return fs::path(info.param).stem().string(); });

}  // namespace
}  // namespace mancala
