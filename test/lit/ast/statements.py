# Simple statements: assignments, del, assert, raise, pass, ";", soft keywords.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

x = 1
a = b = c
a += 1
b //= 2
c **= 3
n: int
m: float = 1.0
obj.attr: int = 2
f(x)
pass
del a, b[0]
del (c)
assert x
assert x > 0, "positive"
raise
raise ValueError
raise ValueError("bad") from err
x = 1; y = 2;
match = 1
case = match
_ = case

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Assign <4:1-4:6>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="x" ctx="Store" <4:1-4:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <4:5-4:6>
# CHECK-NEXT:     Assign <5:1-5:10>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="a" ctx="Store" <5:1-5:2>
# CHECK-NEXT:         Name id="b" ctx="Store" <5:5-5:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="c" ctx="Load" <5:9-5:10>
# CHECK-NEXT:     AugAssign op="Add" <6:1-6:7>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Name id="a" ctx="Store" <6:1-6:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <6:6-6:7>
# CHECK-NEXT:     AugAssign op="FloorDiv" <7:1-7:8>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Name id="b" ctx="Store" <7:1-7:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=2 <7:7-7:8>
# CHECK-NEXT:     AugAssign op="Pow" <8:1-8:8>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Name id="c" ctx="Store" <8:1-8:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=3 <8:7-8:8>
# CHECK-NEXT:     AnnAssign <9:1-9:7>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Name id="n" ctx="Store" <9:1-9:2>
# CHECK-NEXT:       annotation:
# CHECK-NEXT:         Name id="int" ctx="Load" <9:4-9:7>
# CHECK-NEXT:     AnnAssign <10:1-10:15>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Name id="m" ctx="Store" <10:1-10:2>
# CHECK-NEXT:       annotation:
# CHECK-NEXT:         Name id="float" ctx="Load" <10:4-10:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=1.0 <10:12-10:15>
# CHECK-NEXT:     AnnAssign <11:1-11:18>
# CHECK-NEXT:       target:
# CHECK-NEXT:         Attribute attr="attr" ctx="Store" <11:1-11:9>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="obj" ctx="Load" <11:1-11:4>
# CHECK-NEXT:       annotation:
# CHECK-NEXT:         Name id="int" ctx="Load" <11:11-11:14>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=2 <11:17-11:18>
# CHECK-NEXT:     Expr <12:1-12:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <12:1-12:5>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <12:1-12:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="x" ctx="Load" <12:3-12:4>
# CHECK-NEXT:     Pass <13:1-13:5>
# CHECK-NEXT:     Delete <14:1-14:12>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="a" ctx="Del" <14:5-14:6>
# CHECK-NEXT:         Subscript ctx="Del" <14:8-14:12>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="b" ctx="Load" <14:8-14:9>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Constant type="int" value=0 <14:10-14:11>
# CHECK-NEXT:     Delete <15:1-15:8>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="c" ctx="Del" <15:6-15:7>
# CHECK-NEXT:     Assert <16:1-16:9>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Name id="x" ctx="Load" <16:8-16:9>
# CHECK-NEXT:     Assert <17:1-17:25>
# CHECK-NEXT:       test:
# CHECK-NEXT:         Compare ops=["Gt"] <17:8-17:13>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="x" ctx="Load" <17:8-17:9>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Constant type="int" value=0 <17:12-17:13>
# CHECK-NEXT:       msg:
# CHECK-NEXT:         Constant type="str" value="positive" <17:15-17:25>
# CHECK-NEXT:     Raise <18:1-18:6>
# CHECK-NEXT:     Raise <19:1-19:17>
# CHECK-NEXT:       exc:
# CHECK-NEXT:         Name id="ValueError" ctx="Load" <19:7-19:17>
# CHECK-NEXT:     Raise <20:1-20:33>
# CHECK-NEXT:       exc:
# CHECK-NEXT:         Call <20:7-20:24>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="ValueError" ctx="Load" <20:7-20:17>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Constant type="str" value="bad" <20:18-20:23>
# CHECK-NEXT:       cause:
# CHECK-NEXT:         Name id="err" ctx="Load" <20:30-20:33>
# CHECK-NEXT:     Assign <21:1-21:6>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="x" ctx="Store" <21:1-21:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <21:5-21:6>
# CHECK-NEXT:     Assign <21:8-21:13>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="y" ctx="Store" <21:8-21:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=2 <21:12-21:13>
# CHECK-NEXT:     Assign <22:1-22:10>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="match" ctx="Store" <22:1-22:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <22:9-22:10>
# CHECK-NEXT:     Assign <23:1-23:13>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="case" ctx="Store" <23:1-23:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="match" ctx="Load" <23:8-23:13>
# CHECK-NEXT:     Assign <24:1-24:9>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="_" ctx="Store" <24:1-24:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="case" ctx="Load" <24:5-24:9>
