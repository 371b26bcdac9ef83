# yield, a bare yield, yield as a value and yield from.
# RUN: %kiln dump --stage=ast %s | FileCheck %s

def gen(xs):
    yield 1
    yield
    got = yield xs[0], 2
    total = yield from xs
    return (yield)

# CHECK: Yield <5:5-5:12>
# CHECK-NEXT: value:
# CHECK-NEXT: Constant type="int" value=1
# CHECK: Expr <6:5-6:10>
# CHECK-NEXT: value:
# CHECK-NEXT: Yield <6:5-6:10>
# CHECK-NEXT: Assign <7:5-7:25>
# CHECK: Yield <7:11-7:25>
# CHECK-NEXT: value:
# CHECK-NEXT: Tuple
# CHECK: YieldFrom <8:13-8:26>
# CHECK-NEXT: value:
# CHECK-NEXT: Name id="xs" ctx="Load"
# CHECK: Return
# CHECK-NEXT: value:
# CHECK-NEXT: Yield <9:13-9:18>
