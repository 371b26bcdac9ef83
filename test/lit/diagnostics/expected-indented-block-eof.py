# A block header at the end of the file: 'expected an indented block' at the end.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:1: error: expected an indented block{{.*}}
# CHECK-EMPTY:
# CHECK-NEXT:^

def f():
