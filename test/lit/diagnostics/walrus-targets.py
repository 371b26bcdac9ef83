# ':=' takes a plain name (CPython's SyntaxErrors, at the same columns).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:15:2: error: cannot use assignment expressions with attribute
# CHECK-NEXT:(a.b := 1)
# CHECK-NEXT: ^~~
# CHECK:[[FILE]]:16:2: error: cannot use assignment expressions with subscript
# CHECK-NEXT:(x[0] := 1)
# CHECK:[[FILE]]:17:2: error: cannot use assignment expressions with tuple
# CHECK-NEXT:((a, b) := 1)
# CHECK:[[FILE]]:18:3: error: cannot use assignment expressions with attribute
# CHECK-NEXT:f(a.b := 1)
# CHECK-NEXT:  ^~~
# CHECK:4 errors generated.

(a.b := 1)
(x[0] := 1)
((a, b) := 1)
f(a.b := 1)
