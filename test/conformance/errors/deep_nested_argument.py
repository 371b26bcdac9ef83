# A tf.function argument nested thousands of levels deep is TensorFlow's
# RecursionError, raised at once (kiln's cache key took quadratic time);
# a hundred levels trace.
import tensorflow as tf


@tf.function
def f(a):
    return 1


for depth in [100, 2000, 100000]:
    for kind in [tuple, list, dict]:
        x = 0
        for i in range(depth):
            x = (x,) if kind is tuple else [x] if kind is list else {"k": x}
        try:
            print(depth, kind.__name__, f(x))
        except RecursionError as e:
            print(depth, kind.__name__, "RecursionError", e)
