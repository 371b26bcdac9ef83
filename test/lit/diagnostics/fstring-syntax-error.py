# A syntax error inside an f-string field points into the string (code points; later lines of a triple-quoted f-string).
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
