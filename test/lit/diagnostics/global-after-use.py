# A name assigned or used before its 'global' declaration (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:13:5: error: name 'x' is assigned to before global declaration
# CHECK-NEXT:    global x
# CHECK-NEXT:    ^~~~~~~~
# CHECK:[[FILE]]:16:5: error: name 'y' is used prior to global declaration
# CHECK-NEXT:    global y
# CHECK-NEXT:    ^~~~~~~~
# CHECK:2 errors generated.

def f():
    x = 1
    global x
def g():
    print(y)
    global y

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
