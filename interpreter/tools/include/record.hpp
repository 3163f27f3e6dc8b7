// Game records: a played game as a YAML file (`play --record FILE`), and
// reading one back (`replay RULES --record FILE`).
//
// A record must let anyone reproduce the game and notice when the rules
// have changed under it, so it holds the rule file's name and a hash of
// every text the game was loaded from (the file and its imports), the
// settings, the seed and the agents, and every move with the position
// after it in exactly the shape of `replay --format jsonl` (each position
// is written as a JSON object, which is also a YAML flow mapping, so the
// file stays one format). Reading is strict and untrusted: every problem
// is an error message with a line number.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check.hpp"
#include "expected.hpp"
#include "source.hpp"
#include "state.hpp"

namespace mancala {

// A move of a record as written, and the line it is on: the record is read
// before its game is loaded, and a move's name needs the board's shape
// (record_moves reads them).
struct RecordedMove {
  std::string name;
  int line = 0;
};

struct GameRecord {
  std::string rules;       // the rule file as named on the command line
  std::string rules_hash;  // "fnv1a64:<16 hex digits>" of every loaded text
  std::vector<std::pair<std::string, int64_t>> settings;  // --set overrides
  uint64_t seed = 0;
  std::string south;  // agent specs, e.g. "human", "ai:alphabeta:depth=6"
  std::string north;
  std::vector<RecordedMove> moves;
  std::vector<std::string> positions;  // one JSON object per move
  std::vector<std::string> rounds;     // the round_over JSON of each finished round
  std::string result = "null";         // the final result JSON
};

// The hash recorded for a loaded game: FNV-1a over every source text, in
// load order.
std::string rules_hash(const SourceSet& sources);

// The YAML text of a record.
std::string write_record(const GameRecord& record);

// Reads a record file; an error message ("FILE:LINE: ...") on bad input.
Expected<GameRecord> read_record(const std::string& path);
// As read_record, on `text` read from `path` (the fuzz target uses it).
Expected<GameRecord> parse_record(const std::string& path, const std::string& text);
// The record's moves in a game whose moves are named `names`
// (Rules::move_names()); an error "FILE:LINE: ..." at the first that names
// no move there.
Expected<std::vector<Move>> record_moves(const std::string& path, const GameRecord& record,
                                         MoveNames names);

// Where the `rules:` key of a scenario file or record at `yaml_path` points:
// relative to the YAML file's folder when a file is there, else relative to
// the current directory when one is there (a record names the rule file as
// given on the command line), else as written when it is a bare name (a
// shipped game such as "kalah", which the loader finds), else beside the
// YAML file (so that the error names that path). Files are looked up
// through `fs` (the disk when null).
std::string resolve_rules_path(const std::string& yaml_path, const std::string& rules,
                               const FileSystem* fs = nullptr);

// A YAML/JSON node's compact JSON form, keys in document order (used to
// compare a recorded position with a replayed one).
std::string canonical_json_of_position(const std::string& recorded_json);

}  // namespace mancala
