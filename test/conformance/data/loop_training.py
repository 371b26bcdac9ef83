# A training loop over a dataset inside one tf.function: gradients and
# variable updates in the staged body, the pipeline (shuffle included)
# re-read on every call.
import tensorflow as tf

tf.random.set_seed(7)
xs = tf.linspace(-1.0, 1.0, 8)
ys = 3.0 * xs + 0.5
ds = tf.data.Dataset.from_tensor_slices((xs, ys)).shuffle(8, seed=1).batch(4)

w = tf.Variable(0.0)
b = tf.Variable(0.0)


@tf.function
def epoch(dataset, lr):
    loss_sum = tf.constant(0.0)
    for x, y in dataset:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((w * x + b - y) ** 2)
        dw, db = tape.gradient(loss, [w, b])
        w.assign_sub(lr * dw)
        b.assign_sub(lr * db)
        loss_sum += loss
    return loss_sum


for step in range(3):
    print(step, epoch(ds, 0.5).numpy().round(4))
print(round(float(w.numpy()), 3), round(float(b.numpy()), 3))
print(epoch.experimental_get_tracing_count())
