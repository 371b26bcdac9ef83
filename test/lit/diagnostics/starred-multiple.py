# Two starred targets in one assignment.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: multiple starred expressions in assignment
# CHECK-NEXT:*a, *b = c
# CHECK-NEXT:^~~~~~

*a, *b = c
