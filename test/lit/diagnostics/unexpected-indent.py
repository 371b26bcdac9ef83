# An indented line after a simple statement is 'unexpected indent', and only that.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:5: error: unexpected indent
# CHECK-NEXT:    y = 2
# CHECK-NEXT:    ^

x = 1
    y = 2
