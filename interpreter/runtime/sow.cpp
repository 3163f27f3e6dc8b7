// The sowing engine's entries: the copy of the lap loop (sow_loop.hpp)
// that the game's rules need, picked once by compile (runtime_sowing,
// stored in Rules::sowing) or at every move (sow_by_flags), the copies
// that report to an observer (sow_observed), and direction_at, the
// direction a lap takes from a hole.
#include "sow_loop.hpp"

namespace mancala {

Direction direction_at(Machine& m, int cell) {
  m.hole = cell;
  for (const DirectionCode& d : m.rules.direction_rules) {
    if (d.when.empty() || exec(m, d.when) != 0) return d.direction;
  }
  return m.rules.direction;
}

bool sow_observed(Machine& m, int start) {
  return m.rules.hand_laps ? sow_move_as<true, true, Laps::Any>(m, start)
                           : sow_move_as<true, false, Laps::Any>(m, start);
}

Sowing runtime_sowing(const Rules& r) {
  // Plain and whole laps never lift into the hand.
  if (r.plain_laps) return sow_move_as<false, false, Laps::Plain>;
  if (r.whole_laps) return sow_move_as<false, false, Laps::Whole>;
  if (r.lap_end_also) return sow_move_also;
  return r.hand_laps ? sow_move_as<false, true, Laps::Any> : sow_move_as<false, false, Laps::Any>;
}

bool sow_by_flags(Machine& m, int start) {
  return runtime_sowing(m.rules)(m, start);
}

}  // namespace mancala
