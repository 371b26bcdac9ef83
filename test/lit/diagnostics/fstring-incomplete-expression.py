# An f-string field that stops early: a syntax error at the "}", not a crash.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:11: error: invalid syntax{{.*}}
# CHECK-NEXT:x = f"{a +}"
# CHECK-NEXT:          ^

x = f"{a +}"
