# Assigning to None/True/False names the constant, without the '==' hint (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:14:1: error: cannot assign to None
# CHECK-NEXT:None = 1
# CHECK-NEXT:^~~~
# CHECK:[[FILE]]:15:1: error: cannot assign to True
# CHECK-NEXT:True = 1
# CHECK-NEXT:^~~~
# CHECK:[[FILE]]:16:1: error: cannot assign to False
# CHECK-NEXT:False = 1
# CHECK-NEXT:^~~~~
# CHECK:3 errors generated.

None = 1
True = 1
False = 1
