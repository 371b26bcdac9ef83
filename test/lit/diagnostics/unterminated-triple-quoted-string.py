# An unclosed triple-quoted string is reported once, at its opening quotes.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:5: error: unterminated triple-quoted string literal{{.*}}
# CHECK-NEXT:y = """abc
# CHECK-NEXT:    ^

x = 1
y = """abc
z = 2
