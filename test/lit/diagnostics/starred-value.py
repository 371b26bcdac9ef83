# A lone `*x` as an assigned or returned value is CPython's compile-time
# SyntaxError, located at the starred expression, even in a function that
# never runs; `*x, y` (a tuple) and call arguments are fine.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# RUN: not %kiln run %s 2>&1 | FileCheck %s --check-prefix=RAN --implicit-check-not=before
# CHECK:[[FILE]]:20:12: error: can't use starred expression here
# CHECK-NEXT:    return *x
# CHECK-NEXT:           ^~
# CHECK:[[FILE]]:23:5: error: can't use starred expression here
# CHECK:[[FILE]]:24:9: error: can't use starred expression here
# CHECK:[[FILE]]:25:10: error: can't use starred expression here
# CHECK:[[FILE]]:26:6: error: can't use starred expression here
# RAN: {{.*}}starred-value.py:20:12: error: can't use starred expression here
# RUN: %kiln check %S/Inputs/starred-ok.py
# RUN: %kiln run %S/Inputs/starred-ok.py | FileCheck %s --check-prefix=OK
# OK: (1, 2, 3) [1, 2] 1 2
print("before")
def f():
    x = [1]
    return *x


y = *[1]
y = z = *[1]
a: int = *[1]
a += *[1]
