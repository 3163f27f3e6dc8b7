// Endgame databases: the exact future margin of every position with at
// most K seeds on the board, for the games whose positions are only a board
// and a player to move once the stores are set aside.
//
// A database is built by an exact memoised search in order of seed count
// (egtb.cpp says why that order is sound), saved to a file whose header
// names the rules it was built for, and loaded by the solver (solve.hpp,
// SolveLimits::egtb), which then stops searching at every position that
// has at most K seeds on the board. A value is the future margin, South
// minus North, from the position to the end of the game with perfect play:
// the final margin less the store difference now (store_free.hpp). Files
// are untrusted input: a wrong magic, version, size, checksum or rules
// identity is an EgtbError with a message, never a crash.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules.hpp"
#include "state.hpp"

namespace mancala {

class EgtbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What a long build reports now and then.
struct EgtbProgress {
  int seeds = 0;       // the seed count being built
  int max_seeds = 0;   // K
  uint64_t done = 0;   // positions with a value so far (all seed counts)
  uint64_t total = 0;  // positions of the whole database
  double seconds = 0;
};

class Egtb {
 public:
  // Why a database cannot be built for these rules ("" when it can).
  static std::string unsupported_reason(const Rules& rules);

  // Positions (both players to move) with at most `max_seeds` seeds on the
  // board of these rules.
  static uint64_t entries_for(const Rules& rules, int max_seeds);

  // Builds the database (precondition: unsupported_reason is ""), with
  // `threads` workers; the values do not depend on `threads`. Throws
  // EgtbError when the game turns out not to allow it (board seeds that
  // increase, positions of one seed count that repeat) and the rules'
  // RuntimeError.
  static Egtb build(const Rules& rules, int max_seeds, int threads = 1,
                    const std::function<void(const EgtbProgress&)>& progress = {});

  // Reads a database built for exactly these rules (EgtbError otherwise,
  // and for rules that cannot have one, whatever the file says).
  static Egtb load(const Rules& rules, const std::string& path);
  void save(const std::string& path) const;  // EgtbError on a write failure

  int max_seeds() const { return max_seeds_; }
  uint64_t entries() const { return values_.size(); }

  // The future margin of `s` (South minus North, from now to the end, with
  // perfect play), when its board holds at most max_seeds() seeds and the
  // rules let it move; nullopt otherwise.
  std::optional<int> probe(const State& s) const;

  // The final margin of `s` with perfect play (South minus North): the
  // store difference now plus probe(s); nullopt where probe has no value.
  // What the agents (agents.hpp) score a covered position by.
  std::optional<int> margin(const State& s) const;

  // rules_identity of the rules the database was built or loaded for.
  uint64_t identity() const { return identity_; }

  // The identity of compiled rules a file records: a hash of everything
  // that decides play (not the setup).
  static uint64_t rules_identity(const Rules& rules);

 private:
  Egtb() = default;
  uint64_t index(const State& s, int seeds) const;
  void init_shape(const Rules& rules, int max_seeds);

  int holes_ = 0;  // cells on the board (both sides)
  int max_seeds_ = 0;
  uint64_t identity_ = 0;
  // prefix_[(p * (K + 1) + r) * (K + 1) + c]: compositions of r seeds into
  // p holes whose first hole holds fewer than c seeds.
  std::vector<uint64_t> prefix_;
  std::vector<uint64_t> offset_;  // first index of each seed count
  std::vector<int8_t> values_;    // kNone: no value (a position with no legal move)
  friend class EgtbBuilder;
};

}  // namespace mancala
