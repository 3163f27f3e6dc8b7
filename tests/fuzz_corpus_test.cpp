// Replays the fuzz corpus (tests/fuzz/corpus) and every saved crash
// reproducer (tests/fuzz/crashes) through the fuzz target's own function,
// as an ordinary test. This is how the fuzzer's findings keep being
// checked in every build, including the sanitizer build of .ci/test,
// without needing clang or libFuzzer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/fuzz_one.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs(const char* dir) {
  std::vector<fs::path> out;
  fs::path root = fs::path(MANCALA_SOURCE_DIR) / dir;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::directory_iterator(root)) {
    if (e.is_regular_file() && e.path().filename().string()[0] != '.') out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void replay(const std::vector<fs::path>& files) {
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    std::ifstream in(p, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    mancala::fuzz::fuzz_one(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
}

TEST(FuzzCorpusTest, CorpusRuns) {
  std::vector<fs::path> files = inputs("tests/fuzz/corpus");
  ASSERT_FALSE(files.empty()) << "tests/fuzz/corpus is empty";
  replay(files);
}

TEST(FuzzCorpusTest, CrashReproducersRun) {
  std::vector<fs::path> files = inputs("tests/fuzz/crashes");
  if (files.empty()) GTEST_SKIP() << "no saved crash reproducers";
  replay(files);
}

}  // namespace
