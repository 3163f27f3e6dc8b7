// Compiled with the include path of mancala_compile: a stage may include
// the public headers of the stages it links. The control for
// private_header.cpp, which must fail with the same command.
#include "runtime.hpp"
