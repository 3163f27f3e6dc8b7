// `mancala egtb build RULES --seeds K`: writes an endgame database (the
// exact future margin of every position with at most K seeds on the
// board) that `mancala solve --egtb FILE` reads.
//
// The database itself is interpreter/solve (egtb.hpp); this file checks
// the request (the game must allow a database: status 1 with the reason
// otherwise), names the output file, shows progress on a terminal and
// reports what it wrote. The one action is `build`; the word is there so
// that other actions (say, `info`) can join it without a new command.
#include <fmt/format.h>

#include <chrono>

#include "command.hpp"
#include "egtb.hpp"
#include "json.hpp"
#include "runtime.hpp"

namespace mancala::cli {
namespace {

std::string default_output(const std::string& rules_path, int seeds) {
  std::string base = rules_path;
  if (size_t slash = base.find_last_of('/'); slash != std::string::npos) base.erase(0, slash + 1);
  if (base.size() > 4 && base.ends_with(".mnc")) base.erase(base.size() - 4);
  if (base.empty() || base == "-") base = "stdin";
  return fmt::format("{}-{}.egtb", base, seeds);
}

int run_egtb(const ParsedArgs& args, Io& io) {
  const std::string& action = args.positionals()[0];
  if (action != "build") {
    return usage_error(io, "egtb", fmt::format("unknown action '{}': expected build", action));
  }
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "egtb", overrides.error);
  auto seeds = parse_int(args.get("seeds"), 0, 120, "--seeds");
  if (!seeds) return usage_error(io, "egtb", seeds.error);
  auto threads = parse_int(args.get("threads"), 1, 256, "--threads");
  if (!threads) return usage_error(io, "egtb", threads.error);
  const std::string& rules_path = args.positionals()[1];
  std::optional<LoadedGame> loaded = load_game(rules_path, *overrides.value, io);
  if (!loaded) return kFailed;
  std::shared_ptr<const Rules> rules = rules_to_play(*loaded);
  std::string refused = Egtb::unsupported_reason(*rules);
  if (!refused.empty()) {
    fmt::print(io.err, "mancala egtb: {} cannot have an endgame database: {}\n", rules->name,
               refused);
    return kFailed;
  }
  const int k = static_cast<int>(*seeds.value);
  std::string output = args.has("output") ? args.get("output") : default_output(rules_path, k);
  std::function<void(const EgtbProgress&)> progress;
  if (io.err_tty) {
    progress = [&io](const EgtbProgress& p) {
      fmt::print(io.err, "\r\x1b[Kegtb: {} of {} seeds, {} of {} positions, {:.1f} s", p.seeds,
                 p.max_seeds, p.done, p.total, p.seconds);
      std::fflush(io.err);
    };
  }
  auto start = std::chrono::steady_clock::now();
  try {
    Egtb db = Egtb::build(*rules, k, static_cast<int>(*threads.value), progress);
    if (io.err_tty) fmt::print(io.err, "\r\x1b[K");
    db.save(output);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (args.get("format") == "json") {
      JsonWriter w;
      w.begin_object().key("game").value(rules->name).key("seeds").value(k);
      w.key("positions").value(db.entries()).key("file").value(output);
      w.key("seconds").value(seconds, 3).end_object();
      fmt::print(io.out, "{}\n", w.str());
    } else {
      fmt::print(io.out,
                 "{}: {} positions with at most {} seeds on the board, {:.2f} s\nwrote {}\n",
                 rules->name, db.entries(), k, seconds, output);
    }
  } catch (const EgtbError& e) {
    fmt::print(io.err, "mancala egtb: {}: {}\n", rules->name, e.what());
    return kFailed;
  } catch (const RuntimeError& e) {
    fmt::print(io.err, "mancala egtb: runtime error: {}\n", e.what());
    return kFailed;
  }
  return kOk;
}

}  // namespace

Command egtb_command() {
  Command c;
  c.name = "egtb";
  c.summary = "build an endgame database for solve, ai:alphabeta and hint (docs/solving.md)";
  c.description =
      "`egtb build RULES --seeds K` computes the exact future margin (South minus North,\n"
      "from the position to the end, with perfect play) of every position with at most K\n"
      "seeds on the board, both players to move, and writes it to a file that\n"
      "`mancala solve --egtb FILE`, the agent ai:alphabeta:egtb=FILE and `play --egtb FILE`\n"
      "(for hint) read. Only games whose rest cannot depend on the\n"
      "stores and whose position is the board and the player to move (Kalah, say) can\n"
      "have one; others are refused with the reason (status 1). The file records the\n"
      "rules it was built for; any other rules refuse it. Progress is shown on standard\n"
      "error when it is a terminal.";
  c.spec.positional("ACTION");
  c.spec.positional("RULES");
  c.spec.flag(
      FlagSpec::option("seeds", "K", "the most seeds on the board a position may have").require());
  c.spec.flag(FlagSpec::option("output", "FILE", "where to write (default: NAME-K.egtb here)"));
  c.spec.flag(FlagSpec::option("threads", "N", "worker threads (the values do not depend on N)")
                  .defaults_to("1"));
  c.spec.flag(FlagSpec::option("format", "FORMAT", "text: for people; json: one object")
                  .one_of({"text", "json"})
                  .defaults_to("text"));
  c.spec.flag(set_flag());
  c.run = run_egtb;
  return c;
}

}  // namespace mancala::cli
