# Augmented assignment to a tuple or list.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: 'tuple' is an illegal expression for augmented assignment
# CHECK-NEXT:a, b += 1
# CHECK-NEXT:^~~~
# CHECK:[[FILE]]:12:1: error: 'list' is an illegal expression for augmented assignment
# CHECK-NEXT:[a] += 1
# CHECK-NEXT:^~~
# CHECK:2 errors generated.

a, b += 1
[a] += 1
