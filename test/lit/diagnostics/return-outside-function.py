# 'return' at module level and in a class body.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: 'return' outside function
# CHECK-NEXT:return 1
# CHECK-NEXT:^~~~~~~~
# CHECK:[[FILE]]:13:5: error: 'return' outside function
# CHECK-NEXT:    return
# CHECK-NEXT:    ^~~~~~
# CHECK:2 errors generated.

return 1
class C:
    return
