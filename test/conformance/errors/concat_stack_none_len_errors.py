# Errors TensorFlow raises as ValueError while tracing or in Python:
# tf.stack's axis, concat's shape function, None or a dict as an
# operand, and AutoGraph's len() of a scalar; eager ConcatV2 kernel errors.
import tensorflow as tf
x = tf.ones([2, 2])
def run(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[-1][:400])
run("stack eager", lambda: tf.stack([x, x], axis=3))
run("stack eager neg", lambda: tf.stack([x, x], axis=-4))
run("concat eager", lambda: tf.concat([x, x], axis=2))
run("concat eager neg", lambda: tf.concat([x, x], axis=-3))
run("concat scalars", lambda: tf.concat([tf.constant(1), tf.constant(2)], 0))

@tf.function
def stack_fn(a):
    return tf.stack([a, a], axis=3)

@tf.function
def concat_fn(a):
    return tf.concat([a, a], axis=2)

@tf.function
def concat_scalars(a):
    return tf.concat([a, a], 0)

@tf.function
def plus_none(a, b=None):
    return a + b

@tf.function
def length(a):
    return len(a)

run("stack fn", lambda: stack_fn(x))
run("concat fn", lambda: concat_fn(x))
run("concat scalars fn", lambda: concat_scalars(tf.constant(1)))
run("plus none fn", lambda: plus_none(x))
run("plus none", lambda: x + None)
run("none plus", lambda: None + x)
run("times dict", lambda: x * {})
run("len scalar fn", lambda: length(tf.constant(3)))
run("len fn", lambda: length(tf.ones([4, 2])))
