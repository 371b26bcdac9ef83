# The stateful tf.random.uniform and tf.random.normal after
# tf.random.set_seed, bit for bit: op seeds drawn as TensorFlow's eager
# context draws them, kernels cached by their seeds (the same op seed twice
# continues one sequence), set_seed starting over.
import tensorflow as tf
tf.random.set_seed(42)
print(tf.random.normal([2, 3]))
print(tf.random.uniform([5]))
print(tf.random.uniform([2, 2], minval=-1, maxval=1))
print(tf.random.uniform([4], 0, 10, dtype=tf.int32))
print(tf.random.normal([3], mean=1.0, stddev=0.1, dtype=tf.float64))
print(tf.random.uniform([3], maxval=5.0))
tf.random.set_seed(42)
print(tf.random.normal([2, 3]))
tf.random.set_seed(None)
print(tf.random.uniform([2], seed=1))
print(tf.random.uniform([2], seed=1))
tf.random.set_seed(7)
print(tf.random.uniform([3], seed=3))
print(tf.random.uniform([3], seed=3))
print(tf.random.uniform([1], seed=3, dtype=tf.float64))
w = tf.Variable(tf.random.normal([3, 2], stddev=0.5))
print(w.numpy())
tf.random.set_seed(0)
print(tf.random.uniform([2]), tf.random.uniform([3], 0, 100, dtype=tf.int64))
tf.random.set_seed(123456789012)
print(tf.random.normal([4]))
