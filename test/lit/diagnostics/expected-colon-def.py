# A def without ':' says "expected ':'" after ')', with no follow-on errors.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: expected ':'
# CHECK-NEXT:def f()
# CHECK-NEXT:       ^

def f()
    pass
