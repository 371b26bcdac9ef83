# Errors from the Python function of tf.py_function and tf.numpy_function:
# the exception's class decides the TensorFlow error's (ValueError and
# TypeError: InvalidArgumentError, StopIteration: OutOfRangeError, others
# UnknownError); results the kernel rejects are InvalidArgumentErrors.
import numpy as np
import tensorflow as tf


def first_line(e):
    return str(e).splitlines()[0]


def fails_with(cls):
    def fn(x):
        raise cls("failed on " + str(x.numpy()))
    return fn


for cls in [ValueError, TypeError, StopIteration, IndexError, KeyError,
            NotImplementedError]:
    @tf.function
    def call(x):
        return tf.py_function(fails_with(cls), [x], tf.float32)

    try:
        call(tf.constant(1.0))
    except tf.errors.OpError as e:
        print(cls.__name__, "->", type(e).__name__, e.error_code)
    try:
        tf.py_function(fails_with(cls), [tf.constant(2.0)], tf.float32)
    except tf.errors.OpError as e:
        print("eagerly", cls.__name__, "->", type(e).__name__)


@tf.function
def tuple_for_one(x):
    return tf.numpy_function(lambda a: (a, a), [x], tf.float32)


try:
    tuple_for_one(tf.constant(1.0))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", first_line(e))


@tf.function
def float64_for_float32(x):
    return tf.numpy_function(lambda a: a.astype(np.float64), [x], tf.float32)


try:
    float64_for_float32(tf.constant(1.0))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", first_line(e))

try:
    tf.py_function(lambda a: tf.constant(1), [1.0], tf.float32)
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", first_line(e)[-80:])

try:
    tf.py_function(lambda a: a, [1.0])
except TypeError as e:
    print("TypeError", e)

try:
    tf.py_function(lambda a: a, tf.constant(1.0), tf.float32)
except TypeError as e:
    print("TypeError", e)


@tf.function
def recovers(x):
    return tf.py_function(lambda a: a if a < 2 else 1 // 0, [x], tf.int32)


try:
    recovers(tf.constant(5))
except tf.errors.UnknownError as e:
    print("UnknownError")
print(recovers(tf.constant(1)))
