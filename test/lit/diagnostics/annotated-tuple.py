# Only a single target can be annotated.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: only single target (not tuple) can be annotated
# CHECK-NEXT:a, b: int
# CHECK-NEXT:^~~~

a, b: int
