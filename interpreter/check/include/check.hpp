// The check stage: a .mnc file (and everything it imports) -> CheckedGame.
//
// Checking is the last stage that can fail on user input: it parses the
// file, resolves imports and `extends`, turns settings into GameSpec fields,
// checks every name, type and action against the event it appears in, and
// expands fragments. It reports every problem it finds in one run, through
// Diagnostics, in a deterministic order (by file, then by position).
// Files are read through a FileSystem so that tests (and tools such as an
// editor plugin) can check text that is not on disk.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checked.hpp"
#include "diagnostics.hpp"
#include "source.hpp"

namespace mancala {

class FileSystem {
 public:
  virtual ~FileSystem() = default;
  virtual std::optional<std::string> read(const std::string& path) const = 0;
  // Why read(path) failed: nullopt when the file does not exist (an import
  // then falls back to the standard library), else a reason for people
  // ("it is a directory", "it is larger than 1 MiB (2000000 bytes)", ...).
  virtual std::optional<std::string> read_error(const std::string& path) const {
    return std::nullopt;
  }
};

// Files on disk. Refuses directories, unreadable files and files larger
// than kMaxFileBytes (checked before reading).
class DiskFileSystem : public FileSystem {
 public:
  std::optional<std::string> read(const std::string& path) const override;
  std::optional<std::string> read_error(const std::string& path) const override;
};

// Files in memory, for tests.
class MemoryFileSystem : public FileSystem {
 public:
  void add(std::string path, std::string text) { files_[std::move(path)] = std::move(text); }
  std::optional<std::string> read(const std::string& path) const override;

 private:
  std::map<std::string, std::string> files_;
};

struct CheckOptions {
  const FileSystem* fs = nullptr;  // nullptr: disk
  // `--set holes=4 --set seeds=3`: keys `holes` and `seeds`, applied after
  // `extends` and range-checked like the clauses they replace.
  std::vector<std::pair<std::string, int64_t>> overrides;
};

struct CheckResult {
  bool ok = false;
  std::optional<CheckedGame> game;  // absent for a library file (fragments only)
};

// `path` is a file (through options.fs, or the disk); when no file of that
// name exists and `path` names a shipped game ("kalah", "Kalah" or
// "kalah.mnc", see shipped_games), that game, as "<games>/kalah.mnc".
CheckResult check_file(const std::string& path, SourceSet& sources, Diagnostics& diags,
                       const CheckOptions& options = {});
// As check_file, from memory. Imports are resolved relative to the
// directory of `name` (through options.fs, or the disk), then in the stdlib,
// then among the shipped games (docs/language.md, section 2).
CheckResult check_text(std::string name, std::string text, SourceSet& sources, Diagnostics& diags,
                       const CheckOptions& options = {});

// The games of games/*.mnc, built into the binary, sorted by name.
struct ShippedGame {
  std::string name;         // "kalah": the file name without ".mnc"
  std::string source_name;  // "<games>/kalah.mnc", as diagnostics name it
  std::string_view text;
};
const std::vector<ShippedGame>& shipped_games();
// The shipped game a command-line RULES argument names (its name, in any
// case, with or without ".mnc"); nullptr when none does.
const ShippedGame* find_shipped_game(std::string_view name);

}  // namespace mancala
