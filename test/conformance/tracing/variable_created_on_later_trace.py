# A tf.function whose first trace made no variables may make one on a
# later trace; that call then fails with TensorFlow's "non-first call"
# ValueError (kiln raised the singleton-variable error). One whose first
# trace made variables must make none later: the singleton error.
import tensorflow as tf


class Lazy:

  def __init__(self):
    self.calls = 0

  @tf.function
  def __call__(self, x):
    self.calls += 1
    if self.calls == 2:
      self.v = tf.Variable(1.0)
    return x


lazy = Lazy()
print(lazy(tf.constant(1.0)).numpy())
try:
  lazy(tf.constant([1.0]))
except ValueError as e:
  print("ValueError:", e)


class Eager:

  def __init__(self):
    self.calls = 0

  @tf.function
  def __call__(self, x):
    self.calls += 1
    if self.calls in (1, 3):
      self.v = tf.Variable(1.0)
    return x + self.v


eager = Eager()
print(eager(tf.constant(1.0)).numpy())
try:
  eager(tf.constant([1.0]))
except ValueError as e:
  print("ValueError:", str(e).splitlines()[-1])
