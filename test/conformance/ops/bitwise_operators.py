# ~, ^, & and | on integer and bool tensors (bitwise and logical), the
# tf.bitwise module, and the dtype error on floats.
import tensorflow as tf

a = tf.constant([12, -1, 0, 2147483647])
b = tf.constant([10, 5, -8, 1])
print(~a, a ^ b, a & b, a | b)
u = tf.constant([0, 200, 255], tf.uint8)
print(~u, u ^ tf.constant([255, 1, 15], tf.uint8))
t = tf.constant([True, True, False, False])
f = tf.constant([True, False, True, False])
print(~t, t ^ f, t & f, t | f)
print(tf.bitwise.bitwise_xor(5, 3), tf.bitwise.bitwise_and(a, b), tf.bitwise.bitwise_or(a, 1), tf.bitwise.invert(tf.constant(7, tf.int64)))


@tf.function
def g(x, y):
    return ~x, x ^ y, (x > 0) ^ (y > 0)


print(g(a, b))
for bad in [lambda: ~tf.constant([1.5]), lambda: tf.constant([1.5]) ^ tf.constant([2.5]),
            lambda: tf.bitwise.bitwise_and(t, f)]:
    try:
        print(bad())
    except (tf.errors.InvalidArgumentError, TypeError) as e:
        print(type(e).__name__, str(e).split("\n")[0][:150])
