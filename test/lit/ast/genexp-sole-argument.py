# A call's only generator argument owns the call's parentheses (CPython).
# RUN: %kiln dump --stage=ast %s | FileCheck %s --match-full-lines

sum(n for n in ns)
f(g for g in gs)

# CHECK: Module
# CHECK-NEXT:   body:
# CHECK-NEXT:     Expr <4:1-4:19>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <4:1-4:19>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="sum" ctx="Load" <4:1-4:4>
# CHECK-NEXT:           args:
# CHECK-NEXT:             GeneratorExp <4:4-4:19>
# CHECK-NEXT:               elt:
# CHECK-NEXT:                 Name id="n" ctx="Load" <4:5-4:6>
# CHECK-NEXT:               generators:
# CHECK-NEXT:                 comprehension <4:7-4:18>
# CHECK-NEXT:                   target:
# CHECK-NEXT:                     Name id="n" ctx="Store" <4:11-4:12>
# CHECK-NEXT:                   iter:
# CHECK-NEXT:                     Name id="ns" ctx="Load" <4:16-4:18>
# CHECK-NEXT:     Expr <5:1-5:17>
# CHECK-NEXT:       value:
# CHECK-NEXT:         Call <5:1-5:17>
# CHECK-NEXT:           func:
# CHECK-NEXT:             Name id="f" ctx="Load" <5:1-5:2>
# CHECK-NEXT:           args:
# CHECK-NEXT:             GeneratorExp <5:2-5:17>
# CHECK-NEXT:               elt:
# CHECK-NEXT:                 Name id="g" ctx="Load" <5:3-5:4>
# CHECK-NEXT:               generators:
# CHECK-NEXT:                 comprehension <5:5-5:16>
# CHECK-NEXT:                   target:
# CHECK-NEXT:                     Name id="g" ctx="Store" <5:9-5:10>
# CHECK-NEXT:                   iter:
# CHECK-NEXT:                     Name id="gs" ctx="Load" <5:14-5:16>

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
