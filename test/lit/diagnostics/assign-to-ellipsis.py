# Assigning to '...' suggests '=='.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: cannot assign to ellipsis; maybe you meant '==' instead of '='?
# CHECK-NEXT:... = 1
# CHECK-NEXT:^~~

... = 1
