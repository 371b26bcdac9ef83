# Neural-network APIs name their results as TensorFlow's Python wrappers
# do, which a print of a symbolic tensor shows: batch_normalization works
# in its batchnorm scope, silu/swish end in their custom gradient's
# IdentityN, embedding_lookup gathers as its scope then takes an Identity,
# the sparse cross-entropy is its op in its scope, linspace and eye end in
# their scope's Slice, diag or set_diag, and separable_conv2d's pointwise
# convolution is named as its scope. Gradients and run-time checks still
# go through them.
import tensorflow as tf

table = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])


@tf.function
def names(x, ids, labels):
  print(tf.nn.batch_normalization(x, 0.5, 2.0, 0.1, 1.5, 1e-3))
  print(tf.nn.batch_normalization(x, 0.5, 2.0, None, None, 1e-3, name="bn"))
  print(tf.nn.silu(x), tf.nn.swish(x, beta=2.0), x * 2.0)
  print(tf.nn.embedding_lookup(table, ids), tf.nn.embedding_lookup(x, ids))
  print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                       logits=x))
  print(tf.linspace(0.0, 1.0, 5), tf.eye(3), tf.eye(2, 3, batch_shape=[2]))
  img = tf.ones([1, 4, 4, 3])
  print(
      tf.nn.separable_conv2d(img, tf.ones([2, 2, 3, 2]), tf.ones([1, 1, 6, 4]),
                             [1, 1, 1, 1], "VALID"))
  print(tf.constant(1.0), tf.reduce_sum(x))
  return x


# A name= opens the API's scope, which names its nodes as without one.
@tf.function
def given_names(x):
  print(tf.nn.dropout(x, 0.5, seed=1, name="d"))
  print(tf.sequence_mask([1, 2], 3, name="m"), tf.clip_by_norm(x, 1.0, name="c"))
  print(
      tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1],
                                                     logits=x,
                                                     name="s"))
  print(tf.nn.embedding_lookup(x, [0], name="e"), tf.linspace(0.0, 1.0, 3, name="l"),
        tf.eye(2, name="i"))
  print(
      tf.nn.separable_conv2d(tf.ones([1, 4, 4, 3]), tf.ones([2, 2, 3, 2]),
                             tf.ones([1, 1, 6, 4]), [1, 1, 1, 1], "VALID",
                             name="sep"))
  return x


given_names(tf.ones([2, 3]))
try:
  tf.nn.silu(tf.ones([2]), name="x")
except TypeError as e:
  print(e)

names(tf.ones([2, 3]), tf.constant([1, 2]), tf.constant([0, 1]))


@tf.function
def grads(x, ids):
  with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    s = tf.reduce_sum(tf.nn.silu(x) * x)
    e = tf.reduce_sum(tf.nn.embedding_lookup(table, ids) * 2.0)
    b = tf.reduce_sum(tf.nn.batch_normalization(x, 0.5, 2.0, 0.1, 1.5, 1e-3))
  return (tape.gradient(s, x), tf.convert_to_tensor(tape.gradient(e, table)),
          tape.gradient(b, x))


print(grads(tf.constant([[-1.0, 0.5, 2.0]]), tf.constant([2, 0, 2])))
print(tf.nn.silu(tf.constant([-1.0, 0.5])),
      tf.nn.embedding_lookup(table, [1]))


@tf.function(input_signature=[
    tf.TensorSpec([None], tf.int32),
    tf.TensorSpec([None, 3], tf.float32)
])
def loss(labels, logits):
  return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels,
                                                        logits=logits)


print(loss(tf.constant([0, 2]), tf.constant([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]])))
try:
  loss(tf.constant([3]), tf.ones([1, 3]))
except tf.errors.InvalidArgumentError as e:
  lines = str(e).splitlines()
  print(type(e).__name__, lines[-2], lines[-1].split(" [Op:")[0])
