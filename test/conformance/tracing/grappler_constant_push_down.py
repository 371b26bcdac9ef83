# Inside a tf.function, TensorFlow's graph optimizer moves constants down
# chains of additions and subtractions (or multiplications and divisions by
# constants) and folds them, so `(x + 0.1) + 0.2` computes `x + 0.3` and
# `x / 3.0 / 7.0` multiplies by one folded reciprocal. A tensor the function
# captures is an input, not a constant, and is left alone. Each line counts
# the elements where the function's result differs from the eager one.
import tensorflow as tf

x = tf.sin(tf.range(1000, dtype=tf.float32)) * 100.0
y = tf.cos(tf.range(1000, dtype=tf.float32) * 0.37)
captured = tf.constant(3.0)


def differ(a, b):
    return int(tf.reduce_sum(tf.cast(tf.not_equal(a, b), tf.int32)))


fns = {
    "norm": lambda x: x / 255.0 * 2.0 - 1.0,
    "add2": lambda x: (x + 0.1) + 0.2,
    "mul2": lambda x: x * 2.1 * 3.3,
    "cmul": lambda x: 2.1 * x * 3.3,
    "sub": lambda x: (x - 0.1) - 0.2,
    "addsub": lambda x: (x + 0.1) - 0.3,
    "subadd": lambda x: 0.7 - (x + 0.1),
    "divdiv": lambda x: x / 3.0 / 7.0,
    "muldiv": lambda x: (x * 3.0) / 7.0,
    "divmul": lambda x: 2.0 * (x / 7.0),
    "captured": lambda x: x / captured,
    "with_y": lambda x: (x + y) + 0.5,
    "y_times": lambda x: (x * y) * 1.7,
}
for name, fn in fns.items():
    print(name, differ(tf.function(fn)(x), fn(x)))
print(tf.function(lambda x: (x + 0.1) + 0.2)(tf.constant([1.0, 2.0])))
print(tf.function(lambda x: (x - 1) - 2)(tf.constant([5, 7])))
