# GradientTape's state errors: re-entering an active tape (which goes on
# recording), stop_recording on a tape never entered or no longer
# recording; and tf.UnconnectedGradients as TensorFlow's enum.
import tensorflow as tf

x = tf.constant(2.0)
t = tf.GradientTape()
with t:
  t.watch(x)
  try:
    with t:
      y = x * x
  except ValueError as e:
    print(type(e).__name__, e)
  y = x * x
print(t.gradient(y, x))

fresh = tf.GradientTape(persistent=True)
try:
  with fresh.stop_recording():
    print("not reached")
except RuntimeError as e:
  print(type(e).__name__, e)
with fresh:
  fresh.watch(x)
  z = x * x * x
  with fresh.stop_recording():
    w = z * 2.0
try:
  with fresh.stop_recording():
    pass
except ValueError as e:
  print(type(e).__name__, e)
print(fresh.gradient(z, x), fresh.gradient(w, x))

zero = tf.UnconnectedGradients.ZERO
print(zero, repr(tf.UnconnectedGradients.NONE), zero.value, zero.name)
print(zero == "zero", tf.UnconnectedGradients("zero") is zero,
      isinstance(zero, tf.UnconnectedGradients))
with tf.GradientTape() as t:
  t.watch(x)
  u = tf.constant(1.0) * 3.0
print(t.gradient(u, x, unconnected_gradients=zero))
print(tf.random.Algorithm.PHILOX, repr(tf.random.Algorithm.AUTO_SELECT))
