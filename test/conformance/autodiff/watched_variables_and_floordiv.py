# A tape lists its watched variables in the order they were made, integer
# ones it accessed included (their gradients are None); FloorDiv is not
# differentiable, so its gradient is None.
import tensorflow as tf

a = tf.Variable(1.0, name="a")
b = tf.Variable(2.0, name="b")
c = tf.Variable(3, name="c")
with tf.GradientTape(persistent=True) as t:
  y = b * a + tf.cast(c, tf.float32)
  q = tf.math.floordiv(a * 5.0, 2.0)
print([v.name for v in t.watched_variables()])
print(t.gradient(y, [a, b, c]), t.gradient(q, a))
with tf.GradientTape(watch_accessed_variables=False) as t:
  t.watch(b)
  t.watch(a)
print([v.name for v in t.watched_variables()])
