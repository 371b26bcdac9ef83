# Eager kernels' dtype and shape errors with TensorFlow's wording: the
# OpDef's allowed list for softmax, tile's multiples, gather's indices and
# reductions of strings; expand_dims' and squeeze's kernel prefix.
import tensorflow as tf


def show(fn):
  try:
    fn()
  except Exception as e:
    print(type(e).__name__, "|", str(e))


show(lambda: tf.nn.softmax(tf.constant([1, 2])))
show(lambda: tf.nn.log_softmax(tf.constant([1, 2])))
show(lambda: tf.tile(tf.constant([1, 2]), [2.0]))
show(lambda: tf.expand_dims(tf.constant([1, 2]), 3))
show(lambda: tf.squeeze(tf.constant([[1, 2]]), axis=1))
show(lambda: tf.math.argmax(tf.constant(["a"])))
show(lambda: tf.reduce_sum(tf.constant(["a", "b"])))
show(lambda: tf.gather(tf.zeros([3]), [0.5]))
show(lambda: tf.gather(tf.zeros([3]), tf.constant([0.5])))


@tf.function
def traced(x):
  return tf.nn.softmax(x)


try:
  traced(tf.constant([1, 2]))
except TypeError as e:
  print("TypeError |", str(e).splitlines()[-1])

# A tape used without its `with` block recorded nothing.
x = tf.Variable(2.0)
tape = tf.GradientTape()
y = x * x
show(lambda: tape.gradient(y, x))
