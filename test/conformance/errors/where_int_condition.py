# tf.where's condition tensor must be bool: SelectV2 checks its input's
# dtype (a TypeError while tracing, the kernel's InvalidArgumentError
# eagerly) rather than converting it. The one-argument form takes any
# dtype. A Python list condition is converted.
import tensorflow as tf

x = tf.constant([1, 2])
print(tf.where(tf.constant([0, 3])))
print(tf.where([True, False], x, -x))
try:
    print(tf.where(x, x, x))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", e)


@tf.function
def f(x):
    return tf.where(x, x, x)


print(f(x))
