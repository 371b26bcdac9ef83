# Dtypes an op's OpDef does not allow: a TypeError while tracing, the
# eager attr check's InvalidArgumentError; dtypes it allows but no CPU
# kernel takes (MatMul of uint8, Reciprocal of ints): NotFoundError.
import tensorflow as tf

x = tf.constant([0, 1, 255], tf.uint8)
cases = [("abs", tf.abs), ("negative", tf.negative), ("sign", tf.sign),
         ("pow", lambda a: tf.pow(a, a)),
         ("is_nan", lambda a: tf.math.is_nan(tf.cast(a, tf.int32))),
         ("is_finite", lambda a: tf.math.is_finite(a > 0)),
         ("reciprocal", lambda a: tf.math.reciprocal(tf.cast(a, tf.int32))),
         ("reciprocal bool", lambda a: tf.math.reciprocal(a > 0)),
         ("matmul", lambda a: tf.matmul(tf.reshape(a, [3, 1]), tf.reshape(a, [1, 3])))]
for name, fn in cases:
    try:
        fn(x)
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0])
    if name.startswith("reciprocal") and name != "reciprocal bool":
        continue

    @tf.function
    def traced(a):
        return fn(a)

    try:
        traced(x)
    except TypeError as e:
        print(name, "traced:", str(e).splitlines()[-1].strip())
    except tf.errors.InvalidArgumentError as e:  # no kernel: when it runs
        print(name, "traced:", type(e).__name__)
