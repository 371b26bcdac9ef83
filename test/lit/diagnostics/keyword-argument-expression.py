# 'f(a.b=1)': an expression cannot be a keyword (CPython's wording and range);
# a keyword constant is named instead.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# RUN: printf 'f(x, True=1)\n' > %t.py
# RUN: not %kiln check %t.py 2>&1 | FileCheck %s --check-prefix=CONST --strict-whitespace --match-full-lines -DFILE=%t.py --implicit-check-not=error:
# CHECK:[[FILE]]:11:3: error: expression cannot contain assignment, perhaps you meant "=="?
# CHECK-NEXT:f(a.b=1)
# CHECK-NEXT:  ^~~~
# CONST:[[FILE]]:1:6: error: cannot assign to True

f(a.b=1)
