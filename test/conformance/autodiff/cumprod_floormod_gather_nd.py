# Gradients of cumprod (exclusive, reversed), floormod (with broadcasting)
# and gather_nd (IndexedSlices for row indices, a scatter otherwise),
# eagerly and inside tf.function.
import tensorflow as tf
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 0.5, -2.0]])
y = tf.constant([1.5, -0.75, 2.0])
with tf.GradientTape(persistent=True) as t:
    t.watch([x, y])
    a = tf.reduce_sum(tf.math.cumprod(x, axis=1) * tf.constant([1.0, 2.0, 3.0]))
    b = tf.reduce_sum(tf.math.cumprod(x, axis=0, exclusive=True, reverse=True))
    c = tf.reduce_sum(tf.math.floormod(x, y) * 2.0)
    d = tf.reduce_sum(tf.gather_nd(x, [[1, 2], [0, 0], [1, 2]]))
    e = tf.reduce_sum(tf.gather_nd(x, [[1], [1]]) * tf.constant([1.0, 2.0, 3.0]))
for z in [a, b, c, d, e]:
    print([g if g is None else tf.convert_to_tensor(g) for g in t.gradient(z, [x, y])])

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        z = tf.reduce_sum(tf.math.cumprod(x, axis=1)) + tf.reduce_sum(tf.gather_nd(x, [[0, 1]]))
    return t.gradient(z, x)
print(f(x))
