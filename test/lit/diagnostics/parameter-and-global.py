# A parameter declared global or nonlocal.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:12:5: error: name 'a' is parameter and global
# CHECK-NEXT:    global a
# CHECK-NEXT:    ^~~~~~~~
# CHECK:[[FILE]]:16:9: error: name 'b' is parameter and nonlocal
# CHECK-NEXT:        nonlocal b
# CHECK-NEXT:        ^~~~~~~~~~
# CHECK:2 errors generated.

def f(a):
    global a
def g():
    b = 1
    def h(b):
        nonlocal b
