# The same keyword argument twice, located at the repeat.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: keyword argument repeated: a
# CHECK-NEXT:f(a=1, a=2)
# CHECK-NEXT:       ^~~

f(a=1, a=2)
