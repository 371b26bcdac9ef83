# A backslash inside an f-string field.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:9: error: f-string expression part cannot include a backslash
# CHECK-NEXT:x = f"{a\n}"
# CHECK-NEXT:        ^

x = f"{a\n}"
