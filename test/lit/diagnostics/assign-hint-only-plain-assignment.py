# The '==' hint is only for a plain 'x = ...' target, not for/with/comprehension/chained targets.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:17:5: error: cannot assign to literal
# CHECK-NEXT:for 1 in x:
# CHECK-NEXT:    ^
# CHECK:[[FILE]]:19:11: error: cannot assign to function call
# CHECK-NEXT:with a as f():
# CHECK-NEXT:          ^~~
# CHECK:[[FILE]]:21:5: error: cannot assign to function call
# CHECK-NEXT:x = f() = 3
# CHECK-NEXT:    ^~~
# CHECK:[[FILE]]:22:8: error: cannot assign to literal
# CHECK-NEXT:[x for 1 in y]
# CHECK-NEXT:       ^
# CHECK:4 errors generated.

for 1 in x:
    pass
with a as f():
    pass
x = f() = 3
[x for 1 in y]
