# List, tuple, dict and set displays, with unpacking, trailing commas and over several lines.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

[]
[1, 2, 3]
[1, 2,]
()
(1,)
1, 2
(1, 2)
{}
{"a": 1, "b": 2}
{**base, "c": 3}
{1, 2}
{*s, 3}
[*a, *b]
(*a, b)
[
    1,
    2,
]

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         List ctx="Load" <4:1-4:3>
# CHECK-NEXT:     Expr <5:1-5:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         List ctx="Load" <5:1-5:10>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <5:2-5:3>
# CHECK-NEXT:             Constant type="int" value=2 <5:5-5:6>
# CHECK-NEXT:             Constant type="int" value=3 <5:8-5:9>
# CHECK-NEXT:     Expr <6:1-6:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         List ctx="Load" <6:1-6:8>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <6:2-6:3>
# CHECK-NEXT:             Constant type="int" value=2 <6:5-6:6>
# CHECK-NEXT:     Expr <7:1-7:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <7:1-7:3>
# CHECK-NEXT:     Expr <8:1-8:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <8:1-8:5>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <8:2-8:3>
# CHECK-NEXT:     Expr <9:1-9:5>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <9:1-9:5>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <9:1-9:2>
# CHECK-NEXT:             Constant type="int" value=2 <9:4-9:5>
# CHECK-NEXT:     Expr <10:1-10:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <10:1-10:7>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <10:2-10:3>
# CHECK-NEXT:             Constant type="int" value=2 <10:5-10:6>
# CHECK-NEXT:     Expr <11:1-11:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Dict <11:1-11:3>
# CHECK-NEXT:     Expr <12:1-12:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Dict <12:1-12:17>
# CHECK-NEXT:           keys:
# CHECK-NEXT:             Constant type="str" value="a" <12:2-12:5>
# CHECK-NEXT:             Constant type="str" value="b" <12:10-12:13>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="int" value=1 <12:7-12:8>
# CHECK-NEXT:             Constant type="int" value=2 <12:15-12:16>
# CHECK-NEXT:     Expr <13:1-13:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Dict <13:1-13:17>
# CHECK-NEXT:           keys:
# CHECK-NEXT:             None
# CHECK-NEXT:             Constant type="str" value="c" <13:10-13:13>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Name id="base" ctx="Load" <13:4-13:8>
# CHECK-NEXT:             Constant type="int" value=3 <13:15-13:16>
# CHECK-NEXT:     Expr <14:1-14:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Set <14:1-14:7>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <14:2-14:3>
# CHECK-NEXT:             Constant type="int" value=2 <14:5-14:6>
# CHECK-NEXT:     Expr <15:1-15:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Set <15:1-15:8>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Starred ctx="Load" <15:2-15:4>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="s" ctx="Load" <15:3-15:4>
# CHECK-NEXT:             Constant type="int" value=3 <15:6-15:7>
# CHECK-NEXT:     Expr <16:1-16:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         List ctx="Load" <16:1-16:9>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Starred ctx="Load" <16:2-16:4>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="a" ctx="Load" <16:3-16:4>
# CHECK-NEXT:             Starred ctx="Load" <16:6-16:8>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="b" ctx="Load" <16:7-16:8>
# CHECK-NEXT:     Expr <17:1-17:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Tuple ctx="Load" <17:1-17:8>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Starred ctx="Load" <17:2-17:4>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="a" ctx="Load" <17:3-17:4>
# CHECK-NEXT:             Name id="b" ctx="Load" <17:6-17:7>
# CHECK-NEXT:     Expr <18:1-21:2>
# CHECK-NEXT:       value:
# CHECK-NEXT:         List ctx="Load" <18:1-21:2>
# CHECK-NEXT:           elts:
# CHECK-NEXT:             Constant type="int" value=1 <19:5-19:6>
# CHECK-NEXT:             Constant type="int" value=2 <20:5-20:6>
