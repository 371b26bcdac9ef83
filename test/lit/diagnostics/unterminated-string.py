# An unclosed single-quoted string is reported once, at its opening quote.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: unterminated string literal{{.*}}
# CHECK-NEXT:x = "abc
# CHECK-NEXT:    ^

x = "abc
y = 1
