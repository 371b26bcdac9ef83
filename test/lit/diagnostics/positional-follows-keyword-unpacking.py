# A positional argument after '**' unpacking.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: positional argument follows keyword argument unpacking
# CHECK-NEXT:f(**k, 2)
# CHECK-NEXT:       ^

f(**k, 2)
