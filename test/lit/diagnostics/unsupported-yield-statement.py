# 'yield' and 'yield from' as statements are named as unsupported, not 'invalid syntax'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:12:5: error: not supported by kiln: yield
# CHECK-NEXT:    yield 1
# CHECK-NEXT:    ^~~~~~~
# CHECK:[[FILE]]:14:5: error: not supported by kiln: yield{{( from)?}}
# CHECK-NEXT:    yield from f()
# CHECK-NEXT:    ^~~~~~~~~~~~~~
# CHECK:2 errors generated.

def f():
    yield 1
def g():
    yield from f()
