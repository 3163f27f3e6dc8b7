// The sowing engine's entry (sow_move): it picks the copy of the lap loop
// (sow_loop.hpp) that the game's rules need, once per move, and
// direction_at, the direction a lap takes from a hole.
#include "sow_loop.hpp"

namespace mancala {

Direction direction_at(Machine& m, int cell) {
  m.hole = cell;
  for (const DirectionCode& d : m.rules.direction_rules) {
    if (d.when.empty() || exec(m, d.when) != 0) return d.direction;
  }
  return m.rules.direction;
}

bool sow_move(Machine& m, int start) {
  const Rules& r = m.rules;
  if (!m.obs) {  // plain and whole laps never lift into the hand
    if (r.plain_laps) return sow_move_as<false, false, Laps::Plain>(m, start);
    if (r.whole_laps) return sow_move_as<false, false, Laps::Whole>(m, start);
  }
  if (m.obs) {
    return r.hand_laps ? sow_move_as<true, true, Laps::Any>(m, start)
                       : sow_move_as<true, false, Laps::Any>(m, start);
  }
  if (r.lap_end_also) return sow_move_also(m, start);
  return r.hand_laps ? sow_move_as<false, true, Laps::Any>(m, start)
                     : sow_move_as<false, false, Laps::Any>(m, start);
}

}  // namespace mancala
