# '/' after '*'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:13: error: / must be ahead of *
# CHECK-NEXT:def f(*, a, /):
# CHECK-NEXT:            ^

def f(*, a, /):
    pass
