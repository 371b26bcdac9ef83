# softmax_cross_entropy_with_logits on labels and logits of different
# static shapes: the kernel broadcasts the flattened [batch, classes]
# tensors against each other; sizes that do not broadcast fail in the
# shape function while tracing and in the kernel eagerly. (TensorFlow's
# gradient of a broadcast call fails: its Reshape gets the broadcast size.)
import tensorflow as tf

xent = tf.nn.softmax_cross_entropy_with_logits
logits = tf.constant([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])
cases = [tf.constant([[0.0, 1.0, 0.0]]), tf.constant([[0.2], [0.8]]),
         tf.constant([[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]]),
         tf.constant([[0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [1.0, 0.0, 0.0]])]
traced = tf.function(lambda a, b: xent(labels=a, logits=b))
for labels in cases:
    for run in [lambda: xent(labels=labels, logits=logits),
                lambda: traced(labels, logits)]:
        try:
            print(run())
        except (ValueError, tf.errors.InvalidArgumentError) as e:
            print(type(e).__name__, str(e).splitlines()[-1].strip())

# The outer dimensions are flattened first, then broadcast.
logits3 = tf.reshape(tf.range(12, dtype=tf.float32), [2, 2, 3]) / 4.0
print(xent(labels=tf.constant([[[0.0, 0.0, 1.0]]]), logits=logits3))
try:
    xent(labels=tf.ones([2, 1, 3]) / 3.0, logits=logits3)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
