# tf.pad's REFLECT and SYMMETRIC gradients: MirrorPadGrad's fold, one
# dimension after another (the pad before, then the pad after, added onto
# the cells they mirror), eagerly and in a function.
import tensorflow as tf
x = tf.reshape(tf.sin(tf.range(30, dtype=tf.float32) * 0.7), [1, 5, 6, 1])
w = tf.reshape(tf.cos(tf.range(1 * 9 * 11 * 1, dtype=tf.float32) * 1.3), [1, 9, 11, 1])
for mode in ["REFLECT", "SYMMETRIC"]:
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.pad(x, [[0, 0], [2, 2], [3, 2], [0, 0]], mode=mode)
    print(mode, t.gradient(y, x, output_gradients=w)[0, :, :, 0])

@tf.function
def f(x, mode):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.pad(x, [[1, 3], [4, 1]], mode=mode)
        z = tf.reduce_sum(tf.sin(y) * tf.reshape(tf.range(99, dtype=tf.float32), [9, 11]))
    return t.gradient(z, x)
v = tf.reshape(tf.cos(tf.range(30, dtype=tf.float32)), [5, 6])
print(f(v, "REFLECT"))
print(f(v, "SYMMETRIC"))
# A single row: the pads on both sides fold onto it in turn.
v1 = tf.constant([[0.1, 0.2, 0.3]])
with tf.GradientTape() as t:
    t.watch(v1)
    y = tf.pad(v1, [[1, 1], [2, 2]], mode="SYMMETRIC")
print(t.gradient(y, v1, output_gradients=tf.reshape(tf.range(21, dtype=tf.float32) * 0.37, [3, 7])))
