# A truncated \x escape in bytes uses CPython's bytes wording.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: (value error) invalid \x escape at position 0
# CHECK-NEXT:x = b"\x4"
# CHECK-NEXT:    ^~~~~~

x = b"\x4"
