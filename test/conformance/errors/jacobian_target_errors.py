# jacobian of a list reads its shape (AttributeError), of an integer target
# is None; batch_jacobian needs a target of rank 2 or more (a scalar is an
# IndexError in TensorFlow's shape lookup).
import tensorflow as tf
x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    yi = tf.cast(x, tf.int32)
    y = x * x
try:
    print(t.jacobian(yi, x))
except Exception as e:
    print(type(e).__name__, str(e)[:200])
try:
    print(t.jacobian([y, y], x))
except Exception as e:
    print(type(e).__name__, str(e)[:200])
try:
    print(t.batch_jacobian(y, x))
except Exception as e:
    print(type(e).__name__, str(e)[:200])
print(t.jacobian(y, [x, x]))
try:
  print(t.batch_jacobian(tf.reduce_sum(y), x))
except IndexError as e:
  print(type(e).__name__, e)
