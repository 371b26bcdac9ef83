# Gradients through TensorArray writes and stack: a dynamic_size array that
# grows, and one whose size is known at run time only.
import tensorflow as tf

@tf.function
def f(x):
    with tf.GradientTape() as t:
        t.watch(x)
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        ta = ta.write(0, x * 2.0)
        ta = ta.write(1, x * x)
        ta = ta.write(3, tf.sin(x))
        y = tf.reduce_sum(ta.stack() * 3.0)
    return t.gradient(y, x)
print(f(tf.constant([1.0, 2.0])))

@tf.function
def g(x, n):
    with tf.GradientTape() as t:
        t.watch(x)
        ta = tf.TensorArray(tf.float32, size=n)
        ta = ta.write(0, x * 2.0)
        ta = ta.write(1, x * x)
        y = tf.reduce_sum(ta.stack())
    return t.gradient(y, x)
print(g(tf.constant([1.0, 2.0]), tf.constant(3)))
