# 'continue' at module level, and in a loop's else clause.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: 'continue' not properly in loop
# CHECK-NEXT:continue
# CHECK-NEXT:^~~~~~~~
# CHECK:[[FILE]]:15:5: error: 'continue' not properly in loop
# CHECK-NEXT:    continue
# CHECK-NEXT:    ^~~~~~~~
# CHECK:2 errors generated.

continue
while x:
    pass
else:
    continue
