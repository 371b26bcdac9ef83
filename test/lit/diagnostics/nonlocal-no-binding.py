# 'nonlocal' without an enclosing binding is reported at the declaration (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:5: error: no binding for nonlocal 'x' found
# CHECK-NEXT:    nonlocal x
# CHECK-NEXT:    ^~~~~~~~~~

def f():
    nonlocal x
    x = 1
