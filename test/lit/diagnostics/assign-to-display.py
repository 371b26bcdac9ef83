# Assigning to displays, comprehensions and f-strings suggests '==' (CPython).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:23:1: error: cannot assign to dict literal; maybe you meant '==' instead of '='?
# CHECK-NEXT:{} = 1
# CHECK-NEXT:^~
# CHECK:[[FILE]]:24:1: error: cannot assign to set display; maybe you meant '==' instead of '='?
# CHECK-NEXT:{a} = 1
# CHECK-NEXT:^~~
# CHECK:[[FILE]]:25:1: error: cannot assign to list comprehension; maybe you meant '==' instead of '='?
# CHECK-NEXT:[a for a in b] = 1
# CHECK-NEXT:^~~~~~~~~~~~~~
# CHECK:[[FILE]]:26:1: error: cannot assign to set comprehension; maybe you meant '==' instead of '='?
# CHECK-NEXT:{a for a in b} = 1
# CHECK-NEXT:^~~~~~~~~~~~~~
# CHECK:[[FILE]]:27:1: error: cannot assign to dict comprehension; maybe you meant '==' instead of '='?
# CHECK-NEXT:{a: b for a in c} = 1
# CHECK-NEXT:^~~~~~~~~~~~~~~~~
# CHECK:[[FILE]]:28:1: error: cannot assign to f-string expression; maybe you meant '==' instead of '='?
# CHECK-NEXT:f"{a}" = 1
# CHECK-NEXT:^~~~~~
# CHECK:6 errors generated.

{} = 1
{a} = 1
[a for a in b] = 1
{a for a in b} = 1
{a: b for a in c} = 1
f"{a}" = 1
