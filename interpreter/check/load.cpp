// Loading: reading files, resolving imports, merging `extends`.
//
// An import is looked for in the importing file's folder, then in the
// standard library, then among the shipped games (both embedded).
// Imports are resolved depth first from the checked file, each file parsed
// once (a file imported twice is the same file), with the chain of files
// being loaded kept on a stack so that a cycle can be reported with its
// whole chain. A file with syntax errors stays in the program with the
// items that did parse (parse_recovering), so that the rest of the run can
// still report what it can; what was left out is recorded in the AST so
// that the checker does not then call it missing or unknown.
// `extends` is resolved on the AST: the base game (itself merged first) is
// copied and the variant's sections and handlers are laid over it by the
// rules of docs/language.md, section 2; ranges keep pointing into the file
// each piece was written in.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "check_internal.hpp"
#include "parse.hpp"
#include "stdlib.hpp"

namespace mancala {

std::optional<std::string> DiskFileSystem::read(const std::string& path) const {
  if (read_error(path)) return std::nullopt;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > kMaxFileBytes) return std::nullopt;
  return text.str();
}

std::optional<std::string> DiskFileSystem::read_error(const std::string& path) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) return std::nullopt;
  if (ec) return ec.message();
  if (fs::is_directory(st)) return std::string("it is a directory");
  if (!fs::is_regular_file(st)) return std::string("it is not a regular file");
  uintmax_t size = fs::file_size(path, ec);
  if (ec) return ec.message();
  if (size > kMaxFileBytes) {
    return fmt::format("it is larger than 1 MiB ({} bytes)", size);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string("it cannot be opened for reading");
  return std::nullopt;
}

std::optional<std::string> MemoryFileSystem::read(const std::string& path) const {
  auto it = files_.find(path);
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

}  // namespace mancala

namespace mancala::check {
namespace {

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

class Loader {
 public:
  Loader(const FileSystem& fs, SourceSet& sources, Reporter& rep)
      : fs_(fs), sources_(sources), rep_(rep) {}

  size_t load(std::string key, std::string path, std::string source_name, std::string text,
              std::optional<Range> imported_at = std::nullopt) {
    uint32_t source = sources_.add(std::move(source_name), std::move(text));
    size_t index = program_.files.size();
    program_.files.push_back(
        {source, path, file_name(sources_.get(source).name), {}, {}, imported_at});
    program_.files[index].ast.source = source;
    program_.file_of_source[source] = index;
    loaded_[key] = index;
    Diagnostics parse_diags;
    program_.files[index].ast = parse_recovering(sources_, source, parse_diags);
    for (const Diagnostic& d : parse_diags.all()) rep_.error(d.range, d.message).notes = d.notes;
    stack_.push_back(key);
    std::vector<ast::Import> imports = program_.files[index].ast.imports;
    for (const ast::Import& imp : imports) {
      if (auto i = import(index, imp)) program_.files[index].imports.push_back(*i);
    }
    stack_.pop_back();
    return index;
  }

  Program take() { return std::move(program_); }

 private:
  std::optional<size_t> import(size_t from, const ast::Import& imp);
  std::optional<size_t> enter(const ast::Import& imp, const std::string& key,
                              const std::string& path, const std::string& name, std::string text);

  const FileSystem& fs_;
  SourceSet& sources_;
  Reporter& rep_;
  Program program_;
  std::map<std::string, size_t> loaded_;
  std::vector<std::string> stack_;  // keys of the files being loaded
};

std::optional<size_t> Loader::enter(const ast::Import& imp, const std::string& key,
                                    const std::string& path, const std::string& name,
                                    std::string text) {
  auto on_stack = std::find(stack_.begin(), stack_.end(), key);
  if (on_stack != stack_.end()) {
    std::string chain;
    for (auto it = on_stack; it != stack_.end(); ++it) {
      chain += program_.files[loaded_.at(*it)].display + " -> ";
    }
    rep_.error(imp.range, "import cycle: " + chain + program_.files[loaded_.at(key)].display);
    return std::nullopt;
  }
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  if (stack_.size() > static_cast<size_t>(kMaxImportDepth)) {
    rep_.error(imp.range, fmt::format("imports nested deeper than {} levels", kMaxImportDepth));
    return std::nullopt;
  }
  return load(key, path, name, std::move(text), imp.range);
}

std::optional<size_t> Loader::import(size_t from, const ast::Import& imp) {
  std::string name = imp.path.text;
  if (name.size() < 4 || name.compare(name.size() - 4, 4, ".mnc") != 0) name += ".mnc";
  const std::string& importer = program_.files[from].path;
  if (!importer.empty()) {
    std::filesystem::path dir = std::filesystem::path(importer).parent_path();
    std::string path = (dir / name).lexically_normal().string();
    if (auto text = fs_.read(path)) return enter(imp, path, path, path, std::move(*text));
    if (auto why = fs_.read_error(path)) {
      rep_.error(imp.path.range, fmt::format("cannot import '{}': {}", imp.path.text, *why));
      return std::nullopt;
    }
  }
  std::vector<std::string> names;
  for (const EmbeddedFile& f : embedded_stdlib()) {
    if (f.name == name) {
      std::string key = "<stdlib>/" + name;
      return enter(imp, key, "", key, std::string(f.text));
    }
    names.emplace_back(f.name.substr(0, f.name.size() - 4));
  }
  for (const EmbeddedFile& f : embedded_games()) {
    if (f.name == name) {
      std::string key = "<games>/" + name;
      return enter(imp, key, "", key, std::string(f.text));
    }
    names.emplace_back(f.name.substr(0, f.name.size() - 4));
  }
  std::string places = "in the standard library and among the shipped games";
  if (!importer.empty()) {
    std::filesystem::path dir = std::filesystem::path(importer).parent_path();
    places = (dir / name).lexically_normal().string() + ", " + places;
  } else {
    places = name + " " + places;
  }
  rep_.error(imp.path.range,
             fmt::format("cannot find '{}' to import (looked for {}){}", imp.path.text, places,
                         did_you_mean(imp.path.text, names)));
  return std::nullopt;
}

}  // namespace

std::optional<Program> load_program(const std::string& name, std::string text, const FileSystem& fs,
                                    SourceSet& sources, Reporter& rep) {
  Loader loader(fs, sources, rep);
  std::string key = std::filesystem::path(name).lexically_normal().string();
  loader.load(key, name, name, std::move(text));
  Program program = loader.take();
  if (program.files.empty()) return std::nullopt;
  return program;
}

}  // namespace mancala::check
