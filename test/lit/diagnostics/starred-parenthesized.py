# A parenthesized starred expression is not a tuple.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:6: error: cannot use starred expression here
# CHECK-NEXT:x = (*a)
# CHECK-NEXT:     ^~

x = (*a)
