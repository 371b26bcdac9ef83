# exp, log, log1p, expm1, tanh, sigmoid, sin and cos on float32 agree with
# TensorFlow to the last bit: TensorFlow's kernels use Eigen's polynomial
# forms for full 8-wide packets and the C library for the last size % 8
# elements.
import tensorflow as tf

x = tf.linspace(-9.0, 9.0, 61)
p = tf.abs(x) + 0.001

for f in [tf.exp, tf.math.log, tf.math.log1p, tf.math.expm1, tf.tanh,
          tf.sigmoid, tf.sin, tf.cos]:
  arg = p if f in (tf.math.log, tf.math.log1p) else x
  print(f.__name__)
  print(f(arg).numpy())


@tf.function
def all_of_them(x, p):
  return (tf.exp(x), tf.math.log(p), tf.math.log1p(p), tf.math.expm1(x),
          tf.tanh(x), tf.sigmoid(x))


for y in all_of_them(x, p):
  print(y.numpy())

# A 2-D tensor: the tail is the last size % 8 elements of the flat tensor.
m = tf.reshape(x[:60], [6, 10]) / 3.0
print(tf.exp(m))
print(tf.sigmoid(m))


# A shape known only at run time picks the same elements.
@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def dynamic(v):
  return tf.exp(v), tf.math.log(tf.abs(v) + 1.0)


print(dynamic(x[:13]))
print(dynamic(x[5:30]))

# sin and cos reduce their argument by multiples of pi/2 (exact here up to
# |x| < 18838, where Eigen switches to Payne-Hanek reduction).
w = tf.linspace(-3000.0, 3000.0, 403)
print(tf.sin(w).numpy())
print(tf.cos(w).numpy())


@tf.function
def rotate(angle):
  return tf.stack([tf.cos(angle), -tf.sin(angle), tf.sin(angle), tf.cos(angle)])


print(rotate(tf.constant(0.7)), rotate(w[:9]))

# Special values.
s = tf.constant([0.0, -0.0, 1e-30, -1e-30, 100.0, -100.0, -105.0, 89.0,
                 float("inf"), -float("inf"), float("nan"), 1.0, 2.0, 3.0,
                 4.0, 5.0])
print(tf.exp(s))
print(tf.math.log(s))
print(tf.tanh(s))
print(tf.sigmoid(s))
print(tf.math.expm1(s))
print(tf.math.log1p(s))
print(tf.sin(s), tf.cos(s))


# Inside a tf.function grappler turns log(x + 1) into log1p(x) and
# exp(x) - 1 into expm1(x); eager ops stay as written.
@tf.function
def fused(v):
  return tf.math.log(v + 1.0), tf.exp(v) - 1.0, tf.math.log(1.0 + v)


for y in fused(x / 4.0 + 2.5):
  print(y.numpy())
print((tf.math.log(x / 4.0 + 2.5 + 1.0)).numpy())
print((tf.exp(x / 4.0 + 2.5) - 1.0).numpy())
