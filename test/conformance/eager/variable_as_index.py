# An integer tf.Variable indexes and bounds slices as its value does, in
# tensors and variables, eagerly and in functions (a ring buffer's write
# position); a float one is not a valid index.
import tensorflow as tf
i = tf.Variable(1)
j = tf.Variable(3)
x = tf.constant([10, 20, 30, 40])
m = tf.reshape(tf.range(12), [3, 4])
v = tf.Variable([1.0, 2.0, 3.0, 4.0])
print(x[i], x[:i], x[i:j], x[::i], m[i, :j], m[i], v[:i], v[i])
@tf.function
def f():
  return x[i], x[:j], m[i, i:j], v[i:], m[..., i]
print(f())
i.assign(2)
print(f())
buf = tf.Variable(tf.zeros([4]))
pos = tf.Variable(0)
@tf.function
def push(val):
  buf[pos].assign(val)
  pos.assign((pos + 1) % 4)
  return buf[pos]
for k in range(6):
  push(tf.constant(float(k)))
print(buf, pos)
try:
  print(x[tf.Variable(1.5)])
except Exception as e:
  print(type(e).__name__, e)
try:
  print(x[tf.constant(1):tf.constant(3, tf.int64)])
except Exception as e:
  print(type(e).__name__, e)
