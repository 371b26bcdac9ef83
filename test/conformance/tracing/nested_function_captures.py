# A tf.function defined inside another's trace may capture the outer
# graph's tensors (at any depth of nesting): each call passes them in, as
# TensorFlow's captures do, alongside the variables it reads.
import tensorflow as tf

v = tf.Variable(10.0)
w = tf.Variable([1.0, 2.0])


@tf.function
def outer(x):
  y = x * 2.0
  s = tf.reduce_sum(x)

  @tf.function
  def inner(z):
    b = v * z + y
    if tf.reduce_sum(z) > 0:
      b = b + s
    else:
      b = b - w
    return b

  @tf.function
  def step(z):
    return v * z + y - w

  @tf.function
  def middle(z):
    @tf.function
    def deepest(q):
      return q * s + y
    return deepest(z) + inner(z)

  r1 = inner(x)
  r2 = inner(x + 1.0)
  r3 = inner(tf.constant([[1.0, 1.0], [2.0, 2.0]]))
  r4 = middle(x)
  i = tf.constant(0)
  acc = tf.zeros_like(x)
  while i < 3:
    acc += step(acc)
    i += 1
  return r1, r2, r3, r4, acc


for t in outer(tf.constant([1.0, -3.0])):
  print(t)


@tf.function
def grad_outer(x):
  y = x * x

  @tf.function
  def inner(z):
    return z * y

  with tf.GradientTape() as tape:
    tape.watch(x)
    out = inner(x)
  return tape.gradient(out, x)


print(grad_outer(tf.constant(3.0)))


# A nested function's tf.print called in a staged loop prints on each
# iteration.
@tf.function
def printing(z):
  tf.print("printing", z)
  return z + 1.0


@tf.function
def loop(x):
  i = tf.constant(0)
  acc = tf.zeros_like(x)
  while i < 3:
    acc += printing(acc)
    i += 1
  return acc


print(loop(tf.constant([1.0, -3.0])))

# Called outside the trace it captured from, the function has no tensors
# to pass.
leaked = []


@tf.function
def leaker(x):
  y = x + 1.0

  @tf.function
  def inner(z):
    return z + y

  leaked.append(inner)
  return inner(x)


print(leaker(tf.constant(1.0)))
try:
  print(leaked[0](tf.constant(2.0)))
except TypeError as e:
  print("TypeError")
