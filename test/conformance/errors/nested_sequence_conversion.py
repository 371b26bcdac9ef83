# Nested Python sequences that do not make a tensor: eagerly, TensorFlow's
# converter takes the first leaf's depth as the rank (a sequence deeper is
# a mixture of types, a shallower leaf or another length not rectangular);
# in a tf.function the constant converts through NumPy, whose message
# gives the shape before the inhomogeneous part. A list that holds itself
# is a RecursionError in tf.nest.
import tensorflow as tf

for v in [[1, [2]], [[1], 2], [[1], [2, 3]], [1, [2, 3]], [[1, 2], [3]],
          [[[1], [2]], [[1], [2, 3]]], ([1, 2], (3, [4]))]:
    try:
        print(tf.constant(v))
    except Exception as e:
        print(type(e).__name__, str(e))
    try:
        print(tf.function(lambda: tf.constant(v))())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])

cyclic = []
cyclic.append(cyclic)
loop = {}
loop["x"] = loop
for f in [lambda: tf.nest.flatten(cyclic),
          lambda: tf.nest.map_structure(lambda x: x, loop),
          lambda: tf.nest.assert_same_structure(cyclic, cyclic)]:
    try:
        f()
    except RecursionError as e:
        print(type(e).__name__, e)
