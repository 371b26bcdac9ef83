# '/' with no parameter before it (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: at least one argument must precede /
# CHECK-NEXT:def f(/, a):
# CHECK-NEXT:      ^

def f(/, a):
    pass
