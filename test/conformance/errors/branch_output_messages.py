# Messages for branches whose outputs cannot merge: a return in one branch
# only, an explicit `return None`, and tf.cond outputs of different dtypes
# (each branch's outputs are listed).
import tensorflow as tf


@tf.function
def falls_through(x):
    if x > 0:
        return x


@tf.function
def returns_none(x):
    if x > 0:
        return x
    return None


@tf.function
def returns_none_first(x):
    if x > 0:
        return None
    return x


@tf.function
def cond_dtypes(x):
    return tf.cond(x > 0, lambda: x, lambda: tf.cast(x, tf.float32))


@tf.function
def cond_tuple_dtypes(x):
    return tf.cond(x > 0, lambda: (x, x + 1),
                   lambda: (x, tf.cast(x, tf.float32)))


for fn in (falls_through, returns_none, returns_none_first, cond_dtypes,
           cond_tuple_dtypes):
    try:
        fn(tf.constant(1))
    except (ValueError, TypeError) as e:
        lines = str(e).splitlines()
        # The message after "in user code:" and the user's frame.
        print(type(e).__name__, "\n".join(lines[3:]))
