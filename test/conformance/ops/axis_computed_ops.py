# Axes of array ops given as tensors that trace time knows (tf.rank(x) - 1):
# TensorFlow accepts them where its ops take a tensor axis, and raises its
# own errors where the Python wrapper wants an int or a plain constant.
import tensorflow as tf


def last(x):
    return tf.rank(x) - 1


@tf.function
def accepted(x):
    return {
        "reverse": tf.reverse(x, axis=[last(x)]),
        "cumsum": tf.math.cumsum(x, axis=last(x)),
        "cumprod": tf.math.cumprod(x + 1.0, axis=last(x), exclusive=True),
        "boolean_mask": tf.boolean_mask(x, [True, False], axis=tf.rank(x) - 2),
        # tf.rank of a tensor of known rank is a Const, which sort takes.
        "sort": tf.sort(x, axis=tf.rank(tf.zeros([5])), direction="DESCENDING"),
    }


for name, t in accepted(tf.reshape(tf.range(6.0), [2, 3])).items():
    print(name, t.numpy().tolist())


def raises(name, fn):
    try:
        tf.function(fn)(tf.reshape(tf.range(6.0), [2, 3]))
    except (TypeError, ValueError) as e:
        print(name, type(e).__name__, str(e).splitlines()[-1].strip())


raises("sort", lambda x: tf.sort(x, axis=last(x)))
raises("argsort", lambda x: tf.argsort(x, axis=last(x)))
raises("repeat", lambda x: tf.repeat(x, 2, axis=last(x)))
