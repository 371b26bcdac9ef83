# After 20 errors kiln stops printing, says so once, and still counts them
# all: the errors are "break" statements outside a loop.
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# CHECK:[[FILE]]:67:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:68:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:69:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:70:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:71:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:72:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:73:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:74:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:75:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:76:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:77:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:78:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:79:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:80:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:81:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:82:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:83:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:84:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:85:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK:[[FILE]]:86:1: error: 'break' outside loop
# CHECK-NEXT:break
# CHECK-NEXT:^~~~~
# CHECK-NEXT:[[FILE]]: note: too many errors, stopping here
# CHECK-NEXT:25 errors generated.

break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
break
