# Comprehensions; a "for" clause ends before the next "for".
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

[x for x in xs]
[x * y for x in xs if x if x > 1 for y in ys]
{k: v for k, v in items}
{s for s in ss}
(g for g in gs)
f(a, (b for b in bs))
[[c for c in row] for row in grid]

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:16>
# CHECK-NEXT:       value:
# CHECK-NEXT:         ListComp <4:1-4:16>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             Name id="x" ctx="Load" <4:2-4:3>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <4:4-4:15>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="x" ctx="Store" <4:8-4:9>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="xs" ctx="Load" <4:13-4:15>
# CHECK-NEXT:     Expr <5:1-5:46>
# CHECK-NEXT:       value:
# CHECK-NEXT:         ListComp <5:1-5:46>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             BinOp op="Mult" <5:2-5:7>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="x" ctx="Load" <5:2-5:3>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="y" ctx="Load" <5:6-5:7>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <5:8-5:33>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="x" ctx="Store" <5:12-5:13>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="xs" ctx="Load" <5:17-5:19>
# CHECK-NEXT:               ifs:
# CHECK-NEXT:                 Name id="x" ctx="Load" <5:23-5:24>
# CHECK-NEXT:                 Compare ops=["Gt"] <5:28-5:33>
# CHECK-NEXT:                   left:
# CHECK-NEXT:                     Name id="x" ctx="Load" <5:28-5:29>
# CHECK-NEXT:                   comparators:
# CHECK-NEXT:                     Constant type="int" value=1 <5:32-5:33>
# CHECK-NEXT:             comprehension <5:34-5:45>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="y" ctx="Store" <5:38-5:39>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="ys" ctx="Load" <5:43-5:45>
# CHECK-NEXT:     Expr <6:1-6:25>
# CHECK-NEXT:       value:
# CHECK-NEXT:         DictComp <6:1-6:25>
# CHECK-NEXT:           key:
# CHECK-NEXT:             Name id="k" ctx="Load" <6:2-6:3>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="v" ctx="Load" <6:5-6:6>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <6:7-6:24>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Tuple ctx="Store" <6:11-6:15>
# CHECK-NEXT:                   elts:
# CHECK-NEXT:                     Name id="k" ctx="Store" <6:11-6:12>
# CHECK-NEXT:                     Name id="v" ctx="Store" <6:14-6:15>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="items" ctx="Load" <6:19-6:24>
# CHECK-NEXT:     Expr <7:1-7:16>
# CHECK-NEXT:       value:
# CHECK-NEXT:         SetComp <7:1-7:16>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             Name id="s" ctx="Load" <7:2-7:3>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <7:4-7:15>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="s" ctx="Store" <7:8-7:9>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="ss" ctx="Load" <7:13-7:15>
# CHECK-NEXT:     Expr <8:1-8:16>
# CHECK-NEXT:       value:
# CHECK-NEXT:         GeneratorExp <8:1-8:16>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             Name id="g" ctx="Load" <8:2-8:3>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <8:4-8:15>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="g" ctx="Store" <8:8-8:9>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="gs" ctx="Load" <8:13-8:15>
# CHECK-NEXT:     Expr <9:1-9:22>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <9:1-9:22>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <9:1-9:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="a" ctx="Load" <9:3-9:4>
# CHECK-NEXT:             GeneratorExp <9:6-9:21>
# CHECK-NEXT:               elt:
# CHECK-NEXT:                 Name id="b" ctx="Load" <9:7-9:8>
# CHECK-NEXT:               generators:
# CHECK-NEXT:                 comprehension <9:9-9:20>
# CHECK-NEXT:                   target:
# CHECK-NEXT:                     Name id="b" ctx="Store" <9:13-9:14>
# CHECK-NEXT:                   iter:
# CHECK-NEXT:                     Name id="bs" ctx="Load" <9:18-9:20>
# CHECK-NEXT:     Expr <10:1-10:35>
# CHECK-NEXT:       value:
# CHECK-NEXT:         ListComp <10:1-10:35>
# CHECK-NEXT:           elt:
# CHECK-NEXT:             ListComp <10:2-10:18>
# CHECK-NEXT:               elt:
# CHECK-NEXT:                 Name id="c" ctx="Load" <10:3-10:4>
# CHECK-NEXT:               generators:
# CHECK-NEXT:                 comprehension <10:5-10:17>
# CHECK-NEXT:                   target:
# CHECK-NEXT:                     Name id="c" ctx="Store" <10:9-10:10>
# CHECK-NEXT:                   iter:
# CHECK-NEXT:                     Name id="row" ctx="Load" <10:14-10:17>
# CHECK-NEXT:           generators:
# CHECK-NEXT:             comprehension <10:19-10:34>
# CHECK-NEXT:               target:
# CHECK-NEXT:                 Name id="row" ctx="Store" <10:23-10:26>
# CHECK-NEXT:               iter:
# CHECK-NEXT:                 Name id="grid" ctx="Load" <10:30-10:34>

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
