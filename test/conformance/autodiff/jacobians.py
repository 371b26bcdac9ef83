# tape.jacobian: one gradient per target element (elementwise, a dense
# layer, a list of sources).
import tensorflow as tf
x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    y = x * x
print(tape.jacobian(y, x))
w = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
a = tf.constant([[1.0, 1.5, 0.5]])
with tf.GradientTape(persistent=True) as tape:
    z = tf.nn.tanh(a @ w)
    s = tf.reduce_sum(z)
j = tape.jacobian(z, w)
print(j.shape, j)
print(tape.jacobian(s, [w, x]))
