# Syntax errors on several lines are all reported, with a count.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:5: error: invalid syntax
# CHECK-NEXT:x = = 1
# CHECK-NEXT:    ^
# CHECK:[[FILE]]:13:5: error: invalid syntax
# CHECK-NEXT:z = = 3
# CHECK-NEXT:    ^
# CHECK:2 errors generated.

x = = 1
y = 2
z = = 3
