# The custom training loop of TensorFlow's guides: a train step that reads
# its batch from an iterator with next(), called once per step.
import tensorflow as tf

features = tf.data.Dataset.from_tensor_slices(
    ([1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0])).batch(2)
w = tf.Variable(0.5)


@tf.function
def train_step(iterator):
    x, y = next(iterator)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((w * x - y) ** 2)
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss


train_it = iter(features.repeat())
for _ in range(6):
    print(train_step(train_it).numpy())
print(w.numpy())
print(train_step.experimental_get_tracing_count())
