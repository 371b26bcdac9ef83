# An f-string field without its '}'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: f-string: expecting '}'
# CHECK-NEXT:x = f"{a"
# CHECK-NEXT:      ^

x = f"{a"
