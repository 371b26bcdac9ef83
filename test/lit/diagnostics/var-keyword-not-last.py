# A parameter after '**kwargs'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:13: error: arguments cannot follow var-keyword argument
# CHECK-NEXT:def f(**kw, a):
# CHECK-NEXT:            ^

def f(**kw, a):
    pass
