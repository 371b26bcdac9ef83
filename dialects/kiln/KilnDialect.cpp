// Registration of the kiln dialect.
#include "dialects/kiln/KilnDialect.h"

#include "dialects/kiln/KilnDialect.cpp.inc"

void kiln::KilnDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/kiln/KilnOps.cpp.inc"
      >();
}
