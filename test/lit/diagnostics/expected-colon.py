# A compound statement header without its ':' says "expected ':'" at the line end.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: expected ':'
# CHECK-NEXT:if x
# CHECK-NEXT:    ^

if x
    pass
