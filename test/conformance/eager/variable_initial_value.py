# An eager variable keeps no initial value: TensorFlow refuses the
# property eagerly, and a tf.function sees None.
import tensorflow as tf

v = tf.Variable(1.0)


@tf.function
def initial():
    print("in a function:", v.initial_value)
    return v + 1


print(initial())
try:
    print(v.initial_value)
except RuntimeError as e:
    print("RuntimeError:", e)
print(hasattr(v, "initial_value"))
