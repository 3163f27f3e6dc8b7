// A position set up by hand for a unit test: each side's holes from the
// player's hole 1 (on four rows, round the ring: back row from the left,
// then front row from the right), the stores, the player to move (the
// rest as at the start).
#pragma once

#include <vector>

#include "runtime.hpp"

namespace mancala::test {

inline State position(const Rules& rules, const std::vector<int>& south,
                      const std::vector<int>& north, int south_store = 0, int north_store = 0,
                      Player to_move = Player::South) {
  State s = initial_state(rules);
  for (int i = 0; i < rules.side; ++i) {
    s.cells[s.hole_cell(Player::South, i + 1)] = static_cast<uint16_t>(south.at(i));
    s.cells[s.hole_cell(Player::North, i + 1)] = static_cast<uint16_t>(north.at(i));
  }
  s.cells[s.store_cell(Player::South)] = static_cast<uint16_t>(south_store);
  s.cells[s.store_cell(Player::North)] = static_cast<uint16_t>(north_store);
  s.to_move = to_move;
  return s;
}

}  // namespace mancala::test
