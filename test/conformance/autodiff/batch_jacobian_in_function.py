# tape.batch_jacobian, and tape.jacobian inside a tf.function.
import tensorflow as tf

xb = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as tape:
    tape.watch(xb)
    yb = tf.stack([xb[:, 0] * xb[:, 1], xb[:, 0] ** 2, tf.sin(xb[:, 1])], axis=1)
print(tape.batch_jacobian(yb, xb))
@tf.function
def f(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        out = tf.exp(v) * v[0]
    return tape.jacobian(out, v)
print(f(tf.constant([0.5, 1.0])))
