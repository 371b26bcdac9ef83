# Writing to a TensorArray of size 0 that cannot grow (dynamic_size left
# False, a common slip) fails when the function runs, with the TensorList
# kernel's error. (kiln failed to compile the write.)
import tensorflow as tf


@tf.function
def fill(x):
  ta = tf.TensorArray(tf.float32, size=0)
  ta = ta.write(0, x)
  return ta.stack()


@tf.function
def grow(x):
  ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
  ta = ta.write(0, x)
  return ta.stack()


print(grow(tf.constant(1.5)))
try:
  fill(tf.constant(1.5))
except tf.errors.InvalidArgumentError as e:
  print([l for l in str(e).splitlines() if "Trying" in l])
