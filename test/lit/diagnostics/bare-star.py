# A bare '*' ending the parameters.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: named arguments must follow bare *
# CHECK-NEXT:def f(*):
# CHECK-NEXT:      ^

def f(*):
    pass
