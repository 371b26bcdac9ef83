# divide_no_nan's gradient divides with no NaN too: zero where the divisor
# is zero.
import tensorflow as tf
x = tf.constant([0.0, 2.0, -4.0])
y = tf.constant([3.0, 0.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    h = tf.math.divide_no_nan(x, y)
    k = tf.math.divide_no_nan(1.0, y) * 2.0
print(h)
print(tape.gradient(h, [x, y]))
print(tape.gradient(k, y))

@tf.function
def f(a, b):
    with tf.GradientTape() as t:
        t.watch(b)
        z = tf.reduce_sum(tf.math.divide_no_nan(a, b))
    return t.gradient(z, b)
print(f(x, y))
