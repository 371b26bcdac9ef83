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
