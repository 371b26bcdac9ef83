# Augmented assignment to a call or literal names it, as CPython does.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: 'function call' is an illegal expression for augmented assignment
# CHECK-NEXT:f() += 1
# CHECK-NEXT:^~~
# CHECK:[[FILE]]:12:1: error: 'literal' is an illegal expression for augmented assignment
# CHECK-NEXT:1 += 1
# CHECK-NEXT:^
# CHECK:2 errors generated.

f() += 1
1 += 1
