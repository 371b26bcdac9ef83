# What the assertions return: None eagerly; inside a function the
# operation they made (the guard's Identity when float data makes
# TensorFlow guard the Assert with a cond), usable in control
# dependencies.
import tensorflow as tf

print(tf.debugging.assert_non_negative(tf.constant(1.0)))
print(tf.debugging.Assert(True, ["fine"]))


@tf.function
def f(x, i):
    a = tf.debugging.assert_non_negative(x)
    b = tf.debugging.Assert(x > 0, [x])
    c = tf.debugging.assert_less(i, 3)
    d = tf.debugging.Assert(i < 5, ["i is", i])
    e = tf.debugging.assert_equal(i, i + 0)
    for op in [a, b, c, d, e]:
        print(type(op).__name__, op.name, op.type)
    with tf.control_dependencies([a, c]):
        return x * 2.0


print(f(tf.constant(1.0), tf.constant(2)))
