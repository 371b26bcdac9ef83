# A decorator with nothing after it: 'unexpected end of file' at the end.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:1: error: unexpected end of file
# CHECK-EMPTY:
# CHECK-NEXT:^

@dec
