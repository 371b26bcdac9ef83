# A tensor used three or more times gets gradients whose sum depends on
# its order. Inside a tf.function TensorFlow names the gradient ops
# "gradient_tape/<forward op>/...", and grappler sums them in name order
# (constant ones folded in that order too).
import tensorflow as tf


@tf.function
def constant_terms(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    y = x * 0.9688 + x * 0.0001 + x * -1.99
  return tape.gradient(y, x)


print(constant_terms(tf.constant(1.0)).numpy().item())


@tf.function
def rosenbrock_grad(p):
  with tf.GradientTape() as tape:
    tape.watch(p)
    f = tf.reduce_sum(100.0 * (p[1:] - p[:-1] ** 2) ** 2 + (1.0 - p[:-1]) ** 2)
  return f, tape.gradient(f, p)


p = tf.constant([-1.2, 1.0, 0.7, 1.3, -0.4])
for step in range(3):
  f, g = rosenbrock_grad(p)
  p = p - 0.0005 * g
  print(repr(f.numpy()), repr(g.numpy().tolist()))


@tf.function
def mixed(x):
  with tf.GradientTape() as tape:
    tape.watch(x)
    z = tf.sin(x * 0.9688 + x * 0.0001 + x * -1.99) * tf.reduce_sum(x)
  return tape.gradient(z, x)


print(mixed(tf.constant([0.3, -1.1, 2.5])).numpy().tolist())
