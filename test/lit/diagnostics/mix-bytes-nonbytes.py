# Implicit concatenation of bytes and str.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: cannot mix bytes and nonbytes literals
# CHECK-NEXT:x = b"a" "b"
# CHECK-NEXT:    ^~~~~~~~

x = b"a" "b"
