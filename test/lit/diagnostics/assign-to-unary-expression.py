# Assigning to a unary expression suggests '==', as for binary ones (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: cannot assign to expression; maybe you meant '==' instead of '='?
# CHECK-NEXT:-a = 1
# CHECK-NEXT:^~

-a = 1
