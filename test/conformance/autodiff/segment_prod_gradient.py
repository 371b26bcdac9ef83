# The gradient of tf.math.segment_prod, as math_grad builds it: divided by
# each element where a segment has no zero, the others' product at its only
# zero, zero where it has two.
import tensorflow as tf

x = tf.constant([[1.5, 2.0], [0.0, 3.0], [4.0, 0.0], [2.0, 0.5], [0.0, 0.0], [7.0, -1.0]])
ids = tf.constant([0, 0, 1, 1, 2, 3])
with tf.GradientTape() as t:
    t.watch(x)
    p = tf.math.segment_prod(x, ids)
    loss = tf.reduce_sum(p * tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [1.0, 1.0]]))
print(p)
print(t.gradient(loss, x))


@tf.function
def f(x, ids):
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.math.segment_prod(x, ids) ** 2)
    return t.gradient(y, x)


print(f(x, ids))
print(f(tf.constant([1.0, 2.0, 0.0, 0.0, 5.0]), tf.constant([0, 0, 1, 1, 2])))
