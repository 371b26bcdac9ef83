# Result dtypes of binary ops: same-dtype operands keep their dtype; Python scalars adapt.
import tensorflow as tf


@tf.function
def binops(a, b):
    return a + b, a * b, a - b, a ** b, tf.pow(a, b)


for dt in [tf.float16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8]:
    a = tf.constant([2, 3], dtype=dt)
    b = tf.constant([3, 2], dtype=dt)
    outs = binops(a, b)
    print(dt.name, [o.dtype.name for o in outs], [o.numpy().tolist() for o in outs])
print((tf.constant(2, dtype=tf.int8) * 100).numpy())
print((tf.constant(2.0, dtype=tf.bfloat16) + 1).dtype)
