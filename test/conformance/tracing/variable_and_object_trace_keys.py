# The trace cache keys a tf.Variable argument as TensorFlow's VariableSpec
# does, by dtype, shape, trainable and which of the call's variables it is
# (the same variable passed twice is another trace); kiln reused traces
# whose Python decisions were made for other variables. An object with its
# own __eq__ and __hash__ matches an equal one's trace while that one
# lives.
import tensorflow as tf


@tf.function
def scaled(v):
  print("tracing scaled", v.trainable)
  if v.trainable:
    return v * 1.0
  return tf.stop_gradient(v) * 0.0


print(scaled(tf.Variable(1.0)))
print(scaled(tf.Variable(2.0, trainable=False)))
print(scaled(tf.Variable(3.0)))


@tf.function
def pair(a, b):
  print("tracing pair")
  if a is b:
    return a * 10.0
  return a + b


x = tf.Variable(1.0)
y = tf.Variable(2.0)
print(pair(x, y), pair(x, x), pair(y, x), pair(y, y))
print(pair.experimental_get_tracing_count())


@tf.function
def trainables(vs):
  return len([v for v in vs if v.trainable])


print(trainables([x, tf.Variable(5.0, trainable=False)]))
print(trainables([x, y]))


class Config:

  def __init__(self, k, name):
    self.k, self.name = k, name

  def __eq__(self, other):
    return self.name == other.name

  def __hash__(self):
    return hash(self.name)


@tf.function
def apply(x, cfg):
  print("tracing apply", cfg.k)
  return x * cfg.k


keep = [Config(2, "lin"), Config(3, "lin")]
print(apply(tf.constant(1), keep[0]), apply(tf.constant(1), keep[1]))
print(apply(tf.constant(2), keep[0]))
print(apply.experimental_get_tracing_count())


# A variable argument is described by its VariableSpec, not as a capture.
@tf.function
def described(v, x, w):
  return v + x + w


u = tf.Variable([1.0, 2.0], trainable=False)
cf = described.get_concrete_function(x, tf.constant(2.0), u)
print(cf.structured_input_signature)
print(cf)
print(described.get_concrete_function(x, tf.constant(2.0),
                                      x).structured_input_signature)
print(cf(x, tf.constant(1.0), u))
