# The gradient of tf.gather is TensorFlow's IndexedSlices (printed, its
# fields, converted to a dense tensor by adding its rows), concatenated when
# a variable is gathered twice, dense next to other gradients, and in a
# tf.function.
import tensorflow as tf
emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    e = tf.gather(emb, [0, 2, 0])
    loss = tf.reduce_sum(e * e)
g = tape.gradient(loss, emb)
print(type(g).__name__)
print(g)
print(g.indices, g.values.shape, g.dense_shape)
print(tf.convert_to_tensor(g))
emb.assign_sub(0.1 * tf.convert_to_tensor(g))
print(emb.numpy())
x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.reduce_sum(tf.gather(x, [1, 1]) * 3.0) + tf.reduce_sum(x)
print(tape.gradient(y, x))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.gather(emb, [1])) + tf.reduce_sum(tf.gather(emb, [2, 1]) ** 2)
print(tape.gradient(y, emb))
try:
    print(0.1 * g)
except TypeError as e:
    print("TypeError", e)
@tf.function
def step(ids):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.gather(emb, ids) ** 2)
    grad = tape.gradient(loss, emb)
    emb.assign_sub(0.01 * tf.convert_to_tensor(grad))
    return loss
print(step(tf.constant([0, 1, 1])), emb.numpy())
