# tf.keras.metrics in a custom training loop: Mean of the losses and the
# accuracies, updated eagerly and inside a tf.function, printed and reset
# every epoch; sample weights, thresholds and the metrics' variables.
import tensorflow as tf

train_loss = tf.keras.metrics.Mean(name="train_loss")
train_acc = tf.keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
print(train_loss, train_acc, train_loss.name, train_acc.dtype)
print(train_loss.variables)

w = tf.Variable([[0.5, -0.5, 0.1], [0.2, 0.3, -0.4]])
opt = tf.keras.optimizers.Adam(0.1)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
x = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.3, 0.3], [2.0, -1.0]])
y = tf.constant([2, 0, 1, 0])


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = x @ w
        loss = loss_fn(y, logits)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    train_loss(loss)
    train_acc(y, logits)


for epoch in range(3):
    train_loss.reset_state()
    train_acc.reset_state()
    for i in range(2):
        train_step(x[2 * i:2 * i + 2], y[2 * i:2 * i + 2])
    print(f"Epoch {epoch + 1}, Loss: {train_loss.result()}, "
          f"Accuracy: {train_acc.result() * 100}")
print(train_acc.variables)

m = tf.keras.metrics.Mean()
print(m([1.0, 2.0, 3.0]).numpy(), m(5.0).numpy(),
      m([[1.0, 2.0], [3.0, 5.0]], sample_weight=[1.0, 0.0]).numpy())
m.update_state([4.0, 6.0], sample_weight=[[0.5], [2.0]])
print(m.result().numpy(), m.total.numpy(), m.count.numpy())
s = tf.keras.metrics.Sum()
print(s([1.0, 2.0]).numpy(), s([[1.0, 2.0], [3.0, 4.0]]).numpy(),
      s.variables)

a = tf.keras.metrics.Accuracy()
print(a([1, 2, 3, 4], [1, 2, 0, 4]).numpy(),
      a([[1], [2]], [[1], [1]]).numpy())
b = tf.keras.metrics.BinaryAccuracy(threshold=0.4)
print(b([[1.0], [0.0], [1.0]], [[0.45], [0.3], [0.1]]).numpy(),
      tf.keras.metrics.BinaryAccuracy()([1, 0], [0.6, 0.6]).numpy())
c = tf.keras.metrics.CategoricalAccuracy()
print(c([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]],
        [[0.1, 0.8, 0.1], [0.2, 0.7, 0.1]]).numpy())
sc = tf.keras.metrics.SparseCategoricalAccuracy()
print(sc([[1], [0], [2]], [[0.1, 0.8, 0.1], [0.5, 0.4, 0.1],
                           [0.3, 0.3, 0.4]]).numpy(),
      sc([1], [[0.0, -0.0]]).numpy(), sc.get_config())
print(isinstance(sc, tf.keras.metrics.Mean),
      isinstance(s, tf.keras.metrics.Mean),
      isinstance(sc, tf.keras.metrics.SparseCategoricalAccuracy))
print(tf.keras.metrics.BinaryAccuracy(threshold=1.5)([1.0], [0.9]).numpy())
