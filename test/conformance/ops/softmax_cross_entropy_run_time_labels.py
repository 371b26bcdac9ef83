# Label smoothing as users write it: softmax cross-entropy whose labels'
# classes are known at run time only (checked when the function runs), and
# tf.one_hot's depth from tf.shape(x), which shape inference knows.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([2, None]), tf.TensorSpec([2, 3])])
def f(labels, logits):
    return tf.nn.softmax_cross_entropy_with_logits(labels, logits)

print(f(tf.constant([[1., 0, 0], [0, 1, 0]]), tf.constant([[1., 2, 3], [0, 0, 1]])))
try:
    f(tf.constant([[1., 0, 0, 0], [0, 1, 0, 0]]), tf.zeros([2, 3]))
except tf.errors.InvalidArgumentError as e:
    print(e.message.splitlines()[-2])

@tf.function
def smooth(labels, logits):
    depth = tf.shape(logits)[-1]
    print("depth", tf.one_hot(labels, depth).shape)
    onehot = tf.one_hot(labels, depth) * 0.9 + 0.1 / tf.cast(depth, tf.float32)
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(onehot, logits))

print(smooth(tf.constant([0, 2]), tf.constant([[1., 2, 3], [0, 0, 1]])))

@tf.function
def g(x):
    print(tf.one_hot([0], tf.shape(x)[-1]).shape, tf.one_hot([0], tf.shape(x)[0] - 1).shape)
    return tf.one_hot([0], tf.shape(x)[-1])

print(g(tf.zeros([2, 3])))
with tf.GradientTape() as t:
    lg = tf.constant([[1., 2, 3], [0, 0, 1]])
    t.watch(lg)
    loss = f(tf.constant([[1., 0, 0], [0, 1, 0]]), lg)
print(t.gradient(loss, lg))
