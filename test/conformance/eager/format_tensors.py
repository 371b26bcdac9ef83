# Tensors and NumPy scalars in f-strings, str.format and % formatting, as a
# training loop prints them: an eager tensor formats as its NumPy value.
import numpy as np
import tensorflow as tf

loss = tf.constant(41.123456)
print(f"loss: {loss:.4f}", "{:.2f}".format(loss), "loss %.2f" % loss)
print(f"{tf.constant(3.14159)}", f"{tf.constant([1.0, 2.0])}",
      f"{tf.constant(True)}", f"{tf.constant(7):>4}")
print(f"{tf.constant([[1, 2], [3, 4]])}")
print("%s | %r | %d | %5.1f" % (tf.constant(1.5), tf.constant(2),
                                 tf.constant(3), tf.constant(2.25)))
try:
    print(f"{tf.constant([1.0, 2.0]):.2f}")
except TypeError as e:
    print("TypeError")
v = tf.constant(2.5).numpy()
i = tf.constant(7).numpy()
print("%.2f %d %s" % (v, i, v), round(v), round(v, 1), ["a", "b", "c"][i - 6])
print(f"{np.float32(3.14159)} {np.int32(7)} {np.array([1.5, 2.0], np.float32)}")
print(type(v), type(i), type(np.ones(2)), type(tf.constant(1)))
print([10, 20, 30][tf.constant(1)])


@tf.function
def describe(x):
    print(f"tracing with {x}")
    return x


describe(tf.constant(1.0))
