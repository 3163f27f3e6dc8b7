// The stable text form of a compiled game (`mancala dump --stage pipeline`).
//
// Golden tests compare it byte for byte, so it prints only what compile
// decided (settings, flags, tables, instructions), in a fixed order, with
// cells named as people name them (S1..SN, N1..NN, S.store, N.store) and
// jump targets as instruction indices. Each code region is printed from
// its entry to its Ret (the generator emits exactly one Ret per region, at
// its end).
#include <fmt/format.h>

#include <string>

#include "compile.hpp"
#include "rules.hpp"
#include "state.hpp"

namespace mancala {

namespace {

std::string cell_name(const Rules& r, int c) {
  if (c >= 2 * r.side) return c == 2 * r.side ? "S.store" : "N.store";
  return (c < r.side ? "S" : "N") + std::to_string(c % r.side + 1);
}

// The counts a guard admits at a cell, after the cell's name: nothing
// for any count, else `=K`, `>=K` or `=K..L`.
std::string counts_text(const HereGuard::Range& at) {
  if (at.lo == 0 && at.span == UINT32_MAX) return "";
  if (at.span == 0) return fmt::format("={}", at.lo);
  if (uint64_t{at.lo} + at.span >= UINT32_MAX) return fmt::format(">={}", at.lo);
  return fmt::format("={}..{}", at.lo, uint64_t{at.lo} + at.span);
}

const char* yes(bool b) {
  return b ? "yes" : "no";
}

// Instructions from ref to `end` (exclusive), or through the first Ret.
void dump_code(std::string& out, const Rules& r, const std::string& title, CodeRef ref,
               int end = -1) {
  if (ref.empty()) return;
  out += title + ":\n";
  for (int pc = ref.entry; pc != end; ++pc) {
    const Instr& in = r.code[pc];
    out += "  " + std::to_string(pc) + " " + opcode_name(in.op);
    if (in.op == OpCode::JumpUnlessEqInt || in.op == OpCode::JumpUnlessGtInt ||
        in.op == OpCode::JumpUnlessLeInt) {
      out += " " + std::to_string(in.b);  // the constant, then the target
    }
    if (op_info(in.op).has_operand) {
      out += " ";
      out += in.op == OpCode::PushConst ? std::to_string(r.constants[in.a]) : std::to_string(in.a);
    }
    out += "\n";
    if (in.op == OpCode::Ret) break;
  }
}

void dump_settings(std::string& out, const Rules& r) {
  out += "pipeline \"" + r.name + "\"\n";
  out += fmt::format("board holes {} stores {} seeds {} total {}{}\n", r.holes, spell(r.stores),
                     r.seeds, r.total(),
                     r.row.empty() ? "" : fmt::format(" row {}", fmt::join(r.row, " ")));
  if (r.scatter > 0) {
    out += fmt::format("setup scatter {} min {}{}\n", r.scatter, r.scatter_min,
                       r.scatter_mirrored ? " mirrored" : "");
  }
  if (r.store_seeds > 0) out += fmt::format("setup store {}\n", r.store_seeds);
  out += fmt::format("sowing direction {} relay {} skip_origin {}{} endless {} after {} laps\n",
                     spell(r.direction), spell(r.relay), yes(r.skip_origin),
                     r.laps_alternate ? " laps alternate" : "", spell(r.endless), r.endless_laps);
  out +=
      fmt::format("moves first {} must_feed {}{} pass_when_no_moves {}\n", spell(r.first_move),
                  yes(r.must_feed), r.feed_else_any ? " else any" : "", yes(r.pass_when_no_moves));
  out += fmt::format("winner {} match {}", spell(r.winner), yes(r.match.present));
  if (r.match.present) {
    out += fmt::format(
        " refill {} from {}{}{} starter {} after_tie {} max_rounds {}", spell(r.match.refill_kind),
        spell(r.match.refill),
        r.match.refill_remainder > 0 ? fmt::format(" remainder {}", r.match.refill_remainder) : "",
        r.match.refill_mark >= 0 ? " mark " + r.marks[r.match.refill_mark] : "",
        spell(r.match.starter), spell(r.match.after_tie), r.match.max_rounds);
    if (r.match.winner == WinnerKind::MostRounds) out += " winner most rounds";
  }
  out += "\n";
  out += "flags where_min_seeds " + std::to_string(r.where_min_seeds) + " has_drop " +
         yes(r.has_drop) + " slow_sow " + yes(r.slow_sow) + " may_relay " + yes(r.may_relay) +
         " may_be_endless " + yes(r.may_be_endless) + " needs_no_moves " + yes(r.needs_no_moves) +
         " has_repetition " + yes(r.has_repetition) + " direction_per_move " +
         yes(r.direction_per_move) + " direction_choice " + yes(r.direction_choice) +
         " laps_turn " + yes(r.laps_turn) + " first_lap_test " + yes(r.first_lap_test) + "\n";
  out += "frame " + std::to_string(r.frame_size) + "\n";
}

void dump_tables(std::string& out, const Rules& r) {
  for (int m = 0; m < 2; ++m) {
    out += std::string("track ") + player_name(static_cast<Player>(m)) + ":";
    for (int i = 0; i < r.track_len[m]; ++i) out += " " + cell_name(r, r.track[m][i]);
    out += "\n";
  }
  const std::pair<const char*, const std::array<uint8_t, kMaxCells>*> tables[] = {
      {"next", &r.next1}, {"prev", &r.prev1}, {"opposite", &r.opposite}};
  for (const auto& [title, table] : tables) {
    out += std::string(title) + ":";
    for (int c = 0; c < r.cells; ++c)
      out += " " + cell_name(r, c) + ">" + cell_name(r, (*table)[c]);
    out += "\n";
  }
}

}  // namespace

std::string dump_pipeline(const Rules& r) {
  std::string out;
  dump_settings(out, r);
  dump_tables(out, r);
  dump_code(out, r, "moves where", r.move_where);
  for (size_t i = 0; i < r.forbid.size(); ++i)
    dump_code(out, r, "forbid #" + std::to_string(i + 1), r.forbid[i]);
  for (size_t i = 0; i < r.forbid_after.size(); ++i)
    dump_code(out, r, "forbid after #" + std::to_string(i + 1), r.forbid_after[i]);
  for (size_t i = 0; i < r.prefer.size(); ++i)
    dump_code(
        out, r,
        std::string(r.prefer[i].after ? "prefer after #" : "prefer when #") + std::to_string(i + 1),
        r.prefer[i].code);
  dump_code(out, r, "relay when", r.relay_when);
  for (const DirectionCode& d : r.direction_rules) {
    if (d.when.empty()) out += fmt::format("direction {} always\n", spell(d.direction));
    dump_code(out, r, fmt::format("direction {} when", spell(d.direction)), d.when);
  }
  dump_code(out, r, "skip when", r.skip_when);
  dump_code(out, r, "endless block", r.endless_block);
  for (size_t e = 0; e < kEventCount; ++e) {
    const auto& hs = r.handlers[e];
    for (size_t i = 0; i < hs.size(); ++i) {
      std::string title =
          std::string("on ") + event_name(static_cast<Event>(e)) + " #" + std::to_string(i + 1);
      if (!hs[i].name.empty()) title += " as " + hs[i].name;
      // The last handler's listing ends with the event's Ret.
      dump_code(out, r, title, hs[i].code, i + 1 < hs.size() ? hs[i + 1].code.entry : -1);
    }
    const HereGuard& g = r.event_guards[e];
    if (g.test != HereGuard::Test::None) {
      out += fmt::format("on {} guard: count(here) {} {}\n", event_name(static_cast<Event>(e)),
                         g.test == HereGuard::Test::Eq ? "==" : ">", g.value);
    }
    bool narrowed = false;
    for (int c = 0; c < r.cells; ++c) narrowed |= g.rules_out(c);
    if (narrowed) {
      out += fmt::format("on {} guard: here in", event_name(static_cast<Event>(e)));
      for (int c = 0; c < r.cells; ++c) {
        if (!g.rules_out(c)) out += " " + cell_name(r, c);
      }
      out += "\n";
    }
    if (g.mover_decides) {
      for (int p = 0; p < 2; ++p) {
        out += fmt::format("on {} guard: {} moving, here in", event_name(static_cast<Event>(e)),
                           p == 0 ? "south" : "north");
        for (int c = 0; c < r.cells; ++c) {
          const HereGuard::Range& at = g.by_mover[static_cast<size_t>(p)][static_cast<size_t>(c)];
          if (!at.none()) out += " " + cell_name(r, c) + counts_text(at);
        }
        out += "\n";
      }
    }
    const AlsoTests& also = r.event_also[e];
    for (int i = 0; i < also.count; ++i) {
      const AlsoTests::Test& a = also.tests[static_cast<size_t>(i)];
      out += fmt::format("on {} guard: also count{} at", event_name(static_cast<Event>(e)),
                         counts_text(a.counts));
      for (int c = 0; c < r.cells; ++c) {
        if (!g.rules_out(c)) out += " " + cell_name(r, c) + ">" + cell_name(r, a.cell[c]);
      }
      out += "\n";
    }
    if (g.past_count.entry != r.events[e].entry || g.past_cell.entry != r.events[e].entry) {
      out += fmt::format("on {} guard: entered at {} (count tested), {} (count and here)\n",
                         event_name(static_cast<Event>(e)), g.past_count.entry, g.past_cell.entry);
    }
  }
  for (size_t i = 0; i < r.end.size(); ++i) {
    const EndClauseCode& c = r.end[i];
    static const char* kKinds[] = {"when", "stalemate", "repetition"};
    std::string title = "end #" + std::to_string(i + 1) + " " + kKinds[int(c.kind)];
    if (c.kind != EndKind::When) title += " " + std::to_string(c.count);
    title += " \"" + c.label + "\"" + (c.draw ? " draw" : "") + (c.won ? " won" : "");
    out += title + "\n";
    dump_code(out, r, "  condition", c.cond);
    if (c.direct.value == OpCode::StoreOfInt) {
      out += fmt::format("  direct: the stores' table, {} x {}\n", c.direct.k, c.direct.k);
    } else if (!c.direct.empty()) {
      out += fmt::format("  direct: {} {} {}\n", opcode_name(c.direct.value),
                         opcode_name(c.direct.compare), c.direct.k);
    }
    dump_code(out, r, "  won by", c.won_by);
    dump_code(out, r, "  block", c.block);
  }
  dump_code(out, r, "match ends when", r.match_ends);
  dump_code(out, r, "evaluation", r.evaluation);
  return out;
}

}  // namespace mancala
