# 'except*' is named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:9:7: error: not supported by kiln: except*
# CHECK-NEXT:except* ValueError:
# CHECK-NEXT:      ^

try:
    pass
except* ValueError:
    pass
