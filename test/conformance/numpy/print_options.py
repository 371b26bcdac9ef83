# np.set_printoptions' precision, suppress, threshold, edgeitems and
# linewidth change how NumPy arrays and TensorFlow tensors print (tf.print
# keeps its own format); np.get_printoptions reports them.
import numpy as np
import tensorflow as tf
a = np.array([1.123456789, 2.5, 3e-5], dtype=np.float32)
t = tf.constant(a)
np.set_printoptions(precision=3)
print(a); print(t); print(t.numpy()); print(repr(a))
np.set_printoptions(suppress=True)
print(a); print(t)
np.set_printoptions(precision=8, suppress=False, threshold=5, edgeitems=2)
print(np.arange(10)); print(tf.range(10))
np.set_printoptions(linewidth=20, threshold=1000, edgeitems=3)
print(np.arange(12)); print(tf.range(12))
print(np.get_printoptions()["precision"])
tf.print(tf.constant([1.123456789]))
np.set_printoptions(precision=3, suppress=False, threshold=20, edgeitems=2, linewidth=75)
print(np.arange(30.0) / 7)
print(repr(np.arange(30)))
b = np.array([[1e-9, 1.0], [123.456789, 1e5]])
print(b)
np.set_printoptions(suppress=True)
print(b)
print(tf.constant(b))
print(np.get_printoptions())
np.set_printoptions(threshold=np.inf)
print(np.get_printoptions()["threshold"], np.arange(1005)[-3:])
np.set_printoptions(threshold=-1)
print(np.arange(10))
try:
  np.set_printoptions(threshold=float("nan"))
except ValueError as e:
  print(e)
np.set_printoptions(threshold=1000)
print(np.get_printoptions()["threshold"])
