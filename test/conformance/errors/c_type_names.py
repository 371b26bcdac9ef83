# CPython names types written in C by their full path in its own messages:
# an eager tensor is a tensorflow.python.framework.ops.EagerTensor, an
# array a numpy.ndarray; a tensor in a function and a variable keep their
# short names.
import numpy as np
import tensorflow as tf

t = tf.constant([1, 2])
a = np.array([1.0, 2.0])
for thunk in [lambda: t.assign([3, 4]), lambda: a.no_such_attribute,
              lambda: np.float32(1).no_such_attribute,
              lambda: tf.Variable(1.0).no_such_attribute]:
    try:
        thunk()
    except AttributeError as e:
        print("AttributeError:", e)
try:
    t[0] = 5
except TypeError as e:
    print("TypeError:", e)
try:
    len(tf.constant(3))
except TypeError as e:
    print("TypeError:", e)
