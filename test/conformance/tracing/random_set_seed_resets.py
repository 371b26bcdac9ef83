# tf.random.set_seed starts the random ops of functions already traced over,
# as it resets TensorFlow's kernels: their seeds stay those of the trace
# (a new global seed does not retrace), their sequences begin again.
import tensorflow as tf
tf.random.set_seed(1)
@tf.function
def f():
    return tf.random.uniform([2])
print(f().numpy(), f().numpy())
tf.random.set_seed(5)
print(f().numpy())
@tf.function
def f2():
    return tf.random.uniform([2])
tf.random.set_seed(5)
print(f2().numpy())
tf.random.set_seed(1)
print(f().numpy(), f.experimental_get_tracing_count())
tf.random.set_seed(1)
@tf.function
def h():
    return tf.random.normal([2], seed=1)
print(h().numpy())
print(h().numpy())
tf.random.set_seed(1)
print(h().numpy())
@tf.function
def g():
    return tf.random.uniform([2])
tf.random.set_seed(2)
print(g().numpy())
tf.random.set_seed(2)
print(g().numpy())
print(tf.random.uniform([2], seed=3).numpy())
tf.random.set_seed(2)
print(tf.random.uniform([2], seed=3).numpy())
