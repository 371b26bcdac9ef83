# Names around loops over tf.range, as TensorFlow's graph has them: before
# the loop AutoGraph works out its maximum_iterations (sub, floordiv, mod,
# zeros_like, NotEqual, Cast, add, zeros_like_1, Maximum), range(tensor)
# clamps its stop (Maximum), the body's ops come before the iterate's
# increment, and x[i] makes i + 1 ("add") before its slice.
import tensorflow as tf


@tf.function
def after_range_loop(x):
    s = 0
    for i in tf.range(3):
        s += i
    print(x - 1, x + 1, x // 2, tf.maximum(x, 0), tf.cast(x, tf.float32))
    return s


@tf.function
def after_builtin_range(x):
    s = 0
    for i in range(x):
        s += i
    print(tf.maximum(x, 0))
    return s


@tf.function
def body_names(x):
    acc = tf.zeros([3])
    total = tf.constant(0)
    for i in tf.range(3):
        total = total + i
        acc = acc + x[i]
        print(total, acc)
    return acc


@tf.function
def builtin_range_values(a, b):
    s = 0
    for i in range(a, b):
        s += i
    return s


after_range_loop(tf.constant(5))
print(after_builtin_range(tf.constant(3)), after_builtin_range(tf.constant(-2)))
body_names(tf.ones([3, 3]))
print(builtin_range_values(tf.constant(2), tf.constant(5)),
      builtin_range_values(tf.constant(5), tf.constant(2)))
