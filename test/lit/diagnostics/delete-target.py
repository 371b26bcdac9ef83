# 'del' of things that cannot be deleted.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:14:5: error: cannot delete literal
# CHECK-NEXT:del 1
# CHECK-NEXT:    ^
# CHECK:[[FILE]]:15:5: error: cannot delete function call
# CHECK-NEXT:del f()
# CHECK-NEXT:    ^~~
# CHECK:[[FILE]]:16:5: error: cannot delete starred
# CHECK-NEXT:del *a, b
# CHECK-NEXT:    ^~
# CHECK:3 errors generated.

del 1
del f()
del *a, b
