# f-string fields nested more than two deep.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:13: error: f-string: expressions nested too deeply
# CHECK-NEXT:x = f"{a:{b:{c}}}"
# CHECK-NEXT:            ^

x = f"{a:{b:{c}}}"
