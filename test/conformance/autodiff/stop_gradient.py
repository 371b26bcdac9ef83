# tf.stop_gradient passes its value through and blocks the gradient, eagerly
# and inside a function (a target network's output in a loss).
import tensorflow as tf
x = tf.Variable(3.0)
with tf.GradientTape() as t:
    y = x * x + tf.stop_gradient(x * x)
print(t.gradient(y, x))
print(tf.stop_gradient(tf.constant([1, 2])))

@tf.function
def f(a):
    with tf.GradientTape() as tape:
        tape.watch(a)
        target = tf.stop_gradient(a * 2.0)
        loss = tf.reduce_sum((a - target) ** 2)
    return tape.gradient(loss, a), target
print(f(tf.constant([1.0, 2.0])))
