# tf.norm's matrix 1-norm (the largest column sum of |x|) and inf-norm
# (the largest row sum), as linalg_ops.norm builds them: a Sum then a Max
# with kept dims, squeezed unless keepdims; with gradients.
import numpy as np
import tensorflow as tf

m = tf.constant([[1.0, -2.0, 3.5], [-4.0, 0.5, 6.0]])
b = tf.reshape(tf.sin(tf.range(24, dtype=tf.float32)), [2, 3, 4])
for ord_ in [1, np.inf]:
    print(tf.norm(m, ord=ord_, axis=[0, 1]))
    print(tf.norm(m, ord=ord_, axis=(1, 0)))
    print(tf.norm(b, ord=ord_, axis=[-2, -1]))
    print(tf.norm(b, ord=ord_, axis=[0, 2], keepdims=True))
    print(tf.norm(tf.cast(b, tf.float64), ord=ord_, axis=[1, 2]))


@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.norm(x, ord=1, axis=[1, 2]) + 2.0 * tf.norm(x, ord=np.inf, axis=[1, 2])
    print(y)
    return y, t.gradient(y, x)


print(f(b))
