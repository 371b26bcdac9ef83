# tf.bitwise.left_shift and right_shift: amounts clamped to [0, width - 1] as
# the kernels clamp them, arithmetic on signed types, logical on uint8.
import tensorflow as tf
x = tf.constant([1, -8, 100, -1, 7], tf.int32)
print(tf.bitwise.left_shift(x, 2))
print(tf.bitwise.right_shift(x, 1))
print(tf.bitwise.left_shift(x, [0, 31, 32, 40, -3]))
print(tf.bitwise.right_shift(x, [0, 31, 32, 40, -3]))
u = tf.constant([1, 128, 255, 3], tf.uint8)
print(tf.bitwise.right_shift(u, [1, 7, 9, 1]))
print(tf.bitwise.left_shift(u, [1, 1, 3, 10]))
b = tf.constant([-128, 64, -1], tf.int8)
print(tf.bitwise.right_shift(b, tf.constant(3, tf.int8)))
l = tf.constant([1, -5], tf.int64)
print(tf.bitwise.left_shift(l, tf.constant([40, 63], tf.int64)))

@tf.function
def pack(hi, lo):
    return tf.bitwise.bitwise_or(tf.bitwise.left_shift(hi, 16), tf.bitwise.bitwise_and(lo, 0xFFFF))

@tf.function
def unpack(v):
    return tf.bitwise.right_shift(v, 16), tf.bitwise.bitwise_and(v, 0xFFFF)

p = pack(tf.constant([1, 2, 3]), tf.constant([4, 5, 70000]))
print(p)
print(unpack(p))
print(pack(tf.constant([[1], [7]]), tf.constant([9, 10, 11])))
try:
    tf.bitwise.left_shift(tf.constant([1.0]), 1)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    tf.bitwise.left_shift(tf.constant([1]), tf.constant([1], tf.int64))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
