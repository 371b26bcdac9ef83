# A positional argument after a keyword argument, located at the positional one.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: positional argument follows keyword argument
# CHECK-NEXT:f(a=1, 2)
# CHECK-NEXT:       ^

f(a=1, 2)
