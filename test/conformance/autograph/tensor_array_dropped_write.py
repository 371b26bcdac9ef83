# A TensorArray write whose result is dropped still tells the array its
# element shape (TensorFlow's copies share it), so stack gives zeros of that
# shape; infer_shape=False with elements of one shape.
import tensorflow as tf
@tf.function
def h():
    ta = tf.TensorArray(tf.float32, size=2)
    ta.write(0, 1.0)
    return ta.stack()
print(h())
@tf.function
def h2():
    ta = tf.TensorArray(tf.float32, size=3)
    ta.write(0, [1.0, 2.0])
    ta = ta.write(1, [3.0, 4.0])
    return ta.stack()
print(h2())
ta = tf.TensorArray(tf.int32, size=2, infer_shape=False)
ta = ta.write(0, [1, 2])
ta = ta.write(1, [3, 4])
print(ta.stack())
