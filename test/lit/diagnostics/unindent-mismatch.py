# A dedent to a column no enclosing block uses is reported at the line's first token.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:9:5: error: unindent does not match any outer indentation level
# CHECK-NEXT:    b = 2
# CHECK-NEXT:    ^

if x:
        a = 1
    b = 2
