# 'from m import *' inside a function, located at the '*' (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:20: error: import * only allowed at module level
# CHECK-NEXT:    from os import *
# CHECK-NEXT:                   ^

def f():
    from os import *
