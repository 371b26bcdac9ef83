# A parameter without a default after one with a default.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:12: error: non-default argument follows default argument
# CHECK-NEXT:def f(a=1, b):
# CHECK-NEXT:           ^

def f(a=1, b):
    pass
