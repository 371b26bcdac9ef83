# Second-order gradients through a tf.function called under two tapes,
# eagerly and from another tf.function: the outer tape differentiates the
# inner tape's gradient through the call's body.
import tensorflow as tf


@tf.function
def f(x):
  return x[0] * x[0] * x[1] + tf.sin(x[1])


def hessian_eager(x):
  with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
      t1.watch(x)
      y = f(x)
    g = t1.gradient(y, x)
  return g, t2.jacobian(g, x)


@tf.function
def hessian_traced(x):
  with tf.GradientTape() as t2:
    t2.watch(x)
    with tf.GradientTape() as t1:
      t1.watch(x)
      y = f(x)
    g = t1.gradient(y, x)
  return g, t2.jacobian(g, x)


x = tf.constant([0.5, -0.25])
print(hessian_eager(x))
print(hessian_traced(x))

w = tf.Variable([1.5, -2.0])


@tf.function
def energy(x):
  return tf.reduce_sum(w * x * x * x)


@tf.function
def curvature(x):
  with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
      inner.watch(x)
      e = energy(x)
    g = inner.gradient(e, x)
    s = tf.reduce_sum(g * g)
  return s, outer.gradient(s, [x, w])


print(curvature(tf.constant([0.3, 0.7])))
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  with tf.GradientTape() as inner:
    inner.watch(x)
    y = f(x)
  g = inner.gradient(y, x)
  total = tf.reduce_sum(g)
print(tape.gradient(total, x), tape.gradient(g, x))
