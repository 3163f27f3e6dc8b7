// read_text_file (see files.hpp): stat first, so that a directory or a
// special file is named as such, then read, then refuse bytes that are not
// UTF-8 text, so that a parser only ever sees text.
#include "files.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "utf8.hpp"

namespace mancala {

Expected<std::string> read_text_file(const std::string& path, size_t max_bytes) {
  using Result = Expected<std::string>;
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) return Result::fail(path + ": no such file");
  if (ec) return Result::fail(fmt::format("{}: cannot be read ({})", path, ec.message()));
  if (fs::is_directory(st)) return Result::fail(path + ": is a directory");
  if (!fs::is_regular_file(st)) return Result::fail(path + ": is not a regular file");
  uintmax_t size = fs::file_size(path, ec);
  if (ec) return Result::fail(fmt::format("{}: cannot be read ({})", path, ec.message()));
  if (size > max_bytes) {
    return Result::fail(
        fmt::format("{}: is larger than {} bytes ({} bytes)", path, max_bytes, size));
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Result::fail(fmt::format("{}: cannot be read ({})", path,
                                    errno != 0 ? std::strerror(errno) : "cannot be opened"));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  std::string text = std::move(buffer).str();
  if (in.bad()) return Result::fail(path + ": cannot be read (a read error)");
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      return Result::fail(path + ": is not a text file (it contains a NUL byte)");
    }
    size_t n = utf8_sequence(text, i);
    if (n == 0) {
      return Result::fail(
          fmt::format("{}: is not a text file (it is not valid UTF-8, at byte {})", path, i + 1));
    }
    i += n;
  }
  return Result::ok(std::move(text));
}

}  // namespace mancala
