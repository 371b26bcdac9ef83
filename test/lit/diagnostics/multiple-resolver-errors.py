# Name-resolution errors are all reported, in source order, with a count.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:16:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:17:1: error: 'continue' not properly in loop
# CHECK-NEXT:continue
# CHECK-NEXT:^~~~~~~~
# CHECK:[[FILE]]:18:1: error: 'return' outside function
# CHECK-NEXT:return 1
# CHECK-NEXT:^~~~~~~~
# CHECK:3 errors generated.

def f():
    return
break
continue
return 1
