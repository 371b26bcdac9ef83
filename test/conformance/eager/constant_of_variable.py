# tf.constant of a variable is its value (cast to dtype=) eagerly; inside a
# function TensorFlow's conversion asks the variable for numpy(), which
# fails there.
import tensorflow as tf
v = tf.Variable([1, 2])
print(tf.constant(v))
print(tf.constant(v, dtype=tf.float32))
@tf.function
def f():
    return tf.constant(v)
try:
    print(f())
except Exception as e:
    print(type(e).__name__, str(e).strip().splitlines()[-1])
