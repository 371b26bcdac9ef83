# A node starting with a parenthesized operand starts at its "(" (CPython).
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

(a).b
(a)(b)
(a)[0]
(a) if b else c
(a) < b
(a) and b
(yield_) + 1
(a, b)[0]
[a][0]
("s" "t").upper()
x = (a)
(x) = 1

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Attribute attr="b" ctx="Load" <4:1-4:6>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <4:2-4:3>
# CHECK-NEXT:     Expr <5:1-5:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <5:1-5:7>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="a" ctx="Load" <5:2-5:3>
# CHECK-NEXT:           args:
# CHECK-NEXT:             Name id="b" ctx="Load" <5:5-5:6>
# CHECK-NEXT:     Expr <6:1-6:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <6:1-6:7>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <6:2-6:3>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Constant type="int" value=0 <6:5-6:6>
# CHECK-NEXT:     Expr <7:1-7:16>
# CHECK-NEXT:       value:
# CHECK-NEXT:         IfExp <7:1-7:16>
# CHECK-NEXT:           test:
# CHECK-NEXT:             Name id="b" ctx="Load" <7:8-7:9>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Name id="a" ctx="Load" <7:2-7:3>
# CHECK-NEXT:           orelse:
# CHECK-NEXT:             Name id="c" ctx="Load" <7:15-7:16>
# CHECK-NEXT:     Expr <8:1-8:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["Lt"] <8:1-8:8>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <8:2-8:3>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <8:7-8:8>
# CHECK-NEXT:     Expr <9:1-9:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BoolOp op="And" <9:1-9:10>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Name id="a" ctx="Load" <9:2-9:3>
# CHECK-NEXT:             Name id="b" ctx="Load" <9:9-9:10>
# CHECK-NEXT:     Expr <10:1-10:13>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Add" <10:1-10:13>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="yield_" ctx="Load" <10:2-10:8>
# CHECK-NEXT:           right:
# CHECK-NEXT:             Constant type="int" value=1 <10:12-10:13>
# CHECK-NEXT:     Expr <11:1-11:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <11:1-11:10>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Tuple ctx="Load" <11:1-11:7>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="a" ctx="Load" <11:2-11:3>
# CHECK-NEXT:                 Name id="b" ctx="Load" <11:5-11:6>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Constant type="int" value=0 <11:8-11:9>
# CHECK-NEXT:     Expr <12:1-12:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <12:1-12:7>
# CHECK-NEXT:           value:
# CHECK-NEXT:             List ctx="Load" <12:1-12:4>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Name id="a" ctx="Load" <12:2-12:3>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Constant type="int" value=0 <12:5-12:6>
# CHECK-NEXT:     Expr <13:1-13:18>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <13:1-13:18>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Attribute attr="upper" ctx="Load" <13:1-13:16>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Constant type="str" value="st" <13:2-13:9>
# CHECK-NEXT:     Assign <14:1-14:8>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="x" ctx="Store" <14:1-14:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="a" ctx="Load" <14:6-14:7>
# CHECK-NEXT:     Assign <15:1-15:8>
# CHECK-NEXT:       targets:
# CHECK-NEXT:         Name id="x" ctx="Store" <15:2-15:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <15:7-15:8>
