# An op given a Python string or list goes down TensorFlow's slow path,
# whose eager errors end without " name: "; a tensor (a bool one here)
# takes the fast path, whose errors end with it. cumsum opens a name scope,
# so its slow path names it too.
import tensorflow as tf

cases = [
    lambda: tf.reduce_sum("abc"),
    lambda: tf.reduce_max("abc"),
    lambda: tf.reduce_mean(["a"]),
    lambda: tf.reduce_prod(["a"]),
    lambda: tf.reduce_min("abc"),
    lambda: tf.math.argmax(["a"]),
    lambda: tf.nn.relu("a"),
    lambda: tf.math.cumsum("abc"),
    lambda: tf.reduce_sum(tf.constant([True])),
    lambda: tf.reduce_max(tf.constant([True])),
    lambda: tf.reduce_mean(tf.constant([True])),
    lambda: tf.nn.relu(tf.constant(["a"])),
]
for f in cases:
    try:
        f()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[-1][-60:])
