# f-string literal parts with "{{"/"}}" span their source text.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

f"{{literal}}"
f"{{{x}}}"
f"a{{b}}c{d}e"

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:15>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <4:1-4:15>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="{literal}" <4:3-4:14>
# CHECK-NEXT:     Expr <5:1-5:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <5:1-5:11>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="{" <5:3-5:5>
# CHECK-NEXT:             FormattedValue conversion="" <5:5-5:8>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="x" ctx="Load" <5:6-5:7>
# CHECK-NEXT:             Constant type="str" value="}" <5:8-5:10>
# CHECK-NEXT:     Expr <6:1-6:15>
# CHECK-NEXT:       value:
# CHECK-NEXT:         JoinedStr <6:1-6:15>
# CHECK-NEXT:           values:
# CHECK-NEXT:             Constant type="str" value="a{b}c" <6:3-6:10>
# CHECK-NEXT:             FormattedValue conversion="" <6:10-6:13>
# CHECK-NEXT:               value:
# CHECK-NEXT:                 Name id="d" ctx="Load" <6:11-6:12>
# CHECK-NEXT:             Constant type="str" value="e" <6:13-6:14>

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
