# A block header followed by an unindented line: 'expected an indented block'.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:1: error: expected an indented block{{.*}}
# CHECK-NEXT:pass
# CHECK-NEXT:^~~~

if x:
pass
