# A starred subscript is a tuple index, as in CPython 3.11: a[*idx] is
# a[(*idx,)], and a[*idx, 0] a two-element tuple.
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

a[*idx]
a[*idx, 0]

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <5:1-5:8>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <5:1-5:8>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <5:1-5:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Tuple ctx="Load" <5:3-5:7>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Starred ctx="Load" <5:3-5:7>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="idx" ctx="Load" <5:4-5:7>
# CHECK-NEXT:     Expr <6:1-6:11>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Subscript ctx="Load" <6:1-6:11>
# CHECK-NEXT:           value:
# CHECK-NEXT:             Name id="a" ctx="Load" <6:1-6:2>
# CHECK-NEXT:           slice:
# CHECK-NEXT:             Tuple ctx="Load" <6:3-6:10>
# CHECK-NEXT:               elts:
# CHECK-NEXT:                 Starred ctx="Load" <6:3-6:7>
# CHECK-NEXT:                   value:
# CHECK-NEXT:                     Name id="idx" ctx="Load" <6:4-6:7>
# CHECK-NEXT:                 Constant type="int" value=0 <6:9-6:10>

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
