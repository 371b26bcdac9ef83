# 'yield' as a value is named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:12:9: error: not supported by kiln: yield
# CHECK-NEXT:    x = yield 1
# CHECK-NEXT:        ^~~~~~~
# CHECK:[[FILE]]:13:10: error: not supported by kiln: yield
# CHECK-NEXT:    y = (yield)
# CHECK-NEXT:         ^~~~~
# CHECK:2 errors generated.

def f():
    x = yield 1
    y = (yield)
