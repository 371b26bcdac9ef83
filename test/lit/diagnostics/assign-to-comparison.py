# Assigning to a comparison: no '==' hint, it already compares (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: cannot assign to comparison
# CHECK-NEXT:a < b = 1
# CHECK-NEXT:^~~~~

a < b = 1
