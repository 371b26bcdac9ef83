# A wrong closer on a later line names the opener's line, as CPython does.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:7: error: closing parenthesis ']' does not match opening parenthesis '(' on line 1
# CHECK-NEXT:     2]
# CHECK-NEXT:      ^

x = (1,
     2]

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
