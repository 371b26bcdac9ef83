# Casting floats out of an integer type's range (or NaN) is undefined in
# C++; TensorFlow's scalar kernel path converts as x86 does: to 32 bits
# (64 for int64), the lowest integer when out of range, then keeps the low
# bits. kiln always does this, whatever the optimization level; tensors this
# small take that path in TensorFlow too (its vector path saturates).
import tensorflow as tf

values = [300.0, -300.0, 1e10, float("nan"), float("inf"), -1.7]
for source in [tf.float32, tf.float64, tf.float16]:
    x = tf.constant(values, source)
    for target in [tf.int8, tf.uint8, tf.int16, tf.int32, tf.int64]:
        print(source.name, target.name, tf.cast(x, target).numpy())


@tf.function
def to_int8(x):
    return tf.cast(x, tf.int8), tf.cast(x * 2.0, tf.int16)


print(to_int8(tf.constant(values)))
