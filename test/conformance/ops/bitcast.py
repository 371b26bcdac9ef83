# tf.bitcast reads the same bytes as another dtype: a narrower one adds an
# innermost dimension of the width ratio, a wider one takes it away; bool
# and string are refused; eagerly the kernel names dtypes by their enum.
import tensorflow as tf

x = tf.constant([1.0, -2.5, 3.0])
print(tf.bitcast(x, tf.int32))
print(tf.bitcast(x, tf.uint8))
print(tf.bitcast(x, tf.int16))
print(tf.bitcast(tf.constant([[1, 2, 3, 4], [5, 6, 7, 8]], tf.uint8), tf.int32))
print(tf.bitcast(tf.constant([1, 2], tf.int64), tf.float64))
print(tf.bitcast(tf.constant(1.5, tf.float16), tf.int16))
print(tf.bitcast(tf.constant(1.5), tf.bfloat16))
print(tf.bitcast(tf.constant([1, -1], tf.int8), tf.uint8))
print(tf.bitcast(tf.constant([0x7fc00000, 0x3f800000], tf.int32), tf.float32))
print(tf.bitcast([1.0, 2.0], tf.int32))
print(tf.bitcast(tf.zeros([0, 4], tf.int8), tf.float32))
print(tf.bitcast(tf.constant([-1.0], tf.float64), tf.int8))


def attempt(f):
  try:
    print(f())
  except Exception as e:
    print(type(e).__name__, str(e).splitlines()[-1])


attempt(lambda: tf.bitcast(tf.constant([1, 2, 3], tf.uint8), tf.int32))
attempt(lambda: tf.bitcast(tf.constant(1, tf.int16), tf.int32))
attempt(lambda: tf.bitcast(tf.constant([True]), tf.uint8))
attempt(lambda: tf.bitcast(tf.constant([1.0]), tf.bool))


@tf.function
def split(x):
  y = tf.bitcast(x, tf.uint8)
  print(y)
  return y


@tf.function
def join(x):
  return tf.bitcast(x, tf.int32)


print(split(tf.constant([[1.0, 2.0]])))
print(join.get_concrete_function(tf.TensorSpec([None, None], tf.uint8)).structured_outputs)
print(join(tf.constant([[1, 2, 3, 4], [0, 0, 128, 63]], tf.uint8)))
# A run-time innermost size that is not the ratio: the kernel's error.
try:
  join(tf.constant([[1, 2, 3]], tf.uint8))
except tf.errors.InvalidArgumentError as e:
  print([line for line in str(e).splitlines() if "Cannot" in line])
attempt(lambda: join(tf.constant([1, 2, 3], tf.uint8)))
attempt(lambda: join(tf.constant(1, tf.int16)))
attempt(lambda: join(tf.constant([True])))

# TensorFlow registers no gradient for Bitcast: a tape that reaches one
# fails; one that only reads its integer result gives None.
v = tf.Variable(1.0)
with tf.GradientTape(persistent=True) as tape:
  y = tf.bitcast(v * 2.0, tf.float32)
  z = tf.cast(tf.bitcast(v, tf.int32), tf.float32)
attempt(lambda: tape.gradient(y, v))
print(tape.gradient(z, v))


@tf.function
def traced_gradient(v):
  with tf.GradientTape() as tape:
    tape.watch(v)
    y = tf.bitcast(v * 2.0, tf.float32)
  return tape.gradient(y, v)


attempt(lambda: traced_gradient(tf.constant(1.0)))
