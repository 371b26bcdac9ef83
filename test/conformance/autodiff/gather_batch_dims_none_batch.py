# tf.gather with batch_dims over a batch whose size only the run time knows
# (an input_signature with None, a DQN-style step picking Q-values by
# action), forward and differentiated; unequal batch sizes and bad indices
# fail when the function runs.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def pick(q, actions):
  return tf.gather(q, actions, batch_dims=1)


print(pick(tf.constant([[1., 3., 0.], [2.5, 0., 1.]]), tf.constant([1, 0])))
print(pick(tf.zeros([0, 3]), tf.zeros([0], tf.int32)))
for q, a in [(tf.ones([2, 3]), tf.constant([1, 0, 2])),
             (tf.ones([2, 3]), tf.constant([1, 5]))]:
  try:
    print(pick(q, a))
  except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:",
          [l for l in str(e).splitlines() if "should" in l or "not in" in l])


@tf.function(input_signature=[tf.TensorSpec([None, None, 4], tf.float32),
                              tf.TensorSpec([None, 2], tf.int64)])
def pick_inner(q, idx):
  return tf.gather(q, idx, batch_dims=1, axis=2)


print(pick_inner(tf.reshape(tf.range(24.), [2, 3, 4]),
                 tf.constant([[0, 3], [2, 1]], tf.int64)))

w = tf.Variable(tf.ones([4, 3]))


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def step(x, actions):
  with tf.GradientTape() as tape:
    q = x @ w
    picked = tf.gather(q, actions, batch_dims=1)
    loss = tf.reduce_mean(tf.square(picked - 1.0))
  w.assign_sub(0.1 * tape.gradient(loss, w))
  return loss


x = tf.reshape(tf.range(8.), [2, 4]) / 8
print(step(x, tf.constant([1, 2])).numpy(), w.numpy())
print(step(x[:1], tf.constant([0])).numpy(), w.numpy())

p = tf.Variable(tf.reshape(tf.range(24.), [2, 3, 4]) / 10)


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int32)])
def inner_grad(idx):
  with tf.GradientTape() as tape:
    y = tf.gather(tf.identity(p), idx, batch_dims=1, axis=2)
    loss = tf.reduce_sum(y * y)
  return tape.gradient(loss, p)


print(inner_grad(tf.constant([[0, 3], [3, 3]])))


# Params with an empty dimension besides the batch: the segment rows are
# counted, not inferred.
@tf.function(input_signature=[tf.TensorSpec([None, 0, 3], tf.float32),
                              tf.TensorSpec([None], tf.int32)])
def empty_rows(p, idx):
  with tf.GradientTape() as tape:
    tape.watch(p)
    loss = tf.reduce_sum(tf.gather(p, idx, batch_dims=1, axis=2))
  return tape.gradient(loss, p)


print(empty_rows(tf.zeros([2, 0, 3]), tf.constant([1, 2])))
