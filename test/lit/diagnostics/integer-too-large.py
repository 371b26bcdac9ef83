# kiln's integers are 64-bit: a larger literal is a located error.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:5: error: integer literal too large: kiln's integers are 64-bit
# CHECK-NEXT:y = 9223372036854775808
# CHECK-NEXT:    ^~~~~~~~~~~~~~~~~~~

x = 9223372036854775807
y = 9223372036854775808
