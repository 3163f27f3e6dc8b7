// Finding the compiled code of a game (native.hpp).
#include "native.hpp"

namespace mancala {
namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}

}  // namespace

std::vector<std::pair<std::string, CodeRef>> code_pieces(const Rules& r) {
  std::vector<std::pair<std::string, CodeRef>> out;
  auto add = [&](std::string what, CodeRef c) {
    if (!c.empty()) out.emplace_back(std::move(what), c);
  };
  for (size_t e = 0; e < kEventCount; ++e) {
    std::string on = std::string("on ") + std::string(spell(static_cast<Event>(e)));
    add(on, r.events[e]);
    const HereGuard& g = r.event_guards[e];  // entered past the tests it decides
    if (g.past_count.entry != r.events[e].entry) add(on + " past its count test", g.past_count);
    if (g.past_cell.entry != r.events[e].entry) add(on + " past its tests", g.past_cell);
  }
  add("moves where", r.move_where);
  for (CodeRef c : r.forbid) add("forbid", c);
  for (CodeRef c : r.forbid_after) add("forbid after", c);
  for (const PreferCode& p : r.prefer) add("prefer", p.code);
  add("from store seeds", r.from_store_seeds);
  add("from store into", r.from_store_into);
  add("from store when", r.from_store_when);
  add("from store of", r.from_store_of);
  add("from store where", r.from_store_where);
  add("relay when", r.relay_when);
  for (const DirectionCode& d : r.direction_rules) add("direction when", d.when);
  add("skip when", r.skip_when);
  add("endless block", r.endless_block);
  for (const EndClauseCode& c : r.end) {
    add("end won by " + c.label, c.won_by);
    add("end " + c.label, c.cond);
    add("end block " + c.label, c.block);
  }
  add("match ends", r.match_ends);
  add("evaluation", r.evaluation);
  return out;
}

uint64_t code_fingerprint(const Rules& rules) {
  uint64_t h = mix(rules.code.size(), rules.constants.size());
  for (const Instr& in : rules.code) {
    h = mix(h, static_cast<uint64_t>(in.op) |
                   static_cast<uint64_t>(static_cast<uint16_t>(in.b)) << 8 |
                   static_cast<uint64_t>(static_cast<uint32_t>(in.a)) << 24);
  }
  for (int64_t c : rules.constants) h = mix(h, static_cast<uint64_t>(c));
  return h;
}

uint64_t settings_fingerprint(const Rules& rules) {
  uint64_t h = 0;
#define MANCALA_HASH_SETTING(type, name) h = mix(h, static_cast<uint64_t>(rules.name));
  MANCALA_SOW_SETTINGS(MANCALA_HASH_SETTING)
  MANCALA_MOVE_SETTINGS(MANCALA_HASH_SETTING)
#undef MANCALA_HASH_SETTING
  return h;
}

bool attach_native(Rules& rules, std::span<const NativeCode> table) {
  uint64_t fingerprint = code_fingerprint(rules);
  uint64_t settings = settings_fingerprint(rules);
  // The first entry compiled from this code, or one compiled with these
  // settings too (games that extend another share its code, not its
  // board).
  const NativeCode* found = nullptr;
  for (const NativeCode& entry : table) {
    if (entry.fingerprint != fingerprint) continue;
    bool same_settings = entry.settings_fingerprint == settings;
    if (!found || same_settings) found = &entry;
    if (same_settings) break;
  }
  if (!found) return false;
  bool same_settings = found->settings_fingerprint == settings;
  rules.native = found;
  rules.sowing = same_settings ? found->sow : runtime_sowing(rules);
  rules.listing = same_settings ? found->legal_moves : legal_moves_interpreted;
  rules.applying = same_settings ? found->apply : apply_interpreted;
  rules.applying_random = same_settings ? found->apply_random_move : apply_random_move_interpreted;
  return true;
}

}  // namespace mancala
