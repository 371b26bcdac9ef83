# Python protocols on tensors and recoverable errors a new user meets:
# callable() of functions, float()/int() of several elements, NumPy
# integers as indices, tf.__version__, tf.gather out of range (eagerly and
# in a function, scalar and matrix indices), and a function that works after
# another one's trace failed.
import numpy as np
import tensorflow as tf

print(tf.__version__)
t = tf.constant([10, 20, 30])
print(t[np.int64(2)], t[np.int32(1)], t[np.array(0)])
f = tf.function(lambda x: x + 1)
print(callable(f), callable(f.get_concrete_function(tf.constant(1))), callable(tf.constant(1)), callable(np.float32))
for bad in [lambda: int(tf.constant([1, 2])), lambda: float(np.array([1.0, 2.0])),
            lambda: tf.gather(tf.constant([1, 2]), 5), lambda: tf.gather(tf.constant([1, 2]), [[0, 1], [-1, 0]])]:
    try:
        print(bad())
    except (TypeError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__, e)
print(float(tf.constant([2.5])), int(np.int64(3)))


@tf.function
def pick(v, i):
    return tf.gather(v, i)


for i in [tf.constant(1), tf.constant(7), tf.constant([[0, 1], [1, 9]])]:
    try:
        print(pick(tf.constant([1.0, 2.0]), i))
    except tf.errors.InvalidArgumentError as e:
        print("InvalidArgumentError", e.message.split(" [Op:")[0].split("\n")[-2])


@tf.function
def collect(n):
    out = []
    for i in tf.range(n):
        out.append(i)
    return out


try:
    collect(tf.constant(3))
except Exception as e:
    print(type(e).__name__)
print(tf.function(lambda: tf.constant(1))())
