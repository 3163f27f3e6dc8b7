// The argument parser shared by every `mancala` subcommand.
//
// Each subcommand declares its flags and positional arguments as data (an
// ArgSpec); one parser turns argv into ParsedArgs, and the same spec
// renders the subcommand's --help, usage line included. The usage is not
// written by hand so that it cannot drift from what the parser accepts:
// the number of positionals and the flags that must be given are read
// from the same fields by both, and a new flag appears in it by itself.
//
// Nothing here throws or exits: every bad input (an unknown flag, a
// missing value, a number out of range) comes back as an error message,
// which the caller prints before exiting with status 2. Integers are read
// with std::from_chars and a range, so no std::stoi exception can escape
// to the user.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "expected.hpp"

namespace mancala::cli {

// One flag: `--name VALUE` / `--name=VALUE` when it takes a value, else a
// switch. `choices`, when not empty, lists the only accepted values.
struct FlagSpec {
  std::string name;        // without the leading "--"
  char short_name = 0;     // e.g. 'h' for -h; 0 for none
  std::string value_name;  // "" for a switch, else e.g. "N", "FILE"
  bool repeatable = false;
  std::vector<std::string> choices;
  std::string default_value;  // shown in help; returned by get() when absent
  std::string help;
  // A required flag is shown bare in the usage line and refused when
  // absent. Required flags with the same `either` (not "") are
  // alternatives: exactly one of them must be given.
  bool required = false;
  std::string either;
  bool common = false;  // every command's (--color, --help): in the help, not the usage line

  // A switch (`--quiet`), and a flag with a value (`--depth N`).
  static FlagSpec toggle(std::string name, char short_name, std::string help);
  static FlagSpec option(std::string name, std::string value_name, std::string help);
  FlagSpec& one_of(std::vector<std::string> values);
  FlagSpec& defaults_to(std::string value);
  FlagSpec& repeated();
  FlagSpec& require();
  FlagSpec& require_either(std::string group);
  FlagSpec& shared_by_all();
};

// How many words a positional argument takes.
enum class Arity { one, optional, many };  // RULES, [RULES], FILE... (one or more)

struct PositionalSpec {
  std::string name;  // e.g. "RULES"
  Arity arity = Arity::one;
};

// What a subcommand accepts, in the order its usage line shows it:
// positionals, then flags.
struct ArgSpec {
  std::vector<PositionalSpec> positionals;
  std::vector<FlagSpec> flags;

  ArgSpec& positional(std::string name, Arity arity = Arity::one) {
    positionals.push_back({std::move(name), arity});
    return *this;
  }
  ArgSpec& flag(FlagSpec f) {
    flags.push_back(std::move(f));
    return *this;
  }
  const FlagSpec* find(std::string_view name) const;
  const FlagSpec* find_short(char c) const;
  // How many positional words the spec takes (max -1: no limit).
  int min_positionals() const;
  int max_positionals() const;
};

// The result of parsing. Flags are keyed by their long name.
class ParsedArgs {
 public:
  bool has(std::string_view name) const { return values_.count(std::string(name)) > 0; }
  // The last value given for a flag, or its default.
  std::string get(std::string_view name) const;
  // Every value given for a repeatable flag, in order.
  std::vector<std::string> all(std::string_view name) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

 private:
  friend Expected<ParsedArgs> parse_args(std::string_view, const ArgSpec&,
                                         const std::vector<std::string>&);
  const ArgSpec* spec_ = nullptr;
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
  std::vector<std::string> positionals_;
};

// Parses `args` (the words after the subcommand name) against `spec`.
// `--` ends the flags; every later word is positional. A lone "-" is a
// positional. Errors name the offending word and suggest a spelling; one
// about the number of positionals ends with the usage line of `command`.
Expected<ParsedArgs> parse_args(std::string_view command, const ArgSpec& spec,
                                const std::vector<std::string>& args);

// A decimal integer in [lo, hi]; `what` names it in the error
// ("--depth: expected an integer from 1 to 20, got 'x'").
Expected<int64_t> parse_int(std::string_view text, int64_t lo, int64_t hi, std::string_view what);

// Splits "KEY=VALUE" for flags like --set; VALUE is parsed as an integer.
Expected<std::pair<std::string, int64_t>> parse_key_int(std::string_view text,
                                                        std::string_view what);

// A flag as the usage line writes it, without brackets: "--format text|json",
// "--depth N", "--quiet".
std::string flag_synopsis(const FlagSpec& f);

// The usage of `mancala COMMAND` on one line: "mancala perft RULES --depth N
// [--format text|json] [--set KEY=VALUE]...". Optional words are in
// brackets, a repeatable flag or positional is followed by "...", and
// alternatives are "(--moves LIST | --record FILE)"; the common flags are
// left to the help's flags section.
std::string usage_line(std::string_view command, const ArgSpec& spec);

// The same as the help's first lines: "usage: " and the usage, wrapped at
// `width` columns with its words aligned after "usage: mancala COMMAND ".
std::string render_usage(std::string_view command, const ArgSpec& spec, size_t width = 80);

// The flags section of a subcommand's help: one line per flag, aligned.
std::string render_flags_help(const ArgSpec& spec);

}  // namespace mancala::cli
