# batch_jacobian of an unconnected source is zeros of the jacobian's shape
# (TensorFlow keeps its older behavior there); jacobian gives None.
import tensorflow as tf
x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
u = tf.Variable([[0.0, 0.0], [0.0, 0.0]])
with tf.GradientTape(persistent=True) as tape:
    y = x * 2.0
print(tape.batch_jacobian(y, u))
print(tape.jacobian(y, u))
