# GradientTape.gradient's argument errors: a None source (its trainability
# check asks for its dtype), a Python number target (read for its dtype).
import tensorflow as tf
x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as t:
    t.watch(x)
    y = x * 2
try:
    print(t.gradient(5.0, x))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(t.gradient(y, [x, None]))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(t.gradient(y, x, output_gradients=3.0))
except Exception as e:
    print(type(e).__name__, e)
try:
    print(t.gradient(y, x, unconnected_gradients='bogus'))
except Exception as e:
    print(type(e).__name__, e)
try:
  print(t.gradient(y, None))
except TypeError as e:
  print(type(e).__name__, e)
