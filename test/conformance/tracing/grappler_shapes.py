# Grappler's rewrites keep every op's shape: a constant is not pushed where
# it would change a broadcast, and trees with sizes known at run time only
# or empty constants compute as written.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([4, 3]), tf.TensorSpec([3])])
def f(a, b):
    return (a + b) + 1.0

@tf.function(input_signature=[tf.TensorSpec([3]), tf.TensorSpec([3]), tf.TensorSpec([None])])
def g(y, z, x):
    return (y + z) + x

@tf.function(input_signature=[tf.TensorSpec([None])])
def h(x):
    return (x + tf.constant([], tf.float32)) + 1.0

print(f(tf.ones([4, 3]), tf.range(3.0)))
print(g(tf.ones([3]), tf.ones([3]), tf.constant([5.0])))
print(h(tf.zeros([0])))
