// Rules: a compiled game, the immutable input of the runtime.
//
// Everything that can be worked out once per game is worked out by compile
// (compile.hpp) and kept here, so that a move does table look-ups instead of
// decisions: the sowing track of each mover as a doubled array of cells
// (no modulo in the sowing loop), next/prev/opposite per cell, and every
// expression and statement of the file as bytecode in one flat vector
// (opcodes.def). Handlers of an event are a list of entry points; an event
// with none is skipped entirely, and flags select the fast paths (sowing
// whole laps by division when nothing watches single drops, no endless
// check for games without relay). Rules is shared read-only between
// threads as std::shared_ptr<const Rules>.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "settings.hpp"
#include "state.hpp"

namespace mancala {

struct NativeCode;  // native.hpp

enum class OpCode : uint8_t {
#define MANCALA_OP(name, arg, pop, push) name,
#include "opcodes.def"
#undef MANCALA_OP
};

// What opcodes.def says of an instruction.
struct OpInfo {
  const char* name;  // as printed by the pipeline dump
  bool has_operand;  // uses Instr::a
  int pop;           // values taken from the operand stack
  int push;          // values left on it
};

inline constexpr OpInfo kOpInfo[] = {
#define MANCALA_OP(name, arg, pop, push) {#name, arg != 0, pop, push},
#include "opcodes.def"
#undef MANCALA_OP
};

constexpr const OpInfo& op_info(OpCode op) {
  return kOpInfo[static_cast<size_t>(op)];
}
inline const char* opcode_name(OpCode op) {
  return op_info(op).name;
}

// One instruction: an opcode and one immediate operand (a constant, a
// local slot, a jump target, or a sub-kind such as a function id); a
// compare-and-branch also holds its constant in `b`, in what would
// otherwise be padding (an instruction stays 8 bytes).
struct Instr {
  OpCode op;
  int16_t b = 0;
  int32_t a = 0;
};
static_assert(sizeof(Instr) == 8);

// Whether an instruction's operand `a` is a place in the code.
constexpr bool is_jump(OpCode op) {
  switch (op) {
    case OpCode::Jump:
    case OpCode::JumpIfFalse:
    case OpCode::JumpIfTrue:
    case OpCode::AndJump:
    case OpCode::OrJump:
    case OpCode::JumpUnlessEqInt:
    case OpCode::JumpUnlessGtInt:
    case OpCode::JumpUnlessLeInt:
    case OpCode::JumpUnlessOwnHere:
    case OpCode::JumpUnlessStoreHere:
      return true;
    default:
      return false;
  }
}

// A compiled piece of code: [entry, end) of Rules::code. Entry -1: none.
struct CodeRef {
  int32_t entry = -1;
  bool empty() const { return entry < 0; }
};

// A necessary condition for an event's code to do anything, found when it
// is compiled: every path into the code's body passes a test of
// `count(here) == K` (or `> K`) that jumps straight to its final Ret when
// it fails (the first test, or one of the `and`s after tests that only
// read), so a failing test skips the call into the bytecode (a drop
// handler runs once per seed). Derived from the code alone: no
// game-specific case, and exactly what the code would do.
//
// The same leading tests may also read only the board's shape at `here`
// (`front(here)`, `behind(opposite(here))`, `is_store(here)`, numbers,
// constants): they pass or fail by the cell alone, so compile runs them for
// every cell, and the counts the code may act on are kept per cell (none
// where they fail): one table look-up and one compare decide.
//
// Tests of the count of another hole that the shape fixes by `here`
// (`count(opposite(here)) > 0`) are kept apart (AlsoTests).
//
// Once the guard has decided, the leading tests it decides exactly need not
// run again: the code is entered past them (`past_count`, `past_cell`; not
// past the `also` tests).
struct HereGuard {
  enum class Test : uint8_t { None, Eq, Gt };
  // Counts as one unsigned range [lo, lo + span]: one subtraction and one
  // compare, for a loop that tests every seed.
  struct Range {
    uint32_t lo = UINT32_MAX, span = 0;  // none: no count reaches UINT32_MAX
    bool has(int count) const { return static_cast<uint32_t>(count) - lo <= span; }
    bool none() const { return lo == UINT32_MAX && span == 0; }
    bool every() const { return lo == 0 && span == UINT32_MAX; }
    bool operator==(const Range&) const = default;
    // The counts both admit; the least range holding the counts of either.
    Range intersect(Range o) const {
      if (none() || o.none()) return {};
      uint64_t l = std::max(lo, o.lo), h = std::min(end(), o.end());
      if (l > h) return {};
      return {static_cast<uint32_t>(l), static_cast<uint32_t>(h - l)};
    }
    Range hull(Range o) const {
      if (none()) return o;
      if (o.none()) return *this;
      uint64_t l = std::min(lo, o.lo), h = std::max(end(), o.end());
      return {static_cast<uint32_t>(l), static_cast<uint32_t>(h - l)};
    }
    uint64_t end() const { return uint64_t{lo} + span; }  // the last count, inclusive
  };
  Test test = Test::None;
  int32_t value = 0;
  Range counts = {0, UINT32_MAX};  // the counts the test admits, found once
  // Where the event's code goes on once `counts` alone admitted the count
  // (past the count test when it is the first test), and once `at` admitted
  // it at `here` (past every leading test up to the first the guard does not
  // decide); the code's own entry where the guard decides no test; none
  // where the event has no code.
  CodeRef past_count, past_cell;
  // at[c]: the counts the code may act on with `here` = c (`counts`, or none).
  std::array<Range, kMaxCells> at = every_cell(counts);
  // The same across every handler of the event, where the tests that open
  // them also read the mover (`own(here)`): by_mover[p][c], the counts
  // some handler may act on with `here` = c when p moves, while every hole
  // is its row's player's (State::control is Rules::default_control).
  // Kept (mover_decides) only where it rules out more than `at`.
  bool mover_decides = false;
  std::array<std::array<Range, kMaxCells>, 2> by_mover{};
  HereGuard() = default;
  HereGuard(Test t, int32_t v)
      : test(t), value(v), counts(range_of(t, v)), at(every_cell(counts)) {}
  // Whether the code may act on a hole holding `count` seeds ...
  bool admits(int count) const { return counts.has(count); }
  // ... when that hole is `cell`.
  bool admits(int count, int cell) const { return at[cell].has(count); }
  // ... when `mover` moves, on a board of the given `control`.
  bool admits(int count, int cell, Player mover, uint64_t control, uint64_t default_control) const {
    return at[cell].has(count) && (!mover_decides || control != default_control ||
                                   by_mover[static_cast<size_t>(mover)][cell].has(count));
  }
  // Whether the shape tests rule out `here` = cell, whatever its count.
  bool rules_out(int cell) const { return at[cell].none(); }

  static constexpr Range range_of(Test t, int32_t v) {
    switch (t) {
      case Test::None:
        return {0, UINT32_MAX};
      case Test::Eq:
        return {static_cast<uint32_t>(v), 0};  // a negative value: no count
      case Test::Gt:
        if (v < 0) return {0, UINT32_MAX};
        return {static_cast<uint32_t>(v) + 1, UINT32_MAX - static_cast<uint32_t>(v) - 1};
    }
    return {0, UINT32_MAX};
  }
  static constexpr std::array<Range, kMaxCells> every_cell(Range r) {
    std::array<Range, kMaxCells> all{};
    for (Range& c : all) c = r;
    return all;
  }
};

// The leading tests of an event's code, after its guard's, of the count of
// another hole that the board's shape fixes by `here`
// (`count(opposite(here)) > 0`, `count(behind(opposite(here))) >= 1`), up
// to kMax of them: tests[i].cell[c], the hole the test reads with `here` =
// c, and the counts it admits there (a table look-up and one compare
// each). Where one fails the code does nothing; the code still runs them
// (the guard's past_cell stops before them), so that only the caller that
// gains by them tests them: the lap loop of a game whose lap_end code has
// them (sow_loop.hpp), where the code runs at most landings (in
// run_handlers, their test cost games without them 1-2 % of their
// instructions). Kept apart from HereGuard, at the end of Rules: inside
// it they moved every field after the guards, and Kalah's and Oware's
// wall clock with them (docs/performance.md, "Kalah's layout, measured").
struct AlsoTests {
  struct Test {
    HereGuard::Range counts;
    std::array<uint8_t, kMaxCells> cell{};
  };
  static constexpr int kMax = 2;
  int count = 0;
  std::array<Test, kMax> tests{};

  // Whether the holes the shape fixes by `here` = cell hold counts the
  // tests admit.
  bool admit(const uint16_t* cells, int cell) const {
    for (int i = 0; i < count; ++i) {
      if (!tests[i].counts.has(cells[tests[i].cell[cell]])) return false;
    }
    return true;
  }
};

struct HandlerCode {
  std::string name;  // `as NAME` or ""
  CodeRef code;      // its first instruction inside the event's code
};

// An end condition simple enough to be decided without the bytecode: one
// name of the position (`empty_row`, `no moves`, `board_seeds`, `ply`)
// compared with a constant, as in `when board_seeds == 0` or `when no
// moves`. Found when the condition is compiled, from its code alone
// (`value` then the comparison, then Ret), so it decides exactly what the
// code would; check_end then computes the name once a move (the board's
// sum for every clause that reads it) and enters no bytecode.
// The comparison is kept as the range [lo, hi] it accepts (or rejects,
// for `!=`), so that it costs one unsigned compare.
// A condition whose code reads nothing but the two stores and constants
// (`when majority`, a store against a number) is a table instead
// (`value` StoreOfInt): its value for every pair of stores below `k`
// (the game's seeds and one), computed once by running the code when the
// game is compiled, so it too is decided exactly as the code would; a
// store at k or above (more seeds than the game has) runs the code.
struct DirectTest {
  // EmptyRow, NoMoves, BoardSeeds or Ply; StoreOfInt: the table; Ret: none
  OpCode value = OpCode::Ret;
  OpCode compare = OpCode::Ne;  // Eq, Ne, Lt, Le, Gt, Ge: value `compare` k
  int32_t k = 0;                // the constant; for the table, its side
  int64_t lo = 0, hi = 0;       // the values that pass (all others, when `outside`)
  bool outside = true;
  uint32_t table = 0;  // the table: its first word in Rules::store_tables
  bool empty() const { return value == OpCode::Ret; }
  bool passes(int64_t v) const {
    return (static_cast<uint64_t>(v - lo) <= static_cast<uint64_t>(hi - lo)) != outside;
  }
};

struct EndClauseCode {
  EndKind kind = EndKind::When;
  std::string label;  // reason reported: the label, "condition", "stalemate", ...
  bool draw = false;
  bool won = false;   // one-player games: the game is won (else lost)
  CodeRef won_by;     // `won by P`: pushes the winner, judged before the block; may be empty
  int count = 0;      // stalemate / repetition threshold
  CodeRef cond;       // When: pushes a bool; then Ret
  DirectTest direct;  // When: cond, when it is that simple (else empty)
  CodeRef block;      // may be empty
};

// A `direction D when E` rule (`when` empty: always holds).
struct DirectionCode {
  CodeRef when;  // pushes a bool; sees `hole`, the start hole
  Direction direction = Direction::Ccw;
};

// A compiled game: its Settings, copied whole from the checker's GameSpec,
// plus everything compile derives from them and from the handlers.
// `prefer when E` (code sees `hole`) or `prefer after E` (code runs on the
// position the move leads to): a filter that keeps the moves that pass it,
// when there are any.
struct PreferCode {
  bool after = false;
  CodeRef code;
};

struct Machine;  // the context of one move (runtime/machine.hpp)
struct Rules;
struct ApplyInfo;  // runtime.hpp
class History;
class MoveList;
class Observer;
class Rng;

// How a move without an observer is sown: one copy of the lap loop
// (runtime/sow.cpp, sow_loop.hpp), or a game's compiled one (native.hpp).
using Sowing = bool (*)(Machine& m, int start);
// The runtime's copy of the lap loop for the Rules' flags (plain_laps,
// whole_laps, lap_end_also, hand_laps), picked once: what compile stores
// in Rules::sowing.
Sowing runtime_sowing(const Rules& r);
// The same choice made at every move from the flags as they are then: the
// sowing of Rules that compile did not make.
bool sow_by_flags(Machine& m, int start);
// How a move is applied (apply in runtime.hpp): the runtime's pipeline
// reading the Rules (apply_interpreted, runtime/apply.hpp), or a game's
// compiled one (native.hpp).
using Applying = ApplyInfo (*)(const Rules& r, State& s, Move move, Observer* obs,
                               History* history);
ApplyInfo apply_interpreted(const Rules& r, State& s, Move move, Observer* obs, History* history);
// How the moves of a position are listed (legal_moves in runtime.hpp):
// the runtime's listing (legal_moves_interpreted, runtime.cpp), or a game's
// compiled one (native.hpp).
using Listing = MoveList (*)(const Rules& r, const State& s);
MoveList legal_moves_interpreted(const Rules& r, const State& s);
// How a random move is drawn and applied where it needs no look-ahead
// (apply_random_move in runtime.hpp), the same.
using RandomApplying = ApplyInfo (*)(const Rules& r, State& s, Rng& rng, History* history);
ApplyInfo apply_random_move_interpreted(const Rules& r, State& s, Rng& rng, History* history);

struct Rules : Settings {
  std::string name;
  std::vector<std::pair<std::string, std::string>> info;

  // ---- topology tables (cells 0..2S+1) ----------------------------------
  // A player's holes, their side: the `holes` of their row (S = N). Cells
  // are South's side 0..S-1, North's S..2S-1, then the two stores. The
  // runtime counts cells by sides, never by rows.
  // On a four-row board a side is both rows of a player (S = 2N), in
  // counter-clockwise order: the back row from the player's left, then
  // the front row from their right; each side is its own sowing ring.
  int side = 0;
  int in_play = 0;  // holes in play: both sides, or South's in a one-player game
  int cells = 0;    // 2S + 2
  // Sowing track per mover: the cells a seed may land in, in sowing order,
  // starting with South hole 1 (own store included for `stores sown`),
  // written twice in a row so that track[m][i + k] needs no wrap for
  // k < track_len[m].
  std::array<std::array<uint8_t, 2 * kMaxCells>, 2> track{};
  std::array<int, 2> track_len{};
  // Position of each cell in track[m] (255: not on the track).
  std::array<std::array<uint8_t, kMaxCells>, 2> track_pos{};
  // The same for a move sown the other way (`direction D when E`, `either`).
  std::array<std::array<uint8_t, 2 * kMaxCells>, 2> rtrack{};
  std::array<int, 2> rtrack_len{};
  std::array<std::array<uint8_t, kMaxCells>, 2> rtrack_pos{};
  std::array<uint8_t, kMaxCells> next1{};  // next(c) on the 2N ring, sowing direction
  std::array<uint8_t, kMaxCells> prev1{};
  std::array<uint8_t, kMaxCells> opposite{};
  // The ring of 2N holes in sowing order from South hole 1 (N holes, South's,
  // in a one-player game), and its inverse.
  std::array<uint8_t, kMaxCells> behind{};  // behind(c): four rows; the cell itself otherwise
  uint64_t front_mask = 0;                  // bit c: hole c is in a front row (`front`)
  std::array<uint8_t, kMaxCells> ring{};
  std::array<uint8_t, kMaxCells> ring_pos{};
  int ring_len = 0;
  uint64_t hole_mask = 0;        // bit c set for every hole in play (both rows, or South's)
  uint64_t default_control = 0;  // State::control with every hole its row's player's

  // ---- bytecode ----------------------------------------------------------
  std::vector<Instr> code;
  std::vector<int64_t> constants;  // for PushConst
  // The tables of end conditions on the stores (DirectTest): bit
  // south * k + north of a table says whether the condition holds.
  std::vector<uint64_t> store_tables;
  // WhileGuard instruction index -> "file:line:col" of its `while`, in
  // index order; read only to word the runtime error past the limit.
  std::vector<std::pair<uint32_t, std::string>> while_positions;
  int frame_size = 0;                               // locals + evaluation stack needed by any entry
  std::array<CodeRef, kEventCount> events;          // all handlers of an event, in file order
  std::array<HereGuard, kEventCount> event_guards;  // skip an event's code at once
  std::array<std::vector<HandlerCode>, kEventCount> handlers;  // where each one starts
  CodeRef move_where;  // pushes bool; sees hole, mover. Empty: true
  // move_where is exactly count(hole) >= K (or > K - 1), K >= 1: a start
  // needs K seeds, tested without running the code (fast path); 0: run it.
  int where_min_seeds = 0;
  std::vector<CodeRef> forbid;        // each pushes bool
  std::vector<CodeRef> forbid_after;  // each pushes bool, run on the position after the move
  std::vector<PreferCode> prefer;     // `prefer when|after`, in file order
  // `from store`: the seeds of its one move (empty: every count), the hole
  // its first seed goes into (empty: the mover's hole 1), when it applies
  // (empty: always); each sees `mover` and the board.
  CodeRef from_store_seeds;
  CodeRef from_store_into;
  CodeRef from_store_when;
  CodeRef from_store_of;     // `into holes of P`: pushes P (empty: both rows)
  CodeRef from_store_where;  // `into holes where F`: sees `hole` (empty: every hole)
  CodeRef relay_when;        // empty: the relay kind's default condition
  std::vector<DirectionCode> direction_rules;  // tried in order; none holds: `direction`
  CodeRef skip_when;                           // empty: none
  CodeRef endless_block;                       // `endless ends { ... }`; may be empty
  std::vector<EndClauseCode> end;
  CodeRef match_ends;  // pushes bool (match: `ends when`)
  CodeRef evaluation;  // pushes int; empty: the default score
  // The questions `ask` asks (the operand of Ask indexes it), in order of
  // first appearance in the code; empty in a game that asks nothing.
  std::vector<std::string> questions;

  // The game's code compiled to C++ (native.hpp, attach_native): run in
  // place of the bytecode. Null: the bytecode runs.
  const NativeCode* native = nullptr;

  // ---- fast-path flags ---------------------------------------------------
  bool has_drop = false;     // any drop handler
  bool slow_sow = false;     // drop code, `skip when`, or `skip origin` with a hand: seed by seed
  bool may_relay = false;    // relay kind or a `relay from` statement exists
  bool plain_relay = false;  // no lap_end handler, no `relay ... when`: the kind decides
  bool hand_laps = false;    // `lift H` / `relay into H`: laps may sow taken seeds
  bool plain_laps = false;   // no code runs while sowing, laps lift whole holes one way
  bool whole_laps = false;   // laps lift whole holes one way, skip none; only drop and lap_end code
  bool reads_sown = false;   // code reads `sown` or `in_hand`: the sowing keeps them
  bool reads_lap_start = false;     // code reads `lap_start`: the sowing keeps it
  bool has_lasting = false;         // marks or counters: handlers may change them mid-move
  bool direction_per_move = false;  // direction rules: a move's direction from its start hole
  bool direction_choice = false;    // some rule is `either`: a start hole may offer two moves
  bool laps_turn = false;  // `laps alternate` or `relay ... ccw|cw`: a lap may sow the other way
  bool simple_starts = false;   // where_min_seeds 1, no forbid, no endless look-ahead
  bool may_be_endless = false;  // may_relay or `skip when`: a move may never stop
  // The endless look-ahead may first ask whether the move's first lap alone
  // ends it (first_lap_stops in runtime.cpp): relay from the landing hole by
  // its default condition, no pickup code, no skip rule, one direction, and
  // drop and lap_end code, if any, behind a guard.
  bool first_lap_test = false;
  bool needs_no_moves = false;  // some code evaluates `no moves`
  bool has_repetition = false;  // a repetition clause (needs a History)
  bool has_questions = false;   // some handler asks (`ask NAME`): moves carry answers
  bool has_prefer = false;      // some `prefer` clause
  bool prefer_after = false;    // some `prefer after`: each move is played out to list them

  const Instr* at(CodeRef r) const { return code.data() + r.entry; }
  // How this board's moves and holes are named (format_move, parse_move).
  MoveNames move_names() const { return {rows, holes}; }
  // Four rows: a player's hole `k` of a row, from their left, as a number
  // round their ring (MoveNames::ring_number).
  int ring_number(bool front, int k) const { return move_names().ring_number(front, k); }
  // The board's shape at cell c, as `is_store`, `front` and `number` read
  // it: one definition for the instructions (ops.hpp) and for compile's
  // shape tests of guards.
  bool is_store_cell(int64_t c) const { return c >= 2 * side; }
  bool in_front(int64_t c) const { return c < 2 * side && ((front_mask >> c) & 1u); }
  int64_t number_of(int64_t c) const { return c >= 2 * side ? 0 : c % side + 1; }

  // Last, so that the fields before keep their places (AlsoTests).
  std::array<AlsoTests, kEventCount> event_also{};  // other holes' counts the code tests
  bool lap_end_also = false;  // the lap loop (sow_loop.hpp) tests event_also[LapEnd] first
  // How a move without an observer is sown (sow_move): compile stores
  // runtime_sowing(*this), attach_native the game's sowing compiled with
  // these settings (MANCALA_SOW_SETTINGS below) where it has one. Whoever
  // changes the flags after compile stores runtime_sowing again.
  Sowing sowing = sow_by_flags;
  bool has_sow_end = false;   // some sow_end handler
  bool has_captures = false;  // some captures handler
  // How the moves are listed, a move applied and a random one drawn and
  // applied: attach_native stores the game's compiled pipeline, with these
  // settings (MANCALA_MOVE_SETTINGS below) and the sowing's as constants,
  // where it has one.
  Listing listing = legal_moves_interpreted;
  Applying applying = apply_interpreted;
  RandomApplying applying_random = apply_random_move_interpreted;
};

// The settings the lap loop (sow_loop.hpp) reads that a game's compiled
// code holds as constants: `mancala compile --emit cpp` writes each as a
// `static constexpr` member of the game's own struct, with this name and
// type and the value of its Rules, and settings_fingerprint hashes them,
// so that the compiled sowing never plays rules with other values
// (native.hpp). X(type, name) for each; each is a field of Rules.
#define MANCALA_SOW_SETTINGS(X) \
  X(int, side)                  \
  X(int, cells)                 \
  X(RelayKind, relay)           \
  X(int, endless_laps)          \
  X(bool, skip_origin)          \
  X(bool, has_drop)             \
  X(bool, slow_sow)             \
  X(bool, may_relay)            \
  X(bool, plain_relay)          \
  X(bool, hand_laps)            \
  X(bool, plain_laps)           \
  X(bool, whole_laps)           \
  X(bool, lap_end_also)         \
  X(bool, reads_sown)           \
  X(bool, reads_lap_start)      \
  X(bool, has_lasting)          \
  X(bool, direction_per_move)   \
  X(bool, laps_turn)            \
  X(bool, has_questions)

// The settings apply's pipeline (apply.hpp) reads that a game's compiled
// code holds as constants, as MANCALA_SOW_SETTINGS for the sowing (and
// hashed with them): a setting apply.hpp comes to read goes here.
#define MANCALA_MOVE_SETTINGS(X) \
  X(int, rows)                   \
  X(uint64_t, hole_mask)         \
  X(bool, from_all)              \
  X(FirstMove, first_move)       \
  X(bool, has_prefer)            \
  X(bool, has_repetition)        \
  X(bool, may_be_endless)        \
  X(EndlessKind, endless)        \
  X(bool, pass_when_no_moves)    \
  X(bool, simple_starts)         \
  X(bool, must_feed)             \
  X(bool, has_sow_end)           \
  X(bool, has_captures)

}  // namespace mancala
