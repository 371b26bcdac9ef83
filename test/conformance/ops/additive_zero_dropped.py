# Inside a tf.function grappler drops an addition of constant zeros that
# do not broadcast (x + 0.0, 0.0 + x, x - 0.0 are x), so a -0.0 survives
# where eager code rounds it to +0.0; a sum of constants still folds.
import tensorflow as tf


@tf.function
def reciprocal_of_zero(x):
  return 1.0 / (x * 0.0 + 0.0), 1.0 / (0.0 + x * 0.0), 1.0 / (x * 0.0 - 0.0)


x = tf.constant([2.0, -2.0])
print(reciprocal_of_zero(x))
print(1.0 / (x * 0.0 + 0.0))


@tf.function
def folded():
  return 1.0 / (tf.constant(-0.0) + 0.0)


print(folded())
