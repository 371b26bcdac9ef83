# An entry that only one branch of a staged if sets is AutoGraph's
# composite symbol d['b'], which the else branch must set too.
import tensorflow as tf


@tf.function
def f(x):
  d = {"a": x}
  if x > 0:
    d["b"] = x * 2
  return d


print(f(tf.constant(1)))
