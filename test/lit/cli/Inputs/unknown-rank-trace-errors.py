# Ops that need their input's rank at trace time, on TensorSpecs of unknown rank.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def f(x):
    return tf.tile(x, [2])
try:
    print(f(tf.constant([1.0, 2.0])))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def g(x):
    return tf.matmul(x, x)
try:
    print(g(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])

@tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
def h(x):
    return tf.reshape(x, [-1]), tf.transpose(x), x[0], tf.shape(x)
try:
    print(h(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])
