# 'nonlocal' cannot refer to a module-level name.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:9:5: error: no binding for nonlocal 'x' found
# CHECK-NEXT:    nonlocal x
# CHECK-NEXT:    ^~~~~~~~~~

x = 1
def f():
    nonlocal x
    x = 2

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
