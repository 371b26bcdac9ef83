# Result dtypes of binary ops: same-dtype operands keep their dtype; Python scalars adapt.
import tensorflow as tf


def binops(a, b):
    return a + b, a * b, a - b, tf.maximum(a, b)


@tf.function
def powers(a, b):
    return a ** b, tf.pow(a, b)


traced_binops = tf.function(binops)
for dt in [tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8]:
    a = tf.constant([2, 5], dtype=dt)
    b = tf.constant([3, 2], dtype=dt)
    outs = binops(a, b)
    print(dt.name, [o.dtype.name for o in outs], [o.numpy().tolist() for o in outs])
for dt in [tf.float32, tf.int32, tf.uint8]:
    outs = traced_binops(tf.constant([2, 5], dtype=dt), tf.constant([3, 2], dtype=dt))
    print("traced", dt.name, [o.dtype.name for o in outs], [o.numpy().tolist() for o in outs])
for dt in [tf.float32, tf.float64, tf.int32, tf.int64]:
    outs = powers(tf.constant([2, 3], dtype=dt), tf.constant([3, 2], dtype=dt))
    print(dt.name, [o.dtype.name for o in outs], [o.numpy().tolist() for o in outs])
print((tf.constant(2, dtype=tf.int8) * 100).numpy())
print((tf.constant(2.0, dtype=tf.bfloat16) + 1).dtype)
