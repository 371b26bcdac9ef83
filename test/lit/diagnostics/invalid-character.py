# ASCII characters Python never uses are named in the error.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:5: error: invalid character '$'
# CHECK-NEXT:a = $b
# CHECK-NEXT:    ^
# CHECK:[[FILE]]:12:6: error: invalid character '?'
# CHECK-NEXT:c = d?
# CHECK-NEXT:     ^
# CHECK:2 errors generated.

a = $b
c = d?
