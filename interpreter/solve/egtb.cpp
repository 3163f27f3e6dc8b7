// Endgame databases (include/egtb.hpp): every position with at most K
// seeds on the board, its future margin with perfect play.
//
// Why it is shaped this way. The database is for games whose whole state,
// once the stores are set aside (store_dependence), is the board and the
// player to move: no marks, counters, sons, removed seeds, move or capture
// counters, first-move rule or match (unsupported_reason checks each). In
// such a game no seed ever enters the board (seeds come back only from a
// store, by a move from the store or a match's refill, both refused), so a
// move leads to a position with as many seeds on the board or fewer.
// Building in order of seed count, 0 to K, a position's children with
// fewer seeds already have values, and those with as many (a move that
// reaches no store and captures nothing, or an extra turn) are solved first
// by the same memoised search, recursively; a child with more seeds, or one
// already on the recursion's path (positions of one seed count that could
// repeat), stops the build with an error rather than a wrong value. Extra
// turns need nothing special: values are South's, South maximises and
// North minimises whoever is to move, as in the solver. A position is
// indexed by a combinatorial rank (the compositions of n seeds into the
// board's holes, in lexicographic order, after those of fewer seeds; times
// two for the player to move), so the file is the values alone, no keys and
// no hashing. Threads take chunks of one seed count; two may solve the same
// position of that count at once, which costs time, not correctness, since
// a value is exact whoever computes it (each entry is one atomic byte).
// The file is a header (magic, version, rules identity, K, holes, entries),
// the values and an FNV-1a checksum; load trusts none of it.
#include "egtb.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <thread>

#include "runtime.hpp"
#include "store_free.hpp"

namespace mancala {
namespace {

constexpr int8_t kNone = -128;  // a position without a legal move (never reached)
constexpr char kMagic[8] = {'M', 'N', 'C', 'E', 'G', 'T', 'B', '\0'};
constexpr uint32_t kVersion = 1;
constexpr int kMaxSeeds = 120;  // values fit in a signed byte

struct Fnv {
  uint64_t h = 0xcbf29ce484222325ull;
  void bytes(const void* p, size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  }
  void num(int64_t v) { bytes(&v, sizeof v); }
  void text(const std::string& s) {
    num(static_cast<int64_t>(s.size()));
    bytes(s.data(), s.size());
  }
  void code(CodeRef c) { num(c.entry); }
};

bool uses(const Rules& r, OpCode op) {
  return std::any_of(r.code.begin(), r.code.end(), [op](const Instr& i) { return i.op == op; });
}

uint64_t compositions(int parts, int seeds) {  // C(seeds + parts - 1, parts - 1)
  if (parts == 0) return seeds == 0 ? 1 : 0;
  uint64_t c = 1;
  for (int i = 1; i < parts; ++i)
    c = c * static_cast<uint64_t>(seeds + i) / static_cast<uint64_t>(i);
  return c;
}

}  // namespace

std::string Egtb::unsupported_reason(const Rules& r) {
  if (std::string why = store_dependence(r); !why.empty()) {
    return "the rest of the game may depend on the stores (" + why + ")";
  }
  if (!r.marks.empty()) return "the game has marks, which are part of a position";
  if (!r.counters.empty()) return "the game has counters, which are part of a position";
  for (const EndClauseCode& c : r.end) {
    if (c.kind == EndKind::Stalemate) return "a stalemate clause counts moves since a capture";
  }
  if (uses(r, OpCode::Ply)) return "the rules read the number of moves made";
  if (uses(r, OpCode::LastCaptor)) return "the rules read the last captor";
  if (uses(r, OpCode::Round)) return "the rules read the round";
  if (uses(r, OpCode::Remove) || uses(r, OpCode::RemoveSome)) {
    return "seeds may leave play (`remove`)";
  }
  if (r.first_move != FirstMove::Any) return "a first-move rule depends on who has moved";
  if (r.has_repetition) return "a repetition clause reads the positions before this one";
  return "";
}

uint64_t Egtb::rules_identity(const Rules& r) {
  Fnv f;
  f.text(r.name);
  for (int v : std::initializer_list<int>{
           r.rows, r.holes, r.side, r.cells, static_cast<int>(r.stores),
           static_cast<int>(r.direction), static_cast<int>(r.relay), int{r.skip_origin},
           int{r.laps_alternate}, static_cast<int>(r.endless), r.endless_laps,
           static_cast<int>(r.winner), int{r.match.present}, int{r.from_all}, int{r.from_store},
           static_cast<int>(r.first_move), int{r.must_feed}, int{r.feed_else_any},
           int{r.pass_when_no_moves}}) {
    f.num(v);
  }
  for (const std::string& m : r.marks) f.text(m);
  for (const std::string& c : r.counters) f.text(c);
  for (const Instr& i : r.code) {
    f.num(static_cast<int>(i.op));
    f.num(i.a);
  }
  for (int64_t c : r.constants) f.num(c);
  for (int m = 0; m < 2; ++m) {
    f.bytes(r.track[m].data(), r.track[m].size());
    f.bytes(r.rtrack[m].data(), r.rtrack[m].size());
    f.num(r.track_len[m]);
    f.num(r.rtrack_len[m]);
  }
  f.bytes(r.next1.data(), r.next1.size());
  f.bytes(r.opposite.data(), r.opposite.size());
  f.bytes(r.ring.data(), r.ring.size());
  for (CodeRef c : r.events) f.code(c);
  for (const HereGuard& g : r.event_guards) {
    f.num(static_cast<int>(g.test));
    f.num(g.value);
    for (int c = 0; c < kMaxCells; ++c) f.num(g.rules_out(c));
  }
  for (CodeRef c : {r.move_where, r.relay_when, r.skip_when, r.endless_block, r.match_ends}) {
    f.code(c);
  }
  for (CodeRef c : r.forbid) f.code(c);
  for (CodeRef c : r.forbid_after) f.code(c);
  for (const PreferCode& p : r.prefer) {
    f.num(p.after);
    f.code(p.code);
  }
  for (const DirectionCode& d : r.direction_rules) {
    f.code(d.when);
    f.num(static_cast<int>(d.direction));
  }
  for (const EndClauseCode& c : r.end) {
    f.num(static_cast<int>(c.kind));
    f.num(c.draw);
    f.num(c.won);
    f.num(c.count);
    f.code(c.cond);
    f.code(c.block);
    f.code(c.won_by);
  }
  return f.h;
}

uint64_t Egtb::entries_for(const Rules& rules, int max_seeds) {
  uint64_t n = 0;
  for (int s = 0; s <= max_seeds; ++s) n += compositions(2 * rules.side, s);
  return 2 * n;
}

void Egtb::init_shape(const Rules& rules, int max_seeds) {
  holes_ = 2 * rules.side;
  max_seeds_ = max_seeds;
  identity_ = rules_identity(rules);
  const int k1 = max_seeds + 1;
  prefix_.assign(static_cast<size_t>((holes_ + 1) * k1 * k1), 0);
  for (int p = 1; p <= holes_; ++p) {
    for (int r = 0; r <= max_seeds; ++r) {
      uint64_t sum = 0;
      for (int c = 0; c <= max_seeds; ++c) {
        prefix_[static_cast<size_t>((p * k1 + r) * k1 + c)] = sum;
        if (c <= r) sum += compositions(p - 1, r - c);
      }
    }
  }
  offset_.assign(static_cast<size_t>(max_seeds + 2), 0);
  for (int s = 0; s <= max_seeds; ++s) {
    offset_[static_cast<size_t>(s + 1)] = offset_[static_cast<size_t>(s)] + compositions(holes_, s);
  }
}

// 2 * (the compositions of fewer seeds + the rank of this one) + the mover.
uint64_t Egtb::index(const State& s, int seeds) const {
  const int k1 = max_seeds_ + 1;
  uint64_t rank = offset_[static_cast<size_t>(seeds)];
  int r = seeds;
  for (int i = 0; i + 1 < holes_; ++i) {
    int c = s.cells[static_cast<size_t>(i)];
    rank += prefix_[static_cast<size_t>(((holes_ - i) * k1 + r) * k1 + c)];
    r -= c;
  }
  return 2 * rank + static_cast<uint64_t>(mancala::index(s.to_move));
}

std::optional<int> Egtb::probe(const State& s) const {
  int seeds = 0;
  for (int c = 0; c < holes_; ++c) seeds += s.cells[static_cast<size_t>(c)];
  if (seeds > max_seeds_) return std::nullopt;
  int8_t v = values_[index(s, seeds)];
  if (v == kNone) return std::nullopt;
  return v;
}

std::optional<int> Egtb::margin(const State& s) const {
  std::optional<int> future = probe(s);
  if (!future) return std::nullopt;
  return int{s.cells[static_cast<size_t>(holes_)]} - int{s.cells[static_cast<size_t>(holes_ + 1)]} +
         *future;
}

// One build: the values as atomic bytes, shared by the workers.
class EgtbBuilder {
 public:
  EgtbBuilder(const Rules& rules, Egtb& db) : rules_(rules), db_(db) {
    template_ = initial_state(rules);
    template_.over = false;
    for (int c = 0; c < rules.cells; ++c) template_.cells[static_cast<size_t>(c)] = 0;
    const size_t n = static_cast<size_t>(Egtb::entries_for(rules, db.max_seeds_));
    values_ = std::make_unique<std::atomic<int8_t>[]>(n);
    for (size_t i = 0; i < n; ++i) values_[i].store(kUnknown, std::memory_order_relaxed);
    size_ = n;
  }

  void run(int threads, const std::function<void(const EgtbProgress&)>& progress) {
    auto start = std::chrono::steady_clock::now();
    uint64_t done = 0;
    for (int seeds = 0; seeds <= db_.max_seeds_; ++seeds) {
      level(seeds, std::max(threads, 1));
      done = 2 * db_.offset_[static_cast<size_t>(seeds + 1)];
      if (progress) {
        EgtbProgress p;
        p.seeds = seeds;
        p.max_seeds = db_.max_seeds_;
        p.done = done;
        p.total = size_;
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        progress(p);
      }
    }
    db_.values_.resize(size_);
    for (size_t i = 0; i < size_; ++i) db_.values_[i] = values_[i].load(std::memory_order_relaxed);
  }

 private:
  static constexpr int8_t kUnknown = 127;  // not computed yet (no value reaches 120)

  // Every position of one seed count, split in chunks among the workers.
  void level(int seeds, int threads) {
    const uint64_t count =
        db_.offset_[static_cast<size_t>(seeds + 1)] - db_.offset_[static_cast<size_t>(seeds)];
    std::atomic<uint64_t> next{0};
    std::string error;
    std::mutex error_lock;
    auto work = [&] {
      std::vector<uint64_t> path;
      try {
        for (;;) {
          uint64_t from = next.fetch_add(kChunk);
          if (from >= count) return;
          uint64_t to = std::min(count, from + kChunk);
          for (uint64_t rank = from; rank < to; ++rank) {
            State s = unrank(seeds, rank);
            for (Player p : {Player::South, Player::North}) {
              s.to_move = p;
              solve(s, seeds, path);
            }
          }
        }
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(error_lock);
        if (error.empty()) error = e.what();
        next.store(count);
      }
    };
    if (threads == 1 || count < kChunk) {
      work();
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t) pool.emplace_back(work);
      for (std::thread& t : pool) t.join();
    }
    if (!error.empty()) throw EgtbError(error);
  }

  State unrank(int seeds, uint64_t rank) const {
    State s = template_;
    int r = seeds;
    const int h = db_.holes_;
    for (int i = 0; i + 1 < h; ++i) {
      int c = 0;
      for (;;) {
        uint64_t n = compositions(h - i - 1, r - c);
        if (rank < n) break;
        rank -= n;
        ++c;
      }
      s.cells[static_cast<size_t>(i)] = static_cast<uint16_t>(c);
      r -= c;
    }
    s.cells[static_cast<size_t>(h - 1)] = static_cast<uint16_t>(r);
    return s;
  }

  int diff(const State& s) const {
    return int{s.cells[static_cast<size_t>(db_.holes_)]} -
           int{s.cells[static_cast<size_t>(db_.holes_ + 1)]};
  }

  int board(const State& s) const {
    int n = 0;
    for (int c = 0; c < db_.holes_; ++c) n += s.cells[static_cast<size_t>(c)];
    return n;
  }

  // The value of `s` (with `seeds` on the board), solving the children of
  // the same seed count first.
  int8_t solve(const State& s, int seeds, std::vector<uint64_t>& path) {
    const uint64_t at = db_.index(s, seeds);
    int8_t known = values_[at].load(std::memory_order_relaxed);
    if (known != kUnknown) return known;
    MoveList moves = legal_moves(rules_, s);
    if (moves.size() == 0) {
      values_[at].store(kNone, std::memory_order_relaxed);
      return kNone;
    }
    path.push_back(at);
    const bool south = s.to_move == Player::South;
    int best = south ? -1000 : 1000;
    const int before = diff(s);
    for (Move m : moves) {
      State c = s;
      apply(rules_, c, m);
      int v = 0;
      if (c.over) {
        v = int{c.result.south} - int{c.result.north} - before;
      } else {
        int n = board(c);
        if (n > seeds) {
          throw EgtbError("a move added seeds to the board, which the database cannot order");
        }
        int8_t child = values_[db_.index(c, n)].load(std::memory_order_relaxed);
        if (child == kUnknown) {
          if (n < seeds) throw EgtbError("internal: a position with fewer seeds has no value");
          if (std::find(path.begin(), path.end(), db_.index(c, n)) != path.end()) {
            throw EgtbError(
                "a position can come back with the same seeds on the board, which the "
                "database cannot order");
          }
          child = solve(c, n, path);
        }
        if (child == kNone) throw EgtbError("internal: a move led to a position with no move");
        v = diff(c) - before + child;
      }
      best = south ? std::max(best, v) : std::min(best, v);
    }
    path.pop_back();
    values_[at].store(static_cast<int8_t>(best), std::memory_order_relaxed);
    return static_cast<int8_t>(best);
  }

  static constexpr uint64_t kChunk = 4096;
  const Rules& rules_;
  Egtb& db_;
  State template_;
  std::unique_ptr<std::atomic<int8_t>[]> values_;
  size_t size_ = 0;
};

Egtb Egtb::build(const Rules& rules, int max_seeds, int threads,
                 const std::function<void(const EgtbProgress&)>& progress) {
  if (max_seeds < 0 || max_seeds > kMaxSeeds) {
    throw EgtbError("--seeds must be between 0 and " + std::to_string(kMaxSeeds));
  }
  Egtb db;
  db.init_shape(rules, max_seeds);
  EgtbBuilder builder(rules, db);
  builder.run(threads, progress);
  return db;
}

namespace {

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t max_seeds;
  uint64_t identity;
  uint32_t holes;
  uint32_t reserved;
  uint64_t entries;
};
static_assert(sizeof(Header) == 40);

uint64_t checksum(const std::vector<int8_t>& v) {
  Fnv f;
  f.bytes(v.data(), v.size());
  return f.h;
}

struct File {
  FILE* f;
  explicit File(FILE* file) : f(file) {}
  ~File() {
    if (f) std::fclose(f);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
};

}  // namespace

void Egtb::save(const std::string& path) const {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.max_seeds = static_cast<uint32_t>(max_seeds_);
  h.identity = identity_;
  h.holes = static_cast<uint32_t>(holes_);
  h.entries = values_.size();
  uint64_t sum = checksum(values_);
  File out(std::fopen(path.c_str(), "wb"));
  if (!out.f) throw EgtbError(path + ": cannot open for writing: " + std::strerror(errno));
  bool ok = std::fwrite(&h, sizeof h, 1, out.f) == 1 &&
            std::fwrite(values_.data(), 1, values_.size(), out.f) == values_.size() &&
            std::fwrite(&sum, sizeof sum, 1, out.f) == 1;
  ok = std::fclose(out.f) == 0 && ok;
  out.f = nullptr;
  if (!ok) throw EgtbError(path + ": write failed: " + std::strerror(errno));
}

Egtb Egtb::load(const Rules& rules, const std::string& path) {
  if (std::string why = unsupported_reason(rules); !why.empty()) {
    throw EgtbError(rules.name + " cannot have an endgame database: " + why);
  }
  File in(std::fopen(path.c_str(), "rb"));
  if (!in.f) throw EgtbError(path + ": cannot open: " + std::strerror(errno));
  Header h{};
  if (std::fread(&h, sizeof h, 1, in.f) != 1) {
    throw EgtbError(path + ": too short to be an endgame database");
  }
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    throw EgtbError(path + ": not an endgame database (`mancala egtb build` writes them)");
  }
  if (h.version != kVersion) {
    throw EgtbError(path + ": database format version " + std::to_string(h.version) +
                    ", this mancala reads version " + std::to_string(kVersion));
  }
  if (h.identity != rules_identity(rules) || h.holes != static_cast<uint32_t>(2 * rules.side)) {
    throw EgtbError(path + ": the database was built for other rules or settings than " +
                    rules.name + " with these settings");
  }
  if (h.max_seeds > static_cast<uint32_t>(kMaxSeeds) ||
      h.entries != entries_for(rules, static_cast<int>(h.max_seeds))) {
    throw EgtbError(path + ": corrupt header (the number of entries does not match)");
  }
  // The size before any allocation: a header may promise anything.
  if (std::fseek(in.f, 0, SEEK_END) != 0) throw EgtbError(path + ": cannot seek");
  long size = std::ftell(in.f);
  if (size < 0 || static_cast<uint64_t>(size) != sizeof h + h.entries + sizeof(uint64_t)) {
    throw EgtbError(path + ": truncated or too long (" + std::to_string(size) +
                    " bytes where the header promises " +
                    std::to_string(sizeof h + h.entries + sizeof(uint64_t)) + ")");
  }
  std::fseek(in.f, static_cast<long>(sizeof h), SEEK_SET);
  Egtb db;
  db.init_shape(rules, static_cast<int>(h.max_seeds));
  db.values_.resize(h.entries);
  uint64_t sum = 0;
  if (std::fread(db.values_.data(), 1, db.values_.size(), in.f) != db.values_.size() ||
      std::fread(&sum, sizeof sum, 1, in.f) != 1) {
    throw EgtbError(path + ": truncated (fewer values than its header says)");
  }
  char extra = 0;
  if (std::fread(&extra, 1, 1, in.f) != 0) throw EgtbError(path + ": data after the checksum");
  if (sum != checksum(db.values_)) throw EgtbError(path + ": corrupt (the checksum differs)");
  for (int8_t v : db.values_) {
    if (v != kNone && (v > kMaxSeeds || v < -kMaxSeeds)) throw EgtbError(path + ": corrupt value");
  }
  return db;
}

}  // namespace mancala
