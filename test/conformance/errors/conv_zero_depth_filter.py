# A filter of depth 0: shape inference's ValueError while tracing, the
# kernel's error eagerly (kiln divided by the depth before).
import tensorflow as tf

@tf.function
def f(x, k):
  return tf.nn.conv2d(x, k, strides=1, padding="VALID")

for kshape in [[2, 2, 0, 1], [2, 2, 0, 3]]:
  x = tf.zeros([1, 4, 4, 0])
  k = tf.zeros(kshape)
  for call in [f, tf.nn.conv2d]:
    try:
      print(call(x, k) if call is f else call(x, k, 1, "VALID"))
    except Exception as e:
      print(type(e).__name__, str(e).splitlines()[-1])
