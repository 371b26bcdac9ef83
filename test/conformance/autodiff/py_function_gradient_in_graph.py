# A GradientTape inside a tf.function differentiates through tf.py_function:
# the node runs the Python function under a tape of its own, which its
# gradient node (another EagerPyFunc) asks for the inputs' gradients. The
# Python function runs once per call.
import tensorflow as tf

calls = []


def cube(a):
    calls.append(float(a.numpy()))
    return a * a * a


@tf.function
def grad_inside(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.py_function(cube, [x], tf.float32)
        z = y * 2.0
    g = tape.gradient(z, x)
    print("gradient in graph:", g)
    return z, g


print(grad_inside(tf.constant(2.0)))
print(grad_inside(tf.constant(3.0)))
print(calls)

v = tf.Variable([1.0, 2.0, 3.0])


@tf.function
def step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.py_function(lambda a: a * a, [v], tf.float32))
    g = tape.gradient(loss, v)
    v.assign_sub(0.1 * g)
    return loss


print(step(), v.numpy())
print(step(), v.numpy())


@tf.function
def product_only(a, b):
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        s, p = tf.py_function(lambda u, w: (u + w, u * w), [a, b],
                              [tf.float32, tf.float32])
    return tape.gradient(p, [a, b])


print(product_only(tf.constant(2.0), tf.constant(5.0)))
