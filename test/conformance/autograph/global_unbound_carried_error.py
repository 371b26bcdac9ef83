# A global that a staged loop carries must exist before the loop:
# AutoGraph reads it first, and Python raises NameError.
import tensorflow as tf


@tf.function
def f(x):
  global missing
  for v in x:
    missing = v
  return missing


print(f(tf.constant([1, 2])))
