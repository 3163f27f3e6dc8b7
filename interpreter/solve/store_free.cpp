// The proof that a game's future does not depend on the stores' counts
// (include/store_free.hpp).
//
// Why it is shaped this way. The solver may key a position without its
// stores only if nothing that decides the rest of the game reads a store's
// count; a wrong "yes" would give wrong values, a wrong "no" only a slower
// solve, so every doubt is a "no". The settings are checked first (two
// players, `winner most store` with no draw or named winner, no match, no
// moves from the store, no endless draw). Then every piece of bytecode the
// rest of a game can run (the handlers, the moves section, the filters, the
// end clauses; not `evaluation`, which only agents read) is walked by a
// small abstract interpretation: each stack value and local slot is known
// to be a hole or "maybe a store", and every instruction that reads or
// moves a cell's seeds (count, capture, remove, lift, relay) must be given
// a hole. `own(h)`, `opponents(h)` and `is_store(h)` are tests the walk
// learns from: past `if own(here) and count(here) == 1` it knows that
// `here` is a hole, which is how Kalah's capture reads it. `store(P)` and
// `draw` are refused wherever they are reachable. The walk follows every
// jump and joins the facts where paths meet (a fact holds only if it holds
// on every path), to a fixpoint; no game-specific case.
#include "store_free.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace mancala {

// The walk below names every opcode that reads or moves a cell's seeds or
// a store's; the others fall to its default (they read no cell). So a new
// opcode must be looked at there before the proof can be trusted: this
// count of opcodes.def stops the build until it is.
constexpr int kOpcodes = 0
#define MANCALA_OP(name, arg, pop, push) +1
#include "opcodes.def"
#undef MANCALA_OP
    ;
static_assert(kOpcodes == 113,
              "opcodes.def changed: say in store_free.cpp's walk whether the new opcode reads "
              "a store or a cell, then update this count");
namespace {

// What the walk knows of one value: whether it is surely a hole (not a
// store), where it came from (so that a test on it can teach the walk),
// and whether it is such a test.
struct Abstract {
  enum class Src : uint8_t { None, Here, Local };
  enum class Guard : uint8_t { None, TrueMeansHole, FalseMeansHole };
  bool hole = false;
  Src src = Src::None;
  int slot = 0;
  Guard guard = Guard::None;
  Src guard_src = Src::None;
  int guard_slot = 0;
  friend bool operator==(const Abstract&, const Abstract&) = default;
};

struct Facts {
  std::vector<Abstract> stack;
  std::vector<Abstract> locals;
  bool here_hole = false;
  friend bool operator==(const Facts&, const Facts&) = default;
};

Abstract join(const Abstract& a, const Abstract& b) {
  if (a == b) return a;
  Abstract r;
  r.hole = a.hole && b.hole;
  if (a.src == b.src && a.slot == b.slot) {
    r.src = a.src;
    r.slot = a.slot;
  }
  if (a.guard == b.guard && a.guard_src == b.guard_src && a.guard_slot == b.guard_slot) {
    r.guard = a.guard;
    r.guard_src = a.guard_src;
    r.guard_slot = a.guard_slot;
  }
  return r;
}

class Walk {
 public:
  Walk(const Rules& rules, bool here_hole) : rules_(rules), here_hole_(here_hole) {}

  // "" when every path from `entry` reads no store count.
  std::string run(CodeRef entry) {
    if (entry.empty()) return "";
    facts_.assign(rules_.code.size(), std::nullopt);
    Facts start;
    start.locals.assign(static_cast<size_t>(std::max(rules_.frame_size, 1)), Abstract{});
    start.here_hole = here_hole_;
    std::vector<int> work;
    merge(entry.entry, start, work);
    while (!work.empty() && why_.empty()) {
      int pc = work.back();
      work.pop_back();
      step(pc, *facts_[pc], work);
    }
    return why_;
  }

 private:
  void merge(int pc, Facts in, std::vector<int>& work) {
    if (pc < 0 || pc >= static_cast<int>(rules_.code.size())) {
      fail("a jump leaves the code");
      return;
    }
    std::optional<Facts>& at = facts_[pc];
    if (!at) {
      at = std::move(in);
      work.push_back(pc);
      return;
    }
    if (at->stack.size() != in.stack.size()) {
      fail("paths meet with different stack depths");
      return;
    }
    Facts joined = *at;
    for (size_t i = 0; i < joined.stack.size(); ++i)
      joined.stack[i] = join(at->stack[i], in.stack[i]);
    for (size_t i = 0; i < joined.locals.size(); ++i) {
      joined.locals[i] = join(at->locals[i], in.locals[i]);
    }
    joined.here_hole = at->here_hole && in.here_hole;
    if (joined == *at) return;
    at = std::move(joined);
    work.push_back(pc);
  }

  void fail(std::string why) {
    if (why_.empty()) why_ = std::move(why);
  }

  // What a test teaches when it came out as `outcome`.
  static void learn(Facts& f, const Abstract& test, bool outcome) {
    bool hole = (test.guard == Abstract::Guard::TrueMeansHole && outcome) ||
                (test.guard == Abstract::Guard::FalseMeansHole && !outcome);
    if (!hole) return;
    auto same = [&](const Abstract& v) {
      return v.src == test.guard_src &&
             (v.src != Abstract::Src::Local || v.slot == test.guard_slot);
    };
    if (test.guard_src == Abstract::Src::Here) f.here_hole = true;
    if (test.guard_src == Abstract::Src::Local) {
      f.locals[static_cast<size_t>(test.guard_slot)].hole = true;
    }
    if (test.guard_src == Abstract::Src::None) return;
    for (Abstract& v : f.stack) {
      if (same(v)) v.hole = true;
    }
  }

  static Abstract pop(Facts& f) {
    if (f.stack.empty()) return {};
    Abstract v = f.stack.back();
    f.stack.pop_back();
    return v;
  }

  // The value `depth` below the top (0: the top), before popping.
  static Abstract peek(const Facts& f, size_t depth) {
    if (f.stack.size() <= depth) return {};
    return f.stack[f.stack.size() - 1 - depth];
  }

  void need_hole(const Abstract& v, OpCode op) {
    if (!v.hole) {
      fail(std::string("`") + opcode_name(op) +
           "` may read or move the seeds of a store (the walk cannot prove its cell is a hole)");
    }
  }

  // The event's hole `here`, as the walk knows it.
  static Abstract here_value(const Facts& f) {
    Abstract v;
    v.hole = f.here_hole;
    v.src = Abstract::Src::Here;
    return v;
  }

  static Abstract test_of(const Abstract& v, Abstract::Guard g) {
    Abstract r;
    r.hole = false;
    if (v.src != Abstract::Src::None) {
      r.guard = g;
      r.guard_src = v.src;
      r.guard_slot = v.slot;
    }
    return r;
  }

  void step(int pc, Facts f, std::vector<int>& work) {
    const Instr& in = rules_.code[static_cast<size_t>(pc)];
    const OpInfo& info = op_info(in.op);
    int next = pc + 1;
    auto push_hole = [&](bool hole) {
      Abstract v;
      v.hole = hole;
      f.stack.push_back(v);
    };
    switch (in.op) {
      case OpCode::StoreOf:
      case OpCode::StoreOfInt:
        fail("`store(P)` reads a store's count");
        return;
      case OpCode::Draw:
        fail("`draw` ends a game as a draw whatever the stores hold");
        return;
      case OpCode::Ret:
        return;
      case OpCode::PushInt:
        push_hole(in.a >= 0 && in.a < 2 * rules_.side);
        break;
      case OpCode::Load: {
        Abstract v = f.locals[static_cast<size_t>(in.a)];
        v.src = Abstract::Src::Local;
        v.slot = in.a;
        v.guard = Abstract::Guard::None;
        f.stack.push_back(v);
        break;
      }
      case OpCode::Store: {
        Abstract v = pop(f);
        v.src = Abstract::Src::None;
        f.locals[static_cast<size_t>(in.a)] = v;
        for (Abstract& s : f.stack) {  // values loaded from the slot no longer name it
          if (s.src == Abstract::Src::Local && s.slot == in.a) s.src = Abstract::Src::None;
          if (s.guard_src == Abstract::Src::Local && s.guard_slot == in.a) {
            s.guard = Abstract::Guard::None;
          }
        }
        break;
      }
      case OpCode::Here:
        f.stack.push_back(here_value(f));
        break;
      case OpCode::OwnHere:
        f.stack.push_back(test_of(here_value(f), Abstract::Guard::TrueMeansHole));
        break;
      case OpCode::IsStoreHere:
        f.stack.push_back(test_of(here_value(f), Abstract::Guard::FalseMeansHole));
        break;
      case OpCode::OppositeHere:  // the hole across from a hole
        push_hole(f.here_hole);
        break;
      case OpCode::Hole:
      case OpCode::Origin:
        push_hole(true);
        break;
      case OpCode::CountHere:
      case OpCode::CountOppositeHere:  // a cell across from a hole is a hole
        if (!f.here_hole) need_hole(Abstract{}, in.op);
        push_hole(false);
        break;
      case OpCode::CountLoad:
        need_hole(f.locals[static_cast<size_t>(in.a)], in.op);
        push_hole(false);
        break;
      case OpCode::Count:
        need_hole(pop(f), in.op);
        push_hole(false);
        break;
      case OpCode::RowHole:
      case OpCode::FrontHole:
      case OpCode::BackHole:
        pop(f);
        pop(f);
        push_hole(true);
        break;
      case OpCode::Opposite:
      case OpCode::Next:
      case OpCode::Prev:
      case OpCode::Behind:
        push_hole(pop(f).hole);
        break;
      case OpCode::NextK:
      case OpCode::PrevK: {
        pop(f);  // k
        push_hole(pop(f).hole);
        break;
      }
      case OpCode::Own:
      case OpCode::Opponents:
        f.stack.push_back(test_of(pop(f), Abstract::Guard::TrueMeansHole));
        break;
      case OpCode::IsStore:
        f.stack.push_back(test_of(pop(f), Abstract::Guard::FalseMeansHole));
        break;
      case OpCode::Not: {
        Abstract v = pop(f);
        Abstract r;
        r.guard_src = v.guard_src;
        r.guard_slot = v.guard_slot;
        r.guard = v.guard == Abstract::Guard::TrueMeansHole    ? Abstract::Guard::FalseMeansHole
                  : v.guard == Abstract::Guard::FalseMeansHole ? Abstract::Guard::TrueMeansHole
                                                               : Abstract::Guard::None;
        f.stack.push_back(r);
        break;
      }
      // Actions on a cell: the cell must be a hole.
      case OpCode::CaptureOwners:
      case OpCode::Remove:
      case OpCode::LiftHole:
      case OpCode::RelayFrom:
      case OpCode::RelayInto:
        need_hole(peek(f, 0), in.op);
        pop(f);
        break;
      case OpCode::Capture:
      case OpCode::CaptureSomeOwners:
      case OpCode::RemoveSome:
      case OpCode::LiftSome:
        need_hole(peek(f, 1), in.op);
        pop(f);
        pop(f);
        break;
      case OpCode::CaptureSome:
        need_hole(peek(f, 2), in.op);
        pop(f);
        pop(f);
        pop(f);
        break;
      case OpCode::Jump:
        merge(in.a, std::move(f), work);
        return;
      case OpCode::JumpUnlessOwnHere:  // OwnHere (IsStoreHere), then JumpIfFalse
      case OpCode::JumpUnlessStoreHere:
        f.stack.push_back(test_of(here_value(f), in.op == OpCode::JumpUnlessOwnHere
                                                     ? Abstract::Guard::TrueMeansHole
                                                     : Abstract::Guard::FalseMeansHole));
        [[fallthrough]];
      case OpCode::JumpIfFalse:
      case OpCode::JumpIfTrue: {
        Abstract c = pop(f);
        bool jump_when = in.op == OpCode::JumpIfTrue;
        Facts jumped = f;
        learn(jumped, c, jump_when);
        learn(f, c, !jump_when);
        merge(in.a, std::move(jumped), work);
        merge(next, std::move(f), work);
        return;
      }
      case OpCode::JumpUnlessEqInt:  // a comparison teaches nothing of holes
      case OpCode::JumpUnlessGtInt:
      case OpCode::JumpUnlessLeInt:
        pop(f);
        merge(in.a, Facts(f), work);
        merge(next, std::move(f), work);
        return;
      case OpCode::AndJump:
      case OpCode::OrJump: {
        Abstract c = peek(f, 0);
        bool jump_when = in.op == OpCode::OrJump;
        Facts jumped = f;  // keeps the value
        learn(jumped, c, jump_when);
        pop(f);
        learn(f, c, !jump_when);
        merge(in.a, std::move(jumped), work);
        merge(next, std::move(f), work);
        return;
      }
      default:
        for (int i = 0; i < info.pop; ++i) pop(f);
        for (int i = 0; i < info.push; ++i) push_hole(false);
        break;
    }
    merge(next, std::move(f), work);
  }

  const Rules& rules_;
  bool here_hole_;
  std::vector<std::optional<Facts>> facts_;
  std::string why_;
};

// Whether a seed can land in a store: a store on some sowing track.
bool stores_on_tracks(const Rules& r) {
  for (int m = 0; m < 2; ++m) {
    for (int i = 0; i < r.track_len[m]; ++i) {
      if (r.track[m][i] >= 2 * r.side) return true;
    }
    for (int i = 0; i < r.rtrack_len[m]; ++i) {
      if (r.rtrack[m][i] >= 2 * r.side) return true;
    }
  }
  return false;
}

std::string settings_reason(const Rules& r) {
  if (r.players() != 2) return "a one-player game is scored by its store, not a margin";
  if (r.stores == StoreKind::None) return "the game has no stores";
  if (r.winner != WinnerKind::MostStore) return "the winner is not the player with more in store";
  if (r.match.present) return "a match refills the board from the stores";
  if (r.from_store) return "moves may sow seeds taken from the store";
  if (r.endless == EndlessKind::Draw) return "an endless move ends the game in a draw";
  for (const EndClauseCode& c : r.end) {
    if (c.draw) return "an end clause is a draw whatever the stores hold";
    if (!c.won_by.empty()) return "an end clause names the winner whatever the stores hold";
  }
  return "";
}

}  // namespace

std::string store_dependence(const Rules& r) {
  if (std::string why = settings_reason(r); !why.empty()) return why;
  // With no store on a sowing track, `here` (a landing or start cell, or
  // hole 0 after a pass) is always a hole.
  bool here_hole = !stores_on_tracks(r);
  std::vector<CodeRef> entries(r.events.begin(), r.events.end());
  for (CodeRef c : {r.move_where, r.relay_when, r.skip_when, r.endless_block}) entries.push_back(c);
  entries.insert(entries.end(), r.forbid.begin(), r.forbid.end());
  entries.insert(entries.end(), r.forbid_after.begin(), r.forbid_after.end());
  for (const PreferCode& p : r.prefer) entries.push_back(p.code);
  for (const DirectionCode& d : r.direction_rules) entries.push_back(d.when);
  for (const EndClauseCode& c : r.end) {
    entries.push_back(c.cond);
    entries.push_back(c.block);
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    // The pickup event's `here` is the hole lifted (a store is never lifted).
    bool pickup = i == static_cast<size_t>(Event::Pickup);
    if (std::string why = Walk(r, here_hole || pickup).run(entries[i]); !why.empty()) return why;
  }
  return "";
}

}  // namespace mancala
