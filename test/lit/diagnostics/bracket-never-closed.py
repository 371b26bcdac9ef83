# A bracket still open at the end of the file is reported once, at the bracket.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:12: error: '[' was never closed
# CHECK-NEXT:x = foo(1, [2,
# CHECK-NEXT:           ^

x = foo(1, [2,
