// `mancala compile RULES... --emit cpp`: a game's code as C++ to build in.
//
// The translation is compile/emit_cpp.cpp; this file loads each rule file
// (any error stops the command, status 1, nothing written), checks that
// the function name is a C++ identifier, and writes the unit to standard
// output or to --output (a file written whole or not at all: a failed write
// says so, status 1). docs/performance.md says how a program builds the
// unit in and what it gains.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <set>

#include "command.hpp"
#include "compile.hpp"
#include "emit_cpp.hpp"

namespace mancala::cli {
namespace {

// A name the unit can define: letters, digits and _, not first a digit,
// and not a C++ keyword.
bool is_identifier(const std::string& name) {
  static const std::set<std::string, std::less<>> kKeywords = {
      "alignas",       "alignof",     "and",
      "and_eq",        "asm",         "auto",
      "bitand",        "bitor",       "bool",
      "break",         "case",        "catch",
      "char",          "char8_t",     "char16_t",
      "char32_t",      "class",       "compl",
      "concept",       "const",       "consteval",
      "constexpr",     "constinit",   "const_cast",
      "continue",      "co_await",    "co_return",
      "co_yield",      "decltype",    "default",
      "delete",        "do",          "double",
      "dynamic_cast",  "else",        "enum",
      "explicit",      "export",      "extern",
      "false",         "float",       "for",
      "friend",        "goto",        "if",
      "inline",        "int",         "long",
      "mutable",       "namespace",   "new",
      "noexcept",      "not",         "not_eq",
      "nullptr",       "operator",    "or",
      "or_eq",         "private",     "protected",
      "public",        "register",    "reinterpret_cast",
      "requires",      "return",      "short",
      "signed",        "sizeof",      "static",
      "static_assert", "static_cast", "struct",
      "switch",        "template",    "this",
      "thread_local",  "throw",       "true",
      "try",           "typedef",     "typeid",
      "typename",      "union",       "unsigned",
      "using",         "virtual",     "void",
      "volatile",      "wchar_t",     "while",
      "xor",           "xor_eq"};
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  if (kKeywords.count(name)) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// Writes `text` to `path` whole or not at all (a partial file renamed into
// place); false, and nothing left behind, when it cannot.
bool write_whole(const std::string& path, const std::string& text) {
  std::string partial = path + ".partial";
  std::ofstream out(partial, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (out && std::rename(partial.c_str(), path.c_str()) == 0) return true;
  std::remove(partial.c_str());
  return false;
}

int run_compile(const ParsedArgs& args, Io& io) {
  auto overrides = read_overrides(args);
  if (!overrides) return usage_error(io, "compile", overrides.error);
  const std::string function = args.get("function");
  if (!is_identifier(function)) {
    return usage_error(io, "compile",
                       fmt::format("--function '{}' is not a C++ identifier", function));
  }
  std::vector<std::shared_ptr<const Rules>> rules;
  std::vector<EmitGame> games;
  for (const std::string& path : args.positionals()) {
    std::optional<LoadedGame> loaded = load_game(path, *overrides.value, io);
    if (!loaded) return kFailed;
    rules.push_back(compile(loaded->game));
    games.push_back({path, rules.back().get()});
  }
  std::string text = emit_cpp(games, function);
  if (!args.has("output")) {
    fmt::print(io.out, "{}", text);
    return kOk;
  }
  const std::string output = args.get("output");
  if (!write_whole(output, text)) {
    fmt::print(io.err, "mancala compile: {}: cannot write\n", output);
    return kFailed;
  }
  return kOk;
}

}  // namespace

Command compile_command() {
  Command c;
  c.name = "compile";
  c.summary = "write the code of rule files as C++ to build into a program";
  c.description =
      "Every piece of each game's code (handlers, conditions, end clauses) becomes a\n"
      "C++ function, and FUNCTION() returns their table, which attach_native\n"
      "(interpreter/runtime/include/native.hpp) gives to the game's Rules. Build the\n"
      "unit with the runtime's headers (docs/performance.md, \"Compiled code\").";
  c.spec.positional("RULES", Arity::many);
  c.spec.flag(FlagSpec::option("emit", "LANG", "what to write").one_of({"cpp"}).require());
  c.spec.flag(FlagSpec::option("output", "FILE", "where to write (default: standard output)"));
  c.spec.flag(FlagSpec::option("function", "NAME", "the C++ function returning the table")
                  .defaults_to("compiled_code"));
  c.spec.flag(set_flag());
  c.run = run_compile;
  return c;
}

}  // namespace mancala::cli
