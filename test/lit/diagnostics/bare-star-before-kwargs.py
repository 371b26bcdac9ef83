# A bare '*' followed only by '**kwargs' is reported at the '*'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:10: error: named arguments must follow bare *
# CHECK-NEXT:def f(a, *, **k):
# CHECK-NEXT:         ^

def f(a, *, **k):
    pass
