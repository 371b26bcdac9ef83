# A tf.Variable operand of another dtype than the other operand's: the op's
# dtype error (TypeError while tracing, InvalidArgumentError eagerly), not a
# conversion error.
import tensorflow as tf
w = tf.Variable([1.0, 2.0])


@tf.function
def f(a):
    return a * w


for fn in [f, lambda a: a * w, lambda a: w - a, lambda a: tf.add(a, w)]:
    try:
        print(fn(tf.constant(0.5, tf.float64)))
    except (TypeError, tf.errors.InvalidArgumentError) as e:
        print(type(e).__name__, str(e).splitlines()[-1])
print(w * 2, 3 * w)
