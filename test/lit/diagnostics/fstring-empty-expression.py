# An empty f-string field, with and without blanks.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:7: error: f-string: empty expression not allowed
# CHECK-NEXT:x = f"{}"
# CHECK-NEXT:      ^
# CHECK:[[FILE]]:12:7: error: f-string: empty expression not allowed
# CHECK-NEXT:y = f"{ }"
# CHECK-NEXT:      ^
# CHECK:2 errors generated.

x = f"{}"
y = f"{ }"
