# A statement that stops mid-expression is reported at the end of the line.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: invalid syntax: unexpected end of line
# CHECK-NEXT:x = 1 +
# CHECK-NEXT:       ^

x = 1 +
