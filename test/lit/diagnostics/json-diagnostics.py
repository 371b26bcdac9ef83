# --diagnostics=json prints one JSON object per diagnostic on stderr, with
# 1-based columns and an exclusive end, and no source lines or summary.
# RUN: not %kiln check --diagnostics=json %s 2>&1 | FileCheck %s --match-full-lines -DFILE=%s
# RUN: not %kiln run --diagnostics=json %s 2>&1 | FileCheck %s --match-full-lines -DFILE=%s
# RUN: not %kiln dump --stage=ast --diagnostics=json %s 2>&1 | FileCheck %s --match-full-lines -DFILE=%s
# RUN: not %kiln check --diagnostics=json %s 2>/dev/null | count 0
# CHECK: {"column":1,"end_column":6,"end_line":11,"file":"[[FILE]]","line":11,"message":"'break' outside loop","severity":"error"}
# CHECK-NEXT: {"column":5,"end_column":13,"end_line":15,"file":"[[FILE]]","line":15,"message":"'continue' not properly in loop","severity":"error"}
# CHECK-NOT: {{.}}

break
while x:
    pass
else:
    continue
