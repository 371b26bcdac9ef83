# tf.cond's own argument checks, eagerly and while tracing: a missing
# function, then one that is not callable.
import tensorflow as tf

x = tf.constant(2)


def not_callable():
    return tf.cond(x > 0, x * 2, lambda: x)


def missing():
    return tf.cond(x > 0, lambda: x)


def none_true():
    return tf.cond(x > 0, None, lambda: x)


def not_callable_false():
    return tf.cond(x > 0, lambda: x, 3)


for fn in [not_callable, missing, none_true, not_callable_false]:
    try:
        print(fn())
    except TypeError as e:
        print(fn.__name__, e)
    try:
        print(tf.function(fn)())
    except TypeError as e:
        print(fn.__name__, str(e).splitlines()[-1])
