# A closing bracket of the wrong kind is reported once, at the closer.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: closing parenthesis ']' does not match opening parenthesis '('
# CHECK-NEXT:x = (1]
# CHECK-NEXT:      ^

x = (1]
