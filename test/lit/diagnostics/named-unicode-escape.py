# \N{...} escapes are a located 'not supported' error.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: \N{...} escapes are not supported by kiln
# CHECK-NEXT:x = "\N{DASH}"
# CHECK-NEXT:    ^~~~~~~~~~

x = "\N{DASH}"
