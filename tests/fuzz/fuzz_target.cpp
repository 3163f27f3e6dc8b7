// The libFuzzer entry point (MANCALA_FUZZ=ON, clang). All the work is in
// fuzz_one.hpp, shared with tests/fuzz_corpus_test.cpp. How to run it and
// what runs have found: docs/fuzzing.md.
#include <cstddef>
#include <cstdint>

#include "fuzz_one.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mancala::fuzz::fuzz_one(data, size);
  return 0;
}
