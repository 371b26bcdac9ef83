# 'nonlocal' cannot refer to a module-level name.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:9:5: error: no binding for nonlocal 'x' found
# CHECK-NEXT:    nonlocal x
# CHECK-NEXT:    ^~~~~~~~~~

x = 1
def f():
    nonlocal x
    x = 2
