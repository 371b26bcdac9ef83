# A starred expression as a statement.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: can't use starred expression here
# CHECK-NEXT:*a
# CHECK-NEXT:^~

*a
