# The training loop tf.data is for: a seeded shuffle, batches whose last one
# is smaller (train_step traces for both shapes, once), a hand-written SGD
# step on tf.Variables, and an evaluation pass with reduce.
import numpy as np
import tensorflow as tf

tf.random.set_seed(7)
xs = np.linspace(-1.0, 1.0, 10).astype(np.float32).reshape(-1, 1)
ys = 3.0 * xs - 0.5
ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shuffle(10, seed=3).batch(4)
print(ds.element_spec)

w = tf.Variable([[0.0]])
b = tf.Variable([0.0])


@tf.function
def train_step(x, y):
    print("tracing train_step", x.shape, y.shape)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
    dw, db = tape.gradient(loss, [w, b])
    w.assign_sub(0.5 * dw)
    b.assign_sub(0.5 * db)
    return loss


for epoch in range(3):
    losses = [float(train_step(x, y)) for x, y in ds]
    print(f"epoch {epoch}: " + " ".join(f"{l:.5f}" for l in losses))

print(w.numpy(), b.numpy())
squared = ds.unbatch().map(lambda x, y: tf.square(tf.matmul([x], w) + b - y))
total = squared.reduce(tf.constant([[0.0]]), lambda s, e: s + e)
print(total)
