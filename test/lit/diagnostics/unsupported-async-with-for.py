# 'async with', 'async for' and async comprehensions are named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:15:5: error: not supported by kiln: async with
# CHECK-NEXT:    async with a:
# CHECK-NEXT:    ^~~~~
# CHECK:[[FILE]]:17:5: error: not supported by kiln: async for
# CHECK-NEXT:    async for x in y:
# CHECK-NEXT:    ^~~~~
# CHECK:[[FILE]]:19:15: error: not supported by kiln: async comprehension
# CHECK-NEXT:    return [a async for a in b]
# CHECK-NEXT:              ^~~~~
# CHECK:3 errors generated.

def f():
    async with a:
        pass
    async for x in y:
        pass
    return [a async for a in b]
