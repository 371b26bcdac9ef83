# tf.squeeze of a dimension whose size only the run time knows, given its
# axis: the result drops it, and the kernel's check that it is 1 runs when
# the function does.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
def g(x):
  y = tf.squeeze(x, axis=1)
  print(y.shape)
  return y


print(g(tf.ones([2, 1])))
print(g(tf.zeros([0, 1])))
try:
  print(g(tf.ones([2, 2])))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError",
        [l for l in str(e).splitlines() if "Can not squeeze" in l])


@tf.function(input_signature=[tf.TensorSpec([None, 1, None, 1], tf.int32)])
def h(x):
  return tf.squeeze(x, axis=[1, -1])


print(h(tf.reshape(tf.range(6), [2, 1, 3, 1])))

w = tf.Variable([[0.5], [2.0]])


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32),
                              tf.TensorSpec([None], tf.float32)])
def train(x, y):
  with tf.GradientTape() as tape:
    pred = tf.squeeze(x @ w, axis=1)
    loss = tf.reduce_mean((pred - y) ** 2)
  w.assign_sub(0.1 * tape.gradient(loss, w))
  return loss


print(train(tf.ones([3, 2]), tf.constant([1., 2., 3.])).numpy(), w.numpy())


# Two dimensions kept that only the run time knows; a static result whose
# squeezed dimension turns out empty.
@tf.function(input_signature=[tf.TensorSpec([None, None, None], tf.float32)])
def keep_two(x):
  return tf.squeeze(x, axis=2)


print(keep_two(tf.ones([2, 3, 1])))


@tf.function(input_signature=[tf.TensorSpec([3, None], tf.float32)])
def to_static(x):
  return tf.squeeze(x, axis=1)


print(to_static(tf.ones([3, 1])))
try:
  print(to_static(tf.ones([3, 0])))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError",
        [l for l in str(e).splitlines() if "Can not squeeze" in l])
