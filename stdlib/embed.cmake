# Writes a C++ file holding every DIR/*.mnc as a byte array, returned by the
# function FUNC (declared in interpreter/check/stdlib.hpp), so that
# `import "captures"` and `mancala play kalah` work from any directory. Run by
# CMake at build time, once for stdlib/ and once for games/:
#   cmake -DOUT=file.cpp -DDIR=stdlib -DFUNC=embedded_stdlib -P embed.cmake
if(NOT FUNC)
  set(FUNC embedded_stdlib)
endif()
file(GLOB files ${DIR}/*.mnc)
list(SORT files)
set(body "")
set(table "")
set(i 0)
foreach(f ${files})
  get_filename_component(name ${f} NAME)
  file(READ ${f} hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR len "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "static const unsigned char f${i}[] = {${bytes}0};\n")
  string(APPEND table "  {\"${name}\", std::string_view(reinterpret_cast<const char*>(f${i}), ${len})},\n")
  math(EXPR i "${i} + 1")
endforeach()
get_filename_component(folder ${DIR} NAME)
file(WRITE ${OUT}.tmp "// Generated from ${folder}/*.mnc by stdlib/embed.cmake. Do not edit.\n#include \"stdlib.hpp\"\nnamespace mancala {\n${body}\nconst std::vector<EmbeddedFile>& ${FUNC}() {\n  static const std::vector<EmbeddedFile> files = {\n${table}  };\n  return files;\n}\n}  // namespace mancala\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
