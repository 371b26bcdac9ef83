# Gradients reach eager tensors a tf.function captured (TensorFlow passes
# them to the call), to any order; and a custom_gradient function none of
# whose arguments a tape watches records its own ops, so the natural
# gradient reaches what it captured.
import tensorflow as tf
x = tf.constant(2.0)
v = tf.Variable(3.0)

@tf.function
def f():
  return x * x * x

@tf.function
def g(a):
  return a * v + x

with tf.GradientTape(persistent=True) as t:
  t.watch(x)
  y = f()
  z = g(tf.constant(5.0))
print(t.gradient(y, x), t.gradient(z, x), t.gradient(z, v))
with tf.GradientTape() as t2:
  t2.watch(x)
  with tf.GradientTape() as t1:
    t1.watch(x)
    y = f()
  d = t1.gradient(y, x)
print(d, t2.gradient(d, x))
x3 = tf.constant(3.0)
c = tf.constant(2.0)
@tf.custom_gradient
def f(a):
    def grad(dy):
        return dy * 100.0
    return a * x3 * x3, grad
with tf.GradientTape(persistent=True) as t:
    t.watch(x3)
    y = f(c)
print(t.gradient(y, x3))
with tf.GradientTape(persistent=True) as t:
    t.watch([x3, c])
    y = f(c)
print(t.gradient(y, [x3, c]))
