// The sowing engine: lift, sow lap by lap, relay, detect endless sowing.
//
// This is the hottest code of the project, so it is instantiated for each
// combination of an observer (so a plain playout has no callback test per
// seed) and of laps that sow seeds lifted into the hand (`lift H`, `relay
// into H`: decided once per move, so other games pay nothing per lap), and
// each lap picks one of two loops: seed by seed when drop handlers or `skip
// when` must see every seed, or else whole laps added by division and the
// remainder walked on the doubled track (on a board of at most 16 cells,
// sown in one step by SSE2 lanes, sow_lanes, so that no loop exit is
// mispredicted); a game in which no code runs during the sowing
// (Rules::plain_laps) gets its own copy of the loop, with none of the
// per-lap tests for names and fields that code could read or change, and so
// does a game whose laps lift whole holes one way and skip none, with only
// drop and lap_end code (Rules::whole_laps), and so does a game whose
// lap_end guard tests other holes' counts (AlsoTests), so that the lap skips
// the call to after_lap where they fail; each copy is a function of its own
// (sow_move_as). Endless sowing is detected exactly with Brent's cycle
// algorithm over the sowing state at each relay point (board, stores,
// removed, and how the next lap starts: the hole it lifts, or sows the hand
// into; when laps may turn (`laps alternate`, `relay ... cw`) also its
// direction; the seeds in hand are what the board lacks, nothing is pending
// there), keeping one snapshot on the stack, no heap (a board of up to 32
// cells is copied and compared as one fixed 64-byte block). A lap that skips
// every hole of the track without dropping is endless too (the board cannot
// change while skipping). Exact detection is cheap only for short cycles: a
// cycle can be far longer than any game (a 2x8 relay board with 6 seeds has
// one beyond 10^9 laps), and handlers that read `lap` make the state
// unbounded. So a move still sowing after the file's lap budget (`endless
// ... after N laps`, default kDefaultEndlessLaps) is endless by rule,
// whatever a longer run would do.
//
// The loop lives in this header, included by sow.cpp (every other copy and
// the choice of copy, runtime_sowing) and by sow_also.cpp (the kAlso
// copies), so that each file is compiled, and inlined, on its own
// (sow_also.cpp says why), and by the C++ that `mancala compile --emit cpp`
// writes: there each game compiles the copy its settings choose
// (sow_compiled) with those settings as constants, read through settings<S>,
// so that their tests fold away.
#pragma once

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "machine.hpp"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace mancala {
namespace {

struct Snapshot {
  std::array<uint16_t, kMaxCells> cells;
  uint16_t removed;
  int lift;
  std::array<uint64_t, kMaxMarks> marks, mark_north;  // handlers may mark holes
  std::array<int16_t, kMaxCounters> counters;         // and set counters
};

// The cells a snapshot keeps: a board of up to kSmallBoard cells is copied
// and compared as one fixed block of 64 bytes (no call, no loop), a larger
// one as the whole array. Cells past the board are 0 in every State, so the
// extra cells compare equal.
constexpr int kSmallBoard = 32;

[[gnu::always_inline]] inline void copy_cells(uint16_t* to, const uint16_t* from, int ncells) {
  if (ncells <= kSmallBoard) {
    std::memcpy(to, from, sizeof(uint16_t) * kSmallBoard);
  } else {
    std::memcpy(to, from, sizeof(uint16_t) * kMaxCells);
  }
}

[[gnu::always_inline]] inline bool same_cells(const uint16_t* a, const uint16_t* b, int ncells) {
  if (ncells > kSmallBoard) return std::memcmp(a, b, sizeof(uint16_t) * kMaxCells) == 0;
  constexpr int kWords = sizeof(uint16_t) * kSmallBoard / sizeof(uint64_t);
  uint64_t x[kWords], y[kWords];
  std::memcpy(x, a, sizeof x);
  std::memcpy(y, b, sizeof y);
  uint64_t diff = 0;
  for (int i = 0; i < kWords; ++i) diff |= x[i] ^ y[i];
  return diff == 0;
}

// `lasting`: whether the game declares marks or counters (only then can
// handlers change them).
[[gnu::always_inline]] inline void take(Snapshot& snap, const State& s, int ncells, int lift,
                                        bool lasting) {
  copy_cells(snap.cells.data(), s.cells.data(), ncells);
  snap.removed = s.removed;
  snap.lift = lift;
  if (lasting) {
    snap.marks = s.marks;
    snap.mark_north = s.mark_north;
    snap.counters = s.counters;
  }
}

[[gnu::always_inline]] inline bool same(const Snapshot& snap, const State& s, int ncells, int lift,
                                        bool lasting) {
  return snap.lift == lift && snap.removed == s.removed &&
         same_cells(snap.cells.data(), s.cells.data(), ncells) &&
         (!lasting || (snap.marks == s.marks && snap.mark_north == s.mark_north &&
                       snap.counters == s.counters));
}

template <bool kObs>
int lift(Machine& m, int cell) {
  State& s = m.s;
  int n = s.cells[cell];
  int leave = 0;
  if (!m.rules.events[static_cast<size_t>(Event::Pickup)].empty()) {
    m.here = cell;
    m.leave = 0;
    run_handlers(m, Event::Pickup);
    leave = m.leave < n ? m.leave : n;
  }
  s.cells[cell] = static_cast<uint16_t>(leave);
  if constexpr (kObs) m.obs->lift(cell, n - leave);
  return n - leave;
}

// `sown` and `in_hand` are those before the seed that `cell` would receive;
// `lift_cell` is the hole the lap lifted (-1: none).
bool skipped(Machine& m, int cell, int lift_cell, int sown, int hand) {
  const Rules& r = m.rules;
  if (r.skip_origin && cell == lift_cell) return true;
  if (r.skip_when.empty()) return false;
  m.here = cell;
  if (r.reads_sown) {
    m.sown = sown;
    m.in_hand = hand;
  }
  return exec(m, r.skip_when) != 0;
}

// The mover's track for this move (the game's direction or the other),
// chosen once per move.
struct TrackView {
  const uint8_t* track;  // doubled
  const uint8_t* pos;    // cell -> position on the track
  int len;
  int cycle;  // seeds that one round of the track takes (the lifted hole skipped or not)
};

template <class S = Rules>
[[gnu::always_inline]] inline TrackView track_of(const Machine& m) {
  const Rules& r = m.rules;
  int mv = index(m.mover);
  int len = m.reversed ? r.rtrack_len[mv] : r.track_len[mv];
  int cycle = settings<S>(m).skip_origin ? len - 1 : len;
  if (!m.reversed) return {r.track[mv].data(), r.track_pos[mv].data(), len, cycle};
  return {r.rtrack[mv].data(), r.rtrack_pos[mv].data(), len, cycle};
}

// A lap's start, as the relay decision gives it: the hole to lift
// (kLiftLap), or, in a game that lifts seeds into the hand (`lift H`,
// `relay into H`), the hole the hand is sown into (kIntoLap) or sown after
// (kAfterLap). The kind is part of the sowing state compared for endless
// sowing.
constexpr int kCellMask = 255;
constexpr int kLiftLap = 0;
constexpr int kIntoLap = 1 << 9;
constexpr int kAfterLap = 2 << 9;

// Runs the drop code for a seed just dropped in `cell`, `hand` seeds of
// the `lifted` still to sow, once its guard's counts have admitted the
// hole's count (drop_counts).
[[gnu::noinline]] void drop_code(Machine& m, int cell, int lifted, int hand) {
  const Rules& r = m.rules;
  m.here = cell;
  m.last = hand == 0;
  if (r.reads_sown) {
    m.sown = lifted - hand;
    m.in_hand = hand;
  }
  exec(m, r.event_guards[static_cast<size_t>(Event::Drop)].past_count);
}

// The counts of a hole just sown into at which the drop code may act (none
// with no drop code), read once a lap: the drop code may write the state
// but never the rules.
template <class S = Rules>
[[gnu::always_inline]] inline HereGuard::Range drop_counts(const Machine& m) {
  return settings<S>(m).has_drop ? m.rules.event_guards[static_cast<size_t>(Event::Drop)].counts
                                 : HereGuard::Range{};
}

// The rest of a drop_lap from its seed `i`, just dropped, whose count the
// drop code's guard admitted: that code, then the seeds after it, each
// with its guard test and, where the guard admits its count, its code.
template <bool kObs>
[[gnu::noinline]] int drop_lap_from(Machine& m, const uint8_t* at, int hand, int i) {
  const HereGuard::Range code = drop_counts(m);
  uint16_t* cells = m.s.cells.data();
  drop_code(m, at[i], hand, hand - i);
  while (++i <= hand) {
    int cell = at[i];
    int count = ++cells[cell];
    if constexpr (kObs) m.obs->drop(cell);
    if (code.has(count)) drop_code(m, cell, hand, hand - i);
  }
  return at[hand];
}

// A lap that skips no hole and sows at most one round of the track: its
// seeds fall one in each cell after the lifted one on the doubled track
// (`at` points at the lifted cell's place), so the loop needs no wrap and
// no skip test. What it reads of the rules is read once, before the first
// seed: the drop code may write the state but never the rules. The first
// seed whose count the guard admits hands the lap over to drop_lap_from,
// so that this loop makes no call: with one, the compiler kept its values
// in the registers that survive calls and moved the sowing's own values
// out of them and back at every lap (about 30 instructions a lap, 5 % of
// Anywoli's walk, whose laps sow 2.5 seeds on average). A guard that
// admits every count (one that tests no count: Toguz Kumalak's marks)
// has its own loop, with the call at every seed and no test. The loop
// tests its end at the bottom (`hand` is at least 1); at -O2 how it is
// written moves Anywoli's playouts by several per cent for the same
// instructions (docs/performance.md, stop 37).
template <bool kObs, class S>
[[gnu::always_inline]] inline int drop_lap(Machine& m, const uint8_t* at, int hand) {
  const HereGuard::Range code = drop_counts<S>(m);
  uint16_t* cells = m.s.cells.data();
  if (code.every()) {  // no count to test: the code runs at every seed
    for (int i = 1; i <= hand; ++i) {
      int cell = at[i];
      ++cells[cell];
      if constexpr (kObs) m.obs->drop(cell);
      drop_code(m, cell, hand, hand - i);
    }
    return at[hand];
  }
  const uint8_t* seed = at + 1;  // hand >= 1 (sow_lap)
  const uint8_t* end = at + hand + 1;
  do {
    int cell = *seed;
    int count = ++cells[cell];
    if constexpr (kObs) m.obs->drop(cell);
    if (code.has(count)) [[unlikely]]
      return drop_lap_from<kObs>(m, at, hand, static_cast<int>(seed - at));
  } while (++seed != end);
  return at[hand];
}

#ifdef __SSE2__
// One seed in each of the `hand` cells after track position `p` (hand <=
// len, on a board of at most 16 cells): the cells whose position on the
// track, counted from p + 1 round the track, is below `hand` get one, all
// sixteen compared at once from the positions of Rules::track_pos (255
// off the track, so never sown). No loop over the seeds, so no branch
// mispredicted at its end (about once a Kalah move; docs/performance.md).
[[gnu::always_inline]] inline void sow_lanes(uint16_t* cells, const uint8_t* pos, int p, int len,
                                             int hand) {
  const __m128i zero = _mm_setzero_si128();
  const __m128i ranks = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pos));
  const __m128i first = _mm_set1_epi16(static_cast<int16_t>(p + 1));
  const __m128i round = _mm_set1_epi16(static_cast<int16_t>(len));
  const __m128i seeds = _mm_set1_epi16(static_cast<int16_t>(hand));
  for (int half = 0; half < 2; ++half) {
    __m128i rank = half ? _mm_unpackhi_epi8(ranks, zero) : _mm_unpacklo_epi8(ranks, zero);
    __m128i d = _mm_sub_epi16(rank, first);                                // -p-1 .. 254
    d = _mm_add_epi16(d, _mm_and_si128(_mm_cmplt_epi16(d, zero), round));  // round the track
    __m128i sown = _mm_cmplt_epi16(d, seeds);                              // -1: one seed
    auto* at = reinterpret_cast<__m128i*>(cells + 8 * half);
    _mm_storeu_si128(at, _mm_sub_epi16(_mm_loadu_si128(at), sown));
  }
}
#endif

// Sows `hand` seeds after lift_cell; returns the landing cell, or -1 when
// every cell of the track is skipped (endless). `skip` is the hole `skip
// origin` skips: the lifted hole, or -1 for a lap of taken seeds. kNoSkip:
// the game skips no hole (Rules::whole_laps).
template <bool kObs, bool kSlow, bool kNoSkip, class S = Rules>
[[gnu::always_inline]] inline int sow_lap(Machine& m, const TrackView& tv, int lift_cell, int hand,
                                          int skip) {
  const S& r = settings<S>(m);  // the settings; m.rules for the rest
  State& s = m.s;
  const uint8_t* track = tv.track;
  int len = tv.len;
  int p = tv.pos[lift_cell];
  MANCALA_ASSERT(p < len);
  int cell = lift_cell;
  if (hand == 0) return cell;
  if constexpr (!kObs && !kSlow) {
    // With `skip origin`, laps of taken seeds (no hole lifted) are sown seed by seed.
    MANCALA_ASSERT(!r.skip_origin || skip == lift_cell);
    int cycle = tv.cycle;
    if (hand > cycle) {
      int full = (hand - 1) / cycle;
      for (int i = 0; i < len; ++i) s.cells[track[i]] += full;
      if (r.skip_origin) s.cells[lift_cell] -= full;
      hand -= full * cycle;
    }
    // hand <= cycle: the rest lands inside the doubled track, short of the
    // lifted hole's next turn (with `skip origin` the cycle is one short of
    // the track), so no hole is skipped.
    const uint8_t* at = track + p;
#ifdef __SSE2__
    if (r.cells <= 16) {
      sow_lanes(s.cells.data(), tv.pos, p, len, hand);
      return at[hand];
    }
#endif
    for (int i = 1; i < hand; ++i) ++s.cells[at[i]];
    cell = at[hand];
    ++s.cells[cell];
    return cell;
  } else {
    const bool may_skip = !kNoSkip && (r.skip_origin || !m.rules.skip_when.empty());
    if (!may_skip && hand <= len) return drop_lap<kObs, S>(m, track + p, hand);
    int skips = 0;
    int lifted = hand;
    const HereGuard::Range code = drop_counts<S>(m);
    while (hand > 0) {
      if (++p == len) p = 0;
      cell = track[p];
      if (may_skip) {
        if (skipped(m, cell, skip, lifted - hand, hand)) {
          if (++skips > len) return -1;
          continue;
        }
        skips = 0;
      }
      int count = ++s.cells[cell];
      --hand;
      if constexpr (kObs) m.obs->drop(cell);
      // The drop code, entered only when its guard admits the hole's count.
      if (code.has(count)) drop_code(m, cell, lifted, hand);
    }
    return cell;
  }
}

// The seed-by-seed lap of a game that lifts seeds into the hand, out of
// line: inlined, its code crowded the rest of that lap, the longest (ǁHus,
// which never sows seed by seed, ran 1 % more instructions with it there).
template <bool kObs, class S>
[[gnu::noinline]] int slow_lap(Machine& m, const TrackView& tv, int lift_cell, int hand, int skip) {
  return sow_lap<kObs, true, false, S>(m, tv, lift_cell, hand, skip);
}

// The hole the next lap lifts by the relay kind's default condition alone
// (no names to set: with no code at a lap's end, Rules::plain_relay, it is
// the whole decision), or -1 to stop.
template <class S = Rules>
[[gnu::always_inline]] inline int plain_relay_target(const Machine& m, int land) {
  const S& r = settings<S>(m);
  if (r.relay == RelayKind::None || land >= 2 * r.side) return -1;  // a lap ending in a store
  if (r.relay == RelayKind::Landing) return m.s.cells[land] > 1 ? land : -1;
  int target = (m.reversed ? m.rules.prev1 : m.rules.next1)[land];
  return m.s.cells[target] > 0 ? target : -1;
}

// The hole the next lap lifts by the `sowing` relay rule (its `when`, or
// the default condition), or -1 to stop.
int relay_target(Machine& m, int land) {
  const Rules& r = m.rules;
  if (r.relay_when.empty()) return plain_relay_target(m, land);
  if (r.relay == RelayKind::None || land >= 2 * r.side) return -1;  // a lap ending in a store
  m.here = land;
  if (exec(m, r.relay_when) == 0) return -1;
  return r.relay == RelayKind::Landing ? land : (m.reversed ? r.prev1 : r.next1)[land];
}

// When sowing would stop with seeds taken into the hand, they are sown on
// from the hole after the landing hole.
int hand_left(const Machine& m, int land) {
  return m.taken > 0 ? land | kAfterLap : -1;
}

// The landing hole's counts, cell by cell, after which more than the
// relay kind's default condition may decide the next lap (after_lap),
// found once per move: none with no lap_end code and no `relay ... when`;
// those its guard admits at that cell when the lap_end code alone could
// decide (ǁHus's capture: only in the front row); else every count. At
// any other count no code runs, so the hand is empty (only lap_end code
// lifts seeds into it, and each lap starts by sowing what it holds) and
// the default condition is the whole decision.
using CellCounts = std::array<HereGuard::Range, kMaxCells>;
constexpr CellCounts kNoCount = HereGuard::every_cell({});
constexpr CellCounts kEveryCount =
    HereGuard::every_cell(HereGuard::range_of(HereGuard::Test::None, 0));

template <class S>
[[gnu::always_inline]] inline const CellCounts& lap_end_counts(const Machine& m) {
  if (settings<S>(m).plain_relay) return kNoCount;
  if (!m.rules.relay_when.empty()) return kEveryCount;
  return m.rules.event_guards[static_cast<size_t>(Event::LapEnd)].at;
}

// The relay decision after a lap that landed in `land`: lap_end handlers,
// then `relay into` or `relay from`, then the sowing rule. Returns the next
// lap's start (a kind and a cell), or -1: sowing stops.
int after_lap(Machine& m, const TrackView& tv, int land) {
  m.here = land;
  m.last = true;
  m.relay_from = -1;
  m.relay_into = -1;
  m.relay_way = -1;
  if (!m.rules.events[static_cast<size_t>(Event::LapEnd)].empty()) {
    m.stop = false;
    run_handlers(m, Event::LapEnd);
    if (m.stop) return hand_left(m, land);
  }
  if (m.relay_into >= 0) {  // a cell off the mover's track (the other store) sows nothing
    bool on_track = m.relay_into < kMaxCells && tv.pos[m.relay_into] < tv.len;
    return on_track ? m.relay_into | kIntoLap : hand_left(m, land);
  }
  int next = m.relay_from >= 0 ? m.relay_from : relay_target(m, land);
  if (next < 0 || next >= 2 * m.rules.side) return hand_left(m, land);  // a store is never lifted
  return next | kLiftLap;
}

// The seeds a lap sows in a game that lifts seeds into the hand: those of
// its lifted hole plus those taken, or the taken seeds alone, sown into a
// hole (`from` becomes the cell before it) or after the landing hole; a
// lap of taken seeds lifts no hole, so `skip origin` skips none.
template <bool kObs>
int hand_lap(Machine& m, const TrackView& tv, int lap, int& from, int& skip) {
  int hand = m.taken;
  m.taken = 0;
  if ((lap & ~kCellMask) == kLiftLap) return hand + lift<kObs>(m, from);
  skip = -1;
  // Into H: sow from the cell before H; with nothing in hand the lap lands
  // in H itself, as `relay from` an empty hole does.
  if ((lap & ~kCellMask) == kIntoLap && hand > 0) {
    from = tv.track[(tv.pos[from] + tv.len - 1) % tv.len];
  }
  return hand;
}

// The direction of the next lap: the one a `relay ... ccw|cw` gave, else
// with `laps alternate` the other way from the lap that ended.
void turn(Machine& m, TrackView& tv) {
  const Rules& r = m.rules;
  bool reversed = m.reversed;
  if (m.relay_way >= 0) {
    reversed = (m.relay_way == 1) != (r.direction == Direction::Cw);
  } else if (r.laps_alternate) {
    reversed = !reversed;
  }
  if (reversed == m.reversed) return;
  m.reversed = reversed;
  tv = track_of(m);
}

// Whether a move sows against the game's direction: by the mover's choice,
// or by the first direction rule that holds for its start hole.
bool reversed_move(Machine& m, int start) {
  const Rules& r = m.rules;
  Way way = m.move.way;
  if (way != Way::None) return (way == Way::Cw) != (r.direction == Direction::Cw);
  Direction d = direction_at(m, start);
  return d != Direction::Either && d != r.direction;
}

// How much of the general lap a game's sowing needs, decided once per move
// so that a lap pays only for what the game can do: Any, all of it; Whole,
// each lap lifts its hole whole and sows it one way skipping no hole, and
// nothing but the board and the move's own names can change on the way
// (Rules::whole_laps: drop and lap_end code may run); Plain, no code runs
// during the sowing and each lap lifts its hole whole (Rules::plain_laps),
// so the lap needs none of the names, tests and fields that code could
// read or change (marks, counters).
enum class Laps { Any, Whole, Plain };

// kHand: the game lifts seeds into the hand (Rules::hand_laps), decided
// once per move so that other games pay nothing per lap for it; kAlso:
// the lap_end guard tests the counts of holes the shape fixes by the
// landing hole (Rules::lap_end_also: ǁHus's capture needs stones in both
// of the opponent's holes across), so the loop tests them before it calls
// after_lap: where they fail no code runs, and the relay kind's condition
// decides. Only such games have the test in their loop, so that the
// others' loop keeps its registers (with the test in every loop, Anywoli's
// sowing ran 3.8 % more instructions).
template <bool kObs, bool kHand, Laps kLaps, bool kAlso, class S>
[[gnu::always_inline]] inline bool sow_move_impl(Machine& m, int start) {
  constexpr bool kPlain = kLaps == Laps::Plain;
  constexpr bool kWhole = kLaps == Laps::Whole;
  constexpr bool kOneWay = kPlain || kWhole;  // no turn, no questions, no lap_start, whole lifts
  const S& r = settings<S>(m);                // the settings; m.rules for the rest
  State& s = m.s;
  m.origin = start;
  m.lap = 1;
  if (r.direction_per_move) m.reversed = reversed_move(m, start);
  TrackView tv = track_of<S>(m);
  int lift_cell = start;
  if constexpr (kHand) {
    if (int n = m.move.seeds; n > 0) {    // a move from the store: its seeds are the hand,
      int store = s.store_cell(m.mover);  // the first sown into start
      s.cells[store] = static_cast<uint16_t>(s.cells[store] - n);
      m.taken = n;
      if constexpr (kObs) m.obs->lift(store, n);
      lift_cell = start | kIntoLap;
    }
  }
  Snapshot tortoise;
  const bool lasting = !kOneWay && r.has_lasting;
  const bool reads_sown = r.reads_sown;
  const CellCounts& decides = lap_end_counts<S>(m);
  int power = 1;
  int lam = 1;
  if (r.may_relay)
    take(tortoise, s, r.cells, lift_cell + (!kOneWay && r.laps_turn && m.reversed ? 256 : 0),
         lasting);
  for (;;) {
    int from = kHand ? lift_cell & kCellMask : lift_cell;  // the lap sows after this cell
    int skip = from;
    int hand;
    if constexpr (kOneWay) {
      hand = s.cells[from];
      s.cells[from] = 0;
    } else {
      hand = kHand ? hand_lap<kObs>(m, tv, lift_cell, from, skip) : lift<kObs>(m, from);
    }
    if (!kOneWay && r.reads_lap_start) m.lap_start = from;
    int land;
    if (kPlain || !r.slow_sow) {
      land = sow_lap<kObs, false, kWhole, S>(m, tv, from, hand, skip);
    } else if constexpr (kHand) {
      land = slow_lap<kObs, S>(m, tv, from, hand, skip);
    } else {
      land = sow_lap<kObs, true, kWhole, S>(m, tv, from, hand, skip);
    }
    if (land < 0) return false;
    if (reads_sown) {  // what lap_end and the relay rule see
      m.sown = hand;
      m.in_hand = 0;
    }
    MANCALA_ASSERT(m.taken == 0);
    bool code = !kPlain && decides[land].has(s.cells[land]) &&
                (!kAlso || m.rules.event_also[static_cast<size_t>(Event::LapEnd)].admit(
                               s.cells.data(), land));
    int next = code ? after_lap(m, tv, land) : plain_relay_target<S>(m, land);
    if (next < 0) {
      m.here = land;
      return true;
    }
    if constexpr (kObs) {
      if ((next & ~kCellMask) == kLiftLap) m.obs->relay(next);  // a lap that lifts a hole
    }
    int key = next;                 // the sowing state's next lap: its kind and hole
    if (!kOneWay && r.laps_turn) {  // and its direction
      turn(m, tv);
      key += m.reversed ? 256 : 0;
    }
    // Questions (`ask`) asked while the move still has answers to give make
    // the same board differ: the answers used so far are part of the state.
    if (!kOneWay && r.has_questions) key += std::min(m.asked, m.move.asked) << 12;
    // Brent: compare with the saved state; move the save point at powers of two.
    if (same(tortoise, s, r.cells, key, lasting)) return false;
    if (power == lam) {
      take(tortoise, s, r.cells, key, lasting);
      power *= 2;
      lam = 0;
    }
    ++lam;
    lift_cell = next;
    if (++m.lap > r.endless_laps) return false;  // past the lap budget: endless by rule
  }
}

// Each kind of sowing as a function of its own, so that the compiler
// allocates its registers for it alone (inlined into one dispatcher, the
// copies crowded each other: ǁHus's sowing paid 5 % more instructions once
// the whole-laps copy was added beside it).
template <bool kObs, bool kHand, Laps kLaps, bool kAlso = false>
[[gnu::noinline]] bool sow_move_as(Machine& m, int start) {
  return sow_move_impl<kObs, kHand, kLaps, kAlso, Rules>(m, start);
}

// The copy of the lap loop a move without an observer takes, by the
// settings S of a game's compiled code: what runtime_sowing (sow.cpp)
// picks from the Rules, in the same order.
template <class S>
bool sow_compiled(Machine& m, int start) {
  constexpr S set{};
  if constexpr (set.plain_laps) {
    return sow_move_impl<false, false, Laps::Plain, false, S>(m, start);
  } else if constexpr (set.whole_laps) {
    return sow_move_impl<false, false, Laps::Whole, false, S>(m, start);
  } else {
    return sow_move_impl<false, set.hand_laps, Laps::Any, set.lap_end_also, S>(m, start);
  }
}

}  // namespace

// The kAlso copies (sow_also.cpp), picked by runtime_sowing (sow.cpp).
bool sow_move_also(Machine& m, int start);

}  // namespace mancala
