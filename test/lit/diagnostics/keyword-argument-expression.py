# 'f(a.b=1)': an expression cannot be a keyword (CPython's wording and range).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:3: error: expression cannot contain assignment, perhaps you meant "=="?
# CHECK-NEXT:f(a.b=1)
# CHECK-NEXT:  ^~~~

f(a.b=1)

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
