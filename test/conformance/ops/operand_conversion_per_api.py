# Each API converts a non-tensor operand as its Python wrapper does:
# tf.add and tf.math.truediv convert x on its own (a NumPy array keeps its
# dtype, so float64 beside an int32 tensor is an error, where kiln
# truncated it), y then takes x's dtype as a hint; tf.matmul converts b
# with a's dtype as a hint; tf.subtract, tf.multiply and the comparisons
# convert either operand to the tensor's dtype.
import numpy as np
import tensorflow as tf

t = tf.constant([1, 2])
f = tf.constant([1.0, 2.0])
cases = [
    ("add np-f64,int", lambda: tf.add(np.array([0.5, 1.5]), t)),
    ("add int,np-f64", lambda: tf.add(t, np.array([0.5, 1.5]))),
    ("add list-f,int", lambda: tf.add([0.5, 1.5], t)),
    ("add list-i,f32", lambda: tf.add([1, 2], f)),
    ("add np-i64,f32", lambda: tf.add(np.array([1, 2]), f)),
    ("add f32,np-i64", lambda: tf.add(f, np.array([1, 2]))),
    ("sub np-f64,int", lambda: tf.subtract(np.array([0.5, 1.5]), t)),
    ("mul np-f64,int", lambda: tf.multiply(np.array([0.5, 1.5]), t)),
    ("maximum np-f64,int", lambda: tf.maximum(np.array([0.5, 1.5]), t)),
    ("div np-f64,int", lambda: tf.math.divide(np.array([0.5, 1.5]), t)),
    ("div 2,f32", lambda: tf.math.divide(2, f)),
    ("truediv np-f64,f32", lambda: tf.math.truediv(np.array([0.5, 1.5]), f)),
    ("truediv 2,f32", lambda: tf.math.truediv(2, f)),
    ("truediv np-f32,f32", lambda: tf.math.truediv(np.array([1.0, 3.0], np.float32), f)),
    ("2 / f32", lambda: 2 / f),
    ("matmul int,np-f32", lambda: tf.matmul(tf.constant([[1, 2]]), np.ones([2, 2], np.float32))),
    ("matmul np-f32,int", lambda: tf.matmul(np.ones([1, 2], np.float32), tf.constant([[1], [2]]))),
    ("matmul np-f64,f32", lambda: tf.matmul(np.ones([1, 2]), tf.constant([[1.0], [2.0]]))),
    ("equal np-f64,int", lambda: tf.equal(np.array([0.5, 1.5]), t)),
    ("floordiv np-f64,int", lambda: tf.math.floordiv(np.array([0.5, 1.5]), t)),
]
for name, fn in cases:
  try:
    r = fn()
    print(name, r.dtype.name, r.numpy().tolist())
  except (TypeError, tf.errors.InvalidArgumentError) as e:
    print(name, type(e).__name__, str(e).splitlines()[0])


@tf.function
def shift(x):
  return tf.add(np.array([0.5, 1.5]), x)


@tf.function
def scale(x):
  return tf.math.truediv(np.array([1.0, 2.0], np.float32), x), tf.matmul(x[None], np.ones([2, 1], np.float32))


print(scale(f))
try:
  shift(t)
except TypeError as e:
  print("TypeError", str(e).splitlines()[-1].strip())
