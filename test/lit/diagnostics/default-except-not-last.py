# A bare 'except:' before another handler.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:9:1: error: default 'except:' must be last
# CHECK-NEXT:except:
# CHECK-NEXT:^

try:
    pass
except:
    pass
except ValueError:
    pass
