# Syntax errors inside f-string fields point into the string, in code points.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:11:17: error: invalid syntax{{.*}}
# CHECK-NEXT:x = "é" + f"é{a b}"
# CHECK-NEXT:                ^
# CHECK:[[FILE]]:13:5: error: invalid syntax{{.*}}
# CHECK-NEXT:{a +}"""
# CHECK-NEXT:    ^
# CHECK:2 errors generated.

x = "é" + f"é{a b}"
y = f"""
{a +}"""
