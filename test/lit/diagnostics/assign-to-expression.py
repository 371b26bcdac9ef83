# Assigning to an operator expression; 'and'/'or' get no '==' hint (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: cannot assign to expression; maybe you meant '==' instead of '='?
# CHECK-NEXT:a + b = 1
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:12:1: error: cannot assign to expression
# CHECK-NEXT:a and b = 1
# CHECK-NEXT:^~~~~~~
# CHECK:2 errors generated.

a + b = 1
a and b = 1
