# tf.keras.losses as classes and functions: each loss with its reductions,
# sample weights, logits or probabilities and label smoothing, eagerly and
# inside a tf.function (where Keras computes from a softmax's or a
# sigmoid's logits).
import warnings

import tensorflow as tf

y_true = tf.constant([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0]])
y_pred = tf.constant([[0.2, 0.7], [0.9, 0.4], [0.6, 0.1]])
for cls in [tf.keras.losses.MeanSquaredError,
            tf.keras.losses.MeanAbsoluteError,
            tf.keras.losses.BinaryCrossentropy]:
    loss = cls()
    print(loss.name, loss.reduction, loss(y_true, y_pred).numpy())
    print(cls(reduction="sum")(y_true, y_pred).numpy(),
          cls(reduction=None)(y_true, y_pred).numpy(),
          loss(y_true, y_pred, sample_weight=[1.0, 0.0, 2.0]).numpy())
print(tf.keras.losses.MeanSquaredError()([1., 2.], [1.5, 2.5]).numpy())
print(tf.keras.losses.mse(y_true, y_pred).numpy(), tf.keras.losses.MSE.__name__)
print(tf.keras.losses.MSE([[1, 2]], [[2.0, 4.0]]).numpy(),
      tf.keras.losses.mae([3.0], [1.0]).numpy())

logits = tf.constant([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0]])
labels = tf.constant([0, 2])
onehot = tf.one_hot(labels, 3)
probs = tf.nn.softmax(logits)
scce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print(scce(labels, logits).numpy(),
      tf.keras.losses.SparseCategoricalCrossentropy()(labels, probs).numpy(),
      scce(tf.reshape(labels, [2, 1]), logits).numpy())
cce = tf.keras.losses.CategoricalCrossentropy(from_logits=True)
print(cce(onehot, logits).numpy(),
      tf.keras.losses.CategoricalCrossentropy()(onehot, probs).numpy(),
      tf.keras.losses.CategoricalCrossentropy(label_smoothing=0.1)(
          onehot, probs).numpy())
print(tf.keras.losses.sparse_categorical_crossentropy(
    labels, logits, from_logits=True).numpy())
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True,
                                         label_smoothing=0.2)
print(bce(y_true, y_pred * 4 - 2).numpy())


@tf.function
def in_graph(logits, labels):
    probs = tf.nn.softmax(logits)
    sig = tf.math.sigmoid(logits)
    return (tf.keras.losses.SparseCategoricalCrossentropy()(labels, probs),
            tf.keras.losses.CategoricalCrossentropy()(
                tf.one_hot(labels, 3), probs),
            tf.keras.losses.BinaryCrossentropy()(
                tf.one_hot(labels, 3), sig))


big = tf.constant([[30.0, -20.0, 0.5], [0.1, 0.2, 60.0]])
for t in in_graph(big, labels):
    print(t.numpy())
print([t.numpy() for t in in_graph(logits, labels)])


# A training step with a Keras loss and optimizer.
w = tf.Variable([[0.5, -0.5, 0.1], [0.2, 0.3, -0.4]])
opt = tf.keras.optimizers.SGD(0.5)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
x = tf.constant([[1.0, 2.0], [-1.0, 0.5], [0.3, 0.3]])
y = tf.constant([2, 0, 1])


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = loss_fn(y, x @ w)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


print([float(train_step()) for _ in range(3)])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")

    @tf.function
    def warned(logits):
        return tf.keras.losses.CategoricalCrossentropy(from_logits=True)(
            onehot, tf.nn.softmax(logits))

    print(warned(logits).numpy())
print([str(w.message) for w in caught])


def attempt(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: tf.keras.losses.CategoricalCrossentropy()(
    onehot, probs[:, :2]))
attempt(lambda: tf.keras.losses.SparseCategoricalCrossentropy()(
    tf.constant([[0, 1]]), probs))
attempt(lambda: tf.keras.losses.BinaryCrossentropy()(y_true, y_pred[:2]))
print(isinstance(scce, tf.keras.losses.SparseCategoricalCrossentropy),
      isinstance(scce, tf.keras.losses.MeanSquaredError))

# Integer inputs average to float32; ignore_class leaves samples out.
ints = tf.constant([[1, 2], [3, 5]])
print(tf.keras.losses.mse(ints, ints * 2), tf.keras.losses.MAE(ints, ints + 1))
print(tf.keras.losses.MeanSquaredError()(ints, ints * 2).numpy())
sparse = tf.constant([2, 1, 0])
p3 = tf.constant([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4], [0.5, 0.25, 0.25]])
for reduction in ["sum_over_batch_size", "sum", None]:
    print(tf.keras.losses.SparseCategoricalCrossentropy(
        ignore_class=1, reduction=reduction)(sparse, p3).numpy())
print(tf.keras.losses.SparseCategoricalCrossentropy(ignore_class=0)(
    sparse, p3, sample_weight=[1.0, 2.0, 3.0]).numpy())
print(tf.keras.losses.sparse_categorical_crossentropy(
    sparse, p3, ignore_class=2).numpy())
print(tf.losses.MeanSquaredError()([1.0], [3.0]).numpy())
R = tf.keras.losses.Reduction
print(R.SUM, R.NONE, R.SUM_OVER_BATCH_SIZE, R.AUTO,
      tf.keras.losses.MeanAbsoluteError(reduction=R.SUM)([1.0, 2.0], [3.0, 0.0]).numpy())
