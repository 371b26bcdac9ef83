# softmax_cross_entropy_with_logits casts its labels to the logits' dtype
# (int one-hots work); sigmoid_cross_entropy_with_logits keeps them, so int
# labels fail in its Mul, eagerly and while tracing.
import tensorflow as tf


@tf.function
def softmax(labels, logits):
    return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)


print(softmax(tf.constant([[1, 0]]), tf.constant([[1., 2.]])))
print(tf.nn.softmax_cross_entropy_with_logits(labels=[[0, 1]], logits=tf.constant([[1., 2.]])))
try:
    print(tf.nn.sigmoid_cross_entropy_with_logits(labels=[[1, 0]], logits=tf.constant([[1., 2.]])))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)


@tf.function
def sigmoid(labels, logits):
    return tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)


print(sigmoid(tf.constant([[1., 0.]]), tf.constant([[1., 2.]])))
try:
    sigmoid(tf.constant([[1, 0]]), tf.constant([[1., 2.]]))
except TypeError as e:
    print(str(e).splitlines()[-1])
