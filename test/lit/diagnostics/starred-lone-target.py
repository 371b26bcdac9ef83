# A lone starred assignment target must be in a list or tuple (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: starred assignment target must be in a list or tuple
# CHECK-NEXT:*a = b
# CHECK-NEXT:^~

*a = b
