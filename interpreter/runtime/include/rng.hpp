// The engine's one random number generator.
//
// SplitMix64 rather than <random>: the standard distributions are not the
// same on every platform, and seeded play (agents, playouts, simulate,
// bench) must be reproducible everywhere. It lives apart from the agents
// because the runtime's random_legal_move draws from it too.
#pragma once

#include <cstdint>

namespace mancala {

// SplitMix64: small and fast; a seed fixes the whole sequence.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n >= 1.
  int below(int n) {
    return static_cast<int>((static_cast<unsigned __int128>(next()) * unsigned(n)) >> 64);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)

 private:
  uint64_t state_;
};

}  // namespace mancala
