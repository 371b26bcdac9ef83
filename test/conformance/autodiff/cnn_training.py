# A small convolutional network trained by hand in a tf.function: the
# gradients of conv2d (input and filter), max_pool2d and avg_pool2d, with a
# batch known only at run time, reproduce TensorFlow's training to the bit.
import tensorflow as tf
tf.random.set_seed(0)
class CNN(tf.Module):
    def __init__(self):
        super().__init__()
        self.k1 = tf.Variable(tf.random.truncated_normal([3, 3, 1, 4], stddev=0.3, seed=1))
        self.k2 = tf.Variable(tf.random.truncated_normal([2, 2, 4, 6], stddev=0.3, seed=2))
        self.w = tf.Variable(tf.random.truncated_normal([24, 3], stddev=0.3, seed=3))
    def __call__(self, x):
        h = tf.nn.relu(tf.nn.conv2d(x, self.k1, 1, "SAME"))
        h = tf.nn.max_pool2d(h, 2, 2, "VALID")
        h = tf.nn.relu(tf.nn.conv2d(h, self.k2, 1, "VALID"))
        h = tf.nn.avg_pool2d(h, 2, 1, "SAME")
        return tf.reshape(h, [-1, 24]) @ self.w
model = CNN()
x = tf.random.stateless_uniform([4, 6, 6, 1], seed=[5, 6])
y = tf.constant([0, 1, 2, 1])
@tf.function(input_signature=[tf.TensorSpec([None, 6, 6, 1]), tf.TensorSpec([None], tf.int32)])
def step(x, y):
    with tf.GradientTape() as t:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, model(x)))
    grads = t.gradient(loss, model.trainable_variables)
    for v, g in zip(model.trainable_variables, grads):
        v.assign_sub(0.1 * g)
    return loss
for i in range(5):
    print(step(x, y).numpy())
print(model.k1.numpy().ravel()[:6])
