# Errors raised while tracing name TensorFlow's node and inputs: transpose, expand_dims, where and a string operand; a ConcreteFunction called with another dtype.
import tensorflow as tf


def last_line(fn, *args):
    try:
        fn(*args)
    except Exception as e:
        lines = [l for l in str(e).splitlines() if l.strip()]
        print(type(e).__name__ + ":", lines[-1].strip())


@tf.function
def transpose(x):
    return tf.transpose(x, perm=[0, 1, 2])


@tf.function
def expand(x):
    return tf.expand_dims(x, 3)


@tf.function
def where(x):
    return tf.where(x > 2, x, 0.5)


@tf.function
def add_string(x):
    return x + "a"


last_line(transpose, tf.ones([2, 3]))
last_line(expand, tf.ones([2]))
last_line(where, tf.constant([1, 2, 3]))
last_line(add_string, tf.constant(1))


@tf.function
def square(x):
    return x * x


cf = square.get_concrete_function(tf.TensorSpec([None], tf.float32))
try:
    cf(tf.constant([1, 2]))
except tf.errors.InvalidArgumentError as e:
    print(str(e).split("__inference_square_")[0])
