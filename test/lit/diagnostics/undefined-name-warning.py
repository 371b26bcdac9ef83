# `kiln check` warns at each read of a global that nothing in the module
# binds and Python's builtins lack (running the script, that read would be
# a NameError); the check still succeeds. Names bound later at the top
# level, by imports, defs, loops and `global` statements are defined.
# RUN: %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=warning:
# RUN: %kiln check %s
# CHECK:[[FILE]]:24:16: warning: undefined name 'undefined_scale'
# CHECK-NEXT:    return x * undefined_scale + later + counter + tf.constant(1)
# CHECK-NEXT:               ^~~~~~~~~~~~~~~
# CHECK:[[FILE]]:33:7: warning: undefined name 'lenn'
# CHECK-NEXT:print(lenn([1, 2]), len([i for i in range(3)]), total)
# CHECK-NEXT:      ^~~~

import tensorflow as tf


def setup():
    global counter
    counter = 0


@tf.function
def f(x):
    return x * undefined_scale + later + counter + tf.constant(1)


later = 2.0
total = 0
for step in range(3):
    total += step


print(lenn([1, 2]), len([i for i in range(3)]), total)
