# Inside a comprehension ':=' may neither rebind an iteration variable, nor
# appear in an iterable, nor bind in a class body (CPython's SyntaxErrors,
# at the same columns).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:16:2: error: assignment expression cannot rebind comprehension iteration variable 'x'
# CHECK-NEXT:[x := 1 for x in y]
# CHECK-NEXT: ^
# CHECK:[[FILE]]:17:14: error: assignment expression cannot be used in a comprehension iterable expression
# CHECK-NEXT:[i for i in (j := [1])]
# CHECK-NEXT:             ^~~~~~~~
# CHECK:[[FILE]]:21:17: error: assignment expression within a comprehension cannot be used in a class body
# CHECK-NEXT:    squares = [(w := i) * w for i in range(3)]
# CHECK-NEXT:                ^
# CHECK:3 errors generated.

[x := 1 for x in y]
[i for i in (j := [1])]


class C:
    squares = [(w := i) * w for i in range(3)]
