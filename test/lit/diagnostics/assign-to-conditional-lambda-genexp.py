# Assigning to a conditional expression, lambda or generator expression.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:14:1: error: cannot assign to conditional expression
# CHECK-NEXT:a if b else c = 1
# CHECK-NEXT:^~~~~~~~~~~~~
# CHECK:[[FILE]]:15:1: error: cannot assign to lambda
# CHECK-NEXT:lambda: 1 = 1
# CHECK-NEXT:^~~~~~~~~
# CHECK:[[FILE]]:16:1: error: cannot assign to generator expression
# CHECK-NEXT:(a for a in b) = 1
# CHECK-NEXT:^~~~~~~~~~~~~~
# CHECK:3 errors generated.

a if b else c = 1
lambda: 1 = 1
(a for a in b) = 1
