# Assigning to a literal suggests '=='.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: cannot assign to literal; maybe you meant '==' instead of '='?
# CHECK-NEXT:1 = x
# CHECK-NEXT:^
# CHECK:[[FILE]]:12:1: error: cannot assign to literal; maybe you meant '==' instead of '='?
# CHECK-NEXT:"a" = x
# CHECK-NEXT:^~~
# CHECK:2 errors generated.

1 = x
"a" = x
