# softmax_cross_entropy_with_logits over another axis: TensorFlow moves
# that axis to the end first, through tf.range (which refuses a negative
# axis other than -1).
import tensorflow as tf
l = tf.constant([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]])
x = tf.constant([[1.0, 2.0], [0.5, 0.1], [0.0, 3.0]])
print(tf.nn.softmax_cross_entropy_with_logits(l, x, axis=0))
print(tf.nn.softmax_cross_entropy_with_logits(l, x, axis=1))
try:
    print(tf.nn.softmax_cross_entropy_with_logits(l, x, axis=-2))
except tf.errors.InvalidArgumentError as e:
    print(e)
try:
    print(tf.nn.softmax_cross_entropy_with_logits(l, x, axis=2))
except tf.errors.InvalidArgumentError as e:
    print(e)
l3 = tf.reshape(tf.range(24.0), [2, 3, 4]) / 24.0
x3 = tf.reshape(tf.range(24.0), [2, 3, 4]) / 7.0
print(tf.nn.softmax_cross_entropy_with_logits(l3, x3, axis=1))
print(tf.function(lambda a, b: tf.nn.softmax_cross_entropy_with_logits(a, b, axis=0))(l3, x3))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(l, x, axis=0))
print(t.gradient(y, x))
