# A TensorArray's element shape merges the shapes written to it, as
# TensorShape.merge_with does: a write of shape (None,) after one of (2,)
# (or before it) is taken, and its size is checked when the function runs.
import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def after(x):
  ta = tf.TensorArray(tf.int32, size=2)
  ta = ta.write(0, tf.constant([1, 2]))
  ta = ta.write(1, x)
  return ta.stack()


@tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
def before(x):
  ta = tf.TensorArray(tf.int32, size=2)
  ta = ta.write(0, x)
  ta = ta.write(1, tf.constant([5, 6]))
  return ta.stack()


@tf.function
def grown(n):
  ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
  prev = tf.zeros([3], tf.int32)
  ta = ta.write(0, prev)
  for i in tf.range(1, n):
    tf.autograph.experimental.set_loop_options(
        shape_invariants=[(prev, tf.TensorShape([None]))])
    prev = prev + 1
    ta = ta.write(i, prev)
  return ta.stack()


print(after(tf.constant([3, 4])))
print(before(tf.constant([3, 4])))
print(grown(tf.constant(3)))
try:
  after(tf.constant([3, 4, 5]))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__, str(e).splitlines()[0])
