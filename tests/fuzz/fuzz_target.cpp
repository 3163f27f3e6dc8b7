// The libFuzzer entry points (MANCALA_FUZZ=ON, clang): this file is built
// once per parser of untrusted input, MANCALA_FUZZ_PARSER choosing which
// (docs/fuzzing.md says why one target per parser rather than one that
// dispatches on a byte). All the work is in fuzz_one.hpp (rule files) and
// fuzz_inputs.hpp (the rest), shared with tests/fuzz_corpus_test.cpp.
#include <cstddef>
#include <cstdint>

#include "fuzz_inputs.hpp"
#include "fuzz_one.hpp"

#ifndef MANCALA_FUZZ_PARSER
#define MANCALA_FUZZ_PARSER fuzz_one
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  mancala::fuzz::MANCALA_FUZZ_PARSER(data, size);
  return 0;
}
