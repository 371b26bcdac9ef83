# A non-printable character (NO-BREAK SPACE) is named by code point, as CPython does.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: invalid non-printable character U+00A0
# CHECK-NEXT:x =  a
# CHECK-NEXT:    ^

x =  a
