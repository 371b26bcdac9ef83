# The caret line keeps the source line's tabs so the caret lines up.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:8:6: error: invalid syntax
# CHECK-NEXT:	y = = 1
# CHECK-NEXT:	    ^

if x:
	y = = 1
