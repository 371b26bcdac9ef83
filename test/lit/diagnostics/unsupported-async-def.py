# 'async def', plain and decorated, is named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:1: error: not supported by kiln: async def
# CHECK-NEXT:async def f():
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:14:1: error: not supported by kiln: async def
# CHECK-NEXT:async def g():
# CHECK-NEXT:^~~~~
# CHECK:2 errors generated.

async def f():
    pass
@d
async def g():
    pass
