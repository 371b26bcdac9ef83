# Gradients of the trigonometric and hyperbolic functions and their
# inverses, eagerly and inside tf.function, as TensorFlow's math_grad.py
# writes them.
import tensorflow as tf

x = tf.constant([-0.7, -0.2, 0.1, 0.45, 0.9])
big = tf.constant([1.1, 1.5, 2.0, 3.0, 7.5])
fns = [("tan", tf.math.tan, x), ("asin", tf.math.asin, x),
       ("acos", tf.math.acos, x), ("atan", tf.math.atan, x),
       ("atanh", tf.math.atanh, x), ("sinh", tf.math.sinh, x),
       ("cosh", tf.math.cosh, x), ("asinh", tf.math.asinh, x),
       ("acosh", tf.math.acosh, big)]
for name, fn, arg in fns:
    with tf.GradientTape() as tape:
        tape.watch(arg)
        y = tf.reduce_sum(fn(arg) * tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
    print(name, tape.gradient(y, arg).numpy().tolist())

@tf.function
def atan2_grads(y, x):
    with tf.GradientTape() as tape:
        tape.watch([y, x])
        z = tf.reduce_sum(tf.math.atan2(y, x))
    return tape.gradient(z, [y, x])

print(atan2_grads(tf.constant([[1.0], [-2.0]]), tf.constant([0.5, -1.5, 3.0])))
