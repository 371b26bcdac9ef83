# A non-ASCII symbol is named with its code point, as CPython does.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:6: error: invalid character '€' (U+20AC)
# CHECK-NEXT:x = a€
# CHECK-NEXT:     ^

x = a€
