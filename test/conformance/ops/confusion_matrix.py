# tf.math.confusion_matrix: counts (or summed weights) of label/prediction
# pairs, built as a scatter of ones into an [n, n] matrix.
import tensorflow as tf

labels = tf.constant([1, 2, 4, 0, 2])
predictions = tf.constant([2, 2, 4, 0, 1])
print(tf.math.confusion_matrix(labels, predictions))
print(tf.math.confusion_matrix(labels, predictions, num_classes=6,
                               dtype=tf.float32))
print(tf.math.confusion_matrix([0, 1, 1], [[0], [1], [0]]))
weights = tf.constant([0.1, 0.7, 1e-8, 0.3, 0.2])
print(tf.math.confusion_matrix(labels, predictions, weights=weights,
                               dtype=tf.float32))
print(tf.math.confusion_matrix(labels, labels, weights=[1, 1, 1, 1, 1]))


@tf.function
def evaluate(logits, y):
    predicted = tf.argmax(logits, axis=1)
    return tf.math.confusion_matrix(y, predicted, num_classes=3)


logits = tf.constant([[0.1, 0.8, 0.1], [0.9, 0.05, 0.05], [0.2, 0.2, 0.6],
                      [0.3, 0.4, 0.3]])
print(evaluate(logits, tf.constant([1, 0, 1, 2])))
print(evaluate.get_concrete_function(
    tf.TensorSpec([None, 3]), tf.TensorSpec([None], tf.int32))
      .structured_outputs)

for bad_labels in ([0, -1, 2], [0, 3, 2]):
    try:
        tf.math.confusion_matrix(bad_labels, [0, 1, 2], num_classes=3)
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, str(e).splitlines()[0])
try:
    evaluate(logits, tf.constant([1, 0, 5, 2]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    tf.math.confusion_matrix(labels, predictions, weights=[1.0, 2.0])
except ValueError as e:
    print("ValueError:", e)
