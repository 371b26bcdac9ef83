# Two '/' markers: '/ may appear only once' (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:16: error: / may appear only once
# CHECK-NEXT:def f(a, /, b, /):
# CHECK-NEXT:               ^

def f(a, /, b, /):
    pass
