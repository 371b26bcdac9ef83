# Non-ASCII identifiers (PEP 3131) are accepted and run.
# RUN: %kiln check %s 2>&1 | count 0
# RUN: %kiln run %s | FileCheck %s --match-full-lines
# RUN: %kiln dump --stage=ast %s | FileCheck %s --check-prefix=AST
# CHECK: 7
# AST: Name id="été" ctx="Store" <10:1-10:4>
# AST: Name id="π" ctx="Store" <11:1-11:2>
# AST: Name id="名前" ctx="Store" <12:1-12:3>

été = 3
π = 4
名前 = été + π
print(名前)
