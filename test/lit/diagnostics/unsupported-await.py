# 'await' is named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:5: error: not supported by kiln: await
# CHECK-NEXT:    await g()
# CHECK-NEXT:    ^~~~~

def f():
    await g()
