# A match statement is named as unsupported.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:7:1: error: not supported by kiln: match statement
# CHECK-NEXT:match x:
# CHECK-NEXT:^~~~~

match x:
    case 1:
        pass
