# A bad conversion character in an f-string field.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:10: error: f-string: invalid conversion character: expected 's', 'r', or 'a'
# CHECK-NEXT:x = f"{a!x}"
# CHECK-NEXT:         ^

x = f"{a!x}"
