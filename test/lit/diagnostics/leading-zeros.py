# A decimal literal with leading zeros is reported once, over the literal.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
# CHECK-NEXT:x = 0123
# CHECK-NEXT:    ^~~~

x = 0123
