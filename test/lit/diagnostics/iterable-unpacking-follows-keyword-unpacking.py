# '*' unpacking after '**' unpacking.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: iterable argument unpacking follows keyword argument unpacking
# CHECK-NEXT:f(**k, *a)
# CHECK-NEXT:       ^~

f(**k, *a)
