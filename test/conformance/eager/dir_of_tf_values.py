# dir() of TensorFlow and NumPy values lists the names the real classes
# and modules have.
import tensorflow as tf
import numpy as np
t = tf.constant([1.0, 2.0])
names = dir(t)
print(len(names), names[:5], "numpy" in names, "shape" in names)
print([n for n in dir(tf) if n.startswith("re")])
print(len(dir(tf.Variable(1.0))) > 50)
print("mean" in dir(np.array([1.0])))
print([n for n in dir(np) if n.startswith("arg")])
print(dir(tf.float32)[-5:])
print(dir(tf.TensorShape([1]))[-6:])
@tf.function
def f(x):
    return x
print([n for n in dir(f) if not n.startswith("_")][:8])
print(dir(tf.math)[:4])
print("__call__" in dir(f))
