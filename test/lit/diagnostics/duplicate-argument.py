# A parameter name used twice, in a def and in a lambda.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:13: error: duplicate argument 'a' in function definition
# CHECK-NEXT:def f(a, b, a):
# CHECK-NEXT:            ^
# CHECK:[[FILE]]:13:15: error: duplicate argument 'x' in function definition
# CHECK-NEXT:g = lambda x, x: 1
# CHECK-NEXT:              ^
# CHECK:2 errors generated.

def f(a, b, a):
    pass
g = lambda x, x: 1
