# ':=' in a condition, a call argument, a comprehension and a lambda.
# RUN: %kiln dump --stage=ast %s | FileCheck %s

if (n := len(xs)) > 3:
    f(m := n * 2)
ys = [y for x in xs if (y := x + 1)]
g = lambda v: (w := v)

# CHECK: If <4:1-5:18>
# CHECK-NEXT: test:
# CHECK-NEXT: Compare
# CHECK: NamedExpr <4:5-4:17>
# CHECK-NEXT: target:
# CHECK-NEXT: Name id="n" ctx="Store"
# CHECK-NEXT: value:
# CHECK-NEXT: Call
# CHECK: NamedExpr <5:7-5:17>
# CHECK-NEXT: target:
# CHECK-NEXT: Name id="m" ctx="Store"
# CHECK: NamedExpr <6:25-6:35>
# CHECK-NEXT: target:
# CHECK-NEXT: Name id="y" ctx="Store"
# CHECK: NamedExpr <7:16-7:22>
