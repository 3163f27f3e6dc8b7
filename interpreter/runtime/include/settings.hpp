// Settings: the clauses of a game that are plain values, as one struct.
//
// The checker produces them (check/settings.cpp reads each clause into a
// field) and the runtime consumes them (Rules is a Settings plus what
// compile derived), so both share this one plain struct and compile copies
// it whole. Each enum has one table from its spelling in the language to
// its meaning (`Spellings<E>::table`); the checker reads words with
// `from_spelling`, and every dump, `describe` and the CLI print them with
// `spell`, so a setting has one name everywhere. The header is part of the
// runtime's public surface and holds no syntax tree and no library types.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

enum class StoreKind : uint8_t { None, Captures, Sown };
// Either: the mover chooses (`direction either [when E]`); never a game's own direction.
enum class Direction : uint8_t { Ccw, Cw, Either };
enum class RelayKind : uint8_t { None, Landing, Next };
enum class EndlessKind : uint8_t { Illegal, Draw, Ends };
enum class FirstMove : uint8_t { Any, Rightmost, Leftmost };
// MostRounds: only for a match (`winner most rounds`).
enum class WinnerKind : uint8_t { MostStore, Survivor, MostRounds };
enum class EndKind : uint8_t { When, Stalemate, Repetition };
enum class StarterKind : uint8_t { Winner, Loser, Alternate, LastMover };
enum class RefillKind : uint8_t { Conquest, Own, None };  // `refill conquest|own ...|none`
enum class RefillFrom : uint8_t { End, Start };           // `refill ... from end|start`
enum class TieStarter : uint8_t { Second, First };        // `starter ... else first|second`

// The events of one move, in pipeline order (docs/language.md, section 4).
enum class Event : uint8_t { Pickup, Drop, LapEnd, SowEnd, Captures };
inline constexpr size_t kEventCount = 5;

// ---- spellings ----------------------------------------------------------

template <class E>
struct Spelling {
  std::string_view word;
  E value;
};

// Spellings<E>::table lists every value of E with its word in the language
// (or, for a value no clause spells, the word the dumps print).
template <class E>
struct Spellings;

#define MANCALA_SPELLINGS(E, N, ...)                                  \
  template <>                                                         \
  struct Spellings<E> {                                               \
    static constexpr std::array<Spelling<E>, N> table{{__VA_ARGS__}}; \
  }

MANCALA_SPELLINGS(StoreKind, 3, {"none", StoreKind::None}, {"captures", StoreKind::Captures},
                  {"sown", StoreKind::Sown});
MANCALA_SPELLINGS(Direction, 3, {"ccw", Direction::Ccw}, {"cw", Direction::Cw},
                  {"either", Direction::Either});
MANCALA_SPELLINGS(RelayKind, 3, {"none", RelayKind::None}, {"landing", RelayKind::Landing},
                  {"next", RelayKind::Next});
MANCALA_SPELLINGS(EndlessKind, 3, {"illegal", EndlessKind::Illegal}, {"draw", EndlessKind::Draw},
                  {"ends", EndlessKind::Ends});
MANCALA_SPELLINGS(FirstMove, 3, {"any", FirstMove::Any}, {"rightmost", FirstMove::Rightmost},
                  {"leftmost", FirstMove::Leftmost});
MANCALA_SPELLINGS(WinnerKind, 3, {"most", WinnerKind::MostStore},
                  {"survivor", WinnerKind::Survivor}, {"rounds", WinnerKind::MostRounds});
MANCALA_SPELLINGS(EndKind, 3, {"when", EndKind::When}, {"stalemate", EndKind::Stalemate},
                  {"repetition", EndKind::Repetition});
MANCALA_SPELLINGS(StarterKind, 4, {"winner", StarterKind::Winner}, {"loser", StarterKind::Loser},
                  {"alternate", StarterKind::Alternate}, {"last_mover", StarterKind::LastMover});
MANCALA_SPELLINGS(RefillKind, 3, {"conquest", RefillKind::Conquest}, {"own", RefillKind::Own},
                  {"none", RefillKind::None});
MANCALA_SPELLINGS(RefillFrom, 2, {"end", RefillFrom::End}, {"start", RefillFrom::Start});
MANCALA_SPELLINGS(TieStarter, 2, {"second", TieStarter::Second}, {"first", TieStarter::First});
MANCALA_SPELLINGS(Event, 5, {"pickup", Event::Pickup}, {"drop", Event::Drop},
                  {"lap_end", Event::LapEnd}, {"sow_end", Event::SowEnd},
                  {"captures", Event::Captures});

#undef MANCALA_SPELLINGS

// The word of a value ("?" for a value missing from its table, which a
// test rules out).
template <class E>
constexpr std::string_view spell(E value) {
  for (const Spelling<E>& s : Spellings<E>::table) {
    if (s.value == value) return s.word;
  }
  return "?";
}

// The value a word names, if any.
template <class E>
constexpr std::optional<E> from_spelling(std::string_view word) {
  for (const Spelling<E>& s : Spellings<E>::table) {
    if (s.word == word) return s.value;
  }
  return std::nullopt;
}

// ---- the settings -----------------------------------------------------------

struct MatchSettings {
  bool present = false;  // a `match` section: the end section ends a round
  RefillKind refill_kind = RefillKind::Conquest;
  RefillFrom refill = RefillFrom::End;
  int refill_mark = -1;  // `mark NAME`: the holes a refill leaves empty carry this mark
  // `remainder N` (conquest): a surplus remainder of N or more seeds (less
  // than `seeds`) takes one more hole, the loser ceding the missing seeds;
  // 0: every remainder is lent to the loser.
  int refill_remainder = 0;
  StarterKind starter = StarterKind::Winner;
  TieStarter after_tie = TieStarter::Second;
  int max_rounds = 0;  // 0: no limit
  WinnerKind winner = WinnerKind::MostStore;
  friend bool operator==(const MatchSettings&, const MatchSettings&) = default;
};

// The lap budget of a move when the file names none: far beyond any
// finite move of the shipped games (their longest take a few hundred laps),
// small enough that a runaway cycle is decided in milliseconds.
constexpr int kDefaultEndlessLaps = 10000;
constexpr int kMaxEndlessLaps = 1000000;

struct Settings {
  // board, setup
  int rows = 2;
  int holes = 0;  // N, per row
  StoreKind stores = StoreKind::None;
  std::vector<std::string> marks;     // `marks NAME, ...`: the kinds of lasting mark, in order
  std::vector<std::string> counters;  // `counters NAME, ...`: the game's variables, in order
  int seeds = 0;                      // per hole at the start (with `row`: the most in one hole)
  std::vector<int> row;               // `row N ...`: each row at the start, from its player's left
  int store_seeds = 0;                // `store N`: seeds in each store at the start
  // `scatter N min M [mirrored]`: N seeds on the board, M in every hole and
  // the rest thrown at random (initial_state's seed); 0: no scatter.
  int scatter = 0;
  int scatter_min = 0;
  bool scatter_mirrored = false;  // North's row is a copy of South's
  // moves
  bool from_all = false;           // `from all holes`: a move may start from any hole of the board
  bool from_store = false;         // `from store`: moves may sow seeds taken from the mover's store
  bool from_store_choice = false;  // `from store into holes ...`: the mover chooses the hole
  FirstMove first_move = FirstMove::Any;
  bool must_feed = false;
  bool feed_else_any = false;  // `must feed else any`: when no move feeds, any move is legal
  bool pass_when_no_moves = false;
  // sowing
  Direction direction = Direction::Ccw;  // the game's direction: Ccw or Cw
  RelayKind relay = RelayKind::None;
  bool skip_origin = false;
  bool laps_alternate = false;  // `laps alternate`: each lap sows the other way from the one before
  EndlessKind endless = EndlessKind::Illegal;
  // `endless ... after N laps`: a move still sowing after this many laps
  // counts as endless (docs/language.md, "Endless sowing").
  int endless_laps = kDefaultEndlessLaps;
  // end, match
  WinnerKind winner = WinnerKind::MostStore;
  MatchSettings match;

  // The players: one in a one-player game (`rows 1`), else two.
  int players() const { return rows == 1 ? 1 : 2; }
  // Seeds in play at the start: the board's and the stores'.
  int total() const { return board_total() + players() * store_seeds; }
  // The seeds on the board at the start (`row` lists one player's holes).
  int board_total() const {
    if (scatter > 0) return scatter;
    if (row.empty()) return rows * holes * seeds;
    int t = 0;
    for (int x : row) t += x;
    return players() * t;
  }
  friend bool operator==(const Settings&, const Settings&) = default;
};

}  // namespace mancala
