// Private interface of the runtime: the machine that runs one move.
//
// A Machine is the context of one move (or one end-clause evaluation): the
// state being changed, the mover, the names of the current event (here,
// origin, lap, last), the flags actions set (stop, extra_turn, relay from,
// leave, cancel, draw) and the pending-capture area of sow_end. It lives
// on the C++ stack, so a move never allocates; the bytecode executor
// (vm.cpp), the sowing engine (sow_loop.hpp) and the move and
// end logic (runtime.cpp) all work on it.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "arithmetic.hpp"
#include "rules.hpp"
#include "runtime.hpp"
#include "state.hpp"

#ifdef MANCALA_CHECKED
#include <cassert>
#define MANCALA_ASSERT(x) assert(x)
#else
#define MANCALA_ASSERT(x) ((void)0)
#endif

namespace mancala {

// ---- the move machine -----------------------------------------------------

inline constexpr int kMaxWhileIterations = 10000;
inline constexpr int kPendingTo_Removed = 2;

struct PendingCapture {
  uint8_t cell;
  uint8_t to;  // 0 south store, 1 north store, 2 removed from play
  uint16_t n;
};

struct Machine {
  Machine(const Rules& r, State& st, Player m, Observer* o) : rules(r), s(st), obs(o), mover(m) {}

  const Rules& rules;
  State& s;
  Observer* obs;
  Player mover;

  // Names of the running event.
  int here = 0;
  int origin = 0;
  int hole = 0;  // the moves section's candidate
  int lap = 0;
  bool last = false;
  bool reversed = false;  // this move sows against the game's direction (direction rules)
  // The move being played, set by prepare() before it is sown (left unset
  // otherwise: a Machine is built for every move and every expression): its
  // direction (`direction either`), its answers (`ask`: a question beyond
  // move.asked is answered no), the seeds it takes from the store.
  Move move;
  uint8_t asked;  // questions asked so far (what legal_moves reads to enumerate answers)
  // Seeds sown so far in this lap, and still in hand: kept only when the
  // game's code reads them (Rules::reads_sown), and set before any read, so
  // they are left uninitialised (a Machine is built for every move).
  int sown;
  int in_hand;
  int lap_start;  // the hole this lap lifted, or sows its hand after (Rules::reads_lap_start)

  // What actions asked for.
  bool pending_mode = false;  // in sow_end: captures are pending
  bool stop = false;
  bool extra_turn = false;
  bool draw = false;
  bool cancel = false;
  int relay_from = -1;
  int relay_into = -1;  // `relay into H`: the next lap sows the hand from H
  int relay_way = -1;  // `relay ... ccw|cw`: the laps from the next on sow clockwise (1) or not (0)
  int taken = 0;       // seeds `lift` put into the hand for the next lap
  int leave = 0;

  // What the move did.
  int captured = 0;  // reached stores
  int lifted = 0;    // `lift` took from the opponent's holes into the hand (sown again)
  int removed = 0;
  int pending_seeds = 0;
  int pending_count = 0;
  // [0, pending_count) in use, one entry per (cell, destination): a hole
  // taken from twice (`capture N from H`) adds to its entry, so the array
  // never holds more than every cell for each of the three destinations.
  std::array<PendingCapture, 3 * kMaxCells> pending;

  int no_moves = -1;  // memo of `no moves` for the player to move: -1 unknown
};

// Where the runtime reads the settings a game's compiled code holds as
// constants (MANCALA_SOW_SETTINGS and MANCALA_MOVE_SETTINGS in rules.hpp):
// the Rules themselves, or S, the compiled game's struct of `static
// constexpr` members with the same names (native.hpp), so that every test
// of them folds away there. What the runtime reads of the Rules beyond
// those (tracks, guards, code) it reads from the Rules in both.
template <class S>
[[gnu::always_inline]] inline const S& settings(const Rules& r) {
  if constexpr (std::is_same_v<S, Rules>) {
    return r;
  } else {
    static constexpr S kSettings{};
    return kSettings;
  }
}
template <class S>
[[gnu::always_inline]] inline const S& settings(const Machine& m) {
  return settings<S>(m.rules);
}

// The hole a move from the store (that names none) sows its first seed
// into (`from store into H`; the mover's hole 1 by default). Defined in
// runtime.cpp, out of the way of the common case.
int store_start_cell(Machine& m);

// The cell a move (not a pass) starts from: its hole, or for a move from
// the store the hole its first seed goes into.
template <class S = Rules>
[[gnu::always_inline]] inline int start_cell(Machine& m, Move move) {
  if (!move.is_from_store() || move.number != 0)
    return move_cell(settings<S>(m).side, m.mover, move);
  return store_start_cell(m);
}

// Sets up a machine to play `move` (its direction, its answers, the seeds
// it takes from the store): before any sowing.
inline void prepare(Machine& m, Move move) {
  m.move = move;
  m.asked = 0;
}

// Runs code; returns the value left on the stack (0 if none). The game's
// compiled code when it has some (Rules::native), else the bytecode.
int64_t exec(Machine& m, CodeRef code);

// Runs every handler of an event in file order, past the tests its guard
// has decided.
inline void run_handlers(Machine& m, Event e) {
  if (m.rules.events[static_cast<size_t>(e)].empty()) return;
  const HereGuard& g = m.rules.event_guards[static_cast<size_t>(e)];
  if (!g.admits(m.s.cells[m.here], m.here, m.mover, m.s.control, m.rules.default_control)) return;
  exec(m, g.past_cell);
}

// Capture / remove primitives shared by the executor and the end logic.
// A capture or removal of `want` seeds takes at most the hole's seeds (none
// when `want` <= 0); _cell takes them all.
void capture_cell(Machine& m, int cell, Player to);
void capture_seeds(Machine& m, int cell, Player to, int64_t want);
void remove_cell(Machine& m, int cell);
void remove_seeds(Machine& m, int cell, int64_t want);
// `lift H` in lap_end: up to `want` seeds of H go into the hand (Machine::taken).
void lift_seeds(Machine& m, int cell, int64_t want);
void commit_pending(Machine& m);

// Sowing of one move from `start` (sow.cpp, sow_loop.hpp): lifts, sows, runs the
// pickup/drop/lap_end handlers and the relay rule. Returns false when the
// sowing would never stop (the state is then partly sown). On return
// m.here is the final landing hole and m.lap the number of laps.
// With an observer, the copies that report every step (sow_observed); else
// the copy the Rules chose once (Rules::sowing), so that a move pays for no
// choice.
bool sow_observed(Machine& m, int start);
inline bool sow_move(Machine& m, int start) {
  if (m.obs) return sow_observed(m, start);
  return m.rules.sowing(m, start);
}
// The direction the rules give a move from `cell` (Rules::direction_rules;
// Either: the mover chooses). Sets m.hole.
Direction direction_at(Machine& m, int cell);

// Ends the game at once when the player to move has no legal move and the
// rules give no pass (a start position, or a new round, that is stuck).
// Returns whether it did.
bool end_if_stuck(Machine& m, ApplyInfo* info, bool new_round = false);

// `empty_row`: some row holds no seeds (South's alone on one row).
inline bool empty_row(const Rules& r, const State& s) {
  return s.row_empty(Player::South) || (r.rows != 1 && s.row_empty(Player::North));
}

// Whether the player to move has a legal (non-pass) move.
bool has_legal_move(const Rules& rules, const State& s);

}  // namespace mancala
