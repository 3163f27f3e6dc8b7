// Compiled with the include path of mancala_compile: it must NOT compile,
// because machine.hpp is the runtime's internal header (it lives beside the
// runtime's sources, not in its include/ folder). CTest expects failure.
#include "machine.hpp"
