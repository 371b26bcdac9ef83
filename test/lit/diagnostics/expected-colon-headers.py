# Other compound-statement headers cut short before ':' (CPython's wording).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# RUN: printf 'with a as b\n    pass\n' > %t.py
# RUN: not %kiln check %t.py 2>&1 | FileCheck %s --check-prefix=WITH --strict-whitespace --match-full-lines -DFILE=%t.py --implicit-check-not=error:
# CHECK:[[FILE]]:10:8: error: expected ':'
# CHECK-NEXT:class A
# CHECK-NEXT:       ^
# WITH:[[FILE]]:1:12: error: expected ':'

class A
    pass
