# tf.Variable's constraint: kept and returned by .constraint (an optimizer
# would apply it; assigning does not), and TensorFlow's error for one that
# is not callable.
import tensorflow as tf

v = tf.Variable([-1.0, 0.5, 2.0], constraint=lambda t: tf.clip_by_value(t, 0.0, 1.0))
print(v)
print(v.constraint is not None, tf.Variable(1.0).constraint)
v.assign(v.constraint(v))
print(v)
try:
  tf.Variable(1.0, constraint=5)
except ValueError as e:
  print(e)
w = tf.Variable([3.0, -4.0], constraint=tf.math.abs)
opt_step = w.assign_sub([4.0, 4.0])
w.assign(w.constraint(w))
print(w.numpy())
