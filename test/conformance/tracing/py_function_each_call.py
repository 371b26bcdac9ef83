# tf.py_function inside a tf.function: the Python function runs on every
# call of the traced graph (its prints happen each time), with eager
# tensors; its result has an unknown shape while tracing.
import tensorflow as tf

seen = []


def log_and_scale(x):
    print("python sees", x)
    seen.append(x.numpy().tolist())
    return x * 10


@tf.function
def scaled(x):
    y = tf.py_function(log_and_scale, [x], tf.int32)
    print("traced with", y, y.shape, y.dtype)
    return y + 1


print(scaled(tf.constant([1, 2])))
print(scaled(tf.constant([3, 4])))
print(scaled(tf.constant([5, 6, 7])))
print(scaled.experimental_get_tracing_count())
print(seen)
print(scaled.get_concrete_function(tf.constant([1, 2])).structured_outputs)


@tf.function
def two_outputs(a, b):
    s, p = tf.py_function(lambda u, v: (u + v, u * v), [a, b],
                          [tf.float32, tf.float32])
    return s - p


print(two_outputs(tf.constant(2.0), tf.constant(5.0)))


@tf.function
def effect_only(x):
    tf.py_function(lambda a: print("effect", a.numpy()), [x], [])
    return x


print(effect_only(tf.constant(3)))
print(effect_only(tf.constant(4)))


@tf.py_function(Tout=tf.float32)
def product(a, b):
    return a * b


print(product(tf.constant(2.0), tf.constant(4.0)))
ds = tf.data.Dataset.range(3).map(
    lambda i: tf.py_function(lambda j: j * 10, [i], tf.int64))
print(ds.element_spec)
print(list(ds.as_numpy_iterator()))
