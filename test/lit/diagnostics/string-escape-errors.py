# Truncated and out-of-range escapes in str literals.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:14:5: error: (unicode error) truncated \xXX escape
# CHECK-NEXT:x = "\x4"
# CHECK-NEXT:    ^~~~~
# CHECK:[[FILE]]:15:5: error: (unicode error) truncated \uXXXX escape
# CHECK-NEXT:y = "\u12"
# CHECK-NEXT:    ^~~~~~
# CHECK:[[FILE]]:16:5: error: (unicode error) illegal Unicode character
# CHECK-NEXT:z = "\U0011ffff"
# CHECK-NEXT:    ^~~~~~~~~~~~
# CHECK:3 errors generated.

x = "\x4"
y = "\u12"
z = "\U0011ffff"
