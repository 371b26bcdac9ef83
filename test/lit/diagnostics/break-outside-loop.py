# 'break' at module level, and in a def nested in a loop.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:14:9: error: 'break' outside loop
# CHECK-NEXT:        break
# CHECK-NEXT:        ^~~~~
# CHECK:2 errors generated.

break
for x in y:
    def f():
        break
