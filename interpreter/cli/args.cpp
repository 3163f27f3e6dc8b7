// The shared argument parser (see args.hpp). Kept free of I/O so that it
// can be unit-tested and so that every subcommand reports bad input the
// same way: one line naming the word, with a spelling suggestion for an
// unknown flag.
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

}  // namespace

Expected<ParsedArgs> parse_args(const ArgSpec& spec, const std::vector<std::string>& args) {
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
  int count = static_cast<int>(parsed.positionals_.size());
  if (count < spec.min_positionals) {
    return Result::fail(fmt::format("missing argument; usage: mancala {}", spec.usage));
  }
  if (spec.max_positionals >= 0 && count > spec.max_positionals) {
    return Result::fail(fmt::format("unexpected argument '{}'; usage: mancala {}",
                                    parsed.positionals_[spec.max_positionals], spec.usage));
  }
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
