# Bad arguments to TensorFlow's functions: those wrapped in its dispatcher word
# their TypeErrors their own way, the plain ones (generated op wrappers,
# tf.constant) as CPython does.
import tensorflow as tf
x = tf.ones([2])
cases = {
    "reduce_sum": lambda: tf.reduce_sum(x, keep_dim=True),
    "constant": lambda: tf.constant(1, dtyp=tf.int32),
    "ones": lambda: tf.ones([2], foo=1),
    "range": lambda: tf.range(3, bad=1),
    "add": lambda: tf.add(x, x, bad=1),
    "relu": lambda: tf.nn.relu(x, bad=1),
    "exp": lambda: tf.math.exp(x, bad=1),
    "matmul": lambda: tf.matmul(x, x, transpose=True),
    "zeros_like": lambda: tf.zeros_like(x, bad=1),
    "sum_pos": lambda: tf.reduce_sum(x, 0, True, "n", 5),
    "cast_pos": lambda: tf.cast(x, tf.int32, "n", 4),
    "where": lambda: tf.where(x > 0, bad=1),
    "stack": lambda: tf.stack([x], axes=0),
    "gather": lambda: tf.gather(x, [0], axes=0),
    "one_hot": lambda: tf.one_hot([1], 3, bad=1),
    "concat": lambda: tf.concat([x], axes=0),
    "reshape": lambda: tf.reshape(x, [2], bad=1),
    "softmax": lambda: tf.nn.softmax(x, dim=0),
    "random": lambda: tf.random.uniform([2], seeds=1),
    "square": lambda: tf.square(x, bad=1),
    "clip": lambda: tf.clip_by_value(x, 0, 1, bad=1),
}
for name, fn in cases.items():
    try:
        fn()
        print(name, "ok")
    except TypeError as e:
        print(name, e)
for fn in [lambda: tf.reduce_sum(x, 0, axis=0), lambda: tf.reduce_sum(), lambda: tf.ones()]:
    try:
        fn()
    except TypeError as e:
        print(e)
