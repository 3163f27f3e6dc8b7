// utf8_sequence (utf8.hpp): the well-formed byte sequences of the Unicode
// standard, table 3-7, checked byte by byte.
#include "utf8.hpp"

namespace mancala {

size_t utf8_sequence(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  size_t len = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
  if (len == 0 || b0 > 0xF4 || i + len > text.size()) return 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b0 == 0xE0) lo = 0xA0;           // no overlong 3-byte forms
  if (b0 == 0xED) hi = 0x9F;           // no surrogates
  if (b0 == 0xF0) lo = 0x90;           // no overlong 4-byte forms
  if (b0 == 0xF4) hi = 0x8F;           // nothing above U+10FFFF
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  }
  return len;
}

}  // namespace mancala
