# A stray token is 'invalid syntax', located at that token.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: invalid syntax
# CHECK-NEXT:x = = 1
# CHECK-NEXT:    ^

x = = 1
