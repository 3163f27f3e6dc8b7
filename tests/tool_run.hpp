// Running the built `mancala` binary from a test, shared by the tests that
// drive the tool end to end (cli_test.cpp, play_test.cpp). The command runs
// in the source directory with stdin from /dev/null (no terminal, as in
// CI); stdout is read through a pipe and stderr through a temporary file, so
// the two stay apart.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mancala::test {

struct ToolRun {
  int status = -1;
  std::string out;
  std::string err;
};

// `s` quoted for /bin/sh.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh path in a temporary directory of this process's own, removed
// with whatever the test left in it when the process exits (tests that
// fail half-way, or files a test does not remove, leave nothing behind).
inline std::filesystem::path temp_file(const std::string& name) {
  struct Dir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("mancala_test_" + std::to_string(getpid()));
    Dir() { std::filesystem::create_directories(path); }
    ~Dir() {
      std::error_code ignored;
      std::filesystem::remove_all(path, ignored);
    }
  };
  static Dir dir;
  static int counter = 0;
  return dir.path / (std::to_string(counter++) + "_" + name);
}

// Runs the shell command `cmd` with its stderr sent to a temporary file:
// its stdout, stderr and exit status (-1 if it did not exit).
inline ToolRun capture(const std::string& cmd) {
  std::filesystem::path err_file = temp_file("err");
  std::string full = cmd + " 2>" + quote(err_file.string());
  ToolRun r;
  FILE* pipe = popen(full.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 65536> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.err = read_text(err_file);
  std::filesystem::remove(err_file);
  return r;
}

// Runs `BINARY ARGS` in `dir` with `input` on stdin (nullptr: /dev/null).
inline ToolRun run_program_in(const std::string& binary, const std::string& dir,
                              const std::vector<std::string>& args,
                              const std::string* input = nullptr) {
  std::filesystem::path in_file = temp_file("in");
  if (input) std::ofstream(in_file, std::ios::binary) << *input;
  std::string cmd = "cd " + quote(dir) + " && " + quote(binary);
  for (const std::string& a : args) cmd += " " + quote(a);
  cmd += " <" + (input ? quote(in_file.string()) : std::string("/dev/null"));
  ToolRun r = capture(cmd);
  std::filesystem::remove(in_file);
  return r;
}

// Runs `mancala ARGS` in `dir`, as run_program_in.
inline ToolRun run_tool_in(const std::string& dir, const std::vector<std::string>& args,
                           const std::string* input = nullptr) {
  return run_program_in(MANCALA_BINARY, dir, args, input);
}

// Runs `script` with bash in the source directory, stdin from /dev/null, for
// what needs a shell around the tool (redirections, pipes, ulimit): $MANCALA
// names the binary. stdout and stderr as for run_tool.
inline ToolRun run_shell(const std::string& script) {
  std::filesystem::path script_file = temp_file("script.sh");
  {
    std::ofstream f(script_file);
    f << "MANCALA=" << quote(MANCALA_BINARY) << "\n" << script << "\n";
  }
  ToolRun r = capture("cd " + quote(MANCALA_SOURCE_DIR) + " && bash " +
                      quote(script_file.string()) + " </dev/null");
  std::filesystem::remove(script_file);
  return r;
}

// Runs `mancala ARGS` in the source directory.
inline ToolRun run_tool(const std::vector<std::string>& args) {
  return run_tool_in(MANCALA_SOURCE_DIR, args);
}

}  // namespace mancala::test
