# A lone '}' in an f-string.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:8: error: f-string: single '}' is not allowed
# CHECK-NEXT:x = f"a}b"
# CHECK-NEXT:       ^

x = f"a}b"
