# Operators: precedence, associativity, boolean chains, chained comparisons.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

a + b * c - d
a - b - c
a ** b ** c
-a ** b
a @ b // c % d / e
a << b >> c & d ^ e | f
-a + +b - ~c
not a
a and b and c
a or b and not c
a < b <= c
a == b != c
a is not b
a not in b
a in b is c
x if cond else y
a if b else c if d else e
((a))

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:14>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Sub" <4:1-4:14>
# CHECK-NEXT:           left:
# CHECK-NEXT:             BinOp op="Add" <4:1-4:10>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="a" ctx="Load" <4:1-4:2>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 BinOp op="Mult" <4:5-4:10>
# CHECK-NEXT:                   left:
# CHECK-NEXT:                     Name id="b" ctx="Load" <4:5-4:6>
# CHECK-NEXT:                   right:
# CHECK-NEXT:                     Name id="c" ctx="Load" <4:9-4:10>
# CHECK-NEXT:           right:
# CHECK-NEXT:             Name id="d" ctx="Load" <4:13-4:14>
# CHECK-NEXT:     Expr <5:1-5:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Sub" <5:1-5:10>
# CHECK-NEXT:           left:
# CHECK-NEXT:             BinOp op="Sub" <5:1-5:6>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="a" ctx="Load" <5:1-5:2>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="b" ctx="Load" <5:5-5:6>
# CHECK-NEXT:           right:
# CHECK-NEXT:             Name id="c" ctx="Load" <5:9-5:10>
# CHECK-NEXT:     Expr <6:1-6:12>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Pow" <6:1-6:12>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <6:1-6:2>
# CHECK-NEXT:           right:
# CHECK-NEXT:             BinOp op="Pow" <6:6-6:12>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="b" ctx="Load" <6:6-6:7>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="c" ctx="Load" <6:11-6:12>
# CHECK-NEXT:     Expr <7:1-7:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         UnaryOp op="USub" <7:1-7:8>
# CHECK-NEXT:           operand:
# CHECK-NEXT:             BinOp op="Pow" <7:2-7:8>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 Name id="a" ctx="Load" <7:2-7:3>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="b" ctx="Load" <7:7-7:8>
# CHECK-NEXT:     Expr <8:1-8:19>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Div" <8:1-8:19>
# CHECK-NEXT:           left:
# CHECK-NEXT:             BinOp op="Mod" <8:1-8:15>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 BinOp op="FloorDiv" <8:1-8:11>
# CHECK-NEXT:                   left:
# CHECK-NEXT:                     BinOp op="MatMult" <8:1-8:6>
# CHECK-NEXT:                       left:
# CHECK-NEXT:                         Name id="a" ctx="Load" <8:1-8:2>
# CHECK-NEXT:                       right:
# CHECK-NEXT:                         Name id="b" ctx="Load" <8:5-8:6>
# CHECK-NEXT:                   right:
# CHECK-NEXT:                     Name id="c" ctx="Load" <8:10-8:11>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="d" ctx="Load" <8:14-8:15>
# CHECK-NEXT:           right:
# CHECK-NEXT:             Name id="e" ctx="Load" <8:18-8:19>
# CHECK-NEXT:     Expr <9:1-9:24>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="BitOr" <9:1-9:24>
# CHECK-NEXT:           left:
# CHECK-NEXT:             BinOp op="BitXor" <9:1-9:20>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 BinOp op="BitAnd" <9:1-9:16>
# CHECK-NEXT:                   left:
# CHECK-NEXT:                     BinOp op="RShift" <9:1-9:12>
# CHECK-NEXT:                       left:
# CHECK-NEXT:                         BinOp op="LShift" <9:1-9:7>
# CHECK-NEXT:                           left:
# CHECK-NEXT:                             Name id="a" ctx="Load" <9:1-9:2>
# CHECK-NEXT:                           right:
# CHECK-NEXT:                             Name id="b" ctx="Load" <9:6-9:7>
# CHECK-NEXT:                       right:
# CHECK-NEXT:                         Name id="c" ctx="Load" <9:11-9:12>
# CHECK-NEXT:                   right:
# CHECK-NEXT:                     Name id="d" ctx="Load" <9:15-9:16>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 Name id="e" ctx="Load" <9:19-9:20>
# CHECK-NEXT:           right:
# CHECK-NEXT:             Name id="f" ctx="Load" <9:23-9:24>
# CHECK-NEXT:     Expr <10:1-10:13>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BinOp op="Sub" <10:1-10:13>
# CHECK-NEXT:           left:
# CHECK-NEXT:             BinOp op="Add" <10:1-10:8>
# CHECK-NEXT:               left:
# CHECK-NEXT:                 UnaryOp op="USub" <10:1-10:3>
# CHECK-NEXT:                   operand:
# CHECK-NEXT:                     Name id="a" ctx="Load" <10:2-10:3>
# CHECK-NEXT:               right:
# CHECK-NEXT:                 UnaryOp op="UAdd" <10:6-10:8>
# CHECK-NEXT:                   operand:
# CHECK-NEXT:                     Name id="b" ctx="Load" <10:7-10:8>
# CHECK-NEXT:           right:
# CHECK-NEXT:             UnaryOp op="Invert" <10:11-10:13>
# CHECK-NEXT:               operand:
# CHECK-NEXT:                 Name id="c" ctx="Load" <10:12-10:13>
# CHECK-NEXT:     Expr <11:1-11:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         UnaryOp op="Not" <11:1-11:6>
# CHECK-NEXT:           operand:
# CHECK-NEXT:             Name id="a" ctx="Load" <11:5-11:6>
# CHECK-NEXT:     Expr <12:1-12:14>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BoolOp op="And" <12:1-12:14>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Name id="a" ctx="Load" <12:1-12:2>
# CHECK-NEXT:             Name id="b" ctx="Load" <12:7-12:8>
# CHECK-NEXT:             Name id="c" ctx="Load" <12:13-12:14>
# CHECK-NEXT:     Expr <13:1-13:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         BoolOp op="Or" <13:1-13:17>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Name id="a" ctx="Load" <13:1-13:2>
# CHECK-NEXT:             BoolOp op="And" <13:6-13:17>
# CHECK-NEXT:               values:
# CHECK-NEXT:                 Name id="b" ctx="Load" <13:6-13:7>
# CHECK-NEXT:                 UnaryOp op="Not" <13:12-13:17>
# CHECK-NEXT:                   operand:
# CHECK-NEXT:                     Name id="c" ctx="Load" <13:16-13:17>
# CHECK-NEXT:     Expr <14:1-14:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["Lt","LtE"] <14:1-14:11>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <14:1-14:2>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <14:5-14:6>
# CHECK-NEXT:             Name id="c" ctx="Load" <14:10-14:11>
# CHECK-NEXT:     Expr <15:1-15:12>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["Eq","NotEq"] <15:1-15:12>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <15:1-15:2>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <15:6-15:7>
# CHECK-NEXT:             Name id="c" ctx="Load" <15:11-15:12>
# CHECK-NEXT:     Expr <16:1-16:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["IsNot"] <16:1-16:11>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <16:1-16:2>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <16:10-16:11>
# CHECK-NEXT:     Expr <17:1-17:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["NotIn"] <17:1-17:11>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <17:1-17:2>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <17:10-17:11>
# CHECK-NEXT:     Expr <18:1-18:12>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Compare ops=["In","Is"] <18:1-18:12>
# CHECK-NEXT:           left:
# CHECK-NEXT:             Name id="a" ctx="Load" <18:1-18:2>
# CHECK-NEXT:           comparators:
# CHECK-NEXT:             Name id="b" ctx="Load" <18:6-18:7>
# CHECK-NEXT:             Name id="c" ctx="Load" <18:11-18:12>
# CHECK-NEXT:     Expr <19:1-19:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         IfExp <19:1-19:17>
# CHECK-NEXT:           test:
# CHECK-NEXT:             Name id="cond" ctx="Load" <19:6-19:10>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Name id="x" ctx="Load" <19:1-19:2>
# CHECK-NEXT:           orelse:
# CHECK-NEXT:             Name id="y" ctx="Load" <19:16-19:17>
# CHECK-NEXT:     Expr <20:1-20:26>
# CHECK-NEXT:       value:
# CHECK-NEXT:         IfExp <20:1-20:26>
# CHECK-NEXT:           test:
# CHECK-NEXT:             Name id="b" ctx="Load" <20:6-20:7>
# CHECK-NEXT:           body:
# CHECK-NEXT:             Name id="a" ctx="Load" <20:1-20:2>
# CHECK-NEXT:           orelse:
# CHECK-NEXT:             IfExp <20:13-20:26>
# CHECK-NEXT:               test:
# CHECK-NEXT:                 Name id="d" ctx="Load" <20:18-20:19>
# CHECK-NEXT:               body:
# CHECK-NEXT:                 Name id="c" ctx="Load" <20:13-20:14>
# CHECK-NEXT:               orelse:
# CHECK-NEXT:                 Name id="e" ctx="Load" <20:25-20:26>
# CHECK-NEXT:     Expr <21:1-21:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Name id="a" ctx="Load" <21:3-21:4>
