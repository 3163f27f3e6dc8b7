// Replays every fuzz corpus and every saved crash reproducer through the
// fuzz targets' own functions, as ordinary tests: rule files
// (tests/fuzz/corpus, tests/fuzz/crashes, through fuzz_one) and each other
// parser of untrusted input (tests/fuzz/PARSER/corpus and
// tests/fuzz/PARSER/crashes, through fuzz_inputs.hpp). This is how the
// fuzzers' findings keep being checked in every build, including the
// sanitizer build of .ci/test, without needing clang or libFuzzer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_inputs.hpp"
#include "fuzz/fuzz_one.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs(const std::string& dir) {
  std::vector<fs::path> out;
  fs::path root = fs::path(MANCALA_SOURCE_DIR) / dir;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::directory_iterator(root)) {
    if (e.is_regular_file() && e.path().filename().string()[0] != '.') out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

using Body = void (*)(const uint8_t*, size_t);

void replay(const std::vector<fs::path>& files, Body body) {
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    std::ifstream in(p, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    body(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
}

TEST(FuzzCorpusTest, CorpusRuns) {
  std::vector<fs::path> files = inputs("tests/fuzz/corpus");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/corpus is empty";
  replay(files, mancala::fuzz::fuzz_one);
}

TEST(FuzzCorpusTest, CrashReproducersRun) {
  std::vector<fs::path> files = inputs("tests/fuzz/crashes");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/crashes is empty";
  replay(files, mancala::fuzz::fuzz_one);
}

// The other parsers: each has a seed corpus (required) and may have crashes.
struct Parser {
  const char* name;
  Body body;
};

class FuzzParserCorpus : public testing::TestWithParam<Parser> {};

TEST_P(FuzzParserCorpus, CorpusAndCrashesRun) {
  const std::string dir = std::string("tests/fuzz/") + GetParam().name;
  std::vector<fs::path> corpus = inputs(dir + "/corpus");
  ASSERT_FALSE(corpus.empty()) << dir << "/corpus is empty";
  replay(corpus, GetParam().body);
  replay(inputs(dir + "/crashes"), GetParam().body);
}

INSTANTIATE_TEST_SUITE_P(Parsers, FuzzParserCorpus,
                         testing::Values(Parser{"scenario", mancala::fuzz::fuzz_scenario},
                                         Parser{"record", mancala::fuzz::fuzz_record},
                                         Parser{"moves", mancala::fuzz::fuzz_moves},
                                         Parser{"set", mancala::fuzz::fuzz_set},
                                         Parser{"agent", mancala::fuzz::fuzz_agent}),
                         [](const testing::TestParamInfo<Parser>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
