# Identifiers are NFKC-normalized as in CPython (PEP 3131): the ligature 'ﬁ'
# and 'fi' are the same name.
# RUN: %kiln run %s | FileCheck %s --match-full-lines
# RUN: %kiln dump --stage=ast %s | FileCheck %s --check-prefix=AST
# CHECK: 1
# AST: Name id="fi" ctx="Store" <8:1-8:2>

ﬁ = 1
print(fi)

# XFAIL: *
# Known kiln bug (listed in the issue notes): this test states the correct
# behaviour; when the bug is fixed it XPASSes, and the XFAIL line goes.
