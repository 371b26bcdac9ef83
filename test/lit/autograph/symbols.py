# RUN: %kiln dump --stage=autograph %s | FileCheck %s
#
# Beyond locals, activity analysis tracks the symbols AutoGraph tracks:
# names declared global or nonlocal, and subscripts with a constant or a
# variable key. A subscript write modifies the entry, not the container;
# other subscripts are not tracked at all.
import tensorflow as tf

g = 0
unused = 0


# CHECK-LABEL: def entries(x, k):
# CHECK:           # modified: d[k], d['b'], v; loop vars: d[k], d['b']; live after: d[k], d['b'], d
# CHECK-NEXT:      for v in x:
@tf.function
def entries(x, k):
    d = {"a": x}
    for v in x:
        d["b"] = v
        d[k] = v
        d[v + 1] = v
    return d


# CHECK-LABEL: def globals_(x):
# CHECK:           # modified: unused, g, v; loop vars: g; live after: g
# CHECK-NEXT:      for v in x:
@tf.function
def globals_(x):
    global g, unused
    for v in x:
        g = g + v
        unused = v
    return g


# CHECK-LABEL: def inner(x):
# CHECK:           # modified: n, v; loop vars: n; live after: n, x
# CHECK-NEXT:          for v in x:
def outer():
    n = tf.constant(0)

    @tf.function
    def inner(x):
        nonlocal n
        for v in x:
            n = n + v
        return x

    return inner
