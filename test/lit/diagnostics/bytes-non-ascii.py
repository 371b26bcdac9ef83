# A bytes literal with a non-ASCII character.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:5: error: bytes can only contain ASCII literal characters
# CHECK-NEXT:x = b"café"
# CHECK-NEXT:    ^~~~~~~

x = b"café"
