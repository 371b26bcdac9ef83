# tf.while_loop with shape_invariants lets a loop variable double in length each iteration.
import tensorflow as tf


@tf.function
def grow(n):
    _, v = tf.while_loop(lambda i, v: i < n,
                         lambda i, v: (i + 1, tf.concat([v, v + tf.size(v)], 0)),
                         (tf.constant(0), tf.constant([0])),
                         shape_invariants=(tf.TensorShape([]), tf.TensorShape([None])))
    print("trace: static shape:", v.shape)
    return v


print(grow(tf.constant(3)))
print(grow(tf.constant(0)))
