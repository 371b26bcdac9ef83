# An unclosed '(' followed by more code: only "'(' was never closed", as CPython says.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:6: error: '(' was never closed
# CHECK-NEXT:print(x
# CHECK-NEXT:     ^

print(x
y = 2

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
