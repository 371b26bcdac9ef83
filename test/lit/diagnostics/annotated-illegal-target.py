# Annotating a literal is 'illegal target for annotation' (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: illegal target for annotation
# CHECK-NEXT:1: int
# CHECK-NEXT:^

1: int
