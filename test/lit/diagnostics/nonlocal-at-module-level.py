# 'nonlocal' at module level.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: nonlocal declaration not allowed at module level
# CHECK-NEXT:nonlocal x
# CHECK-NEXT:^~~~~~~~~~

nonlocal x
