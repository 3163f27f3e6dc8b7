// UTF-8: the one decoder of the project.
//
// Rule files, scenario files and records are untrusted bytes; the parser
// refuses invalid UTF-8, JSON output replaces it, and diagnostics measure
// columns and cut long lines on character boundaries. All of them ask the
// same question, answered here once.
#pragma once

#include <cstddef>
#include <string_view>

namespace mancala {

// The length of the valid UTF-8 sequence at text[i] (1 to 4), or 0 if the
// bytes there are not valid UTF-8 (a stray continuation byte, a truncated
// sequence, an overlong form, a surrogate, a code point above U+10FFFF).
// Precondition: i < text.size().
size_t utf8_sequence(std::string_view text, size_t i);

}  // namespace mancala
