# Closing brackets without an opener: one error each.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:14:6: error: unmatched ')'
# CHECK-NEXT:x = 1)
# CHECK-NEXT:     ^
# CHECK:[[FILE]]:15:6: error: unmatched ']'
# CHECK-NEXT:y = 2]
# CHECK-NEXT:     ^
# CHECK:[[FILE]]:16:6: error: unmatched '}'
# CHECK-NEXT:z = 3}
# CHECK-NEXT:     ^
# CHECK:3 errors generated.

x = 1)
y = 2]
z = 3}
