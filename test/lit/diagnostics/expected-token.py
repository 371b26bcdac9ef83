# A missing keyword the grammar requires is named: "expected 'in'".
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: expected 'in'
# CHECK-NEXT:for x y:
# CHECK-NEXT:      ^

for x y:
    pass
