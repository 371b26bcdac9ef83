# 'lambda a: int: 1' is a lambda returning 'int' and then a stray ':'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:18: error: invalid syntax
# CHECK-NEXT:g = lambda a: int: 1
# CHECK-NEXT:                 ^

g = lambda a: int: 1

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
