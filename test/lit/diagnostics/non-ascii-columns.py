# Columns count code points, not bytes, and the caret lines up under them.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:7: error: invalid syntax
# CHECK-NEXT:été = = 1
# CHECK-NEXT:      ^
# CHECK:[[FILE]]:12:12: error: invalid syntax
# CHECK-NEXT:s = "名前" + = 1
# CHECK-NEXT:           ^
# CHECK:2 errors generated.

été = = 1
s = "名前" + = 1
