// The copies of the lap loop for games whose lap_end guard tests the holes
// the shape fixes by `here` (AlsoTests, sow_loop.hpp's kAlso),
// compiled in a file of their own. GCC inlines by a budget per translation
// unit: with these copies in sow.cpp, -O2 kept hand_lap and lift out of
// line in the other copies, and the games whose laps lift into the hand ran
// 0.4-4.8 % more instructions (Layli Goobalay, Igisoro, Omweso, Iyogh,
// Bao); forcing them inline moved the cost to Congkak, Dakon and Songo
// (docs/performance.md, "Guards that test the holes across"). Here they
// change nothing in sow.cpp.
#include "sow_loop.hpp"

namespace mancala {

bool sow_move_also(Machine& m, int start) {
  return m.rules.hand_laps ? sow_move_as<false, true, Laps::Any, true>(m, start)
                           : sow_move_as<false, false, Laps::Any, true>(m, start);
}

}  // namespace mancala
