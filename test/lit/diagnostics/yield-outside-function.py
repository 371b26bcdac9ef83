# A yield outside a function, in a class body or in a comprehension is
# CPython's SyntaxError, reported before anything runs.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:17:1: error: 'yield' outside function
# CHECK-NEXT:yield 1
# CHECK-NEXT:^~~~~~~
# CHECK:[[FILE]]:21:9: error: 'yield' outside function
# CHECK-NEXT:    x = yield
# CHECK-NEXT:        ^~~~~
# CHECK:[[FILE]]:25:14: error: 'yield' inside list comprehension
# CHECK-NEXT:    return [(yield i) for i in range(3)]
# CHECK-NEXT:             ^~~~~~~
# CHECK:[[FILE]]:28:17: error: 'yield' inside generator expression
# CHECK-NEXT:squares = list((yield from [i]) for i in range(3))
# CHECK-NEXT:                ^~~~~~~~~~~~~~
# CHECK:4 errors generated.
yield 1


class Holder:
    x = yield


def f():
    return [(yield i) for i in range(3)]


squares = list((yield from [i]) for i in range(3))
