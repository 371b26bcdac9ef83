# softmax and log_softmax on an axis other than the last swap it with the
# last, run the kernel there and swap back (nn_ops' _wrap_2d_function), so
# the sums add in TensorFlow's order: the last bits match.
import tensorflow as tf
import numpy as np

np.random.seed(1)
for shape in [(4, 5), (9, 3), (3, 17), (2, 3, 4)]:
    x = tf.constant(np.random.randn(*shape).astype(np.float32))
    for name, fn in [("sm0", lambda t: tf.nn.softmax(t, axis=0)),
                     ("lsm0", lambda t: tf.nn.log_softmax(t, axis=0)),
                     ("sm-2", lambda t: tf.nn.softmax(t, axis=-2))]:
        print(shape, name, [float(v) for v in tf.reshape(fn(x), [-1]).numpy()])


@tf.function
def f(x):
    return tf.nn.softmax(x, axis=0), tf.nn.log_softmax(x, axis=1)


print(f(tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.5]])))
