# Numeric literals in every base and form, and the constants True/False/None/....
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

0
00
42
1_000_000
0x1F
0XFF
0o17
0b1010
0b_1
9223372036854775807
1.5
.5
5.
1e3
1E-3
1_0.2_5
3j
1.5J
-1
True
False
None
...

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=0 <4:1-4:2>
# CHECK-NEXT:     Expr <5:1-5:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=0 <5:1-5:3>
# CHECK-NEXT:     Expr <6:1-6:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=42 <6:1-6:3>
# CHECK-NEXT:     Expr <7:1-7:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1000000 <7:1-7:10>
# CHECK-NEXT:     Expr <8:1-8:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=31 <8:1-8:5>
# CHECK-NEXT:     Expr <9:1-9:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=255 <9:1-9:5>
# CHECK-NEXT:     Expr <10:1-10:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=15 <10:1-10:5>
# CHECK-NEXT:     Expr <11:1-11:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=10 <11:1-11:7>
# CHECK-NEXT:     Expr <12:1-12:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=1 <12:1-12:5>
# CHECK-NEXT:     Expr <13:1-13:20>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="int" value=9223372036854775807 <13:1-13:20>
# CHECK-NEXT:     Expr <14:1-14:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=1.5 <14:1-14:4>
# CHECK-NEXT:     Expr <15:1-15:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=0.5 <15:1-15:3>
# CHECK-NEXT:     Expr <16:1-16:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=5.0 <16:1-16:3>
# CHECK-NEXT:     Expr <17:1-17:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=1000.0 <17:1-17:4>
# CHECK-NEXT:     Expr <18:1-18:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=0.001 <18:1-18:5>
# CHECK-NEXT:     Expr <19:1-19:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="float" value=10.25 <19:1-19:8>
# CHECK-NEXT:     Expr <20:1-20:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="complex" value=3.0 <20:1-20:3>
# CHECK-NEXT:     Expr <21:1-21:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="complex" value=1.5 <21:1-21:5>
# CHECK-NEXT:     Expr <22:1-22:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         UnaryOp op="USub" <22:1-22:3>
# CHECK-NEXT:           operand:
# CHECK-NEXT:             Constant type="int" value=1 <22:2-22:3>
# CHECK-NEXT:     Expr <23:1-23:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="bool" value=true <23:1-23:5>
# CHECK-NEXT:     Expr <24:1-24:6>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="bool" value=false <24:1-24:6>
# CHECK-NEXT:     Expr <25:1-25:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="None" <25:1-25:5>
# CHECK-NEXT:     Expr <26:1-26:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="ellipsis" value="..." <26:1-26:4>
