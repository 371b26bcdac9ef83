# Assigning to a comparison: no '==' hint, it already compares (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: cannot assign to comparison
# CHECK-NEXT:a < b = 1
# CHECK-NEXT:^~~~~

a < b = 1

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
