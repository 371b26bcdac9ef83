import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def unknown_rank_state(x):
    with tf.GradientTape() as t:
        t.watch(x)
        y = x
        for i in tf.range(2):
            y = y * x
    return t.gradient(y, x)


try:
    print(unknown_rank_state(tf.constant([1.0, 2.0])))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])


@tf.function
def second_order(x):
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = tf.cond(x > 0, lambda: x * x * x, lambda: x)
        g = t1.gradient(y, x)
    return t2.gradient(g, x)


try:
    print(second_order(tf.constant(2.0)))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
