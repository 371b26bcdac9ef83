# tf.reshape to sizes whose product overflows int64: the kernel's "has too
# many elements" eagerly (kiln divided by the wrapped product, 0, and died
# of SIGFPE with a -1 in the shape), shape inference's overflow error in a
# function.
import tensorflow as tf

for x, s in [(tf.zeros([0]), [2**32, 2**32, -1]),
             (tf.zeros([4]), [2**32, 2**32, -1]),
             (tf.zeros([4]), [2**32, 2**32]),
             (tf.zeros([4]), [-1, 2**62, 4])]:
  try:
    print(tf.reshape(x, s).shape)
  except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)


@tf.function
def f(x):
  return tf.reshape(x, [2**32, 2**32, -1])


try:
  f(tf.zeros([4]))
except ValueError as e:
  print(type(e).__name__, str(e).splitlines()[-1].split(" for ")[0])
