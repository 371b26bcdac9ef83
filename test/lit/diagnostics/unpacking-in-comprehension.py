# '*' and '**' unpacking as a comprehension's element.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:2: error: iterable unpacking cannot be used in comprehension
# CHECK-NEXT:[*a for a in b]
# CHECK-NEXT: ^~
# CHECK:[[FILE]]:12:2: error: dict unpacking cannot be used in dict comprehension
# CHECK-NEXT:{**a for a in b}
# CHECK-NEXT: ^~~
# CHECK:2 errors generated.

[*a for a in b]
{**a for a in b}
