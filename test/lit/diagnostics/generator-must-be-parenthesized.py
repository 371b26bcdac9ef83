# An unparenthesized generator expression beside another argument.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:3: error: Generator expression must be parenthesized
# CHECK-NEXT:f(x for x in y, 1)
# CHECK-NEXT:  ^~~~~~~~~~~~

f(x for x in y, 1)
