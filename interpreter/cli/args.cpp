// The shared argument parser (see args.hpp). Kept free of I/O so that it
// can be unit-tested and so that every subcommand reports bad input the
// same way: one line naming the word, with a spelling suggestion for an
// unknown flag.
//
// The usage line is built here from the same ArgSpec the parser reads:
// usage_words lists what a command takes in the order the line shows it,
// and the one-line form (in usage errors) and the wrapped form (atop
// --help) only lay those words out.
#include "args.hpp"

#include <fmt/format.h>

#include <charconv>

#include "diagnostics.hpp"
#include "text.hpp"

namespace mancala::cli {

FlagSpec FlagSpec::toggle(std::string name, char short_name, std::string help) {
  FlagSpec f;
  f.name = std::move(name);
  f.short_name = short_name;
  f.help = std::move(help);
  return f;
}

FlagSpec FlagSpec::option(std::string name, std::string value_name, std::string help) {
  FlagSpec f;
  f.name = std::move(name);
  f.value_name = std::move(value_name);
  f.help = std::move(help);
  return f;
}

FlagSpec& FlagSpec::one_of(std::vector<std::string> values) {
  choices = std::move(values);
  return *this;
}

FlagSpec& FlagSpec::defaults_to(std::string value) {
  default_value = std::move(value);
  return *this;
}

FlagSpec& FlagSpec::repeated() {
  repeatable = true;
  return *this;
}

FlagSpec& FlagSpec::require() {
  required = true;
  return *this;
}

FlagSpec& FlagSpec::require_either(std::string group) {
  required = true;
  either = std::move(group);
  return *this;
}

FlagSpec& FlagSpec::shared_by_all() {
  common = true;
  return *this;
}

const FlagSpec* ArgSpec::find(std::string_view name) const {
  for (const FlagSpec& f : flags) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

const FlagSpec* ArgSpec::find_short(char c) const {
  for (const FlagSpec& f : flags) {
    if (f.short_name != 0 && f.short_name == c) return &f;
  }
  return nullptr;
}

int ArgSpec::min_positionals() const {
  int n = 0;
  for (const PositionalSpec& p : positionals) n += p.arity == Arity::optional ? 0 : 1;
  return n;
}

int ArgSpec::max_positionals() const {
  for (const PositionalSpec& p : positionals) {
    if (p.arity == Arity::many) return -1;
  }
  return static_cast<int>(positionals.size());
}

std::string ParsedArgs::get(std::string_view name) const {
  auto it = values_.find(name);
  if (it != values_.end() && !it->second.empty()) return it->second.back();
  if (spec_ != nullptr) {
    if (const FlagSpec* f = spec_->find(name)) return f->default_value;
  }
  return "";
}

std::vector<std::string> ParsedArgs::all(std::string_view name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

namespace {

std::string unknown_flag_message(const ArgSpec& spec, std::string_view word) {
  std::vector<std::string> names;
  for (const FlagSpec& f : spec.flags) names.push_back("--" + f.name);
  std::string message = fmt::format("unknown flag '{}'", word);
  std::string_view bare = word.substr(0, word.find('='));
  std::string guess = suggest(bare, names);
  if (!guess.empty()) message += fmt::format("; did you mean '{}'?", guess);
  return message;
}

// Checks a flag's value against its choices.
std::optional<std::string> check_choice(const FlagSpec& f, const std::string& value) {
  if (f.choices.empty()) return std::nullopt;
  for (const std::string& c : f.choices) {
    if (c == value) return std::nullopt;
  }
  std::string message =
      fmt::format("--{}: expected one of {}, got '{}'", f.name, join(f.choices, ", "), value);
  std::string guess = suggest(value, f.choices);
  if (!guess.empty()) message += fmt::format("; did you mean '{}'?", guess);
  return message;
}

// The error for too few or too many positional words, ending with the usage.
std::optional<std::string> check_positionals(std::string_view command, const ArgSpec& spec,
                                             const std::vector<std::string>& words) {
  int count = static_cast<int>(words.size());
  std::string usage = usage_line(command, spec);
  if (count < spec.min_positionals()) {
    std::vector<std::string> needed;
    for (const PositionalSpec& p : spec.positionals) {
      if (p.arity != Arity::optional) needed.push_back(p.name);
    }
    return fmt::format("missing {}; usage: {}", needed[count], usage);
  }
  int max = spec.max_positionals();
  if (max >= 0 && count > max) {
    return fmt::format("unexpected argument '{}'; usage: {}", words[max], usage);
  }
  return std::nullopt;
}

// The flags of `spec` that must be given as alternatives to `f` (f included).
std::vector<const FlagSpec*> alternatives(const ArgSpec& spec, const FlagSpec& f) {
  std::vector<const FlagSpec*> out;
  for (const FlagSpec& g : spec.flags) {
    if (&g == &f || (!f.either.empty() && g.required && g.either == f.either)) out.push_back(&g);
  }
  return out;
}

// The error for a required flag left out, or for alternatives given together.
std::optional<std::string> check_required(const ArgSpec& spec, const ParsedArgs& parsed) {
  for (const FlagSpec& f : spec.flags) {
    if (!f.required) continue;
    std::vector<std::string> synopses, given;
    for (const FlagSpec* g : alternatives(spec, f)) {
      synopses.push_back(flag_synopsis(*g));
      if (parsed.has(g->name)) given.push_back("--" + g->name);
    }
    if (given.empty()) return fmt::format("missing {}", join(synopses, " or "));
    if (given.size() > 1) return fmt::format("give either {}, not both", join(given, " or "));
  }
  return std::nullopt;
}

}  // namespace

Expected<ParsedArgs> parse_args(std::string_view command, const ArgSpec& spec,
                                const std::vector<std::string>& args) {
  using Result = Expected<ParsedArgs>;
  ParsedArgs parsed;
  parsed.spec_ = &spec;
  bool flags_done = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (flags_done || word.size() < 2 || word[0] != '-') {
      parsed.positionals_.push_back(word);
      continue;
    }
    if (word == "--") {
      flags_done = true;
      continue;
    }
    const FlagSpec* f = nullptr;
    std::optional<std::string> inline_value;
    if (word[1] == '-') {
      size_t eq = word.find('=');
      f = spec.find(std::string_view(word).substr(2, eq == std::string::npos ? eq : eq - 2));
      if (eq != std::string::npos) inline_value = word.substr(eq + 1);
    } else if (word.size() == 2) {
      f = spec.find_short(word[1]);
    }
    if (f == nullptr) return Result::fail(unknown_flag_message(spec, word));
    if (f->value_name.empty()) {
      if (inline_value) return Result::fail(fmt::format("--{} takes no value", f->name));
      parsed.values_[f->name].push_back("1");
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) {
        return Result::fail(fmt::format("--{} needs a value ({})", f->name, f->value_name));
      }
      inline_value = args[++i];
    }
    if (auto bad = check_choice(*f, *inline_value)) return Result::fail(*bad);
    auto& slot = parsed.values_[f->name];
    if (!slot.empty() && !f->repeatable) {
      return Result::fail(fmt::format("--{} given more than once", f->name));
    }
    slot.push_back(*inline_value);
  }
  if (auto bad = check_positionals(command, spec, parsed.positionals_)) return Result::fail(*bad);
  if (auto bad = check_required(spec, parsed)) return Result::fail(*bad);
  return Result::ok(std::move(parsed));
}

Expected<int64_t> parse_int(std::string_view text, int64_t lo, int64_t hi, std::string_view what) {
  auto range_error = [&] {
    return Expected<int64_t>::fail(
        fmt::format("{}: expected an integer from {} to {}, got '{}'", what, lo, hi, text));
  };
  std::string_view digits = text;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return range_error();
  }
  if (value < lo || value > hi) return range_error();
  return Expected<int64_t>::ok(value);
}

Expected<std::pair<std::string, int64_t>> parse_key_int(std::string_view text,
                                                        std::string_view what) {
  using Result = Expected<std::pair<std::string, int64_t>>;
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return Result::fail(fmt::format("{}: expected KEY=VALUE, got '{}'", what, text));
  }
  std::string key(text.substr(0, eq));
  auto value =
      parse_int(text.substr(eq + 1), INT64_MIN, INT64_MAX, fmt::format("{} {}", what, key));
  if (!value) return Result::fail(value.error);
  return Result::ok({key, *value.value});
}

std::string flag_synopsis(const FlagSpec& f) {
  if (f.value_name.empty()) return "--" + f.name;
  return fmt::format("--{} {}", f.name, f.choices.empty() ? f.value_name : join(f.choices, "|"));
}

namespace {

std::string positional_word(const PositionalSpec& p) {
  switch (p.arity) {
    case Arity::one:
      return p.name;
    case Arity::optional:
      return "[" + p.name + "]";
    case Arity::many:
      return p.name + "...";
  }
  return p.name;
}

// What the usage line shows for `f`; "" for a flag shown with another (the
// second of two alternatives) or not at all (a common flag).
std::string flag_word(const ArgSpec& spec, const FlagSpec& f) {
  if (f.common) return "";
  std::string repeat = f.repeatable ? "..." : "";
  if (!f.required) return "[" + flag_synopsis(f) + "]" + repeat;
  std::vector<const FlagSpec*> group = alternatives(spec, f);
  if (group.size() == 1) return flag_synopsis(f) + repeat;
  if (group.front() != &f) return "";
  std::vector<std::string> synopses;
  for (const FlagSpec* g : group) synopses.push_back(flag_synopsis(*g));
  return "(" + join(synopses, " | ") + ")";
}

// The words of the usage after "mancala COMMAND": positionals, then flags.
std::vector<std::string> usage_words(const ArgSpec& spec) {
  std::vector<std::string> out;
  for (const PositionalSpec& p : spec.positionals) out.push_back(positional_word(p));
  for (const FlagSpec& f : spec.flags) {
    std::string word = flag_word(spec, f);
    if (!word.empty()) out.push_back(std::move(word));
  }
  return out;
}

// How the help says that a flag is required, after its description.
std::string required_note(const ArgSpec& spec, const FlagSpec& f) {
  if (!f.required) return "";
  std::vector<std::string> others;
  for (const FlagSpec* g : alternatives(spec, f)) {
    if (g != &f) others.push_back("--" + g->name);
  }
  if (others.empty()) return " (required)";
  return fmt::format(" (required, unless {} is given)", join(others, " or "));
}

}  // namespace

std::string usage_line(std::string_view command, const ArgSpec& spec) {
  std::string out = fmt::format("mancala {}", command);
  for (const std::string& word : usage_words(spec)) out += " " + word;
  return out;
}

std::string render_usage(std::string_view command, const ArgSpec& spec, size_t width) {
  std::string prefix = fmt::format("usage: mancala {}", command);
  std::string indent(prefix.size() + 1, ' ');
  std::string out, line = prefix;
  for (const std::string& word : usage_words(spec)) {
    if (line.size() > prefix.size() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line = indent + word;
    } else {
      line += " " + word;
    }
  }
  return out + line + "\n";
}

std::string render_flags_help(const ArgSpec& spec) {
  std::vector<std::pair<std::string, std::string>> rows;
  size_t width = 0;
  for (const FlagSpec& f : spec.flags) {
    std::string left = f.short_name ? fmt::format("-{}, --{}", f.short_name, f.name)
                                    : fmt::format("    --{}", f.name);
    if (!f.value_name.empty()) left += " " + f.value_name;
    std::string right = f.help;
    if (!f.choices.empty()) right += fmt::format(" ({})", join(f.choices, "|"));
    if (!f.default_value.empty()) right += fmt::format(" [default: {}]", f.default_value);
    if (f.repeatable) right += " (repeatable)";
    right += required_note(spec, f);
    width = std::max(width, left.size());
    rows.emplace_back(std::move(left), std::move(right));
  }
  std::string out;
  for (const auto& [left, right] : rows) {
    out += fmt::format("  {:<{}}  {}\n", left, width, right);
  }
  return out;
}

}  // namespace mancala::cli
