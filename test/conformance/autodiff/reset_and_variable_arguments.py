# GradientTape.reset(), a tf.custom_gradient function given a variable as
# its argument eagerly (the variable's gradient comes back as the
# argument's, so grad_fn needs no `variables=`), and the container an eager
# tf.while_loop returns (the body's).
import tensorflow as tf


@tf.custom_gradient
def triple_gradient(x):
    return tf.identity(x), lambda dy: dy * 3.0


v = tf.Variable(1.0)
with tf.GradientTape() as tape:
    y = triple_gradient(v)
print(tape.gradient(y, v))


@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


v = tf.Variable(2.0)
with tf.GradientTape() as tape:
    output = clip_gradients(v * v)
print(tape.gradient(output, v))

print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]))
print(tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j * 2), (0, 1)))
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], (0,)))
print(tf.while_loop(lambda i: i < 0, lambda i: (i + 1,), [0]))
try:
    tf.while_loop(lambda i: i < 3, lambda i: i + 1, [0])
except TypeError as e:
    print("TypeError:", e)

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    y = x * x
    tape.reset()
    z = x * x * x
print(tape.gradient(z, x))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    tape.reset()
    print(tape.watched_variables())
    z = x * 2.0
print(tape.gradient(z, x), tape.gradient(y, x))
try:
    tape.reset()
except ValueError as e:
    print("ValueError:", e)
