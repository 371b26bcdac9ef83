# An eager TensorArray is a list that write() changes in place (it returns
# the same array), as TensorFlow's is; its gradient flows through the
# writes. Ops that write into a tensor (a scatter in a function) leave
# their inputs as they were: an eager tensor and a variable's value keep
# their elements.
import tensorflow as tf

ta0 = tf.TensorArray(tf.float32, size=2, clear_after_read=False).write(0, 1.0)
ta1 = ta0.write(0, 5.0)
print(ta0.read(0), ta1.read(0))
print(ta0.stack(), ta1.stack())

x = tf.constant(2.0)
with tf.GradientTape() as tape:
    tape.watch(x)
    ta = tf.TensorArray(tf.float32, size=2, clear_after_read=False)
    ta = ta.write(0, x * 3.0)
    s = ta.read(0)
print(tape.gradient(s, x))


@tf.function
def scatter(t):
    return tf.tensor_scatter_nd_update(t, [[0]], [9.0])


a = tf.constant([1.0, 2.0])
print(scatter(a))
print(a)
v = tf.Variable([3.0, 4.0])
print(scatter(v.read_value()))
print(v.numpy())
