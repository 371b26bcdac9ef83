# f-strings: fields, conversions, format specs; part ranges point into the literal.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

f"plain"
f"{x}"
f"a{b}c"
f"{x!r}"
f"{x!s:>10}"
f"{x:{width}.{prec}}"
f"{d['key']}"
f"{a + b:0{w}d}"
"pre" f"{x}" "post"
F"{x}" rf"\d{y}"
f"""
{x}
"""
f"é{x}"

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <4:1-4:9>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="plain" <4:3-4:8>
# CHECK-NEXT:     Expr <5:1-5:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <5:1-5:7>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="" <5:3-5:6>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <5:4-5:5>
# CHECK-NEXT:     Expr <6:1-6:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <6:1-6:9>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="a" <6:3-6:4>
# CHECK-NEXT:             FormattedValue conversion="" <6:4-6:7>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="b" ctx="Load" <6:5-6:6>
# CHECK-NEXT:             Constant type="str" value="c" <6:7-6:8>
# CHECK-NEXT:     Expr <7:1-7:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <7:1-7:9>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="r" <7:3-7:8>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <7:4-7:5>
# CHECK-NEXT:     Expr <8:1-8:13>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <8:1-8:13>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="s" <8:3-8:12>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <8:4-8:5>
# CHECK-NEXT:               format_spec:
# CHECK-NEXT:                 JoinedStr <8:8-8:11>
# CHECK-NEXT:                   values:
# CHECK-NEXT:                     Constant type="str" value=">10" <8:8-8:11>
# CHECK-NEXT:     Expr <9:1-9:22>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <9:1-9:22>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="" <9:3-9:21>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <9:4-9:5>
# CHECK-NEXT:               format_spec:
# CHECK-NEXT:                 JoinedStr <9:6-9:20>
# CHECK-NEXT:                   values:
# CHECK-NEXT:                     FormattedValue conversion="" <9:6-9:13>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Name id="width" ctx="Load" <9:7-9:12>
# CHECK-NEXT:                     Constant type="str" value="." <9:13-9:14>
# CHECK-NEXT:                     FormattedValue conversion="" <9:14-9:20>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Name id="prec" ctx="Load" <9:15-9:19>
# CHECK-NEXT:     Expr <10:1-10:14>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <10:1-10:14>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="" <10:3-10:13>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Subscript ctx="Load" <10:4-10:12>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="d" ctx="Load" <10:4-10:5>
# CHECK-NEXT:                   slice:
# CHECK-NEXT:                     Constant type="str" value="key" <10:6-10:11>
# CHECK-NEXT:     Expr <11:1-11:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <11:1-11:17>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="" <11:3-11:16>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 BinOp op="Add" <11:4-11:9>
# CHECK-NEXT:                   left:
# CHECK-NEXT:                     Name id="a" ctx="Load" <11:4-11:5>
# CHECK-NEXT:                   right:
# CHECK-NEXT:                     Name id="b" ctx="Load" <11:8-11:9>
# CHECK-NEXT:               format_spec:
# CHECK-NEXT:                 JoinedStr <11:10-11:15>
# CHECK-NEXT:                   values:
# CHECK-NEXT:                     Constant type="str" value="0" <11:10-11:11>
# CHECK-NEXT:                     FormattedValue conversion="" <11:11-11:14>
# CHECK-NEXT:                       value:
# CHECK-NEXT:                         Name id="w" ctx="Load" <11:12-11:13>
# CHECK-NEXT:                     Constant type="str" value="d" <11:14-11:15>
# CHECK-NEXT:     Expr <12:1-12:20>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <12:1-12:20>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="pre" <12:1-12:6>
# CHECK-NEXT:             FormattedValue conversion="" <12:9-12:12>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <12:10-12:11>
# CHECK-NEXT:             Constant type="str" value="post" <12:14-12:20>
# CHECK-NEXT:     Expr <13:1-13:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <13:1-13:17>
# CHECK-NEXT:           values:
# CHECK-NEXT:             FormattedValue conversion="" <13:3-13:6>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <13:4-13:5>
# CHECK-NEXT:             Constant type="str" value="\\d" <13:11-13:13>
# CHECK-NEXT:             FormattedValue conversion="" <13:13-13:16>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="y" ctx="Load" <13:14-13:15>
# CHECK-NEXT:     Expr <14:1-16:4>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <14:1-16:4>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="\n" <14:5-15:1>
# CHECK-NEXT:             FormattedValue conversion="" <15:1-15:4>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <15:2-15:3>
# CHECK-NEXT:             Constant type="str" value="\n" <15:4-16:1>
# CHECK-NEXT:     Expr <17:1-17:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <17:1-17:8>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="é" <17:3-17:4>
# CHECK-NEXT:             FormattedValue conversion="" <17:4-17:7>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <17:5-17:6>
