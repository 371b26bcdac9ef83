# Python's type checks on tensors and NumPy scalars: math.trunc needs
# __trunc__, write() a str, tf.stack an indexable sequence, str.join str
# items; sys.exc_info inside an except block.
import math
import sys
import numpy as np
import tensorflow as tf
for f in [lambda: math.trunc(tf.constant(2.7)), lambda: math.trunc(np.float32(-2.5)),
          lambda: sys.stdout.write(tf.constant(3)), lambda: tf.stack(tf.constant(i) for i in range(3)),
          lambda: ",".join(np.array([3, 1], dtype=np.int32))]:
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", e)
print(math.trunc(np.float64(-2.5)), math.trunc(2.9), math.floor(tf.constant(2.7)), math.ceil(np.float32(1.2)))
n = sys.stdout.write("héllo\n")
print(n)
try:
    1 / 0
except ZeroDivisionError:
    t, v, tb = sys.exc_info()
    print(t, v)
print(sys.exc_info(), sys.getrecursionlimit())
