# A name assigned or used before its 'global'/'nonlocal' declaration; a read
# wins over an assignment when both come first (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:20:5: error: name 'x' is assigned to before global declaration
# CHECK-NEXT:    global x
# CHECK-NEXT:    ^~~~~~~~
# CHECK:[[FILE]]:23:5: error: name 'y' is used prior to global declaration
# CHECK-NEXT:    global y
# CHECK-NEXT:    ^~~~~~~~
# CHECK:[[FILE]]:27:5: error: name 'z' is used prior to global declaration
# CHECK-NEXT:    global z
# CHECK-NEXT:    ^~~~~~~~
# CHECK:[[FILE]]:31:9: error: name 'w' is assigned to before nonlocal declaration
# CHECK-NEXT:        nonlocal w
# CHECK-NEXT:        ^~~~~~~~~~
# CHECK:4 errors generated.

def f():
    x = 1
    global x
def g():
    print(y)
    global y
def h():
    z = 1
    print(z)
    global z
def outer(w):
    def inner():
        w = 2
        nonlocal w
