# ':=' is named as unsupported, in a condition and as an argument.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:7: error: not supported by kiln: assignment expression (:=)
# CHECK-NEXT:if (n := 10) > 5:
# CHECK-NEXT:      ^~
# CHECK:[[FILE]]:13:5: error: not supported by kiln: assignment expression (:=)
# CHECK-NEXT:f(m := 1)
# CHECK-NEXT:    ^~
# CHECK:2 errors generated.

if (n := 10) > 5:
    pass
f(m := 1)
