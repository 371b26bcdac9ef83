# A backslash not at the end of a line is CPython's line-continuation error, once.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:7: error: unexpected character after line continuation character
# CHECK-NEXT:x = 1 \ 2
# CHECK-NEXT:      ^

x = 1 \ 2
