# String and bytes literals: prefixes, escapes, concatenation, triple quotes.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

'single'
"double"
''
"a\tb\n\x41\u00e9\101\\"
r"raw\n"
R'raw\d'
b"bytes\x00\xff"
Rb"\d"
BR"\d"
u"unicode"
"concat" 'enated'
"multi" \
    "line"
"""triple
quoted"""
'''x'''
"é" "π"
"unknown \q escape"

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="single" <4:1-4:9>
# CHECK-NEXT:     Expr <5:1-5:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="double" <5:1-5:9>
# CHECK-NEXT:     Expr <6:1-6:3>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="" <6:1-6:3>
# CHECK-NEXT:     Expr <7:1-7:25>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="a\tb\nAéA\\" <7:1-7:25>
# CHECK-NEXT:     Expr <8:1-8:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="raw\\n" <8:1-8:9>
# CHECK-NEXT:     Expr <9:1-9:9>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="raw\\d" <9:1-9:9>
# CHECK-NEXT:     Expr <10:1-10:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="bytes" value="bytes\\x00\\xff" <10:1-10:17>
# CHECK-NEXT:     Expr <11:1-11:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="bytes" value="\\x5cd" <11:1-11:7>
# CHECK-NEXT:     Expr <12:1-12:7>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="bytes" value="\\x5cd" <12:1-12:7>
# CHECK-NEXT:     Expr <13:1-13:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="unicode" <13:1-13:11>
# CHECK-NEXT:     Expr <14:1-14:18>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="concatenated" <14:1-14:18>
# CHECK-NEXT:     Expr <15:1-16:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="multiline" <15:1-16:11>
# CHECK-NEXT:     Expr <17:1-18:10>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="triple\nquoted" <17:1-18:10>
# CHECK-NEXT:     Expr <19:1-19:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="x" <19:1-19:8>
# CHECK-NEXT:     Expr <20:1-20:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="éπ" <20:1-20:8>
# CHECK-NEXT:     Expr <21:1-21:20>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Constant type="str" value="unknown \\q escape" <21:1-21:20>
