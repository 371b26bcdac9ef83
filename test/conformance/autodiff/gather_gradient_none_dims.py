# Gradients through tf.gather and tf.boolean_mask of tensors whose first
# dimension (or every dimension) is known only when the function runs.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
def masked(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.boolean_mask(x, x[:, 0] > 1.5) ** 2)
    return tape.gradient(loss, x)


print(masked(tf.constant([[1.0, 2.0], [3.0, 4.0], [2.0, -1.0]])))
print(masked(tf.zeros([0, 2])))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def picked(x, ids):
    with tf.GradientTape() as tape:
        tape.watch(x)
        rows = tf.gather(x, ids)
        loss = tf.reduce_sum(rows * tf.range(1.0, 4.0)[:tf.shape(x)[1]])
    return tf.convert_to_tensor(tape.gradient(loss, x))


print(picked(tf.ones([4, 3]), tf.constant([0, 2, 2, 3])))
print(picked(tf.ones([2, 2]), tf.constant([1])))


@tf.function(reduce_retracing=True)
def step(x, w):
    with tf.GradientTape() as tape:
        h = tf.gather(x @ w, tf.range(0, tf.shape(x)[0], 2))
        loss = tf.reduce_mean(h * h)
    return tape.gradient(loss, w)


w = tf.Variable([[1.0, -1.0], [0.5, 2.0]])
for n in [2, 3, 5]:
    x = tf.reshape(tf.range(2 * n, dtype=tf.float32), [n, 2]) / 4.0
    print(step(x, w).numpy().tolist())
